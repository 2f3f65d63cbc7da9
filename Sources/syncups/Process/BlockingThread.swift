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

  /// Computes `body` on a thread of its own while the caller goes on (git fetching, say);
  /// ``Computation/value`` waits for the result.
  ///
  /// ```swift
  /// let decoding = BlockingThread.compute { decode(bytes) }
  /// runGitFetch()
  /// let syncUps = decoding.value
  /// ```
  static func compute<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Computation<Value> {
    let computation = Computation<Value>()
    start { computation.finish(body()) }
    return computation
  }

  /// A value being computed on another thread (``compute(_:)``).
  final class Computation<Value: Sendable>: @unchecked Sendable {
    // Written once, before `done` is signalled; read only after waiting for it.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    fileprivate func finish(_ value: Value) {
      result = value
      done.signal()
    }

    /// The result, once computed: waits until then.
    var value: Value {
      done.wait()
      done.signal()
      return result!
    }
  }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
