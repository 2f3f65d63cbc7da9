#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncUpsCore
import Testing

@Suite("A schedule's reminders")
struct ScheduleRemindersTests {
  static func schedule(
    _ rule: String, zone: String = "UTC", from: String = "2026-11-02", skips: [ScheduleSkip] = [],
    moves: [ScheduleMove] = []
  ) throws -> Schedule {
    Schedule(
      rule: try ScheduleRule(parsing: rule), zone: zone, from: CalendarDay(from)!, skips: skips,
      moves: moves)
  }

  @Test(arguments: [
    ("weekdays 09:30", 300, "Mon,Tue,Wed,Thu,Fri *-*-* 09:25:00 UTC", "25 9 * * 1,2,3,4,5"),
    ("daily 09:30", 0, "*-*-* 09:30:00 UTC", "30 9 * * *"),
    ("tue 15:00", 3600, "Tue *-*-* 14:00:00 UTC", "0 14 * * 2"),
    // Every other week wakes every week: remind fire stays silent in between.
    ("every 2 weeks on tue,thu 15:00", 300, "Tue,Thu *-*-* 14:55:00 UTC", "55 14 * * 2,4"),
    ("monthly on first mon 10:00", 300, "Mon *-*-01..07 09:55:00 UTC", "55 9 * * 1"),
    ("monthly on second wed 10:00", 300, "Wed *-*-08..14 09:55:00 UTC", "55 9 * * 3"),
    ("monthly on last fri 16:00", 300, "Fri *-*~07/1 15:55:00 UTC", "55 15 * * 5"),
    ("monthly on day 15 10:00", 300, "*-*-15 09:55:00 UTC", "55 9 15 * *"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1 at 10:00", 300, "*-*~01 09:55:00 UTC", "55 9 * * *"),
    // Past midnight: the days before.
    ("mon,sun 00:02", 300, "Sat,Sun *-*-* 23:57:00 UTC", "57 23 * * 6,0"),
    ("monthly on day 15 00:00", 300, "*-*-14 23:55:00 UTC", "55 23 14 * *"),
    ("monthly on first mon 00:00", 300, "Sun *-*-* 23:55:00 UTC", "55 23 * * 0"),
    ("daily 09:30", 86_400, "*-*-* 09:30:00 UTC", "30 9 * * *"),
  ])
  func wakesOnTheRulesDaysLessTheTimeBefore(
    _ rule: String, _ before: Int, _ onCalendar: String, _ cron: String
  ) throws {
    let times = try Self.schedule(rule).reminderTimes(before: before)
    #expect(times.onCalendar == onCalendar)
    #expect(times.cronFields == cron)
  }

  @Test func aWeeklyRuleWithoutDaysWakesOnTheFirstDaysWeekday() throws {
    // 2026-11-04 is a Wednesday.
    let times = try Self.schedule("FREQ=WEEKLY at 09:00", zone: "Europe/Berlin", from: "2026-11-04")
      .reminderTimes(before: 600)
    #expect(times.onCalendar == "Wed *-*-* 08:50:00 Europe/Berlin")
  }

  /// Monday 7 December 2026, 09:30 UTC.
  static let monday = Date(timeIntervalSince1970: 1_796_635_800)

  @Test func decidesFromTheMeetingsAroundTheWaking() throws {
    let weekdays = try Self.schedule("weekdays 09:30")
    let wake = Self.monday.addingTimeInterval(-300)
    #expect(
      weekdays.reminderDecision(now: wake, before: 300, isAway: { _ in false })
        .outcome == .remind(Self.monday))
    // On Sunday at that time there is no meeting.
    #expect(
      weekdays.reminderDecision(
        now: wake.addingTimeInterval(-86_400), before: 300, isAway: { _ in false }
      ).outcome == .silent(.noMeetingDue(nearest: Self.monday)))
    // Every other week: the week between wakes the timer, and it stays silent.
    let fortnightly = try Self.schedule("every 2 weeks on mon 09:30", from: "2026-11-30")
    #expect(
      fortnightly.reminderDecision(now: wake, before: 300, isAway: { _ in false })
        .outcome == .silent(.noMeetingDue(nearest: nil)))
    #expect(
      fortnightly.reminderDecision(
        now: wake.addingTimeInterval(7 * 86_400), before: 300, isAway: { _ in false }
      ).outcome == .remind(Self.monday.addingTimeInterval(7 * 86_400)))
  }

  @Test func silentOnASkippedDayAMovedMeetingAndADayAway() throws {
    let day = CalendarDay("2026-12-07")!
    let wake = Self.monday.addingTimeInterval(-300)
    let skipped = try Self.schedule("weekdays 09:30", skips: [ScheduleSkip(date: day, reason: "offsite")])
    #expect(
      skipped.reminderDecision(now: wake, before: 300, isAway: { _ in false })
        .outcome == .silent(.skipped(Self.monday)))
    let later = Self.monday.addingTimeInterval(3600)
    let moved = try Self.schedule("weekdays 09:30", moves: [ScheduleMove(date: day, to: later)])
    #expect(
      moved.reminderDecision(now: wake, before: 300, isAway: { _ in false })
        .outcome == .silent(.moved(from: Self.monday, to: later)))
    let weekdays = try Self.schedule("weekdays 09:30")
    #expect(
      weekdays.reminderDecision(now: wake, before: 300, isAway: { $0 == day })
        .outcome == .silent(.away(Self.monday)))
    // Away is counted in the meeting's days, in its zone: 07:00 on Monday in Tokyo is still
    // Sunday in UTC.
    let tokyo = try Self.schedule("weekdays 07:00", zone: "Asia/Tokyo")
    let sundayInUTC = Date(timeIntervalSince1970: 1_796_594_400)
    #expect(
      tokyo.reminderDecision(now: sundayInUTC.addingTimeInterval(-300), before: 300, isAway: { $0 == day })
        .outcome == .silent(.away(sundayInUTC)))
  }
}

@Suite("Sync-up calendar")
struct SyncUpCalendarTests {
  @Test func theUIDIsTheIDInLowerCase() {
    #expect(
      SyncUpCalendar.uid(of: UUID(uuidString: "5E6B1A52-3C0D-4F7E-9A61-0C1D2E3F4A5B")!)
        == "5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b@syncups")
  }

  @Test func aSkipOfADayTheRuleDoesNotNameIsLeftOut() throws {
    let schedule = Schedule(
      rule: try ScheduleRule(parsing: "mon 09:30"), zone: "UTC", from: CalendarDay("2026-11-02")!,
      skips: [ScheduleSkip(date: CalendarDay("2026-11-03")!), ScheduleSkip(date: CalendarDay("2026-11-09")!)],
      revision: 4)
    var syncUp = SyncUp(id: UUID(), title: "Eng")
    syncUp.schedule = schedule
    let text = SyncUpCalendar.text(of: [syncUp, SyncUp(id: UUID(), title: "Unscheduled")])
    #expect(text.contains("\r\nEXDATE;TZID=UTC:20261109T093000\r\n"))
    #expect(!text.contains("Unscheduled"))
    #expect(text.contains("\r\nSEQUENCE:4\r\n"))
    #expect(text.contains("\r\nDTSTART;TZID=UTC:20261102T093000\r\n"))
    // Ten years of UTC: one observance.
    #expect(text.components(separatedBy: "BEGIN:STANDARD").count == 2)
  }
}
