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
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since zero.
    public var offset: Duration

    /// Creates the instant `offset` after zero.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// Zero, where a new `ImmediateClock` starts.
    public static var zero: Instant { Instant(offset: .zero) }

    /// The instant `duration` later (earlier if negative).
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

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
