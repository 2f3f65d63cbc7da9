#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// The local calendar every local date is counted in, on offsets given here: fixed ones, and
/// two zones' daylight saving changes of 2026 written out as offset functions.
@Suite("Local calendar")
struct LocalCalendarTests {
  static let moment = WorkWindowTests.moment
  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

  /// Berlin in 2026: +1, +2 from 29 March 01:00 UTC, +1 again from 25 October 01:00 UTC.
  static var berlin: LocalCalendar {
    LocalCalendar { date in
      date >= moment("2026-03-29T01:00:00Z") && date < moment("2026-10-25T01:00:00Z")
        ? 7200 : 3600
    }
  }
  /// New York in 2026: −5, −4 from 8 March 07:00 UTC, −5 again from 1 November 06:00 UTC.
  static var newYork: LocalCalendar {
    LocalCalendar { date in
      date >= moment("2026-03-08T07:00:00Z") && date < moment("2026-11-01T06:00:00Z")
        ? -4 * 3600 : -5 * 3600
    }
  }

  @Test func aMomentFallsOnTheLocalDayOfItsOffset() {
    let honolulu = LocalCalendar { _ in -10 * 3600 }
    let tokyo = LocalCalendar { _ in 9 * 3600 }
    #expect(honolulu.day(of: Self.moment("2026-11-25T09:59:59Z")) == Self.day("2026-11-24"))
    #expect(honolulu.day(of: Self.moment("2026-11-25T10:00:00Z")) == Self.day("2026-11-25"))
    #expect(tokyo.day(of: Self.moment("2026-11-25T14:59:59Z")) == Self.day("2026-11-25"))
    #expect(tokyo.day(of: Self.moment("2026-11-25T15:00:00Z")) == Self.day("2026-11-26"))
    // Before 1970 too.
    #expect(tokyo.day(of: Self.moment("1969-12-31T14:00:00Z")) == Self.day("1969-12-31"))
    #expect(tokyo.fields(of: Self.moment("2026-11-25T15:04:05Z")).hour == 0)
    #expect(tokyo.fields(of: Self.moment("2026-11-25T15:04:05Z")).minute == 4)
  }

  @Test func localMidnightAndWallClockTimes() {
    let honolulu = LocalCalendar { _ in -10 * 3600 }
    #expect(honolulu.midnight(of: Self.day("2026-11-25")) == Self.moment("2026-11-25T10:00:00Z"))
    #expect(
      honolulu.date(on: Self.day("2026-11-25"), hour: 9, minute: 30)
        == Self.moment("2026-11-25T19:30:00Z"))
    // Past its range a field carries into the next: hour 24 is the next day's midnight.
    #expect(
      honolulu.date(on: Self.day("2026-11-25"), hour: 24) == Self.moment("2026-11-26T10:00:00Z"))
    // Each side of a change, the offset in force then.
    #expect(Self.berlin.midnight(of: Self.day("2026-03-29")) == Self.moment("2026-03-28T23:00:00Z"))
    #expect(Self.berlin.midnight(of: Self.day("2026-03-30")) == Self.moment("2026-03-29T22:00:00Z"))
    #expect(Self.newYork.midnight(of: Self.day("2026-11-01")) == Self.moment("2026-11-01T04:00:00Z"))
    #expect(Self.newYork.midnight(of: Self.day("2026-11-02")) == Self.moment("2026-11-02T05:00:00Z"))
  }

  @Test func aSkippedTimeIsReadWithTheOffsetBeforeTheChange() {
    // 02:30 does not happen on those nights: 02:30 by the offset before is 03:30 on the clock.
    let berlin = Self.berlin.date(on: Self.day("2026-03-29"), hour: 2, minute: 30)
    #expect(berlin == Self.moment("2026-03-29T01:30:00Z"))
    #expect(Self.berlin.fields(of: berlin).hour == 3)
    let newYork = Self.newYork.date(on: Self.day("2026-03-08"), hour: 2, minute: 30)
    #expect(newYork == Self.moment("2026-03-08T07:30:00Z"))
    #expect(Self.newYork.fields(of: newYork).hour == 3)
  }

  @Test func aRepeatedTimeIsTheLaterOfTheTwo() {
    // 02:30 happens twice in Berlin on 25 October (00:30 and 01:30 UTC), 01:30 twice in New
    // York on 1 November (05:30 and 06:30 UTC).
    #expect(
      Self.berlin.date(on: Self.day("2026-10-25"), hour: 2, minute: 30)
        == Self.moment("2026-10-25T01:30:00Z"))
    #expect(
      Self.newYork.date(on: Self.day("2026-11-01"), hour: 1, minute: 30)
        == Self.moment("2026-11-01T06:30:00Z"))
    // Once either side of the change, a time is the moment it names.
    #expect(
      Self.berlin.date(on: Self.day("2026-10-25"), hour: 4) == Self.moment("2026-10-25T03:00:00Z"))
    #expect(
      Self.berlin.date(on: Self.day("2026-10-25"), hour: 1) == Self.moment("2026-10-24T23:00:00Z"))
  }

  @Test func monthsBackKeepTheClockAndCarryPastAShortMonth() {
    let utc = LocalCalendar { _ in 0 }
    #expect(
      utc.date(months: 1, before: Self.moment("2026-03-31T10:15:00Z"))
        == Self.moment("2026-03-03T10:15:00Z"))
    #expect(
      utc.date(months: 3, before: Self.moment("2026-02-15T08:00:00Z"))
        == Self.moment("2025-11-15T08:00:00Z"))
    #expect(
      utc.date(months: 14, before: Self.moment("2026-01-10T00:00:00Z"))
        == Self.moment("2024-11-10T00:00:00Z"))
    // Across a change the wall clock stays: 09:00 in Berlin in April is 09:00 in March.
    #expect(
      Self.berlin.date(months: 1, before: Self.moment("2026-04-15T07:00:00Z"))
        == Self.moment("2026-03-15T08:00:00Z"))
  }

  @Test func thePreviousWorkingDay() {
    let utc = LocalCalendar { _ in 0 }
    let weekdays = WorkingDays.mondayToFriday
    // 2026-11-23 is a Monday.
    #expect(utc.previousWorkingDay(before: Self.day("2026-11-23"), in: weekdays) == Self.day("2026-11-20"))
    #expect(utc.previousWorkingDay(before: Self.day("2026-11-24"), in: weekdays) == Self.day("2026-11-23"))
    #expect(
      utc.previousWorkingDay(before: Self.day("2026-11-22"), in: WorkingDays(rawValue: "sun-thu")!)
        == Self.day("2026-11-19"))
    #expect(
      utc.previousWorkingDay(before: Self.day("2026-11-23"), in: WorkingDays(rawValue: "mon")!)
        == Self.day("2026-11-16"))
  }

  @Test func workingDaysBetweenTwoMomentsCountLocalDays() {
    let honolulu = LocalCalendar { _ in -10 * 3600 }
    // Friday 20 Nov 09:00 to Monday 23 Nov 09:00 in Honolulu: one working day.
    #expect(
      honolulu.workingDays(
        .mondayToFriday, from: Self.moment("2026-11-20T19:00:00Z"),
        to: Self.moment("2026-11-23T19:00:00Z")) == 1)
    // The same moments in UTC are Friday 19:00 and Monday 19:00: one as well; Tuesday 05:00
    // UTC is still Monday in Honolulu.
    #expect(
      honolulu.workingDays(
        .mondayToFriday, from: Self.moment("2026-11-20T19:00:00Z"),
        to: Self.moment("2026-11-24T05:00:00Z")) == 1)
    #expect(
      WorkingDays.mondayToFriday.days(after: Self.day("2026-11-20"), through: Self.day("2026-12-04"))
        == 10)
    #expect(
      WorkingDays.mondayToFriday.days(after: Self.day("2026-11-20"), through: Self.day("2026-11-19"))
        == 0)
  }

  @Test func todayIsTheDependenciesLocalDay() {
    withDependencies {
      $0.date = .constant(Self.moment("2026-11-25T09:00:00Z"))
      $0.utcOffset = { _ in -10 * 3600 }
    } operation: {
      #expect(LocalCalendar.current.today == Self.day("2026-11-24"))
    }
  }
}
