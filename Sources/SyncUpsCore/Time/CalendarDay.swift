#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A day of the calendar, without a time or a time zone: what a written update is for and
/// when time away starts and ends. Stored as `"2026-11-25"`.
///
/// ```swift
/// let day = CalendarDay("2026-11-25")!
/// day.adding(days: 7).text                  // "2026-12-02"
/// CalendarDay(now, utcOffset: { _ in -36_000 }) // the day it is in Honolulu at `now`
/// ```
///
/// Days are counted as ``WorkingDays`` counts them: the local date of a moment is its date
/// `utcOffset(moment)` seconds east of UTC (the `utcOffset` dependency).
public struct CalendarDay: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let daysSince1970: Int

  /// The day `daysSince1970` days after 1970-01-01.
  public init(daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// The day of a date that exists in the Gregorian calendar (`nil` for 2026-02-30), years
  /// 1 to 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...UTCSeconds.daysInMonth(month, of: year)).contains(day)
    else { return nil }
    daysSince1970 =
      UTCSeconds.seconds(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
      / 86_400
  }

  /// The day `YYYY-MM-DD` names, or `nil` when the text is not exactly that or the day does
  /// not exist.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// The local date of `date`, `utcOffset(date)` seconds east of UTC.
  /// Every local day syncups counts is counted by this rule (``LocalCalendar/day(of:)``).
  public init(_ date: Date, utcOffset: (Date) -> Int) {
    let local = LocalCalendar.wholeSeconds(date) + utcOffset(date)
    daysSince1970 = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
  }

  /// The day `days` days later (earlier when negative).
  public func adding(days: Int) -> CalendarDay {
    CalendarDay(daysSince1970: daysSince1970 + days)
  }

  /// The day of the week: 0 (Sunday) to 6 (Saturday).
  public var weekday: Int { UTCSeconds.weekday(of: daysSince1970 * 86_400) }

  /// The day as stored and shown: `2026-11-25`.
  public var text: String {
    let fields = UTCSeconds.fields(of: daysSince1970 * 86_400)
    let year = String(fields.year)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return String(repeating: "0", count: max(4 - year.count, 0)) + year + "-"
      + twoDigits(fields.month) + "-" + twoDigits(fields.day)
  }

  public var description: String { text }

  /// `Wed 25 Nov 2026`: the day for people.
  public var longText: String {
    DateText.day(self) + " " + String(UTCSeconds.fields(of: daysSince1970 * 86_400).year)
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }
}

/// A day, as `YYYY-MM-DD`.
extension CalendarDay: StoredValue {
  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeText(as: { CalendarDay($0) }) {
      "Day '\($0)' is not a date such as 2026-11-25"
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> CalendarDay {
    guard let day = CalendarDay(try reader.readString()) else { throw UnsupportedByFastReader() }
    return day
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(text)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(text) }
}
