/// A point in the time of a clock that keeps its own time (``ImmediateClock``, ``TestClock``):
/// an offset from that clock's zero.
///
/// `Owner` is the clock, so that instants of two kinds of clock cannot be mixed up: reach this
/// type as `TestClock.Instant` or `ImmediateClock.Instant`.
///
/// ```swift
/// #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
/// ```
public struct OffsetInstant<Owner>: InstantProtocol, Hashable, Sendable {
  /// The time since zero.
  public var offset: Duration

  /// Creates the instant `offset` after zero.
  public init(offset: Duration) {
    self.offset = offset
  }

  /// Zero, where a new clock starts.
  public static var zero: OffsetInstant { OffsetInstant(offset: .zero) }

  /// The instant `duration` later (earlier if negative).
  public func advanced(by duration: Duration) -> OffsetInstant {
    OffsetInstant(offset: offset + duration)
  }

  /// The duration from this instant to `other`.
  public func duration(to other: OffsetInstant) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: OffsetInstant, rhs: OffsetInstant) -> Bool {
    lhs.offset < rhs.offset
  }
}
