#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// When a sync-up meets, as a rule: how often (daily, weekly, monthly, every so many), on which
/// days, at which wall-clock time, and until when. The subset of an RFC 5545 `RRULE` a stand-up
/// needs, with a time of day.
///
/// ```swift
/// let rule = try ScheduleRule(parsing: "every 2 weeks on tue,thu 15:00")
/// rule.text        // "every 2 weeks on tue,thu 15:00"
/// rule.rruleText   // "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO"
/// rule.storedText  // "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO at 15:00"
/// try ScheduleRule(parsing: "monthly on last fri 16:00").rruleText  // "FREQ=MONTHLY;BYDAY=-1FR"
/// ```
///
/// Which days it names is counted from the first day of its schedule (``Schedule/from``), as
/// RFC 5545 counts from `DTSTART`: the weeks of an `INTERVAL=2` rule are those holding that day
/// and every other one after it (weeks start on ``weekStart``), the months of a monthly rule
/// likewise, and ``count`` counts from it. A rule set by `schedule set` names its days
/// explicitly (``normalized(from:)``), so that it does not depend on that day's weekday.
///
/// Stored as ``storedText``: its `RRULE` and ` at HH:MM`, which ``init(parsing:)`` reads back.
public struct ScheduleRule: Hashable, Sendable {
  /// How often the rule repeats, before ``interval``.
  public enum Frequency: String, Hashable, Sendable, CaseIterable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
  }

  /// A day of the week, for a monthly rule perhaps numbered within the month: `MO` (every
  /// Monday), `1MO` (the first), `-1FR` (the last Friday).
  public struct WeekdayNumber: Hashable, Sendable {
    /// 0 (Sunday) to 6 (Saturday), as ``CalendarDay/weekday``.
    public var weekday: Int
    /// Which one in the month, 1 to 5 from its start or -1 to -5 from its end; nil for each.
    public var ordinal: Int?

    public init(weekday: Int, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  public var frequency: Frequency
  /// Every how many days, weeks or months: 1 or more.
  public var interval: Int = 1
  /// The days of the week it meets on; for a monthly rule perhaps numbered (`BYDAY`). Empty:
  /// the weekday of the first day (weekly), any (daily, monthly).
  public var byDay: [WeekdayNumber] = []
  /// The days of the month it meets on, 1 to 31 or -1 (the last) to -31 (`BYMONTHDAY`); a
  /// month without that day is skipped. Empty: the first day's (monthly without `BYDAY`), any.
  public var byMonthDay: [Int] = []
  /// How many meetings it holds in all, from the first day (`COUNT`); nil for no end.
  public var count: Int?
  /// The last local day it may meet on (`UNTIL`); nil for no end.
  public var until: CalendarDay?
  /// The first day of a week, 0 (Sunday) to 6: Monday (1) unless `WKST` says otherwise.
  public var weekStart: Int = 1
  /// The wall-clock time of the meeting, in the schedule's zone.
  public var time: TimeOfDay

  public init(
    frequency: Frequency, interval: Int = 1, byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [],
    count: Int? = nil, until: CalendarDay? = nil, weekStart: Int = 1, time: TimeOfDay
  ) {
    self.frequency = frequency
    self.interval = interval
    self.byDay = byDay
    self.byMonthDay = byMonthDay
    self.count = count
    self.until = until
    self.weekStart = weekStart
    self.time = time
  }

  /// Why a rule, time or zone cannot be read: what is wrong, in lower case without a final
  /// period (`unknown rule part 'BYHOUR'`).
  public struct Invalid: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
      self.message = message
    }
  }
}

// MARK: - Reading

extension ScheduleRule {
  /// The weekdays' two-letter RFC 5545 names, Sunday first (by ``CalendarDay/weekday``).
  public static let rfcWeekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
  /// The weekdays' short names as rules write them, Sunday first.
  public static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  /// The words a monthly rule numbers a weekday with, and their ordinals.
  public static let ordinalNames: [(word: String, ordinal: Int)] = [
    ("first", 1), ("second", 2), ("third", 3), ("fourth", 4), ("fifth", 5), ("last", -1),
  ]
  /// The words that start a rule, for completion: the forms ``init(parsing:)`` reads.
  public static let keywords =
    ["daily", "weekdays", "every", "monthly"] + weekdayNames + ["FREQ="]

  /// Reads a rule in any of its forms, ignoring case:
  /// - `daily 09:30`, `weekdays 9:30`, `mon,wed,fri 09:30`, `tue 15:00`;
  /// - `every 2 days 09:30`, `every 2 weeks on tue,thu 15:00`, `every 3 months on day 1 10:00`;
  /// - `monthly on first mon 10:00` (`first` to `fifth`, `last`), `monthly on day 15 10:00`
  ///   (a month without that day is skipped; `day -1` is the last);
  /// - an RFC 5545 rule and a time: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH at 09:30`, with the
  ///   parts `FREQ` (`DAILY`, `WEEKLY`, `MONTHLY`), `INTERVAL`, `BYDAY` (numbered only in a
  ///   monthly rule), `BYMONTHDAY`, `COUNT`, `UNTIL` (its date), `WKST`.
  ///
  /// A time is `H:MM` or `HH:MM`, 00:00 to 23:59, and may follow `at`.
  ///
  /// - Throws: ``Invalid`` naming what is wrong: the time, a word, a part.
  public init(parsing text: String) throws(Invalid) {
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let last = words.popLast() else {
      throw Invalid("a rule is needed, such as 'weekdays 09:30'")
    }
    let time = try TimeOfDay(parsing: last)
    if words.last?.lowercased() == "at" { words.removeLast() }
    guard !words.isEmpty else {
      throw Invalid("'\(text)' has a time but no days, such as 'weekdays \(time.text)'")
    }
    if words.count == 1, words[0].contains("=") {
      self = try Self.rfc(words[0], time: time)
    } else {
      self = try Self.phrase(words.map { $0.lowercased() }, time: time)
    }
  }

  private static func phrase(_ words: [String], time: TimeOfDay) throws(Invalid) -> ScheduleRule {
    let all = words.joined(separator: " ")
    switch words[0] {
    case "daily" where words.count == 1:
      return ScheduleRule(frequency: .daily, time: time)
    case "weekdays" where words.count == 1:
      return ScheduleRule(frequency: .weekly, byDay: (1...5).map { WeekdayNumber(weekday: $0) }, time: time)
    case "monthly":
      guard words.count >= 2, words[1] == "on" else {
        throw Invalid("'\(all)' needs the day of the month: 'monthly on first mon' or 'monthly on day 15'")
      }
      return try monthly(Array(words.dropFirst(2)), interval: 1, time: time)
    case "every":
      guard words.count >= 3, let interval = Int(words[1]), interval >= 1 else {
        throw Invalid("'\(all)' needs a number after 'every', such as 'every 2 weeks on tue,thu'")
      }
      switch words[2] {
      case "day", "days":
        guard words.count == 3 else { throw Invalid("'\(all)' is not a rule \(forms)") }
        return ScheduleRule(frequency: .daily, interval: interval, time: time)
      case "week", "weeks":
        guard words.count == 5, words[3] == "on" else {
          throw Invalid("'\(all)' needs its days: 'every \(interval) weeks on tue,thu'")
        }
        return ScheduleRule(
          frequency: .weekly, interval: interval, byDay: try weekdays(words[4]), time: time)
      case "month", "months":
        guard words.count >= 4, words[3] == "on" else {
          throw Invalid("'\(all)' needs its day: 'every \(interval) months on first mon'")
        }
        return try monthly(Array(words.dropFirst(4)), interval: interval, time: time)
      default:
        throw Invalid("'\(words[2])' is not days, weeks or months in '\(all)'")
      }
    default:
      let isDay = (0..<7).contains { weekdayWords($0).contains(words[0]) }
      guard words.count == 1, isDay || words[0].contains(",") else {
        throw Invalid("'\(all)' is not a rule \(forms)")
      }
      return ScheduleRule(frequency: .weekly, byDay: try weekdays(words[0]), time: time)
    }
  }

  /// The forms a rule takes, for a message.
  static let forms =
    "(such as 'weekdays 09:30', 'mon,thu 10:00', 'every 2 weeks on tue 15:00', "
    + "'monthly on last fri 16:00', 'monthly on day 15 10:00' or 'FREQ=WEEKLY;BYDAY=MO at 09:30')"

  /// `first mon`, `last fri`, `day 15`.
  private static func monthly(
    _ words: [String], interval: Int, time: TimeOfDay
  ) throws(Invalid) -> ScheduleRule {
    guard words.count == 2 else {
      throw Invalid("'\(words.joined(separator: " "))' is not a day of the month: use 'first mon', 'last fri' or 'day 15'")
    }
    if words[0] == "day" {
      guard let day = Int(words[1]), (1...31).contains(abs(day)) else {
        throw Invalid("'\(words[1])' is not a day of the month (1 to 31, or -1 for the last)")
      }
      return ScheduleRule(frequency: .monthly, interval: interval, byMonthDay: [day], time: time)
    }
    guard let ordinal = ordinalNames.first(where: { $0.word == words[0] })?.ordinal else {
      throw Invalid("'\(words[0])' is not first, second, third, fourth, fifth or last")
    }
    guard let weekday = weekdayNames.firstIndex(of: String(words[1].prefix(3))),
      weekdayWords(weekday).contains(words[1])
    else { throw Invalid("'\(words[1])' is not a day of the week (mon to sun)") }
    return ScheduleRule(
      frequency: .monthly, interval: interval,
      byDay: [WeekdayNumber(weekday: weekday, ordinal: ordinal)], time: time)
  }

  /// The words for a weekday: `mon`, `monday`.
  private static func weekdayWords(_ weekday: Int) -> [String] {
    let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    return [weekdayNames[weekday], full[weekday]]
  }

  /// `mon,wed,fri`: distinct days, in week order from Monday.
  private static func weekdays(_ list: String) throws(Invalid) -> [WeekdayNumber] {
    var days: Set<Int> = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      guard let day = (0..<7).first(where: { weekdayWords($0).contains(String(name)) }) else {
        throw Invalid("'\(name)' is not a day of the week (mon, tue, wed, thu, fri, sat, sun)")
      }
      days.insert(day)
    }
    return days.sorted { ($0 + 6) % 7 < ($1 + 6) % 7 }.map { WeekdayNumber(weekday: $0) }
  }

  /// `FREQ=…;…`.
  private static func rfc(_ text: String, time: TimeOfDay) throws(Invalid) -> ScheduleRule {
    var rule = ScheduleRule(frequency: .daily, time: time)
    var seen: Set<String> = []
    var frequency: Frequency?
    for part in text.uppercased().split(separator: ";") {
      let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
      guard pieces.count == 2, !pieces[1].isEmpty else {
        throw Invalid("rule part '\(part)' needs a value, such as FREQ=WEEKLY")
      }
      let (name, value) = (pieces[0], pieces[1])
      guard seen.insert(name).inserted else { throw Invalid("rule part \(name) is given twice") }
      func number(_ range: ClosedRange<Int>) throws(Invalid) -> Int {
        guard let number = Int(value), range.contains(number) else {
          throw Invalid("\(name)=\(value) is not a whole number from \(range.lowerBound)")
        }
        return number
      }
      switch name {
      case "FREQ":
        guard let value = Frequency(rawValue: value) else {
          throw Invalid("FREQ=\(value) is not supported: use DAILY, WEEKLY or MONTHLY")
        }
        frequency = value
      case "INTERVAL": rule.interval = try number(1...9999)
      case "COUNT": rule.count = try number(1...99_999)
      case "UNTIL":
        guard value.count >= 8, let day = CalendarDay(
          "\(value.prefix(4))-\(value.dropFirst(4).prefix(2))-\(value.dropFirst(6).prefix(2))")
        else { throw Invalid("UNTIL=\(value) is not a date such as 20261231") }
        rule.until = day
      case "WKST":
        guard let day = rfcWeekdays.firstIndex(of: value) else {
          throw Invalid("WKST=\(value) is not a day of the week (MO to SU)")
        }
        rule.weekStart = day
      case "BYDAY":
        rule.byDay = try value.split(separator: ",").map { (day) throws(Invalid) in
          try weekdayNumber(String(day))
        }
      case "BYMONTHDAY":
        rule.byMonthDay = try value.split(separator: ",").map { (day) throws(Invalid) in
          guard let number = Int(day), number != 0, (1...31).contains(abs(number)) else {
            throw Invalid("BYMONTHDAY=\(value): '\(day)' is not a day of the month (1 to 31, -1 to -31)")
          }
          return number
        }
      default:
        throw Invalid("rule part \(name) is not supported (FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL, WKST are)")
      }
    }
    guard let frequency else { throw Invalid("the rule '\(text)' needs FREQ (DAILY, WEEKLY or MONTHLY)") }
    rule.frequency = frequency
    if rule.count != nil, rule.until != nil {
      throw Invalid("a rule takes COUNT or UNTIL, not both")
    }
    if frequency != .monthly, rule.byDay.contains(where: { $0.ordinal != nil }) {
      throw Invalid("BYDAY numbers a weekday (such as 1MO) only with FREQ=MONTHLY")
    }
    if frequency == .weekly, !rule.byMonthDay.isEmpty {
      throw Invalid("BYMONTHDAY cannot be used with FREQ=WEEKLY")
    }
    return rule
  }

  /// `MO`, `1MO`, `+2TU`, `-1FR`.
  private static func weekdayNumber(_ text: String) throws(Invalid) -> WeekdayNumber {
    guard let weekday = rfcWeekdays.firstIndex(of: String(text.suffix(2))) else {
      throw Invalid("BYDAY: '\(text)' is not a day of the week such as MO, 1MO or -1FR")
    }
    let number = text.dropLast(2)
    guard !number.isEmpty else { return WeekdayNumber(weekday: weekday) }
    guard let ordinal = Int(number), ordinal != 0, (1...5).contains(abs(ordinal)) else {
      throw Invalid("BYDAY: '\(text)' numbers its day from 1 to 5 or -1 to -5")
    }
    return WeekdayNumber(weekday: weekday, ordinal: ordinal)
  }
}

// MARK: - Writing

extension ScheduleRule {
  /// The rule as RFC 5545 writes it, its parts in the order `FREQ`, `INTERVAL` (when not 1),
  /// `BYDAY`, `BYMONTHDAY`, `COUNT`, `UNTIL` (a date, `20261231`), `WKST` (when the weeks it
  /// counts matter: a weekly rule of an interval over 1, or weeks not starting on Monday).
  /// A calendar file, whose `DTSTART` has a zone, writes `UNTIL` in UTC instead
  /// (``Schedule/rruleText``).
  public var rruleText: String { rrule(until: until.map { Self.basicDate($0) }) }

  func rrule(until: String?) -> String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if !byDay.isEmpty {
      parts.append(
        "BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + Self.rfcWeekdays[$0.weekday] }
          .joined(separator: ","))
    }
    if !byMonthDay.isEmpty {
      parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ","))
    }
    if let count { parts.append("COUNT=\(count)") }
    if let until { parts.append("UNTIL=\(until)") }
    if (frequency == .weekly && interval > 1) || weekStart != 1 {
      parts.append("WKST=\(Self.rfcWeekdays[weekStart])")
    }
    return parts.joined(separator: ";")
  }

  /// `20261231`.
  static func basicDate(_ day: CalendarDay) -> String {
    day.text.filter { $0 != "-" }
  }

  /// How the rule is stored: ``rruleText`` and its time, `FREQ=WEEKLY;BYDAY=MO at 09:30`.
  public var storedText: String { "\(rruleText) at \(time.text)" }

  /// The rule in its one normal form, for people: the shortest form ``init(parsing:)`` reads
  /// that says it (`weekdays 09:30`, `mon,thu 10:00`, `every 2 weeks on tue,thu 15:00`,
  /// `monthly on last fri 16:00`, `monthly on day 15 10:00`), else ``storedText``.
  public var text: String {
    let days = byDay.map { Self.weekdayNames[$0.weekday] }.joined(separator: ",")
    let plain = byDay.allSatisfy { $0.ordinal == nil }
    guard count == nil, until == nil, weekStart == 1 else { return storedText }
    switch frequency {
    case .daily where byDay.isEmpty && byMonthDay.isEmpty:
      return interval == 1 ? "daily \(time.text)" : "every \(interval) days \(time.text)"
    case .weekly where plain && byMonthDay.isEmpty && !byDay.isEmpty:
      let weekdays = Set(byDay.map(\.weekday))
      if interval > 1 { return "every \(interval) weeks on \(days) \(time.text)" }
      if weekdays.count == 7 { return "daily \(time.text)" }
      if weekdays == [1, 2, 3, 4, 5] { return "weekdays \(time.text)" }
      return "\(days) \(time.text)"
    case .monthly:
      let lead = interval == 1 ? "monthly on" : "every \(interval) months on"
      if byDay.isEmpty, byMonthDay.count == 1 {
        return "\(lead) day \(byMonthDay[0]) \(time.text)"
      }
      if byMonthDay.isEmpty, byDay.count == 1, let ordinal = byDay[0].ordinal,
        let word = Self.ordinalNames.first(where: { $0.ordinal == ordinal })?.word
      {
        return "\(lead) \(word) \(Self.weekdayNames[byDay[0].weekday]) \(time.text)"
      }
      return storedText
    default:
      return storedText
    }
  }

  /// The rule with its days named, counted from `first`, the first day of its schedule: a
  /// weekly rule without days meets on `first`'s weekday, a monthly one without days on its
  /// day of the month. Days named this way mean the same whichever day the schedule starts on,
  /// so a calendar file's `DTSTART` can be its first meeting.
  public func normalized(from first: CalendarDay) -> ScheduleRule {
    var rule = self
    switch frequency {
    case .weekly where byDay.isEmpty:
      rule.byDay = [WeekdayNumber(weekday: first.weekday)]
    case .monthly where byDay.isEmpty && byMonthDay.isEmpty:
      rule.byMonthDay = [first.fields.day]
    default:
      break
    }
    return rule
  }
}

// MARK: - Days

extension ScheduleRule {
  /// Whether the rule, counted from `first`, names `day` (``count`` aside: see
  /// ``Schedule/occurrences(from:to:includingSkipped:)``).
  public func names(_ day: CalendarDay, from first: CalendarDay) -> Bool {
    guard day >= first, until.map({ day <= $0 }) ?? true else { return false }
    let weekday = day.weekday
    switch frequency {
    case .daily:
      guard (day.daysSince1970 - first.daysSince1970) % interval == 0 else { return false }
      return (byDay.isEmpty || byDay.contains { $0.weekday == weekday })
        && (byMonthDay.isEmpty || namesDayOfMonth(day))
    case .weekly:
      let weeks = (weekStart(of: day) - weekStart(of: first)) / 7
      guard weeks % interval == 0 else { return false }
      return byDay.isEmpty ? weekday == first.weekday : byDay.contains { $0.weekday == weekday }
    case .monthly:
      let fields = day.fields, start = first.fields
      let months = (fields.year * 12 + fields.month) - (start.year * 12 + start.month)
      guard months % interval == 0 else { return false }
      if byDay.isEmpty && byMonthDay.isEmpty { return fields.day == start.day }
      let length = UTCSeconds.daysInMonth(fields.month, of: fields.year)
      let onWeekday =
        byDay.isEmpty
        || byDay.contains {
          guard $0.weekday == weekday else { return false }
          guard let ordinal = $0.ordinal else { return true }
          return ordinal > 0
            ? (fields.day - 1) / 7 + 1 == ordinal : (length - fields.day) / 7 + 1 == -ordinal
        }
      return onWeekday && (byMonthDay.isEmpty || namesDayOfMonth(day))
    }
  }

  private func namesDayOfMonth(_ day: CalendarDay) -> Bool {
    let fields = day.fields
    let length = UTCSeconds.daysInMonth(fields.month, of: fields.year)
    return byMonthDay.contains { $0 > 0 ? $0 == fields.day : length + 1 + $0 == fields.day }
  }

  /// The day that starts the week holding `day`, in days since 1970.
  private func weekStart(of day: CalendarDay) -> Int {
    day.daysSince1970 - (day.weekday - weekStart + 7) % 7
  }
}

extension CalendarDay {
  /// The day's year, month and day.
  var fields: UTCSeconds.Fields { UTCSeconds.fields(of: daysSince1970 * 86_400) }
}

/// The rule, stored as its ``ScheduleRule/storedText``.
extension ScheduleRule: StoredValue {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try ScheduleRule(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Rule '\(text)' cannot be read: \(error.message)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storedText)
  }

  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> ScheduleRule {
    guard let rule = try? ScheduleRule(parsing: try reader.readString()) else {
      throw UnsupportedByFastReader()
    }
    return rule
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(storedText)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(storedText) }
}

/// A wall-clock time of day, to the minute: `09:30`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int

  public init(hour: Int, minute: Int) {
    self.hour = hour
    self.minute = minute
  }

  /// Reads `9:30`, `09:30` or `14:00` (00:00 to 23:59).
  public init(parsing text: String) throws(ScheduleRule.Invalid) {
    let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
    guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
      pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(pieces[0]), let minute = Int(pieces[1]), hour < 24, minute < 60
    else { throw ScheduleRule.Invalid("'\(text)' is not a time such as 09:30 (00:00 to 23:59)") }
    self.init(hour: hour, minute: minute)
  }

  /// `09:30`.
  public var text: String {
    (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }

  public var description: String { text }

  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
  }
}
