/// A moment broken into calendar fields (proleptic Gregorian calendar), computed from seconds
/// since 1970 without Foundation's calendars, so formatting costs nothing at start-up.
///
/// ```swift
/// let time = CivilTime(secondsSince1970: 1_770_628_500)  // 2026-02-09 09:15:00 UTC
/// time.year     // 2026
/// time.weekday  // 1 (Monday; Sunday is 0)
/// ```
struct CivilTime: Sendable, Equatable {
  /// The year, e.g. 2026.
  var year: Int
  /// The month, 1 (January) to 12.
  var month: Int
  /// The day of the month, from 1.
  var day: Int
  /// The day of the week, 0 (Sunday) to 6 (Saturday).
  var weekday: Int
  /// The hour, 0 to 23.
  var hour: Int
  /// The minute, 0 to 59.
  var minute: Int
  /// The second, 0 to 59.
  var second: Int

  /// The fields of the moment `seconds` after 1970-01-01 00:00:00 (negative before it).
  init(secondsSince1970 seconds: Int) {
    let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
    hour = secondOfDay / 3600
    minute = secondOfDay / 60 % 60
    second = secondOfDay % 60
    weekday = (Self.floorDivision(days + 4, 7)).remainder  // 1970-01-01 was a Thursday.

    // Howard Hinnant's days-to-civil algorithm, with eras of 400 years starting in March.
    let shifted = days + 719_468
    let era = Self.floorDivision(shifted, 146_097).quotient
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let marchMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
    month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Division rounding toward negative infinity, with a remainder that is never negative.
  private static func floorDivision(_ value: Int, _ divisor: Int) -> (
    quotient: Int, remainder: Int
  ) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
  }
}
