#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A finished child process: its wall time, CPU time and peak memory, and when each line of
/// its standard output arrived.
public struct ProcessRun: Sendable {
  /// From spawning to the end of the process.
  public var wall: Duration
  /// User plus system CPU time, including children it waited for.
  public var cpu: Duration
  /// Peak resident memory in KiB.
  public var peakKilobytes: Int
  /// The exit status, or 128 + the signal that killed it.
  public var status: Int32
  /// Standard output's lines (when captured), each with its arrival after the spawn.
  public var lines: [(text: String, at: Duration)]
  /// When the process was spawned, on the clock every process of the benchmark shares: the
  /// lines of processes run side by side compare by `started + at`.
  public var started: ContinuousClock.Instant
}

/// Runs `arguments` (looked up in PATH) with stdin from /dev/null and stdout either captured
/// line by line (`captureOutput`) or sent to /dev/null; stderr is inherited.
public func spawn(
  _ arguments: [String], environment: [String: String] = [:], captureOutput: Bool = false
) -> ProcessRun {
  var merged: [String: String] = [:]
  var pointer = environ
  while let entry = pointer.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
      merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    pointer += 1
  }
  merged.merge(environment) { $1 }
  let argv = arguments.map { strdup($0) } + [nil]
  let env = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + env { free(pointer) } }

  var pipeEnds: [Int32] = [-1, -1]
  if captureOutput { _ = pipe(&pipeEnds) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  if captureOutput {
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }

  let clock = ContinuousClock()
  let start = clock.now
  var pid: pid_t = 0
  guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, env) == 0 else {
    fatalError("cannot run \(arguments[0])")
  }
  var lines: [(text: String, at: Duration)] = []
  if captureOutput {
    close(pipeEnds[1])
    var pending: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = block.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      let now = clock.now - start
      pending += block[..<count]
      while let newline = pending.firstIndex(of: 10) {
        lines.append((String(decoding: pending[..<newline], as: UTF8.self), now))
        pending.removeSubrange(...newline)
      }
    }
    close(pipeEnds[0])
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let wall = clock.now - start
  let exited = status & 0x7f == 0
  let cpu =
    Duration.seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
  return ProcessRun(
    wall: wall, cpu: cpu, peakKilobytes: usage.ru_maxrss,
    status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), lines: lines, started: start)
}

/// Whether `name` is a program found in PATH.
public func isInstalled(_ name: String) -> Bool {
  let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
}
