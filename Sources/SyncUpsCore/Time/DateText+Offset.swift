#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DateText {
  /// A date in ISO 8601 on a clock `utcOffset` seconds east of UTC, whole seconds, with the
  /// offset: `"2026-11-30T09:30:00+01:00"`, `"2026-11-30T08:30:00Z"` in UTC.
  public static func iso8601(_ date: Date, utcOffset: Int) -> String {
    guard utcOffset != 0 else { return iso8601(date) }
    let local = iso8601(date.addingTimeInterval(TimeInterval(utcOffset))).dropLast()
    let magnitude = abs(utcOffset)
    let hours = magnitude / 3600, minutes = magnitude / 60 % 60
    return local + (utcOffset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):"
      + (minutes < 10 ? "0" : "") + "\(minutes)"
  }
}
