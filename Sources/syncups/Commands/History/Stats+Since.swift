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

/// Where `stats --since` starts, in the forms git's `--since` and `--duration` take: a
/// calendar day from its local midnight, a local date and time, a moment with its UTC offset,
/// `today` or `yesterday`, or a span of time before now. Case does not matter.
///
/// ```swift
/// SinceDate(parsing: "2026-11-01")        // .day(year: 2026, month: 11, day: 1)
/// SinceDate(parsing: "2026-11-24T10:00")  // .localTime(2026, 11, 24, 10, 0, 0)
/// SinceDate(parsing: "yesterday")         // .daysBack(1)
/// SinceDate(parsing: "1w2d")              // .ago(seconds: 777_600)
/// SinceDate(parsing: "2 weeks ago")       // .ago(seconds: 1_209_600)
/// SinceDate(parsing: "3 months ago")      // .monthsBack(3)
/// SinceDate(parsing: "0d")                // nil: a span is at least a second
/// ```
enum SinceDate: Sendable, Equatable {
  /// `YYYY-MM-DD`: from that day's local midnight.
  case day(year: Int, month: Int, day: Int)
  /// `YYYY-MM-DDTHH:MM[:SS]` (or a space for the `T`), in the local time zone.
  case localTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
  /// A date and time ending in `Z` or an offset such as `+01:00`: seconds since 1970.
  case instant(secondsSince1970: Int)
  /// `today` (0) or `yesterday` (1): the local midnight this many days before today's.
  case daysBack(Int)
  /// A span before now: a duration as `--duration` takes it, with days and weeks too (`30m`,
  /// `12h`, `1w2d`; a bare number is minutes), optionally followed by git's `ago`
  /// (`2 weeks ago`, `3.days.ago`).
  case ago(seconds: Int)
  /// `N months` or `N years` (12 months), optionally with `ago`: this time of day that many
  /// calendar months before today, as git counts them (no month has a fixed length).
  case monthsBack(Int)

  /// The forms, for the message that refuses any other.
  static let forms =
    "a time before now such as 30m, 12h, 7d, 1w2d, '2 weeks ago' or '3 months ago'; today or "
    + "yesterday; or a date or local time such as 2026-11-01 or 2026-11-24T10:00"

  /// The calendar units of ``monthsBack(_:)``, in months.
  private static let calendarUnits = ["month": 1, "months": 1, "year": 12, "years": 12]

  /// The `--since` value `text` stands for, or nil when it is none of the forms (or names a
  /// day or time that does not exist, such as 2026-02-30).
  init?(parsing text: String) {
    var text = Substring(text.lowercased()).drop { $0 == " " }
    while text.last == " " { text = text.dropLast() }
    switch text {
    case "today": self = .daysBack(0)
    case "yesterday": self = .daysBack(1)
    default:
      if let moment = Self.moment(String(text)) {
        self = moment
        return
      }
      var span = text
      if span.hasSuffix("ago") {
        span = span.dropLast(3)
        span = Substring(span.map { $0 == "." ? " " : $0 })
      }
      if let months = Self.months(span) {
        self = .monthsBack(months)
        return
      }
      guard let seconds = try? DurationParser.spanSeconds(String(span)) else { return nil }
      self = .ago(seconds: seconds)
    }
  }

  /// The months of `N months` or `N years` (N from 1 to 10,000), or nil.
  private static func months(_ text: Substring) -> Int? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let unit = text.dropFirst(digits.count).split(separator: " ")
    guard let count = Int(digits), (1...10_000).contains(count), unit.count == 1,
      let months = calendarUnits[String(unit[0])]
    else { return nil }
    return count * months
  }

  /// A day, a local time, or a time with its offset.
  private static func moment(_ text: String) -> SinceDate? {
    let utf8 = Array(text.utf8)
    guard utf8.count >= 10, let (year, month, day) = date(utf8[..<10]) else { return nil }
    guard utf8.count > 10 else { return .day(year: year, month: month, day: day) }
    guard utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " ") else { return nil }
    var rest = utf8[11...]
    guard let hour = twoDigits(&rest, below: 24), colon(&rest),
      let minute = twoDigits(&rest, below: 60)
    else { return nil }
    var second = 0
    if rest.first == UInt8(ascii: ":") {
      rest = rest.dropFirst()
      guard let seconds = twoDigits(&rest, below: 60) else { return nil }
      second = seconds
    }
    if rest.isEmpty {
      return .localTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
    guard let offset = offsetSeconds(rest) else { return nil }
    let seconds = UTCSeconds.seconds(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return .instant(secondsSince1970: seconds - offset)
  }

  /// `YYYY-MM-DD` naming a day that exists.
  private static func date(_ bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
    var rest = bytes
    guard let century = twoDigits(&rest, below: 100), let years = twoDigits(&rest, below: 100),
      dash(&rest), let month = twoDigits(&rest, below: 13), dash(&rest),
      let day = twoDigits(&rest, below: 32)
    else { return nil }
    let year = century * 100 + years
    guard month >= 1, (1...UTCSeconds.daysInMonth(month, of: year)).contains(day) else {
      return nil
    }
    return (year, month, day)
  }

  /// `z`, or `+HH:MM`, `-HH:MM`, `+HHMM`, `+HH`: the offset east of UTC, in seconds.
  private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
    if Array(bytes) == [UInt8(ascii: "z")] { return 0 }
    var rest = bytes
    guard let sign = rest.popFirst(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      let hours = twoDigits(&rest, below: 24)
    else { return nil }
    if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst() }
    let minutes = rest.isEmpty ? 0 : twoDigits(&rest, below: 60)
    guard let minutes, rest.isEmpty else { return nil }
    return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  /// Two ASCII digits at the start of `bytes` making a number below `limit`, consumed.
  private static func twoDigits(_ bytes: inout ArraySlice<UInt8>, below limit: Int) -> Int? {
    guard bytes.count >= 2 else { return nil }
    let digits = bytes.prefix(2).map { Int($0) - Int(UInt8(ascii: "0")) }
    guard digits.allSatisfy((0...9).contains) else { return nil }
    let value = digits[0] * 10 + digits[1]
    guard value < limit else { return nil }
    bytes = bytes.dropFirst(2)
    return value
  }

  private static func dash(_ bytes: inout ArraySlice<UInt8>) -> Bool {
    guard bytes.first == UInt8(ascii: "-") else { return false }
    bytes = bytes.dropFirst()
    return true
  }

  private static func colon(_ bytes: inout ArraySlice<UInt8>) -> Bool {
    guard bytes.first == UInt8(ascii: ":") else { return false }
    bytes = bytes.dropFirst()
    return true
  }

  /// The moment meant, as of `now`: local times and midnights from `mktime` (so `TZ` and
  /// daylight saving time are honoured), or `now` less the span.
  func date(now: Date) -> Date {
    switch self {
    case .ago(let seconds):
      return now.addingTimeInterval(-Double(seconds))
    case .instant(let seconds):
      return Date(timeIntervalSince1970: Double(seconds))
    case .day(let year, let month, let day):
      return Self.local(year: year, month: month, day: day)
    case .localTime(let year, let month, let day, let hour, let minute, let second):
      return Self.local(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    case .daysBack(let days):
      let today = Self.localFields(of: now)
      // mktime carries a day before the 1st into the month before.
      return Self.local(
        year: Int(today.tm_year) + 1900, month: Int(today.tm_mon) + 1,
        day: Int(today.tm_mday) - days)
    case .monthsBack(let months):
      let today = Self.localFields(of: now)
      // mktime carries a month before January into the year before, and a day past the end
      // of a shorter month into the next (31 March less a month is 3 March), as git does.
      return Self.local(
        year: Int(today.tm_year) + 1900, month: Int(today.tm_mon) + 1 - months,
        day: Int(today.tm_mday), hour: Int(today.tm_hour), minute: Int(today.tm_min),
        second: Int(today.tm_sec))
    }
  }

  /// `now` broken into local calendar fields.
  private static func localFields(of now: Date) -> tm {
    var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
    var fields = tm()
    localtime_r(&seconds, &fields)
    return fields
  }

  private static func local(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0
  ) -> Date {
    var time = fields(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    time.tm_isdst = -1  // whichever is in force then
    return Date(timeIntervalSince1970: Double(mktime(&time)))
  }

  /// The calendar fields as `mktime` takes them.
  private static func fields(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> tm {
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month - 1)
    fields.tm_mday = Int32(day)
    fields.tm_hour = Int32(hour)
    fields.tm_min = Int32(minute)
    fields.tm_sec = Int32(second)
    return fields
  }
}

/// The values of `stats`' options.
extension ValueParser {
  /// `--last N`: a whole number of meetings, 1 or more.
  static func meetingCount(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> Int
  {
    try count(text, of: "meetings", for: name, path: path)
  }

  /// `--since DATE`: a day, a date and time, today, yesterday or a span before now
  /// (``SinceDate``).
  static func since(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> SinceDate
  {
    try parsed(text, for: name, path: path, forms: SinceDate.forms, SinceDate.init(parsing:))
  }
}
