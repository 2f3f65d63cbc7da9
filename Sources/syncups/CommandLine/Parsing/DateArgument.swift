#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// A date as every date option takes it (`--since`, `--date`, `--from`, `--to`): a calendar
/// day, a local date and time, a moment with its UTC offset, a day named from today
/// (`today`, `yesterday`, `tomorrow`), a weekday (`monday`, `fri`, `last friday`,
/// `next tue`), or a span of time before now in the forms git's `--since` and `--duration`
/// take. Case does not matter.
///
/// An option that wants a moment (`stats --since`) reads one with ``date(now:side:)``: a day
/// from its local midnight. An option that wants a day (`away --from`) reads one with
/// ``day(now:side:)``: a moment's local day. A bare weekday name is the nearest such day on
/// the option's ``Side`` of today, today included; `last` and `next` are always before and
/// after today.
///
/// ```swift
/// DateArgument(parsing: "2026-11-01")        // .day(year: 2026, month: 11, day: 1)
/// DateArgument(parsing: "2026-11-24T10:00")  // .localTime(2026, 11, 24, 10, 0, 0)
/// DateArgument(parsing: "yesterday")         // .relativeDay(-1)
/// DateArgument(parsing: "last friday")       // .weekday(5, .last)
/// DateArgument(parsing: "1w2d")              // .ago(seconds: 777_600)
/// DateArgument(parsing: "2 weeks ago")       // .ago(seconds: 1_209_600)
/// DateArgument(parsing: "3 months ago")      // .monthsBack(3)
/// DateArgument(parsing: "0d")                // nil: a span is at least a second
/// ```
enum DateArgument: Sendable, Equatable {
  /// `YYYY-MM-DD`: that day (from its local midnight).
  case day(year: Int, month: Int, day: Int)
  /// `YYYY-MM-DDTHH:MM[:SS]` (or a space for the `T`), in the local time zone.
  case localTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
  /// A date and time ending in `Z` or an offset such as `+01:00`: seconds since 1970.
  case instant(secondsSince1970: Int)
  /// `today` (0), `yesterday` (-1) or `tomorrow` (1): this many days after today.
  case relativeDay(Int)
  /// A weekday by name (0 is Sunday), as ``WeekdayChoice`` says which one.
  case weekday(Int, WeekdayChoice)
  /// A span before now: a duration as `--duration` takes it, with days and weeks too (`30m`,
  /// `12h`, `1w2d`; a bare number is minutes), optionally followed by git's `ago`
  /// (`2 weeks ago`, `3.days.ago`).
  case ago(seconds: Int)
  /// `N months` or `N years` (12 months), optionally with `ago`: this time of day that many
  /// calendar months before today, as git counts them (no month has a fixed length).
  case monthsBack(Int)

  /// Which day a weekday's name means.
  enum WeekdayChoice: Sendable, Equatable {
    /// `friday`: the nearest on the option's side of today, today included.
    case nearest
    /// `last friday`: the latest before today.
    case last
    /// `next friday`: the first after today.
    case next
  }

  /// Which way from today an option looks, for a bare weekday name: back for what has
  /// happened (`--since`, `updates --date`), ahead for what is planned (`away`,
  /// `update --date`).
  enum Side: Sendable {
    case past, future
  }

  /// The forms, for the message that refuses any other.
  static let forms =
    "2026-11-24 or 2026-11-24T10:00, today, yesterday, tomorrow, monday, last fri, next tue, "
    + "or a time ago such as 12h, 3d, 1w2d or '3 months ago'"

  /// The words completion offers.
  static let names = ["today", "yesterday", "tomorrow"] + weekdayNames

  /// The weekdays' names, Sunday first; their first three letters will do too.
  private static let weekdayNames = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]

  /// The calendar units of ``monthsBack(_:)``, in months.
  private static let calendarUnits = ["month": 1, "months": 1, "year": 12, "years": 12]

  /// The date `text` stands for, or nil when it is none of the forms (or names a day or time
  /// that does not exist, such as 2026-02-30).
  init?(parsing text: String) {
    let words = text.lowercased().split(separator: " ")
    let text = words.joined(separator: " ")
    switch text {
    case "today": self = .relativeDay(0)
    case "yesterday": self = .relativeDay(-1)
    case "tomorrow": self = .relativeDay(1)
    default:
      if let weekday = Self.weekday(words) {
        self = weekday
      } else if let moment = Self.moment(text) {
        self = moment
      } else {
        var span = Substring(text)
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
  }

  /// `friday`, `fri`, `last friday`, `next fri`.
  private static func weekday(_ words: [Substring]) -> DateArgument? {
    guard let name = words.last, (1...2).contains(words.count) else { return nil }
    let choice: WeekdayChoice
    switch words.count == 2 ? words[0] : "" {
    case "": choice = .nearest
    case "last": choice = .last
    case "next": choice = .next
    default: return nil
    }
    guard name.count >= 3,
      let index = weekdayNames.firstIndex(where: { $0 == name || $0.prefix(3) == name })
    else { return nil }
    return .weekday(index, choice)
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
  private static func moment(_ text: String) -> DateArgument? {
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

  // MARK: What it means

  /// The local day meant, as of `now`: a day named from today or a weekday counted from
  /// `now`'s local day; a moment's own local day.
  func day(now: Date, side: Side) -> CalendarDay {
    let calendar = LocalCalendar.current
    let today = calendar.day(of: now)
    switch self {
    case .day(let year, let month, let day):
      return CalendarDay(year: year, month: month, day: day) ?? today
    case .relativeDay(let days):
      return today.adding(days: days)
    case .weekday(let weekday, let choice):
      let back = (today.weekday - weekday + 7) % 7
      let ahead = (weekday - today.weekday + 7) % 7
      switch (choice, side) {
      case (.nearest, .past): return today.adding(days: -back)
      case (.nearest, .future): return today.adding(days: ahead)
      case (.last, _): return today.adding(days: back == 0 ? -7 : -back)
      case (.next, _): return today.adding(days: ahead == 0 ? 7 : ahead)
      }
    case .localTime(let year, let month, let day, _, _, _):
      return CalendarDay(year: year, month: month, day: day) ?? today
    case .instant, .ago, .monthsBack:
      return calendar.day(of: date(now: now, side: side))
    }
  }

  /// The local day meant as of the `date` dependency's now (``day(now:side:)``).
  func day(side: Side) -> CalendarDay {
    @Dependency(\.date.now) var now
    return day(now: now, side: side)
  }

  /// The moment meant, as of `now`: a day's local midnight and local times in the local
  /// calendar (``LocalCalendar``: `TZ` and daylight saving time are honoured), or `now` less
  /// the span.
  func date(now: Date, side: Side = .past) -> Date {
    let calendar = LocalCalendar.current
    switch self {
    case .ago(let seconds):
      return now.addingTimeInterval(-Double(seconds))
    case .instant(let seconds):
      return Date(timeIntervalSince1970: Double(seconds))
    case .localTime(let year, let month, let day, let hour, let minute, let second):
      guard let day = CalendarDay(year: year, month: month, day: day) else { return now }
      return calendar.date(on: day, hour: hour, minute: minute, second: second)
    case .day, .relativeDay, .weekday:
      return calendar.midnight(of: day(now: now, side: side))
    case .monthsBack(let months):
      return calendar.date(months: months, before: now)
    }
  }
}

extension ValueParser {
  /// A date (``DateArgument``), for any date option.
  static func date(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> DateArgument
  {
    try parsed(text, for: name, path: path, forms: DateArgument.forms, DateArgument.init(parsing:))
  }
}

extension OptionSpec {
  /// An option taking a date (``DateArgument``): `help` followed by the forms it takes;
  /// completion offers the days and weekdays by name.
  static func date(_ long: String, help: String) -> OptionSpec {
    OptionSpec(
      long: long, valueName: "date", help: "\(help) (\(DateArgument.forms)).",
      completion: .choices(DateArgument.names))
  }
}
