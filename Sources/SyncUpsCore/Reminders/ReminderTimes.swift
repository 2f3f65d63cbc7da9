/// The days and the time of day a reminder's timer wakes up: at least every moment the reminder
/// is due, in the meeting's zone, as systemd's `OnCalendar=` and a crontab line write it. A rule
/// these cannot say exactly (every other week, the first Monday of a month in cron) wakes up on
/// more days than it is due, and `remind fire` stays silent on the days between.
///
/// ```swift
/// let times = ReminderTimes(
///   weekdays: [1, 3, 5], monthDays: .any, hour: 9, minute: 25, zone: "Europe/Berlin")
/// times.onCalendar  // "Mon,Wed,Fri *-*-* 09:25:00 Europe/Berlin"
/// times.cronFields  // "25 9 * * 1,3,5"
/// ```
public struct ReminderTimes: Equatable, Sendable {
  /// The days of the month it may wake on.
  public enum MonthDays: Equatable, Sendable {
    /// Any day.
    case any
    /// These days (1 to 31), in order.
    case days([Int])
    /// The days from `first` to `last` (1 to 31, `first` not after `last`).
    case range(Int, Int)
    /// The last `count` days of the month (1 to 7).
    case last(Int)
  }

  /// The days of the week it may wake on, 1 (Monday) to 7 (Sunday), in order; empty for any.
  public var weekdays: [Int]
  public var monthDays: MonthDays
  public var hour: Int
  public var minute: Int
  /// The IANA zone the days and the time are read in.
  public var zone: String

  public init(weekdays: [Int], monthDays: MonthDays, hour: Int, minute: Int, zone: String) {
    self.weekdays = weekdays
    self.monthDays = monthDays
    self.hour = hour
    self.minute = minute
    self.zone = zone
  }

  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// systemd's calendar event: `Mon,Wed *-*-* 09:25:00 Europe/Berlin`,
  /// `Fri *-*~07/1 16:00:00 UTC` (the last Friday of every month).
  public var onCalendar: String {
    let days: String
    switch monthDays {
    case .any: days = "*-*-*"
    case .days(let list): days = "*-*-" + list.map(Self.twoDigits).joined(separator: ",")
    case .range(let first, let last):
      days = "*-*-" + Self.twoDigits(first) + (first == last ? "" : ".." + Self.twoDigits(last))
    case .last(let count): days = "*-*~" + Self.twoDigits(count) + (count == 1 ? "" : "/1")
    }
    let weekdayList = weekdays.map { Self.weekdayNames[$0 - 1] }.joined(separator: ",")
    return (weekdays.isEmpty ? "" : weekdayList + " ") + days + " "
      + Self.twoDigits(hour) + ":" + Self.twoDigits(minute) + ":00 " + zone
  }

  /// The five time fields of a crontab line (minute, hour, day of month, month, day of week),
  /// read in the system's zone. cron wakes on a day that matches either the days of the month
  /// or the weekdays when both are given, so with weekdays only the weekdays are written.
  public var cronFields: String {
    let days: String
    switch (monthDays, weekdays.isEmpty) {
    case (.days(let list), true): days = list.map(String.init).joined(separator: ",")
    case (.range(let first, let last), true): days = first == last ? "\(first)" : "\(first)-\(last)"
    default: days = "*"
    }
    // cron counts Sunday as 0.
    let weekdayList = weekdays.map { String($0 % 7) }.joined(separator: ",")
    return "\(minute) \(hour) \(days) * \(weekdays.isEmpty ? "*" : weekdayList)"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
