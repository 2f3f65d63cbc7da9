#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// A day as `update --date`, `updates` and `away` take it: a date (`2026-11-25`), or `today`,
/// `yesterday` or `tomorrow` — the day forms of `stats --since` (``SinceDate``), and the day
/// after. Case does not matter.
///
/// ```swift
/// DayOption(parsing: "tomorrow")    // .relative(1)
/// DayOption(parsing: "2026-11-25")  // .day(2026-11-25)
/// ```
enum DayOption: Sendable, Equatable {
  /// This many days after today (before, when negative).
  case relative(Int)
  case day(CalendarDay)

  /// The days taken by name, for completion.
  static let names = ["today", "yesterday", "tomorrow"]

  /// The forms, for the message that refuses any other.
  static let forms = "a date such as 2026-11-25, or today, yesterday or tomorrow"

  init?(parsing text: String) {
    if text.lowercased().filter({ $0 != " " }) == "tomorrow" {
      self = .relative(1)
      return
    }
    switch SinceDate(parsing: text) {
    case .daysBack(let days): self = .relative(-days)
    case .day(let year, let month, let day):
      guard let day = CalendarDay(year: year, month: month, day: day) else { return nil }
      self = .day(day)
    default: return nil
    }
  }

  /// The day meant, today being ``CalendarDay/today``.
  func day(today: CalendarDay) -> CalendarDay {
    switch self {
    case .relative(let days): today.adding(days: days)
    case .day(let day): day
    }
  }
}

extension CalendarDay {
  /// Today: the local date of the `date` dependency's now, in the local time the `utcOffset`
  /// dependency gives (`TZ`'s zone), as items' ages count it.
  static var today: CalendarDay {
    @Dependency(\.date.now) var now
    @Dependency(\.utcOffset) var utcOffset
    return CalendarDay(now, utcOffset: utcOffset)
  }
}

extension ValueParser {
  /// A day (``DayOption``).
  static func day(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> DayOption
  {
    try parsed(text, for: name, path: path, forms: DayOption.forms, DayOption.init(parsing:))
  }
}
