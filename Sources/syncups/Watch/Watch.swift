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
import SharedState
import SyncUpsCore

/// `watch [<syncup>] [--wait] [--follow] [--compact] [--me NAME]`: a running meeting, live and
/// read-only, from what it publishes; never the data file.
struct WatchCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "watch",
    abstract: "Follow a running meeting, live and read-only.",
    discussion: """
      Shows a meeting running in another terminal (or another user's session on the same \
      machine, over ssh) as it goes: who speaks and their time left or over, who is next, \
      the meeting's time against its plan, ahead or behind and the projected end when the \
      meeting reckons them, the speaker's open items and written update, and Paused or \
      Ending. A watcher that joins late sees all of it at once; the times tick on the \
      watcher's own clock and a change (the next speaker, a pause) shows at once: watch \
      follows the meeting's state in the status directory (see FILES in syncups(1)) as it \
      is written. It writes nothing to the data file or its repository and takes no lock; \
      the meeting's screen says how many watch it ('2 watching'). It runs at a lower CPU \
      priority (nice +10), so that watchers never take the processor from the meeting.

      With --compact, one line, redrawn in place, for a tmux pane. When standard output is \
      not a terminal, or with --json, prints JSON Lines: first a snapshot object with the \
      whole state, then one object per change: turn, skipped, joined, paused, resumed, \
      overtime, warn (where the meeting gives cues) and ended (see JSON OUTPUT in \
      syncups(1)).

      With no meeting running, says so and exits 1, or with --wait waits for one, showing \
      the next scheduled meeting of the sync-up named (of every scheduled sync-up, the \
      soonest, when none is named; see 'schedule set') and how long until it, or 'no \
      meeting scheduled'; as JSON, a waiting object (see JSON OUTPUT in syncups(1)). When the \
      meeting ends, prints when, its length against its plan and how many turns ran over, \
      and exits 0; with --follow, waits for the next meeting instead. A meeting that writes \
      nothing for 5 seconds shows 'meeting not responding (last update 12 s ago)'; once its \
      process is gone (killed), watch exits 1 (with --follow, waits for the next). Keys: q \
      or Ctrl-C quits; no other key does anything.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "syncup",
          help: "Only a meeting of this sync-up: a title or id, or a prefix of either; the "
            + "first meeting running when left out.",
          completion: .syncUp, isOptional: true),
        \.syncUp, parse: { text, _, _ in text }),
      .flag(
        OptionSpec(
          long: "wait", help: "With no meeting running, wait for one, showing the next "
            + "scheduled one."),
        \.wait),
      .flag(
        OptionSpec(
          long: "follow", help: "When the meeting ends (or its process is gone), wait for the "
            + "next one instead of exiting; implies --wait."),
        \.follow),
      .flag(OptionSpec(long: "compact", help: "Show the meeting on one line."), \.compact),
      .option(
        OptionSpec(
          long: "me", valueName: "name",
          help: "Ring the bell and flash the screen when <name> is next and when their turn "
            + "starts."),
        \.me, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec("Follow the meeting running in another window:", "syncups watch"),
      ExampleSpec(
        "A tmux pane that follows every meeting, one line:",
        "tmux split-window -l 1 'syncups watch --follow --compact'"),
      ExampleSpec(
        "Each change as JSON, for a script:", "syncups watch --json | jq -c 'select(.event == \"turn\")'"),
    ]
  )

  /// The sync-up whose meeting to watch; the first running when nil.
  var syncUp: String?
  var wait = false
  var follow = false
  var compact = false
  /// Whose turn to announce.
  var me: String?
  var touchesFiles: Bool { false }

  /// Watches until the meeting ends (or, with `--follow`, until quit); never returns once a
  /// meeting is being watched or waited for.
  ///
  /// - Throws: a failure when no meeting runs (without `--wait`), the status directory may
  ///   not be used, or the terminal cannot be taken.
  @MainActor func run(in context: CommandContext) throws {
    // A follower yields: on a machine of few cores, the meeting's ticks come first.
    errno = 0
    _ = nice(Self.niceness)
    let directory = StatusDirectory(environment: context.environment)
    let waits = wait || follow
    if waits {
      try directory.prepare()
    } else {
      guard directory.exists else { throw CommandFailure("no meeting is running") }
      if let problem = directory.problem() { throw CommandFailure(problem) }
    }
    let display: WatchSession.Display
    if context.options.json || isatty(1) != 1 {
      display = .lines
    } else {
      do {
        let terminal = try TerminalSession.begin(takesScreen: !compact)
        display = compact ? .compact(terminal) : .screen(terminal)
      } catch {
        throw CommandFailure("cannot watch on the terminal: \(error.message) (try --json)")
      }
    }
    let session = WatchSession(
      directory: directory, command: self, display: display, style: context.style,
      awaited: { [self] now in AwaitedMeeting.read(for: self, in: context, after: now) })
    try session.run()
  }

  /// How much lower than its caller's the CPU priority `watch` runs at.
  static let niceness: Int32 = 10

  /// Whether `status` is a meeting of the sync-up the command names (any, when it names none):
  /// its title (case-insensitive) or its id, or the start of either.
  func matches(_ status: PublishedStatus) -> Bool {
    matches(title: status.title, id: status.syncUpID)
  }

  /// Whether the sync-up titled `title` with `id` is the one the command names (any, when it
  /// names none).
  func matches(title: String, id: UUID) -> Bool {
    guard let syncUp = syncUp?.lowercased(), !syncUp.isEmpty else { return true }
    return title.lowercased().hasPrefix(syncUp)
      || (syncUp.count >= 4 && id.uuidString.lowercased().hasPrefix(syncUp))
  }

  /// Whether `name` is the one `--me` names (case-insensitive).
  func isMe(_ name: String?) -> Bool {
    guard let me, let name else { return false }
    return name.lowercased() == me.lowercased()
  }
}
