import Foundation
import SharedState
import Synchronization
import Testing

@testable import syncups

/// The runner of hook programs, in this process: what it starts is always gone when it has
/// finished, and what the hooks log says of each run.
@Suite("Hook runner")
struct HookRunnerTests {
  /// A scratch directory whose path is unique: it names the processes its hooks start.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("syncups-hook-runner-\(UUID().uuidString)").path
  var log: String { directory + "/hooks.log" }
  static let start = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  /// A hook of `event` running the shell script `body`.
  func hook(_ event: HookEvent, _ body: String, name: String? = nil) throws -> InstalledHooks.Hook {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + (name ?? event.rawValue)
    try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return InstalledHooks.Hook(
      event: event, path: path, isExecutable: true, isFromRepository: false)
  }

  func run(_ hook: InstalledHooks.Hook) -> HookRunner.Run {
    HookRunner.Run(
      hook: hook, input: "{}\n", environment: ["PATH": "/usr/bin:/bin", "MARK": directory])
  }

  /// Dates `steps` seconds apart, one per use, from ``start``.
  static func steps(_ steps: Double...) -> DateGenerator {
    let used = Mutex(0)
    return DateGenerator {
      let index = used.withLock { used in
        defer { used += 1 }
        return used
      }
      return start.addingTimeInterval(steps.prefix(index).reduce(0, +))
    }
  }

  func logged() throws -> String {
    try String(contentsOfFile: log, encoding: .utf8)
  }

  /// A run that has decided to start as the wait for hooks gives up is killed, its process
  /// group with it, before the wait returns; its own time limit has not come by then.
  @Test func aRunStartingAsTheWaitGivesUpIsKilledBeforeItReturns() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let hung = try hook(.speakerChanged, "sh -c 'sleep 3601; exit 0' \"$MARK\"\n")
    final class Held: @unchecked Sendable { var runner: HookRunner? }
    let held = Held()
    let runner = HookRunner(
      limit: .seconds(3), logFile: log, date: .constant(Self.start), fileSystem: LiveFileSystem.shared,
      beforeStart: {
        // Held here until the wait has given up (or 60 seconds, should it never).
        let deadline = Date().addingTimeInterval(60)
        while held.runner?.hasGivenUp != true && Date() < deadline { usleep(1000) }
      })
    held.runner = runner
    runner.submit(run(hung))
    let problems = runner.finish()
    #expect(HooksEndToEndTests.survivors(marked: directory) == [])
    #expect(
      problems == [
        "Warning: the speaker-changed hook '\(hung.path)' was still running when syncups "
          + "ended, and was stopped."
      ])
    #expect(
      try logged() == """
        --- run 1 of syncups \(getpid()) at 2026-11-18T11:06:40Z: speaker-changed \(hung.path)
        --- end of run 1 of syncups \(getpid()): stopped after 0.0 secs: syncups was ending

        """)
  }

  /// The runs of a meeting's events wait each for the one before, whatever its event: the
  /// second starts once the first has ended (by itself after a while here, though it would
  /// end as soon as the second started).
  @Test func aMeetingsRunsWaitEachForTheOneBefore() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try hook(
      .meetingStarted,
      "i=0\nuntil [ -e \"$MARK/second\" ] || [ $i -ge 20 ]; do sleep 0.05; i=$((i + 1)); done\n")
    let second = try hook(.meetingEnded, "exit 0\n")
    // For each run as it starts: whether the first had ended.
    let firstHadEnded = Mutex<[Bool]>([])
    let (log, directory) = (log, directory)
    let runner = HookRunner(
      limit: .seconds(60), logFile: log, date: .constant(Self.start), fileSystem: LiveFileSystem.shared,
      beforeStart: {
        let ended =
          (try? String(contentsOfFile: log, encoding: .utf8))?.contains("--- end of run 1 ") == true
        let count = firstHadEnded.withLock { seen in
          seen.append(ended)
          return seen.count
        }
        if count == 2 { _ = FileManager.default.createFile(atPath: directory + "/second", contents: nil) }
      })
    for hook in [first, second] {
      var run = run(hook)
      run.isOfMeeting = true
      runner.submit(run)
    }
    #expect(runner.finish() == [])
    #expect(firstHadEnded.withLock { $0 } == [false, true])
  }

  /// What a hook leaves running in its process group is killed once the wait for hooks is
  /// over, though the hook itself ended at once.
  @Test func whatAHookLeftRunningInItsGroupIsKilledAtTheEnd() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let leaving = try hook(.itemOpened, "sh -c 'sleep 3601; exit 0' \"$MARK\" &\nexit 0\n")
    let runner = HookRunner(limit: .seconds(60), logFile: log, date: .constant(Self.start), fileSystem: LiveFileSystem.shared)
    runner.submit(run(leaving))
    #expect(runner.finish() == [])
    #expect(HooksEndToEndTests.survivors(marked: directory) == [])
    #expect(
      try logged() == """
        --- run 1 of syncups \(getpid()) at 2026-11-18T11:06:40Z: item-opened \(leaving.path)
        --- end of run 1 of syncups \(getpid()): exit status 0 after 0.0 secs

        """)
  }

  /// Runs of different events that overlap are logged each as one block, as each ends, under
  /// its own number; each block ends with how the run ended and how long it took.
  @Test func overlappingRunsAreLoggedAsWholeBlocks() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The first run goes on until the second's block is in the log, so the two overlap and
    // end in a known order however slowly either is reaped.
    let waiting = try hook(
      .meetingStarted,
      "echo a1\nuntil grep -q 'end of run 2' '\(log)' 2>/dev/null; do sleep 0.05; done\n"
        + "echo a2 >&2\n")
    let quick = try hook(.speakerChanged, "echo b1\n")
    let runner = HookRunner(limit: .seconds(60), logFile: log, date: .constant(Self.start), fileSystem: LiveFileSystem.shared)
    runner.submit(run(waiting))
    runner.submit(run(quick))
    #expect(runner.finish() == [])
    let process = getpid()
    #expect(
      try logged() == """
        --- run 2 of syncups \(process) at 2026-11-18T11:06:40Z: speaker-changed \(quick.path)
        b1
        --- end of run 2 of syncups \(process): exit status 0 after 0.0 secs
        --- run 1 of syncups \(process) at 2026-11-18T11:06:40Z: meeting-started \(waiting.path)
        a1
        a2
        --- end of run 1 of syncups \(process): exit status 0 after 0.0 secs

        """)
  }

  /// How long a run took is its own, also for a run stopped at its limit; a run that could
  /// not start is logged too.
  @Test func theEndLineSaysHowTheRunEndedAndHowLongItTook() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let failing = try hook(.synced, "printf 'no newline'\nexit 3\n", name: "failing")
    let hanging = try hook(.synced, "sleep 3601\n", name: "hanging")
    var idle = try hook(.synced, "exit 0\n", name: "idle")
    idle.isExecutable = false
    let runner = HookRunner(limit: .seconds(1), logFile: log, date: Self.steps(1.3, 60, 2.5), fileSystem: LiveFileSystem.shared)
    for hook in [failing, hanging, idle] { runner.submit(run(hook)) }
    // Each run is over before the wait (which would stop the hanging one itself).
    let deadline = Date().addingTimeInterval(60)
    while (try? logged())?.contains("--- end of run 3 ") != true && Date() < deadline {
      usleep(10_000)
    }
    #expect(
      runner.finish() == [
        "Warning: the synced hook '\(failing.path)' exited with status 3; its output is in "
          + "'\(log)'.",
        "Warning: the synced hook '\(hanging.path)' ran past its limit of 1 sec and was stopped.",
        "Warning: the synced hook '\(idle.path)' is not executable: 'chmod +x' it to run it.",
      ])
    let process = getpid()
    #expect(
      try logged() == """
        --- run 1 of syncups \(process) at 2026-11-18T11:06:40Z: synced \(failing.path)
        no newline
        --- end of run 1 of syncups \(process): exit status 3 after 1.3 secs
        --- run 2 of syncups \(process) at 2026-11-18T11:07:41Z: synced \(hanging.path)
        --- end of run 2 of syncups \(process): stopped after 2.5 secs, past its limit of 1 sec
        --- run 3 of syncups \(process) at 2026-11-18T11:07:43Z: synced \(idle.path)
        --- end of run 3 of syncups \(process): the hook is not executable: 'chmod +x' it to run it

        """)
  }

  /// A hook whose `#!` names a program that is not there is said to lack its interpreter,
  /// not to be missing itself; a link to nothing is a hook that is missing.
  @Test func aMissingInterpreterOrLinkTargetIsNamed() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var script = try hook(.itemOpened, "exit 0\n")
    try "#!/no/such/interp -e\nexit 0\n".write(toFile: script.path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    script.isExecutable = true
    let hooks = directory + "/config/syncups/hooks"
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: hooks + "/meeting-ended", withDestinationPath: "/nonexistent")
    let installed = withDependencies { $0.defaultFileStorage = .fileSystem } operation: {
      InstalledHooks(
        environment: ["XDG_CONFIG_HOME": directory + "/config", "HOME": directory],
        dataFile: directory + "/sync-ups.json")
    }
    let missing = InstalledHooks.Hook(
      event: .meetingEnded, path: hooks + "/meeting-ended", isExecutable: false,
      isFromRepository: false, isMissing: true)
    #expect(installed.hooks == [missing])
    #expect(installed.runnable(for: .meetingEnded) == [missing])
    #expect(installed.strays == [])

    let runner = HookRunner(limit: .seconds(60), logFile: log, date: .constant(Self.start), fileSystem: LiveFileSystem.shared)
    runner.submit(run(script))
    runner.submit(run(missing))
    runner.submit(run(missing))
    #expect(
      Set(runner.finish()) == [
        "Warning: the item-opened hook '\(script.path)' could not be run: its interpreter "
          + "'/no/such/interp' was not found.",
        "Warning: the meeting-ended hook '\(missing.path)' is missing: it links to "
          + "'/nonexistent', which does not exist.",
      ])
  }

  /// A run's output is kept in the log up to a limit, then how much more there was is said:
  /// a hook that writes without end is not held in memory whole.
  @Test func outputPastTheLimitIsLeftOutAndCounted() throws {
    var template = Array("/tmp/syncups-output-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let written = Array("line one\nline two\n".utf8)
    #expect(write(descriptor, written, written.count) == written.count)
    #expect(
      String(decoding: HookRunner.contents(of: descriptor, limit: 12), as: UTF8.self)
        == "line one\nlin\n[… 6 more bytes of output left out]\n")
    #expect(
      String(decoding: HookRunner.contents(of: descriptor, limit: 64), as: UTF8.self)
        == "line one\nline two\n")
  }
}
