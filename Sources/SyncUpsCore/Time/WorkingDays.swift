#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The days of the week a team works, which an item's age counts: the `workdays` setting,
/// Monday to Friday by default.
///
/// ```swift
/// WorkingDays(rawValue: "sun-thu")?.rawValue      // "sun-thu"
/// WorkingDays(rawValue: "Mon,TUE,thu")?.rawValue  // "mon,tue,thu"
/// WorkingDays.mondayToFriday.age(from: friday, to: nextMonday, utcOffset: { _ in 0 })  // 1
/// ```
///
/// Its text is a comma-separated list of days (`mon`, `tue`, …, or whole names) and ranges of
/// days (`mon-fri`; a range wraps past Sunday, `fri-mon` is Friday to Monday), in any case.
public struct WorkingDays: RawRepresentable, Hashable, Sendable {
  /// The days worked, each 0 (Sunday) to 6 (Saturday); never empty.
  public let weekdays: Set<Int>

  /// Monday to Friday: the default.
  public static let mondayToFriday = WorkingDays(uncheckedWeekdays: [1, 2, 3, 4, 5])

  /// The days' short names, Sunday first (the numbering of ``weekdays``).
  public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// What ``init(rawValue:)`` accepts, for messages: `mon-fri`, `sun-thu`, `mon,tue,thu`.
  public static let forms = "a list of days and ranges such as mon-fri, sun-thu or mon,tue,thu"

  private init(uncheckedWeekdays: Set<Int>) {
    weekdays = uncheckedWeekdays
  }

  /// The days `text` names (see the type's description); `nil` when it names none or holds
  /// anything but days and ranges.
  public init?(rawValue text: String) {
    var days = Set<Int>()
    for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
      let ends = part.split(separator: "-", omittingEmptySubsequences: false)
      guard (1...2).contains(ends.count),
        let first = Self.weekday(named: ends[0]), let last = Self.weekday(named: ends[ends.count - 1])
      else { return nil }
      var day = first
      days.insert(day)
      while day != last {
        day = (day + 1) % 7
        days.insert(day)
      }
    }
    guard !days.isEmpty else { return nil }
    weekdays = days
  }

  /// The days as text: runs of three days or more as ranges (a run past Sunday wraps), the
  /// others by name, Monday first: `mon-fri`, `sun-thu`, `mon,tue,thu`, `mon-sun`.
  public var rawValue: String {
    guard weekdays.count < 7 else { return "mon-sun" }
    // Runs start on a day worked after one not worked; the first is the first such day from
    // Monday on.
    let order = (1...7).map { $0 % 7 }
    let start = order.first { weekdays.contains($0) && !weekdays.contains(($0 + 6) % 7) }!
    var parts: [String] = []
    var run: [Int] = []
    func close() {
      guard let first = run.first, let last = run.last else { return }
      parts += run.count >= 3
        ? ["\(Self.names[first])-\(Self.names[last])"] : run.map { Self.names[$0] }
      run = []
    }
    for offset in 0..<7 {
      let day = (start + offset) % 7
      if weekdays.contains(day) { run.append(day) } else { close() }
    }
    close()
    return parts.joined(separator: ",")
  }

  /// How many working days lie after the local date of `start` up to and including the local
  /// date of `end`, each date's local date `utcOffset(date)` seconds east of UTC (the
  /// `utcOffset` dependency's: the C library's local time, which honours `TZ`): 0 on the same
  /// day (and when `end` is before `start`); from a Friday to the next Monday 1 with
  /// ``mondayToFriday``.
  public func age(from start: Date, to end: Date, utcOffset: (Date) -> Int) -> Int {
    days(
      after: CalendarDay(start, utcOffset: utcOffset), through: CalendarDay(end, utcOffset: utcOffset))
  }

  /// How many working days lie after `first` up to and including `last`: 0 when `last` is not
  /// after `first`; from a Friday to the next Monday 1 with ``mondayToFriday``.
  public func days(after first: CalendarDay, through last: CalendarDay) -> Int {
    guard last > first else { return 0 }
    let days = last.daysSince1970 - first.daysSince1970
    var count = days / 7 * weekdays.count
    // The days past the whole weeks, from the day after the first one's weekday.
    let weekday = first.weekday
    for offset in stride(from: 1, through: days % 7, by: 1)
    where weekdays.contains((weekday + offset) % 7) {
      count += 1
    }
    return count
  }

  /// The weekday a day's short or whole name (`mon`, `monday`) gives; lower case.
  private static func weekday(named name: Substring) -> Int? {
    let name = name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
      .reversed()
    guard name.count >= 3 else { return nil }
    let wholeNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    return wholeNames.firstIndex { $0.elementsEqual(name) || $0.prefix(3).elementsEqual(name) }
  }
}
