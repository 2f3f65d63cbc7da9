#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState

private enum UTCOffsetKey: DependencyKey {
  static var liveValue: @Sendable (Date) -> Int { { DateText.localUTCOffset(at: $0) } }
  static var testValue: @Sendable (Date) -> Int { { _ in 0 } }
}

extension DependencyValues {
  /// How far east of UTC the user's local time is at a moment, in seconds: what local dates
  /// (an item's age in working days, a meeting's day) are counted in. Live: the C library's
  /// local time, which honours `TZ` and daylight saving time (``DateText/localUTCOffset(at:)``);
  /// in tests: UTC.
  ///
  /// ```swift
  /// withDependencies { $0.utcOffset = { _ in -10 * 3600 } } operation: { … }  // Honolulu
  /// ```
  public var utcOffset: @Sendable (Date) -> Int {
    get { self[UTCOffsetKey.self] }
    set { self[UTCOffsetKey.self] = newValue }
  }
}
