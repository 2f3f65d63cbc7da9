extension Clock where Duration == Swift.Duration {
  /// A sequence of ticks every `interval` on this clock, without drift.
  ///
  /// Works on concrete clocks and on `any Clock<Duration>` values alike:
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = DispatchClock()
  /// for try await tick in clock.timer(interval: .seconds(1)) {
  ///   print("second", tick)  // 1, 2, 3, …
  /// }
  /// ```
  ///
  /// - Parameter interval: The time between ticks; must be positive.
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}

/// Ticks `1, 2, 3, …` on a clock, the k-th at `start + k · interval`.
///
/// `start` is the clock's `now` when iteration begins (`makeAsyncIterator()`).
/// Deadlines are absolute, so lateness never accumulates: if the consumer is
/// slow, the next tick fires as soon as its deadline has passed, and no tick is
/// skipped. The iterator sleeps on the clock itself; no extra task is created.
///
/// When the consuming task is cancelled, iteration ends normally: `next()`
/// returns `nil` (now and on every later call). Other errors thrown by the
/// clock's `sleep` are rethrown and also end iteration.
///
/// ```swift
/// for try await tick in clock.timer(interval: .seconds(1)) {
///   if tick == 60 { break }
/// }
/// ```
public struct ClockTimer: AsyncSequence, Sendable {
  /// The tick number, starting at 1.
  public typealias Element = Int

  /// The time between ticks.
  public let interval: Duration

  /// Reads the clock's `now` and returns a function sleeping until tick k.
  private let startTicking: @Sendable () -> @Sendable (Int) async throws -> Void

  /// Creates a timer on `clock`; ``Clock/timer(interval:)`` is the usual spelling.
  public init<C: Clock>(clock: C, interval: Duration) where C.Duration == Duration {
    precondition(interval > .zero, "ClockTimer interval must be positive, got \(interval)")
    self.interval = interval
    startTicking = {
      let start = clock.now
      return { tick in
        try await clock.sleep(until: start.advanced(by: interval * tick), tolerance: nil)
      }
    }
  }

  /// Starts the timer: tick deadlines count from the clock's current time.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(sleepUntilTick: startTicking())
  }

  /// Produces the ticks of one iteration of a ``ClockTimer``.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    private let sleepUntilTick: @Sendable (Int) async throws -> Void
    private var lastTick = 0
    private var isFinished = false

    fileprivate init(sleepUntilTick: @escaping @Sendable (Int) async throws -> Void) {
      self.sleepUntilTick = sleepUntilTick
    }

    /// Sleeps until the next tick's deadline and returns its number, or
    /// returns `nil` once the task is cancelled.
    public mutating func next() async throws -> Int? {
      guard !isFinished, !Task.isCancelled else {
        isFinished = true
        return nil
      }
      do {
        try await sleepUntilTick(lastTick + 1)
      } catch {
        isFinished = true
        if error is CancellationError { return nil }
        throw error
      }
      lastTick += 1
      return lastTick
    }
  }
}
