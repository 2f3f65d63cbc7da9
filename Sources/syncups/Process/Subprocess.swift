#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program run to its end with nothing to read (standard input is `/dev/null`) and its
/// output collected: how `sync` runs git.
///
/// ```swift
/// let result = try Subprocess.run("/usr/bin/git", ["--version"], environment: [:])
/// result.status  // 0
/// result.output  // "git version 2.43.0\n"
/// ```
///
/// The child starts in a session of its own, with no controlling terminal, so nothing it runs
/// (git, ssh, a credential helper) can stop to ask a question on the terminal.
enum Subprocess {
  /// How a program ended and what it wrote.
  struct Result {
    /// The exit status; 128 + the signal's number when a signal ended it, as a shell says.
    var status: Int32
    var output: String
    var error: String
  }

  /// A program that could not be started at all.
  struct StartFailure: Error {
    var message: String
  }

  /// Runs `program` (an absolute path) with `arguments` and exactly `environment`, and waits
  /// for it.
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String]
  ) throws(StartFailure) -> Result {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let output = try makePipe()
    let error: (read: Int32, write: Int32)
    do {
      error = try makePipe()
    } catch {
      close(output.read)
      close(output.write)
      throw error
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | setSession))

    let argv = cStrings([program] + arguments)
    let envp = cStrings(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    close(output.write)
    close(error.write)
    guard started == 0 else {
      close(output.read)
      close(error.read)
      throw StartFailure(
        message: "cannot run '\(program)': \(String(cString: strerror(started)))")
    }
    let (standardOutput, standardError) = drain(output.read, error.read)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      output: String(decoding: standardOutput, as: UTF8.self),
      error: String(decoding: standardError, as: UTF8.self))
  }

  /// Reads both pipes to their ends, whichever has something, and closes them.
  private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var descriptors = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while descriptors.contains(where: { $0.fd >= 0 }) {
      let ready = poll(&descriptors, 2, -1)
      // Interrupted by a signal: the revents are not this call's; ask again.
      if ready < 0 && errno == EINTR { continue }
      guard ready >= 0 else { break }
      for index in descriptors.indices where descriptors[index].fd >= 0 {
        guard descriptors[index].revents != 0 else { continue }
        let count = read(descriptors[index].fd, &buffer, buffer.count)
        if count > 0 {
          collected[index] += buffer[..<count]
        } else if count == 0 || errno != EINTR {
          close(descriptors[index].fd)
          descriptors[index].fd = -1
        }
      }
    }
    return (collected[0], collected[1])
  }

  private static func makePipe() throws(StartFailure) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw StartFailure(message: "cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    // Only the child's copies (made by dup2, which clears the flag) stay open in the child.
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { strdup($0) } + [nil]
  }

  /// POSIX_SPAWN_SETSID, which Swift's Glibc does not import.
  #if canImport(Glibc)
    private static let setSession: Int32 = 0x80
  #else
    private static let setSession: Int32 = 0x400
  #endif
}
