#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState

/// The user's calendar: which local day a moment falls on, when a local day starts, the moment
/// a local wall-clock time names, weekdays and working days. Every local date syncups counts
/// (an item's age, today's update, time away, a work card's window, `--since yesterday`) is
/// counted here, from one function: how far east of UTC local time is at a moment (the
/// `utcOffset` dependency: the C library's local time, which honours `TZ` and daylight saving
/// time; UTC in tests).
///
/// ```swift
/// let calendar = LocalCalendar(utcOffset: { _ in -10 * 3600 })  // Honolulu
/// calendar.day(of: now)                                  // the day it is there
/// calendar.midnight(of: CalendarDay("2026-11-25")!)      // 2026-11-25T10:00:00Z
/// calendar.date(on: day, hour: 9, minute: 30)            // 09:30 there
/// LocalCalendar.current.today                            // from the dependencies
/// ```
///
/// A wall-clock time that happens once is that moment. One that falls in the hour a clock skips
/// when daylight saving time starts is read with the offset in force before the change (02:30
/// on a night clocks go from 02:00 to 03:00 is 03:30 on the new clock, as `mktime` has it);
/// one that happens twice when it ends is the later of the two.
public struct LocalCalendar {
  /// How far east of UTC local time is at a moment, in seconds.
  public let utcOffset: (Date) -> Int

  public init(utcOffset: @escaping (Date) -> Int) {
    self.utcOffset = utcOffset
  }

  /// The calendar of a named zone (`Europe/Berlin`): its offsets, daylight saving time
  /// included, from the system's zone data. What a sync-up's schedule is counted in, whatever
  /// the user's own zone.
  ///
  /// ```swift
  /// let berlin = LocalCalendar(zone: ZoneRules.named("Europe/Berlin")!)
  /// berlin.date(on: CalendarDay("2026-03-29")!, hour: 2, minute: 30)  // 01:30Z: 03:30 there
  /// ```
  public init(zone: ZoneRules) {
    utcOffset = { zone.offset(at: $0) }
  }

  /// Which moment a wall-clock time that happens twice (when clocks go back) names.
  public enum RepeatedTime: Sendable {
    /// The first time the clock shows it, on the offset before the change.
    case earlier
    /// The second time, on the offset after the change.
    case later
  }

  /// The calendar of the `utcOffset` dependency.
  public static var current: LocalCalendar {
    @Dependency(\.utcOffset) var utcOffset
    return LocalCalendar(utcOffset: utcOffset)
  }

  /// Today: the local day of the `date` dependency's now.
  public var today: CalendarDay {
    @Dependency(\.date.now) var now
    return day(of: now)
  }

  /// The local day `date` falls on (``CalendarDay/init(_:utcOffset:)``).
  public func day(of date: Date) -> CalendarDay {
    CalendarDay(date, utcOffset: utcOffset)
  }

  /// The local wall-clock fields of `date`: its local day's year, month and day, and the hour,
  /// minute and second on the clock.
  public func fields(of date: Date) -> UTCSeconds.Fields {
    UTCSeconds.fields(of: Self.wholeSeconds(date) + utcOffset(date))
  }

  /// The moment `day` starts: local midnight.
  public func midnight(of day: CalendarDay) -> Date {
    date(on: day)
  }

  /// The moment the local wall clock shows `hour:minute:second` on `day` (see the type's notes
  /// for the times daylight saving time skips or repeats). Fields past their range carry into
  /// the next (`hour: 24` is the next day's midnight). `repeated` says which of the two
  /// moments a time that happens twice names: the later by default, the earlier for a
  /// schedule's meeting.
  public func date(
    on day: CalendarDay, hour: Int = 0, minute: Int = 0, second: Int = 0,
    repeated: RepeatedTime = .later
  ) -> Date {
    let wall = day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
    func offset(_ seconds: Int) -> Int { utcOffset(Date(timeIntervalSince1970: Double(seconds))) }
    // The offsets a day either side: before and after any change near the time.
    let before = wall - offset(wall - 86_400), after = wall - offset(wall + 86_400)
    let shows = { (moment: Int) in moment + offset(moment) == wall }
    let moment =
      switch (shows(before), shows(after)) {
      case (true, true): repeated == .later ? max(before, after) : min(before, after)
      case (false, true): after
      default: before
      }
    return Date(timeIntervalSince1970: Double(moment))
  }

  /// The moment `months` calendar months before `date`, at the same wall-clock time: a month
  /// before January is in the year before, and a day past the end of a shorter month carries
  /// into the next (31 March less a month is 3 March), as git reads `1.month.ago`.
  public func date(months: Int, before date: Date) -> Date {
    let now = fields(of: date)
    let month = now.year * 12 + (now.month - 1) - months
    let year = month >= 0 ? month / 12 : (month - 11) / 12
    let first = CalendarDay(year: year, month: month - year * 12 + 1, day: 1)
    // A year outside 1–9999 has no calendar day: keep the moment as it was.
    guard let first else { return date }
    return self.date(
      on: first.adding(days: now.day - 1), hour: now.hour, minute: now.minute,
      second: now.second)
  }

  /// The last working day before `day`: on a Monday, the Friday before with
  /// ``WorkingDays/mondayToFriday``; on a Sunday, Thursday with `sun-thu`. Looks back at most a
  /// week (the same weekday, when it is the only day worked).
  public func previousWorkingDay(before day: CalendarDay, in workingDays: WorkingDays)
    -> CalendarDay
  {
    var previous = day.adding(days: -1)
    while !workingDays.weekdays.contains(previous.weekday)
      && previous > day.adding(days: -7)
    {
      previous = previous.adding(days: -1)
    }
    return previous
  }

  /// How many working days lie after the local day of `start` up to and including the local
  /// day of `end` (``WorkingDays/days(after:through:)``): an item's age.
  public func workingDays(_ workingDays: WorkingDays, from start: Date, to end: Date) -> Int {
    workingDays.days(after: day(of: start), through: day(of: end))
  }

  /// The date's seconds since 1970, rounded down, kept within ±10¹² seconds (about ±31,000
  /// years) so that nothing overflows; 0 for one that is not finite.
  static func wholeSeconds(_ date: Date) -> Int {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    return seconds.isFinite ? Int(min(max(seconds, -1e12), 1e12)) : 0
  }
}
