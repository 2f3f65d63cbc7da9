/// Whole seconds since 1970 in UTC, converted to and from calendar fields of the proleptic
/// Gregorian calendar with integer arithmetic only: for the fast codec of ``SyncUpsFile``, and
/// for formatting dates without Foundation's calendars.
///
/// ```swift
/// UTCSeconds.fields(of: 1_234_567_890)  // 2009-02-13 23:31:30
/// UTCSeconds.seconds(year: 2009, month: 2, day: 13, hour: 23, minute: 31, second: 30)
/// // 1_234_567_890
/// ```
///
/// Foundation's Gregorian calendar switches to the Julian calendar before 1582-10-15, so the
/// codec only uses these conversions for ``supportedRange`` and leaves other dates to Foundation.
public enum UTCSeconds {
  /// Calendar fields of a moment in UTC.
  public struct Fields: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
  }

  /// Seconds from 1970 to 2001-01-01 00:00:00 UTC, Foundation's reference date.
  static let referenceDateOffset = 978_307_200

  /// The seconds since 1970 whose calendar fields agree with Foundation's: from
  /// 1582-10-15 00:00:00 (the first day of the Gregorian calendar) to the end of year 9999.
  static let supportedRange = -12_219_292_800 ... 253_402_300_799

  /// The days in `month` (1 to 12) of `year`, in the Gregorian calendar.
  public static func daysInMonth(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeap ? 29 : 28
    case 4, 6, 9, 11:
      return 30
    default:
      return 31
    }
  }

  /// The seconds since 1970 of a moment given by valid calendar fields.
  public static func seconds(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> Int {
    // Years counted from March, so that the leap day ends the year; eras of 400 years.
    let marchYear = month <= 2 ? year - 1 : year
    let era = floorDivision(marchYear, 400).quotient
    let yearOfEra = marchYear - era * 400
    let marchMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// The calendar fields of the moment `seconds` after 1970 (negative before it).
  public static func fields(of seconds: Int) -> Fields {
    let (days, secondOfDay) = floorDivision(seconds, 86_400)
    let shifted = days + 719_468
    let era = floorDivision(shifted, 146_097).quotient
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let marchMonth = (5 * dayOfYear + 2) / 153
    let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
    return Fields(
      year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
      month: month,
      day: dayOfYear - (153 * marchMonth + 2) / 5 + 1,
      hour: secondOfDay / 3600,
      minute: secondOfDay / 60 % 60,
      second: secondOfDay % 60
    )
  }

  /// The day of the week of the moment `seconds` after 1970: 0 (Sunday) to 6 (Saturday).
  public static func weekday(of seconds: Int) -> Int {
    let days = floorDivision(seconds, 86_400).quotient
    return floorDivision(days + 4, 7).remainder  // 1970-01-01 was a Thursday.
  }

  /// Division rounding toward negative infinity, with a remainder that is never negative.
  private static func floorDivision(_ value: Int, _ divisor: Int) -> (
    quotient: Int, remainder: Int
  ) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
  }
}
