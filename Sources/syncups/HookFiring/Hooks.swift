#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import Synchronization
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hooks of one run of syncups: where the events of a command or a meeting go. A command
/// fires its events once its data is stored; they are held until the command has returned
/// (its transaction over, the data file's lock let go) and then run by a ``HookRunner``, off
/// the main queue; a meeting lets them go at its start (``release()``). Before the process
/// exits, ``finish()`` waits for the runs, at most the time limit, and says on standard error
/// what went wrong, once per hook program. A hook's outcome never changes the command's
/// exit status or anything stored.
///
/// ```swift
/// context.hooks.fire(.itemOpened, context.itemObject(item, of: syncUp), syncUp: syncUp.id)
/// ```
///
/// Off with `--no-hooks` or `SYNCUPS_NO_HOOKS` (set, and neither empty nor `0`), which hooks
/// themselves run with, so that a hook's own syncups commands fire none.
@MainActor
final class Hooks {
  let isEnabled: Bool
  private let environment: [String: String]
  private let dataFile: String
  private var isHeld = true
  private var held: [HookRunner.Run] = []
  /// Whether the events fired are a meeting's: each event's runs then wait for those of
  /// every event fired before it, so that hooks see the meeting's events in the order they
  /// happened. Otherwise only an event's own runs wait for each other, and a hook that hangs
  /// on one event holds up no other.
  var isMeeting = false
  private var runner: HookRunner?
  /// Read at the first event: commands that fire none never look.
  private lazy var installed = InstalledHooks(environment: environment, dataFile: dataFile)

  init(environment: [String: String], dataFile: String, noHooksOption: Bool) {
    self.environment = environment
    self.dataFile = dataFile
    isEnabled = !noHooksOption && !Self.isOff(environment["SYNCUPS_NO_HOOKS"])
  }

  /// Whether `SYNCUPS_NO_HOOKS`'s value turns hooks off.
  nonisolated static func isOff(_ value: String?) -> Bool {
    guard let value else { return false }
    return !value.isEmpty && value != "0"
  }

  /// Where hooks' output goes: `$XDG_STATE_HOME/syncups/hooks.log`
  /// (`~/.local/state/syncups/hooks.log`).
  nonisolated static func logFile(environment: [String: String]) -> String {
    BaseDirectories(environment: environment).state
      .appending(path: "syncups/hooks.log", directoryHint: .notDirectory).path
  }

  /// Whether any program would run for `event`.
  func has(_ event: HookEvent) -> Bool {
    programs(for: event) > 0
  }

  /// How many programs would run for `event`.
  func programs(for event: HookEvent) -> Int {
    isEnabled ? installed.runnable(for: event).count : 0
  }

  /// Runs the hooks of `event` with `payload` on standard input; `syncUp` (the sync-up the
  /// event concerns) goes in their environment as `SYNCUPS_SYNCUP`.
  func fire(_ event: HookEvent, _ payload: JSONOutput, syncUp: UUID? = nil) {
    guard has(event) else { return }
    fire(event, text: payload.text(pretty: false), syncUp: syncUp)
  }

  /// Runs the hooks of `event` with `input` on standard input; `dataFile`, when given, is
  /// their `SYNCUPS_FILE` instead of the data file in use (a sample's own, for a try).
  func fire(
    _ event: HookEvent, text input: String, syncUp: UUID? = nil, dataFile given: String? = nil
  ) {
    guard isEnabled else { return }
    let hooks = installed.runnable(for: event)
    guard !hooks.isEmpty else { return }
    if runner == nil {
      @Dependency(\.date) var date
      runner = HookRunner(
        limit: Self.limit(), logFile: Self.logFile(environment: environment), date: date)
    }
    let runs = hooks.map {
      HookRunner.Run(
        hook: $0, input: input,
        environment: Self.environment(
          for: event, syncUp: syncUp, dataFile: given ?? dataFile, base: environment),
        isOfMeeting: isMeeting)
    }
    if isHeld {
      held += runs
    } else {
      for run in runs { runner?.submit(run) }
    }
  }

  /// Runs the events held so far, and every later one as it comes.
  func release() {
    isHeld = false
    for run in held { runner?.submit(run) }
    held = []
  }

  /// The status the command ends with when a signal stopped ``finish()``'s wait: 130 for
  /// Ctrl-C (SIGINT), 143 for SIGTERM, 129 for SIGHUP (the terminal closed); nil when none did.
  private(set) var stoppedBy: ExitStatus?

  /// Runs what is held and waits for every run, at most the time limit; then says on
  /// standard error what went wrong, and returns how many things did.
  ///
  /// What the command wrote is out first: a command's answer, or the line that closes a
  /// meeting, never waits for its hooks. A wait of more than a second is said once on a
  /// terminal. SIGINT (Ctrl-C), SIGTERM or SIGHUP during the wait stops the hooks, their
  /// process groups killed, and ends it (see ``stoppedBy``): no hook outlives syncups.
  @discardableResult
  func finish() -> Int {
    release()
    guard let runner else { return 0 }
    Output.flush()
    let watch = SignalWatch()
    let problems = runner.finish(
      interrupted: { watch.signal != nil },
      announce: { text in if isatty(2) == 1 { Output.error(text) } })
    watch.end()
    stoppedBy = stoppedBy ?? watch.signal.flatMap(SignalWatch.status(of:))
    for problem in problems { Output.error(problem + "\n") }
    return problems.count
  }

  /// A hook's environment: this process's, with `SYNCUPS_EVENT`, `SYNCUPS_FILE`,
  /// `SYNCUPS_SYNCUP` when the event concerns a sync-up, `SYNCUPS_NO_HOOKS=1`, and `SYNCUPS`,
  /// this executable (``ThisExecutable``).
  nonisolated static func environment(
    for event: HookEvent, syncUp: UUID?, dataFile: String, base: [String: String]
  ) -> [String: String] {
    var environment = base
    environment["SYNCUPS_EVENT"] = event.rawValue
    environment["SYNCUPS_FILE"] = dataFile
    environment["SYNCUPS_SYNCUP"] = syncUp?.uuidString
    environment["SYNCUPS_NO_HOOKS"] = "1"
    environment[ThisExecutable.variable] = ThisExecutable.path
    return environment
  }

  /// Notes SIGINT, SIGTERM and SIGHUP while it lives, in place of their default actions (or
  /// of what handled them), and puts those back when ended; a signal this process ignores
  /// stays ignored.
  private struct SignalWatch {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    private var previous: [Int32: sigaction] = [:]

    init() {
      signalNoted.store(0, ordering: .relaxed)
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { signalNoted.store($0, ordering: .relaxed) }
      #else
        action.__sigaction_u.__sa_handler = { signalNoted.store($0, ordering: .relaxed) }
      #endif
      sigemptyset(&action.sa_mask)
      for signal in Self.signals {
        var old = sigaction()
        sigaction(signal, nil, &old)
        #if canImport(Glibc)
          let handler = old.__sigaction_handler.sa_handler
        #else
          let handler = old.__sigaction_u.__sa_handler
        #endif
        guard unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        else { continue }
        previous[signal] = old
        sigaction(signal, &action, nil)
      }
    }

    /// The signal that came, if one did.
    var signal: Int32? {
      let noted = signalNoted.load(ordering: .relaxed)
      return noted == 0 ? nil : noted
    }

    func end() {
      for (signal, action) in previous {
        var action = action
        sigaction(signal, &action, nil)
      }
    }

    /// The exit status that tells of `signal`.
    static func status(of signal: Int32) -> ExitStatus? {
      switch signal {
      case SIGINT: .interrupted
      case SIGTERM: .terminated
      case SIGHUP: .hangUp
      default: nil
      }
    }
  }

  /// The time limit of one run: the `hook-timeout` setting.
  private static func limit() -> Duration {
    @SharedReader(.hookTimeout) var seconds
    return .seconds(seconds)
  }
}

/// Set by the signal handler of ``Hooks/finish()``'s wait to the signal that came (0 for
/// none): an atomic store is all a signal handler may do.
private let signalNoted = Atomic<Int32>(0)
