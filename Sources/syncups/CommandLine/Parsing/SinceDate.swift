#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SyncUpsCore

/// Where `stats --since` starts: a calendar day, from its midnight in the local time zone, or
/// a span of time before now.
///
/// ```swift
/// SinceDate(parsing: "2026-11-01")  // .day(year: 2026, month: 11, day: 1)
/// SinceDate(parsing: "2w")          // .ago(seconds: 1_209_600)
/// SinceDate(parsing: "0d")          // nil: a span is at least one unit
/// ```
enum SinceDate: Sendable, Equatable {
  /// `YYYY-MM-DD`.
  case day(year: Int, month: Int, day: Int)
  /// `Nh`, `Nd` or `Nw`: N hours, days or weeks ago (N ≥ 1).
  case ago(seconds: Int)

  /// The units of a span, as written after the number, with their seconds.
  static let units: [(suffix: Character, seconds: Int)] = [
    ("h", 3_600), ("d", 86_400), ("w", 604_800),
  ]

  /// The `--since` value `text` stands for, or nil when it is neither form (or names a day
  /// that does not exist, such as 2026-02-30).
  init?(parsing text: String) {
    if let day = Self.day(text) {
      self = day
      return
    }
    guard let last = text.last, let unit = Self.units.first(where: { $0.suffix == last }),
      text.dropLast().allSatisfy(\.isASCII), let count = Int(text.dropLast()), count >= 1,
      !text.hasPrefix("+")
    else { return nil }
    let (seconds, overflow) = count.multipliedReportingOverflow(by: unit.seconds)
    guard !overflow else { return nil }
    self = .ago(seconds: seconds)
  }

  private static func day(_ text: String) -> SinceDate? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...UTCSeconds.daysInMonth(month, of: year)).contains(day)
    else { return nil }
    return .day(year: year, month: month, day: day)
  }

  /// The moment meant, as of `now`: a day's local midnight (from `mktime`, so `TZ` and
  /// daylight saving time are honoured), or `now` less the span.
  func date(now: Date) -> Date {
    switch self {
    case .ago(let seconds):
      return now.addingTimeInterval(-Double(seconds))
    case .day(let year, let month, let day):
      var fields = tm()
      fields.tm_year = Int32(year - 1900)
      fields.tm_mon = Int32(month - 1)
      fields.tm_mday = Int32(day)
      fields.tm_isdst = -1
      return Date(timeIntervalSince1970: Double(mktime(&fields)))
    }
  }
}
