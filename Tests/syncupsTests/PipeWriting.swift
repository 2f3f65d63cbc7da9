import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileHandle {
  /// Writes `data` to a child process's standard input, recording a test issue instead of
  /// ending the whole test run when the child has gone: the write fails with EPIPE rather than
  /// raising SIGPIPE, whose default action would kill this process and every result after it.
  ///
  /// SIGPIPE is blocked on this thread for the write only, and the signal the write raised is
  /// taken back before it is unblocked. It is not ignored process-wide, because `Process`
  /// passes an ignored signal on to every syncups it starts, changing what is under test.
  func writeToChild(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      var pending = sigset_t()
      sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1 {
        var now = timespec()
        _ = sigtimedwait(&pipeSignal, nil, &now)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    do {
      try write(contentsOf: data)
    } catch {
      Issue.record("cannot write to the child's standard input: \(error)", sourceLocation: sourceLocation)
    }
  }
}
