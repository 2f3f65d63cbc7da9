#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch

/// Work that blocks (waiting for a child process, reading a pipe), each on a thread of its own.
///
/// ```swift
/// BlockingThread.start { let status = Subprocess.waitForExit(pid) … }
/// ```
///
/// Not `DispatchQueue.global()`: on Linux its threads number about the machine's cores, and a
/// thread blocked in `waitpid` or `read` still counts, so on two cores two slow gits would hold
/// every other piece of background work (the next git, a timer) until the pool grows, which it
/// does only after a while.
enum BlockingThread {
  /// Runs `body` on a new detached thread; on the shared queue when no thread can be made.
  static func start(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      DispatchQueue.global().async(execute: body)
      return
    }
    pthread_detach(thread)
  }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
