#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stretch of time a work card covers: commits made from ``since`` (by their commit
/// date, as `git log --since` picks them) up to ``until``, or up to now.
///
/// ```swift
/// // Monday 09:00, no meeting yet, Monday to Friday: from Friday's local midnight.
/// WorkWindow.before(monday9am, previousMeeting: nil, workingDays: .mondayToFriday,
///                   utcOffset: { _ in 0 }).since                    // Friday 00:00
/// // After a meeting on Thursday at 09:30: from then.
/// WorkWindow.before(monday9am, previousMeeting: thursday930, …).since  // Thursday 09:30
/// ```
public struct WorkWindow: Equatable, Sendable {
  /// The first moment the window holds.
  public var since: Date
  /// The moment it ends, not included; `nil`: now.
  public var until: Date?

  public init(since: Date, until: Date? = nil) {
    self.since = since
    self.until = until
  }

  /// The window of a meeting at `now`: since the sync-up's previous meeting when it had one,
  /// else since the start of the previous working day (``startOfPreviousWorkingDay(before:workingDays:utcOffset:)``).
  public static func before(
    _ now: Date, previousMeeting: Date?, workingDays: WorkingDays,
    utcOffset: (Date) -> Int
  ) -> WorkWindow {
    WorkWindow(
      since: previousMeeting
        ?? startOfPreviousWorkingDay(before: now, workingDays: workingDays, utcOffset: utcOffset))
  }

  /// The window of a meeting of `syncUp` at `date` (one in progress, or a past one): since the
  /// latest of its meetings before `date`, else since the previous working day; a past
  /// meeting's window ends at that meeting (`until`).
  public static func of(
    meetingAt date: Date, in syncUp: SyncUp, isPast: Bool, workingDays: WorkingDays,
    utcOffset: (Date) -> Int
  ) -> WorkWindow {
    let previous = syncUp.meetings.elements.lazy.map(\.date).filter { $0 < date }.max()
    var window = before(
      date, previousMeeting: previous, workingDays: workingDays, utcOffset: utcOffset)
    if isPast { window.until = date }
    return window
  }

  /// Local midnight, `utcOffset(date)` seconds east of UTC, of the last working day before
  /// the local date of `now`: on a Monday, Friday's with ``WorkingDays/mondayToFriday``; on a
  /// Sunday, Thursday's with `sun-thu`. Looks back at most a week (the same weekday, when it
  /// is the only day worked).
  public static func startOfPreviousWorkingDay(
    before now: Date, workingDays: WorkingDays, utcOffset: (Date) -> Int
  ) -> Date {
    withoutActuallyEscaping(utcOffset) { utcOffset in
      let calendar = LocalCalendar(utcOffset: utcOffset)
      return calendar.midnight(
        of: calendar.previousWorkingDay(before: calendar.day(of: now), in: workingDays))
    }
  }
}
