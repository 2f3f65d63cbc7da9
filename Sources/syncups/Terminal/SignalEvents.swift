import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers signals as events on the main actor instead of their default actions, until
/// cancelled or released.
///
/// ```swift
/// let signals = SignalEvents([SIGTERM, SIGHUP]) { signal in
///   session.endSaving(because: signal)
/// }
/// ```
///
/// While it lives, each signal it watches is ignored by the process (so it neither kills nor
/// stops it) and reported through a dispatch source, then on the main queue, outside any
/// signal handler: the handler may do anything. Cancelling puts the default actions back.
///
/// libdispatch puts its own signal handler in place on a thread of its own, some time after a
/// source is resumed; until then an ignored signal is lost. So the initialiser returns only
/// once every source is registered: from then on no signal goes missing, even while the main
/// queue is not yet being served.
///
/// On Linux, libdispatch installs its own handler for a signal only when the first source for
/// it is made, and cancelling removes that handler: watch each signal with one `SignalEvents`
/// for the life of the process (a meeting watches SIGTERM and SIGHUP in its session, and
/// SIGINT, SIGWINCH, SIGTSTP and SIGCONT in its front end).
@MainActor
final class SignalEvents {
  private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]
  /// Where the sources are registered and report, so that registering needs no main queue.
  private static let queue = DispatchQueue(label: "syncups.signals")

  /// Watches `signals`; `handler` runs on the main actor once per delivery (deliveries that
  /// arrive together may be reported once). Waits (a second at most) until the signals are
  /// caught.
  init(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    self.signals = signals
    let registered = DispatchGroup()
    for number in signals {
      Self.setDisposition(number, ignored: true)
      let source = DispatchSource.makeSignalSource(signal: number, queue: Self.queue)
      // Both handlers run on `queue`, not on the main actor.
      source.setEventHandler { @Sendable in
        DispatchQueue.main.async { MainActor.assumeIsolated { handler(number) } }
      }
      registered.enter()
      source.setRegistrationHandler { @Sendable in registered.leave() }
      source.resume()
      sources.append(source)
    }
    _ = registered.wait(timeout: .now() + .seconds(1))
  }

  isolated deinit {
    cancel()
  }

  /// Stops watching: the signals get their default actions back.
  func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in signals { Self.setDisposition(number, ignored: false) }
  }

  /// Ignores `number`, or gives it back its default action.
  static func setDisposition(_ number: Int32, ignored: Bool) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = ignored ? SIG_IGN : SIG_DFL
    #else
      action.__sigaction_u.__sa_handler = ignored ? SIG_IGN : SIG_DFL
    #endif
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
  }
}
