import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This test bundle run again as a child process running one test, for what cannot happen
/// in the test process itself: dying, stopping, receiving signals as a fresh process.
///
/// Started with `posix_spawn` rather than `Process`, so that the test can see it stop
/// (`waitpid` with `WUNTRACED`) and send it signals.
final class ChildProcess {
  /// The child's process id.
  let pid: pid_t
  private var isReaped = false

  /// Starts the test named `test` of this bundle with `environment` added to ours; its
  /// standard output and error are thrown away.
  init(test: String, environment: [String: String]) throws {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let arguments = [executable, "--testing-library", "swift-testing", "--filter", test]
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard result == 0 else { throw Failure(message: "posix_spawn failed: \(result)") }
    self.pid = pid
  }

  deinit {
    if !isReaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  /// How the child changed state.
  enum Change: Equatable {
    case exited(Int32)
    case killed(Int32)
    case stopped(Int32)
    /// Nothing happened within the time allowed.
    case none
  }

  /// Waits up to `seconds` for the child to exit, die or stop. The default guards against
  /// waiting for ever: a whole test bundle starting on a busy machine can take many seconds.
  func wait(seconds: Double = 60) -> Change {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG | WUNTRACED)
      if result == pid {
        let low = status & 0x7F
        if low == 0 {
          isReaped = true
          return .exited((status >> 8) & 0xFF)
        }
        if low == 0x7F { return .stopped((status >> 8) & 0xFF) }
        isReaped = true
        return .killed(low)
      }
      usleep(10_000)
    }
    return .none
  }

  private struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
