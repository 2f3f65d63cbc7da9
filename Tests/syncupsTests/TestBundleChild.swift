import ChildProcessSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This test bundle run again as a child process running one test, for what cannot happen
/// in the test process itself: dying, stopping, receiving signals as a fresh process.
///
/// The test waits for it to exit, die or stop (`waitpid` with `WUNTRACED`) and sends it
/// signals.
final class TestBundleChild {
  /// The child's process id.
  let pid: pid_t
  private var isReaped = false

  /// Starts the test named `test` of this bundle with `environment` added to ours; its
  /// standard output and error are thrown away.
  init(test: String, environment: [String: String]) throws {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    pid = try ChildSpawn(
      program: executable, arguments: ["--testing-library", "swift-testing", "--filter", test],
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
    ).start()
  }

  deinit {
    if !isReaped {
      kill(pid, SIGKILL)
      _ = ChildStatus.wait(for: pid)
    }
  }

  /// Waits up to `seconds` for the child to exit, die or stop; nil if it did none of them.
  /// The default guards against waiting for ever: a whole test bundle starting on a busy
  /// machine can take many seconds.
  func wait(seconds: Double = 60) -> ChildStatus? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let status = ChildStatus.wait(for: pid, options: WNOHANG | WUNTRACED) {
        if case .stopped = status {} else { isReaped = true }
        return status
      }
      usleep(10_000)
    }
    return nil
  }
}
