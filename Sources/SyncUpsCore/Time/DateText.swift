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

/// Dates as text: meeting dates for people, and ISO 8601 for JSON and messages. Calendar
/// fields come from ``UTCSeconds``, without Foundation's calendars, so formatting costs
/// nothing at start-up.
///
/// ```swift
/// let date = Date(timeIntervalSince1970: 1_770_628_500)
/// DateText.meeting(date, utcOffset: 0)     // "Mon 9 Feb 2026, 09:15"
/// DateText.meeting(date, utcOffset: 3600)  // "Mon 9 Feb 2026, 10:15"
/// DateText.iso8601(date)                   // "2026-02-09T09:15:00Z"
/// ```
public enum DateText {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A meeting's date and time, `utcOffset` seconds east of UTC: weekday, day, month, year,
  /// then 24-hour time — `"Mon 9 Feb 2026, 09:15"`. Seconds are not shown.
  public static func meeting(_ date: Date, utcOffset: Int) -> String {
    let seconds = wholeSeconds(date) + utcOffset
    let time = UTCSeconds.fields(of: seconds)
    let weekday = weekdays[UTCSeconds.weekday(of: seconds)]
    return "\(weekday) \(time.day) \(months[time.month - 1]) \(time.year), "
      + Self.time(date, utcOffset: utcOffset)
  }

  /// The 24-hour time of day of `date`, `utcOffset` seconds east of UTC: `"09:15"`.
  public static func time(_ date: Date, utcOffset: Int) -> String {
    let time = UTCSeconds.fields(of: wholeSeconds(date) + utcOffset)
    return twoDigits(time.hour) + ":" + twoDigits(time.minute)
  }

  /// A time of day, `utcOffset` seconds east of UTC, on the 24-hour clock: `"09:45"`.
  public static func timeOfDay(_ date: Date, utcOffset: Int) -> String {
    let time = UTCSeconds.fields(of: wholeSeconds(date) + utcOffset)
    return twoDigits(time.hour) + ":" + twoDigits(time.minute)
  }

  /// A calendar day for people: weekday, day and month — `"Fri 27 Nov"`.
  public static func day(_ day: CalendarDay) -> String {
    let time = UTCSeconds.fields(of: day.daysSince1970 * 86_400)
    return "\(weekdays[day.weekday]) \(time.day) \(months[time.month - 1])"
  }

  /// A date in ISO 8601 at `utcOffset` seconds east of UTC, whole seconds, with that offset:
  /// `"2026-01-31T10:15:00+01:00"` (`+00:00` for UTC).
  public static func iso8601(_ date: Date, utcOffset: Int) -> String {
    let time = UTCSeconds.fields(of: wholeSeconds(date) + utcOffset)
    let year = String(time.year)
    return String(repeating: "0", count: max(4 - year.count, 0)) + year + "-"
      + twoDigits(time.month) + "-" + twoDigits(time.day) + "T" + twoDigits(time.hour) + ":"
      + twoDigits(time.minute) + ":" + twoDigits(time.second) + Self.utcOffset(utcOffset)
  }

  /// An offset from UTC in seconds as ISO 8601 writes it: `+01:00`, `+05:30`, `-04:00`.
  public static func utcOffset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
  }

  /// A date in ISO 8601, UTC, whole seconds: `"2026-01-31T09:15:00Z"`.
  public static func iso8601(_ date: Date) -> String {
    let time = UTCSeconds.fields(of: wholeSeconds(date))
    let year = String(time.year)
    return String(repeating: "0", count: max(4 - year.count, 0)) + year + "-"
      + twoDigits(time.month) + "-" + twoDigits(time.day) + "T" + twoDigits(time.hour) + ":"
      + twoDigits(time.minute) + ":" + twoDigits(time.second) + "Z"
  }

  /// Appends ``iso8601(_:)`` of `date` to `bytes` as UTF-8, without building a string (for
  /// JSON output of many meetings).
  public static func appendISO8601(_ date: Date, to bytes: inout [UInt8]) {
    let time = UTCSeconds.fields(of: wholeSeconds(date))
    guard (0...9999).contains(time.year) else {
      bytes.append(contentsOf: iso8601(date).utf8)
      return
    }
    func digits(_ value: Int, count: Int, then separator: UInt8) {
      var divisor = count == 4 ? 1000 : 10
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
      bytes.append(separator)
    }
    digits(time.year, count: 4, then: UInt8(ascii: "-"))
    digits(time.month, count: 2, then: UInt8(ascii: "-"))
    digits(time.day, count: 2, then: UInt8(ascii: "T"))
    digits(time.hour, count: 2, then: UInt8(ascii: ":"))
    digits(time.minute, count: 2, then: UInt8(ascii: ":"))
    digits(time.second, count: 2, then: UInt8(ascii: "Z"))
  }

  /// The local time zone's offset from UTC at `date`, in seconds east (from `localtime_r`, so
  /// `TZ` and daylight saving time are honoured); 0 if the time cannot be converted.
  public static func localUTCOffset(at date: Date) -> Int {
    var seconds = time_t(wholeSeconds(date))
    var fields = tm()
    guard localtime_r(&seconds, &fields) != nil else { return 0 }
    return Int(fields.tm_gmtoff)
  }

  /// The date's seconds since 1970, rounded down (fractions of a second are dropped) and kept
  /// within ±10¹² seconds (about ±31,000 years) so that nothing overflows.
  private static func wholeSeconds(_ date: Date) -> Int {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite else { return 0 }
    return Int(min(max(seconds, -1e12), 1e12))
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
