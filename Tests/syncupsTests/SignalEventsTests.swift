import Dispatch
import Testing

@testable import syncups

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals as main-actor events. Each test watches a signal of its own: on Linux a signal can
/// be watched once per process (see `SignalEvents`).
@MainActor
@Suite struct SignalEventsTests {
  /// Whether `number` is ignored by the process right now.
  private static func isIgnored(_ number: Int32) -> Bool {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if canImport(Glibc)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
    #endif
  }

  @Test func aSignalRaisedTheMomentWatchingBeganIsDelivered() async throws {
    var delivered: [Int32] = []
    let signals = SignalEvents([SIGUSR2]) { delivered.append($0) }
    // Caught already, not merely ignored: a signal now cannot be lost.
    #expect(!Self.isIgnored(SIGUSR2))
    kill(getpid(), SIGUSR2)  // as another process would send it
    let deadline = ContinuousClock.now + .seconds(60)  // a guard against waiting for ever
    while delivered.isEmpty && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(delivered == [SIGUSR2])
    signals.cancel()
    #expect(!Self.isIgnored(SIGUSR2))  // the default action is back
  }
}
