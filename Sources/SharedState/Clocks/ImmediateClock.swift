/// A clock whose sleeps return at once, moving ``now`` to the deadline.
///
/// Use it where a test, preview or demo should skip waiting entirely:
///
/// ```swift
/// let clock = ImmediateClock()
/// for _ in 1...60 { try await clock.sleep(for: .seconds(1)) }  // no real wait
/// #expect(clock.now == ImmediateClock.Instant(offset: .seconds(60)))
/// ```
///
/// Each sleep still checks for cancellation and yields once, so a loop that
/// sleeps on this clock does not starve other tasks.
public final class ImmediateClock: Clock, Sendable {
  /// A point in an `ImmediateClock`'s time: an offset from its zero.
  public typealias Instant = OffsetInstant<ImmediateClock>

  private let current: LockIsolated<Instant>

  /// Creates a clock whose time starts at `now`.
  public init(now: Instant = .zero) {
    current = LockIsolated(now)
  }

  /// The clock's current time: the latest deadline slept until.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// Zero: any duration can be represented.
  public var minimumResolution: Duration { .zero }

  /// Moves ``now`` to `deadline` if that is later, then yields once.
  ///
  /// - Parameters:
  ///   - deadline: The instant to jump to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { now in now = max(now, deadline) }
    await Task.yield()
  }
}
