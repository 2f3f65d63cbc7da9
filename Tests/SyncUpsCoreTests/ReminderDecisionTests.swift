#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncUpsCore
import Testing

@Suite("Reminder times")
struct ReminderTimesTests {
  @Test func weekdaysAtATime() {
    let times = ReminderTimes(
      weekdays: [1, 3, 5], monthDays: .any, hour: 9, minute: 25, zone: "Europe/Berlin")
    #expect(times.onCalendar == "Mon,Wed,Fri *-*-* 09:25:00 Europe/Berlin")
    #expect(times.cronFields == "25 9 * * 1,3,5")
  }

  @Test func daysOfTheMonth() {
    let fifteenth = ReminderTimes(
      weekdays: [], monthDays: .days([15]), hour: 9, minute: 55, zone: "UTC")
    #expect(fifteenth.onCalendar == "*-*-15 09:55:00 UTC")
    #expect(fifteenth.cronFields == "55 9 15 * *")
    let firstMonday = ReminderTimes(
      weekdays: [1], monthDays: .range(1, 7), hour: 9, minute: 55, zone: "America/New_York")
    #expect(firstMonday.onCalendar == "Mon *-*-01..07 09:55:00 America/New_York")
    // cron would wake on days 1 to 7 and on every Monday: only the Mondays.
    #expect(firstMonday.cronFields == "55 9 * * 1")
    let lastFriday = ReminderTimes(
      weekdays: [5], monthDays: .last(7), hour: 15, minute: 55, zone: "UTC")
    #expect(lastFriday.onCalendar == "Fri *-*~07/1 15:55:00 UTC")
    let lastDay = ReminderTimes(weekdays: [], monthDays: .last(1), hour: 8, minute: 0, zone: "UTC")
    #expect(lastDay.onCalendar == "*-*~01 08:00:00 UTC")
    #expect(lastDay.cronFields == "0 8 * * *")
  }

  @Test func sundayIsZeroForCron() {
    let times = ReminderTimes(weekdays: [6, 7], monthDays: .any, hour: 0, minute: 5, zone: "UTC")
    #expect(times.onCalendar == "Sat,Sun *-*-* 00:05:00 UTC")
    #expect(times.cronFields == "5 0 * * 6,0")
  }
}

@Suite("Reminder decision")
struct ReminderDecisionTests {
  /// Wednesday 2 June 2027, 07:30 UTC, and five minutes before.
  static let meeting = Date(timeIntervalSince1970: 1_811_921_400)
  static let wake = Date(timeIntervalSince1970: 1_811_921_100)
  static let week: TimeInterval = 7 * 86_400
  static let utcDay: @Sendable (Date) -> CalendarDay = { CalendarDay($0, utcOffset: { _ in 0 }) }

  static func decide(
    at now: Date, _ planned: [ReminderDecision.Planned], away: Set<String> = []
  ) -> ReminderDecision.Outcome {
    ReminderDecision(
      now: now, before: 300, planned: planned, isAway: { away.contains($0.text) },
      day: utcDay
    ).outcome
  }

  static let weekly: [ReminderDecision.Planned] = [
    .init(start: meeting - week, state: .held), .init(start: meeting, state: .held),
    .init(start: meeting + week, state: .held),
  ]

  @Test func remindsOfTheMeetingDue() {
    #expect(Self.decide(at: Self.wake, Self.weekly) == .remind(Self.meeting))
    // Late by up to ten minutes, still.
    #expect(Self.decide(at: Self.wake + 600, Self.weekly) == .remind(Self.meeting))
  }

  @Test func silentWhenItWakesMoreThanTenMinutesOff() {
    #expect(
      Self.decide(at: Self.wake + 601, Self.weekly)
        == .silent(.noMeetingDue(nearest: Self.meeting)))
    #expect(
      Self.decide(at: Self.wake - 3 * 86_400, Self.weekly)
        == .silent(.noMeetingDue(nearest: Self.meeting)))
    #expect(Self.decide(at: Self.wake, []) == .silent(.noMeetingDue(nearest: nil)))
  }

  @Test func silentOnASkippedDayAndForAMovedMeeting() {
    var planned = Self.weekly
    planned[1].state = .skipped
    #expect(Self.decide(at: Self.wake, planned) == .silent(.skipped(Self.meeting)))
    planned[1].state = .moved(Self.meeting + 86_400)
    #expect(
      Self.decide(at: Self.wake, planned)
        == .silent(.moved(from: Self.meeting, to: Self.meeting + 86_400)))
  }

  @Test func silentWhenTheUserIsAwayThatDay() {
    #expect(
      Self.decide(at: Self.wake, Self.weekly, away: ["2027-06-02"]) == .silent(.away(Self.meeting)))
    #expect(Self.decide(at: Self.wake, Self.weekly, away: ["2027-06-03"]) == .remind(Self.meeting))
  }
}
