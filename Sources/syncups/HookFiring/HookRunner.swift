import Dispatch
import SharedState
import SyncUpsCore
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs hook programs, never on the caller's thread: one serial queue per ``Lane``, so an
/// event's hooks run in the order their events happened (and a meeting's hooks in the order
/// its events happened, whatever the events) while a hook that hangs on one event of a command
/// holds up no other. Each run gets its event's JSON on standard input (from a file, so a hook
/// that does not read it cannot block anyone), and is stopped, its whole process group
/// killed, once it runs past ``limit``. Its output is kept apart and appended to the hooks log
/// as one block when it ends (see ``LogBlock``), so runs that overlap never mix. What went
/// wrong is kept, once per hook program, for ``finish(interrupted:announce:)`` to hand back.
///
/// Once ``finish(interrupted:announce:)`` gives up waiting, no run starts any more, and every
/// run started is killed before it returns: a run deciding to start as it gives up is killed
/// as soon as its process exists. A hook's process is reaped only then: until syncups ends,
/// its process group keeps its id, and ``finish(interrupted:announce:)`` kills what is left in
/// it (a program the hook left running in the background), so that no process of a hook's
/// group outlives syncups.
///
/// ```swift
/// let runner = HookRunner(
///   limit: .seconds(10), logFile: "/home/ana/.local/state/syncups/hooks.log", date: date)
/// runner.submit(HookRunner.Run(hook: hook, input: "{…}\n", environment: environment))
/// runner.finish()  // ["Warning: the meeting-ended hook '…' exited with status 3 …"]
/// ```
final class HookRunner: Sendable {
  /// One program to run for one event.
  struct Run: Sendable {
    var hook: InstalledHooks.Hook
    /// The event's JSON object, one line.
    var input: String
    var environment: [String: String]
    /// Whether the event is a meeting's: its runs wait for those of every event of the
    /// meeting before it.
    var isOfMeeting = false

    /// The runs this one waits for.
    var lane: Lane { isOfMeeting ? .meeting : .event(hook.event) }
  }

  /// Runs that run one after another, in the order they were submitted.
  enum Lane: Hashable, Sendable {
    /// The runs of one event, outside a meeting.
    case event(HookEvent)
    /// The runs of a meeting's events, all of them: a hook sees the meeting's events in the
    /// order they happened.
    case meeting

    static let all: [Lane] = HookEvent.allCases.map(Lane.event) + [.meeting]
  }

  /// Why a run was stopped.
  enum Stop: Sendable, Equatable {
    /// It ran past ``limit``.
    case limit
    /// syncups waited for its hooks as long as it waits, and was ending.
    case ending
    /// The user interrupted the wait (Ctrl-C).
    case interrupt
  }

  /// How long one run may take, and how long ``finish(interrupted:announce:)`` waits in all.
  let limit: Duration
  /// Where every run's output goes.
  let logFile: String
  /// The file system of the log and of the programs' files, ``currentFileSystem`` when the
  /// runner was made by default: runs go on threads of their own, which the dependency does
  /// not reach.
  private let fileSystem: any FileSystem
  /// The clock of the log's lines: when a run started, and how long it took.
  let date: DateGenerator
  /// Called on a run's thread once it is decided to start, before its process is: lets a test
  /// hold a run there while ``finish(interrupted:announce:)`` gives up.
  let beforeStart: (@Sendable () -> Void)?
  private let queues: [Lane: DispatchQueue]
  /// Runs submitted and not yet over.
  private let pending = DispatchGroup()
  /// Runs decided to start whose process is not yet in `running`.
  private let starting = DispatchGroup()
  private let state = Mutex(State())

  private struct State: Sendable {
    /// Runs started whose process has not ended, by pid (also their process group's id).
    var running: Set<pid_t> = []
    /// Runs whose process has ended and is not yet reaped, so that its process group keeps
    /// its id until ``HookRunner/finish(interrupted:announce:)`` kills what is left in it.
    var ended: Set<pid_t> = []
    /// Runs stopped, and why.
    var stopped: [pid_t: Stop] = [:]
    /// Set when waiting ends: runs not yet started are dropped, those starting killed.
    var givenUp: Stop?
    var dropped = 0
    /// How many runs were submitted: a run's number in the log.
    var numbered = 0
    /// The runs submitted and not yet over, by event.
    var waiting: [HookEvent: Int] = [:]
    /// The programs whose trouble was said already.
    var reported: Set<String> = []
    var problems: [String] = []
    /// Whether the log could not be written, which was said: the output of later runs is lost.
    var logFailed = false
  }

  init(
    limit: Duration, logFile: String, date: DateGenerator,
    fileSystem: any FileSystem = currentFileSystem, beforeStart: (@Sendable () -> Void)? = nil
  ) {
    self.limit = limit
    self.logFile = logFile
    self.fileSystem = fileSystem
    self.date = date
    self.beforeStart = beforeStart
    queues = Dictionary(
      uniqueKeysWithValues: Lane.all.map { lane in
        let name = switch lane {
        case .event(let event): event.rawValue
        case .meeting: "meeting"
        }
        return (lane, DispatchQueue(label: "syncups.hooks." + name))
      })
  }

  /// Queues `run` behind the runs of its lane submitted before it.
  func submit(_ run: Run) {
    let event = run.hook.event
    let number = state.withLock { state in
      state.waiting[event, default: 0] += 1
      state.numbered += 1
      return state.numbered
    }
    pending.enter()
    queues[run.lane]!.async { [self] in
      defer {
        state.withLock { $0.waiting[event, default: 1] -= 1 }
        pending.leave()
      }
      execute(run, number: number)
    }
  }

  /// Whether waiting has ended: no run starts any more.
  var hasGivenUp: Bool { state.withLock { $0.givenUp != nil } }

  /// Waits for the runs submitted, at most ``limit`` in all, or until `interrupted` says so
  /// (asked every 50 ms): those still running then are killed and those not started dropped.
  /// Once the wait has lasted a second, `announce` gets a line saying what it waits for.
  /// Returns what went wrong, a message per program (and one for the runs dropped), each
  /// said once.
  func finish(
    interrupted: () -> Bool = { false }, announce: (String) -> Void = { _ in }
  ) -> [String] {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + limit
    var announced = false
    while pending.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
      let now = clock.now
      if interrupted() {
        giveUp(.interrupt)
        break
      }
      if now >= deadline {
        giveUp(.ending)
        break
      }
      if !announced && now - start >= .seconds(1) {
        announced = true
        announce(waitingText(left: deadline - now))
      }
    }
    if hasGivenUp {
      // A run that decided to start just before is killed as soon as its process exists:
      // wait for that, then (briefly) for the runs killed to end and be logged. Not bounded:
      // from that decision to its process there is nothing to wait on but the system (the
      // log is open before), and syncups ending meanwhile would leave that process running.
      starting.wait()
      _ = pending.wait(timeout: .now() + .seconds(2))
    }
    killLeftovers()
    return state.withLock { state in
      var problems = state.problems
      if state.dropped > 0 {
        problems.append(
          "Warning: \(state.dropped) hook \(state.dropped == 1 ? "run was" : "runs were") "
            + "dropped: syncups ended while earlier hooks still ran.")
      }
      state.problems = []
      state.dropped = 0
      return problems
    }
  }

  /// Kills what is left in the process groups of the runs whose process has ended (what a hook
  /// left running in the background), and reaps those processes.
  private func killLeftovers() {
    let ended = state.withLock { state in
      defer { state.ended = [] }
      return state.ended
    }
    for pid in ended {
      kill(-pid, SIGKILL)
      _ = Subprocess.waitForExit(pid)
    }
  }

  /// Stops waiting for `reason`: kills every run started, and starts none any more.
  private func giveUp(_ reason: Stop) {
    state.withLock { state in
      guard state.givenUp == nil else { return }
      state.givenUp = reason
      for pid in state.running where state.stopped[pid] == nil {
        state.stopped[pid] = reason
        kill(-pid, SIGKILL)
      }
    }
  }

  /// `Waiting for 2 hooks (speaker-changed, meeting-ended), at most 9 secs more…`
  private func waitingText(left: Duration) -> String {
    let waiting = state.withLock { $0.waiting }
    let events = HookEvent.allCases.filter { waiting[$0, default: 0] > 0 }
    let count = events.reduce(0) { $0 + waiting[$1, default: 0] }
    let seconds = Int(left.components.seconds) + (left.components.attoseconds > 0 ? 1 : 0)
    return "Waiting for \(count) \(count == 1 ? "hook" : "hooks") "
      + "(\(events.map(\.rawValue).joined(separator: ", "))), at most "
      + "\(DurationText.human(seconds)) more (Ctrl-C stops \(count == 1 ? "it" : "them"))…\n"
  }

  /// Runs `run`, the `number`th submitted.
  private func execute(_ run: Run, number: Int) {
    let hook = run.hook
    // Decided under the lock that giving up takes: a run either is dropped here, or is
    // `starting` before waiting ends, and then killed as soon as its process exists.
    let admitted = state.withLock { state in
      guard state.givenUp == nil else {
        state.dropped += 1
        return false
      }
      starting.enter()
      return true
    }
    guard admitted else { return }
    let block = LogBlock(
      number: number, process: getpid(), event: hook.event, path: hook.path, started: date.now)
    beforeStart?()
    let pid: pid_t
    let output: Int32
    switch start(run) {
    case .failure(let problem):
      starting.leave()
      report(hook, problem.warning)
      log(block.text(output: [], ending: "the hook " + problem.warning))
      return
    case .success(let child):
      (pid, output) = child
    }
    state.withLock { state in
      state.running.insert(pid)
      if let reason = state.givenUp {
        state.stopped[pid] = reason
        kill(-pid, SIGKILL)
      }
      starting.leave()
    }
    defer { close(output) }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) { [self] in
      state.withLock { state in
        // Not reaped yet (see below), so the pid is still this run's.
        guard state.running.contains(pid), state.stopped[pid] == nil else { return }
        state.stopped[pid] = .limit
        kill(-pid, SIGKILL)
      }
    }
    // Wait without reaping, so that neither the timer above nor the end's kill of what is
    // left in the process group ever signals a pid used again.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    let stop = state.withLock { state in
      state.running.remove(pid)
      state.ended.insert(pid)
      return state.stopped.removeValue(forKey: pid)
    }
    let status = Self.exitStatus(info)
    let took = block.took(until: date.now)
    let ending: String
    switch stop {
    case .limit?:
      ending = "stopped after \(took), past its limit of \(DurationText.human(limit.wholeSeconds))"
      report(
        hook, "ran past its limit of \(DurationText.human(limit.wholeSeconds)) and was stopped")
    case .ending?:
      ending = "stopped after \(took): syncups was ending"
      report(hook, "was still running when syncups ended, and was stopped")
    case .interrupt?:
      ending = "stopped after \(took) by an interrupt"
      report(hook, "was stopped by an interrupt")
    case nil:
      ending = "exit status \(status) after \(took)"
      if status != 0 {
        report(hook, "exited with status \(status); its output is in '\(logFile)'")
      }
    }
    log(block.text(output: Self.contents(of: output), ending: ending))
  }

  /// The exit status `info` (of a child that ended) tells: 128 + the signal's number when a
  /// signal ended it, as a shell says.
  private static func exitStatus(_ info: siginfo_t) -> Int32 {
    #if canImport(Glibc)
      let value = info._sifields._sigchld.si_status
    #else
      let value = info.si_status
    #endif
    return info.si_code == Int32(CLD_EXITED) ? value : 128 + value
  }

  /// Why a hook could not be started.
  private struct StartProblem: Error {
    /// What the warning says after the hook's name: `is not executable: …`.
    var warning: String
  }

  /// Starts `run`'s program, its output going to a file of its own; the pid and that file.
  private func start(_ run: Run) -> Result<(pid: pid_t, output: Int32), StartProblem> {
    let hook = run.hook
    if hook.isMissing {
      let target = (try? fileSystem.symlinkTarget(hook.path)) ?? "?"
      return .failure(
        StartProblem(warning: "is missing: it links to '\(sanitize(target))', which does not exist"))
    }
    guard hook.isExecutable else {
      return .failure(StartProblem(warning: "is not executable: 'chmod +x' it to run it"))
    }
    let temporary = TemporaryDirectory.path(in: run.environment)
    let input = scratchFile(holding: run.input, in: temporary)
    defer { close(input) }
    let output = scratchFile(holding: "", in: temporary)
    do {
      let pid = try Subprocess.spawn(
        hook.path, [], environment: run.environment, descriptors: (input, output, output),
        diesWithParent: false)
      return .success((pid, output))
    } catch {
      close(output)
      return .failure(
        StartProblem(warning: Self.startFailure(hook.path, error.message, in: fileSystem)))
    }
  }

  /// What kept the program at `path` from starting, `message` being exec's: its `#!`
  /// interpreter when that is what is missing (exec says only "No such file or directory").
  static func startFailure(
    _ path: String, _ message: String, in fileSystem: any FileSystem
  ) -> String {
    if InstalledHooks.isFile(path, in: fileSystem),
      let interpreter = InstalledHooks.interpreter(of: path, in: fileSystem),
      !fileSystem.exists(interpreter)
    {
      return "could not be run: its interpreter '\(sanitize(interpreter))' was not found"
    }
    // exec's message names the program, which the warning names already.
    let named = "cannot run '\(path)': "
    return "could not be run: " + (message.hasPrefix(named) ? String(message.dropFirst(named.count)) : message)
  }

  /// Keeps a message about `hook`, unless one was kept already.
  private func report(_ hook: InstalledHooks.Hook, _ problem: String) {
    state.withLock { state in
      guard state.reported.insert(hook.path).inserted else { return }
      state.problems.append(
        "Warning: the \(hook.event.rawValue) hook '\(sanitize(hook.path))' \(problem).")
    }
  }

  /// Appends one run's entry to the log (its directory made, private), whole, so that the
  /// entries of processes running hooks at once stay apart. When the log cannot be written,
  /// that is said once and the output of this run and the later ones is lost.
  private func log(_ entry: [UInt8]) {
    guard !state.withLock({ $0.logFailed }) else { return }
    do throws(FileSystemError) {
      try fileSystem.append(Data(entry), to: logFile)
    } catch {
      state.withLock { state in
        guard !state.logFailed else { return }
        state.logFailed = true
        state.problems.append(
          "Warning: cannot write the hooks log '\(sanitize(logFile))': \(error.reason); "
            + "hooks' output is lost.")
      }
    }
  }

  /// Writes all of `bytes` to `descriptor`, a scratch file's.
  private func append(_ bytes: [UInt8], to descriptor: Int32) {
    var bytes = bytes[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// An unnamed temporary file in `directory` holding `text`, read and written from its
  /// start; `/dev/null` when none can be made.
  private func scratchFile(holding text: String, in directory: String) -> Int32 {
    var template = Array((directory + "/syncups-hook-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return open("/dev/null", O_RDWR | O_CLOEXEC) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    append(Array(text.utf8), to: descriptor)
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
  }

  /// How much of one run's output the log keeps: the first mebibyte. A hook that writes
  /// without end (`yes`) until its limit would otherwise be held in memory whole.
  static let outputLimit = 1 << 20

  /// What the file open as `descriptor` holds, its first `limit` bytes, and after them, when
  /// it holds more, a line saying how many bytes were left out.
  static func contents(of descriptor: Int32, limit: Int = outputLimit) -> [UInt8] {
    lseek(descriptor, 0, SEEK_SET)
    var contents: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while contents.count < limit {
      let count = read(descriptor, &buffer, min(buffer.count, limit - contents.count))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return contents }
      contents += buffer[..<count]
    }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : contents.count
    guard size > contents.count else { return contents }
    if contents.last != UInt8(ascii: "\n") { contents.append(UInt8(ascii: "\n")) }
    return contents
      + Array("[… \(size - limit) more bytes of output left out]\n".utf8)
  }
}

/// One run's entry in the hooks log, written whole when the run ends: a header naming the
/// run (its number in the syncups process that ran it, so that runs of one process and of
/// processes running at once are told apart), its event and program and when it started;
/// the program's output (standard output and error, as they came); and a line with how it
/// ended and how long it took.
///
/// ```text
/// --- run 2 of syncups 4242 at 2026-11-25T12:40:00Z: meeting-ended /home/ana/.config/syncups/hooks/meeting-ended
/// Posted the notes.
/// --- end of run 2 of syncups 4242: exit status 0 after 1.3 secs
/// ```
struct LogBlock {
  var number: Int
  var process: pid_t
  var event: HookEvent
  var path: String
  var started: Date

  /// How long since the run started, to the tenth of a second: `1.3 secs`.
  func took(until end: Date) -> String {
    let tenths = max(0, Int((end.timeIntervalSince(started) * 10).rounded()))
    return "\(tenths / 10).\(tenths % 10) secs"
  }

  /// The entry, with `output` and `ending` (how the run ended) on its last line.
  func text(output: [UInt8], ending: String) -> [UInt8] {
    let run = "run \(number) of syncups \(process)"
    var text = Array(
      "--- \(run) at \(DateText.iso8601(started)): \(event.rawValue) \(path)\n".utf8)
    text += output
    if let last = output.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
    text += Array("--- end of \(run): \(ending)\n".utf8)
    return text
  }
}

extension Duration {
  /// The duration for Dispatch's deadlines.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }

  /// The duration in whole seconds, rounded down.
  var wholeSeconds: Int { Int(components.seconds) }
}
