import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// The one grammar of every date option (``DateArgument``): what it reads, and the day or the
/// moment each form means.
@Suite("Date options")
struct DateArgumentTests {
  @Test func sinceTakesADayOrATimeBeforeNow() {
    #expect(DateArgument(parsing: "2026-11-01") == .day(year: 2026, month: 11, day: 1))
    #expect(DateArgument(parsing: "2024-02-29") == .day(year: 2024, month: 2, day: 29))
    #expect(DateArgument(parsing: "12h") == .ago(seconds: 43_200))
    #expect(DateArgument(parsing: "7d") == .ago(seconds: 604_800))
    #expect(DateArgument(parsing: "4w") == .ago(seconds: 2_419_200))
    for bad in [
      "", "d", "0d", "-1d", "+1d", "1.5d", "3y", "2026-13-01", "2026-02-29",
      "2026-1-01", "26-11-01", "2026/11/01", "99999999999999999w", "ago", "2 weeks hence",
      "2026-11-24T24:00", "2026-11-24T10", "2026-11-24T10:00+25:00",
      "2026-11-24X10:00", "2026-11-24T10:00:60", "2026-11-24T10:00Q", "0 months ago",
      "months ago", "3 months 2 days ago", "-1 month",
    ] {
      #expect(DateArgument(parsing: bad) == nil, "\(bad)")
    }
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(DateArgument.ago(seconds: 3_600).date(now: now) == Date(timeIntervalSince1970: 1_799_996_400))
  }

  @Test func sinceTakesTheFormsOfDurationsGitAndISO8601() {
    let accepted: [(String, DateArgument)] = [
      ("30m", .ago(seconds: 1_800)), ("1w2d", .ago(seconds: 777_600)), ("7 d", .ago(seconds: 604_800)),
      ("7D", .ago(seconds: 604_800)), ("90", .ago(seconds: 5_400)),
      ("2 weeks ago", .ago(seconds: 1_209_600)), ("3.days.ago", .ago(seconds: 259_200)),
      ("1 hour ago", .ago(seconds: 3_600)), ("today", .relativeDay(0)), ("Yesterday", .relativeDay(-1)),
      ("tomorrow", .relativeDay(1)),
      ("3 months ago", .monthsBack(3)), ("1 month", .monthsBack(1)), ("2.years.ago", .monthsBack(24)),
      ("1year ago", .monthsBack(12)),
      (
        "2026-11-24T10:00",
        .localTime(year: 2026, month: 11, day: 24, hour: 10, minute: 0, second: 0)
      ),
      (
        "2026-11-24 10:00:30",
        .localTime(year: 2026, month: 11, day: 24, hour: 10, minute: 0, second: 30)
      ),
      ("2026-11-24T10:00Z", .instant(secondsSince1970: 1_795_514_400)),
      ("2026-11-24T10:00:00+01:00", .instant(secondsSince1970: 1_795_510_800)),
      ("2026-11-24T10:00-0130", .instant(secondsSince1970: 1_795_519_800)),
    ]
    for (text, since) in accepted {
      #expect(DateArgument(parsing: text) == since, "\(text)")
    }
  }

  @Test func monthsBackCountCalendarMonthsAtThisTimeOfDay() {
    // 2026-11-24 10:00:30 UTC: in any zone, 24 November less whole months, give or take the
    // hour daylight saving time may shift.
    let now = Date(timeIntervalSince1970: 1_795_514_430)
    for (months, days) in [(3, 92.0), (11, 335), (12, 365)] {
      let back = now.timeIntervalSince(DateArgument.monthsBack(months).date(now: now))
      #expect(abs(back - days * 86_400) <= 3_600, "\(months) months")
    }
  }

  @Test func todayAndYesterdayStartAtLocalMidnight() throws {
    // 2026-11-24 10:00 UTC: today's local midnight, whatever the zone, is within a day before.
    let now = Date(timeIntervalSince1970: 1_795_514_400)
    let today = DateArgument.relativeDay(0).date(now: now)
    let yesterday = DateArgument.relativeDay(-1).date(now: now)
    #expect(today <= now && now.timeIntervalSince(today) < 86_400)
    // A day apart, give or take an hour of daylight saving time.
    #expect(abs(today.timeIntervalSince(yesterday) - 86_400) <= 3_600)
    #expect(
      DateArgument.day(year: 2026, month: 11, day: 1).date(now: now)
        == DateArgument.localTime(year: 2026, month: 11, day: 1, hour: 0, minute: 0, second: 0)
        .date(now: now))
  }

  /// The local day `text` means on Wednesday 25 November 2026 at 10:00 UTC, on `side`.
  private func day(_ text: String, _ side: DateArgument.Side) throws -> String {
    let argument = try #require(DateArgument(parsing: text), "\(text)")
    return withDependencies {
      $0.utcOffset = { _ in 0 }
    } operation: {
      argument.day(now: Date(timeIntervalSince1970: 1_795_600_800), side: side).text
    }
  }

  @Test func weekdaysByNameAreTheNearestOnTheOptionsSide() throws {
    #expect(DateArgument(parsing: "Monday") == .weekday(1, .nearest))
    #expect(DateArgument(parsing: "fri") == .weekday(5, .nearest))
    #expect(DateArgument(parsing: "last  Friday") == .weekday(5, .last))
    #expect(DateArgument(parsing: "next tue") == .weekday(2, .next))
    for bad in ["fr", "frid", "last", "next", "this friday", "last friday ago", "mondays"] {
      #expect(DateArgument(parsing: bad) == nil, "\(bad)")
    }
    // Wednesday 25 November 2026.
    #expect(try day("monday", .past) == "2026-11-23")
    #expect(try day("monday", .future) == "2026-11-30")
    #expect(try day("wednesday", .past) == "2026-11-25")
    #expect(try day("wed", .future) == "2026-11-25")
    #expect(try day("last wednesday", .future) == "2026-11-18")
    #expect(try day("next wednesday", .past) == "2026-12-02")
    #expect(try day("last friday", .past) == "2026-11-20")
    #expect(try day("next friday", .past) == "2026-11-27")
  }

  @Test func everyFormMeansADay() throws {
    #expect(try day("today", .past) == "2026-11-25")
    #expect(try day("tomorrow", .past) == "2026-11-26")
    #expect(try day("yesterday", .future) == "2026-11-24")
    #expect(try day("2026-12-24", .past) == "2026-12-24")
    #expect(try day("1w", .past) == "2026-11-18")
    #expect(try day("2 days ago", .past) == "2026-11-23")
    #expect(try day("11h", .past) == "2026-11-24")
    #expect(try day("2026-11-01T23:30", .past) == "2026-11-01")
    #expect(try day("2026-11-01T23:30-02:00", .past) == "2026-11-02")
  }
}
