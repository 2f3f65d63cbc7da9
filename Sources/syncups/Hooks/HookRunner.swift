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

/// Runs hook programs, never on the caller's thread: one serial queue per event, so an event's
/// hooks run in the order their events happened while a hook that hangs on one event holds up
/// no other. Each run gets its event's JSON on standard input (from a file, so a hook that does
/// not read it cannot block anyone), appends its output to the hooks log after a header line,
/// and is stopped, its whole process group killed, once it runs past ``limit``. What went
/// wrong is kept, once per hook program, for ``finish()`` to hand back.
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
  }

  /// How long one run may take.
  let limit: Duration
  /// Where every run's output goes.
  let logFile: String
  /// The clock of the log's header lines.
  let date: DateGenerator
  private let queues: [HookEvent: DispatchQueue]
  private let pending = DispatchGroup()
  private let state = Mutex(State())

  private struct State: Sendable {
    /// Runs started and not yet ended, by pid (also their process group's id).
    var running: Set<pid_t> = []
    /// Runs stopped for running too long.
    var stopped: Set<pid_t> = []
    /// Set when the process ends: runs not yet started are dropped.
    var givenUp = false
    var dropped = 0
    /// The programs whose trouble was said already.
    var reported: Set<String> = []
    var problems: [String] = []
    /// The log, opened at the first run.
    var log: Int32?
  }

  init(limit: Duration, logFile: String, date: DateGenerator) {
    self.limit = limit
    self.logFile = logFile
    self.date = date
    queues = Dictionary(
      uniqueKeysWithValues: HookEvent.allCases.map {
        ($0, DispatchQueue(label: "syncups.hooks." + $0.rawValue))
      })
  }

  /// Queues `run` behind the runs of its event submitted before it.
  func submit(_ run: Run) {
    pending.enter()
    queues[run.hook.event]!.async { [self] in
      defer { pending.leave() }
      execute(run)
    }
  }

  /// Waits for the runs submitted, at most ``limit`` in all: those still running then are
  /// killed and those not started dropped. Returns what went wrong, a message per program
  /// (and one for the runs dropped), each said once.
  func finish() -> [String] {
    if pending.wait(timeout: .now() + limit.dispatchInterval) == .timedOut {
      state.withLock { state in
        state.givenUp = true
        for pid in state.running {
          state.stopped.insert(pid)
          kill(-pid, SIGKILL)
        }
      }
      _ = pending.wait(timeout: .now() + .seconds(2))
    }
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

  private func execute(_ run: Run) {
    let hook = run.hook
    guard !state.withLock({ $0.givenUp }) else {
      state.withLock { $0.dropped += 1 }
      return
    }
    guard hook.isExecutable else {
      report(hook, "is not executable: 'chmod +x' it to run it")
      return
    }
    let log = openLog()
    let input = inputFile(run.input, in: run.environment["TMPDIR"])
    defer { if input >= 0 { close(input) } }
    append(
      "--- \(DateText.iso8601(date.now)) \(hook.event.rawValue) \(hook.path)\n", to: log)
    let pid: pid_t
    do {
      pid = try Subprocess.spawn(
        hook.path, [], environment: run.environment, descriptors: (input, log, log),
        diesWithParent: false)
    } catch {
      report(hook, "could not be run: \(error.message)")
      return
    }
    state.withLock { _ = $0.running.insert(pid) }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) { [self] in
      state.withLock { state in
        // Not reaped yet (see below), so the pid is still this run's.
        guard state.running.contains(pid) else { return }
        state.stopped.insert(pid)
        kill(-pid, SIGKILL)
      }
    }
    // Wait without reaping, so that the timer above never signals a pid used again.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    let wasStopped = state.withLock { state in
      state.running.remove(pid)
      return state.stopped.remove(pid) != nil
    }
    let status = Subprocess.waitForExit(pid)
    if wasStopped {
      append("--- \(hook.path): stopped after \(DurationText.human(limit.wholeSeconds))\n", to: log)
      report(
        hook, "ran past its limit of \(DurationText.human(limit.wholeSeconds)) and was stopped")
    } else if status != 0 {
      append("--- \(hook.path): exit status \(status)\n", to: log)
      report(hook, "exited with status \(status); its output is in '\(logFile)'")
    }
  }

  /// Keeps a message about `hook`, unless one was kept already.
  private func report(_ hook: InstalledHooks.Hook, _ problem: String) {
    state.withLock { state in
      guard state.reported.insert(hook.path).inserted else { return }
      state.problems.append(
        "Warning: the \(hook.event.rawValue) hook '\(sanitize(hook.path))' \(problem).")
    }
  }

  /// The log, opened for appending once (its directory made, private); `/dev/null` when it
  /// cannot be, which is said once.
  private func openLog() -> Int32 {
    state.withLock { state in
      if let log = state.log { return log }
      let directory = InstalledHooks.parent(of: logFile)
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      var log = open(logFile, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      if log < 0 {
        state.problems.append(
          "Warning: cannot write the hooks log '\(sanitize(logFile))': "
            + String(cString: strerror(errno)) + "; hooks' output is lost.")
        log = open("/dev/null", O_WRONLY | O_CLOEXEC)
      }
      state.log = log
      return log
    }
  }

  private func append(_ text: String, to log: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// An unnamed temporary file (in `temporary`, else `/tmp`) holding `text`, read from its
  /// start; `/dev/null` when none can be made.
  private func inputFile(_ text: String, in temporary: String?) -> Int32 {
    let directory = temporary.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/syncups-hook-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return open("/dev/null", O_RDONLY | O_CLOEXEC) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    append(text, to: descriptor)
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
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
