#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncUpsCore
import Testing

@Suite("Working days")
struct WorkingDaysTests {
  @Test(arguments: [
    ("mon-fri", "mon-fri"), ("MON-Fri", "mon-fri"), ("sun-thu", "sun-thu"),
    ("mon,tue,thu", "mon,tue,thu"), ("thu,tue,mon", "mon,tue,thu"), ("fri-mon", "fri-mon"),
    ("monday-wednesday,friday", "mon-wed,fri"), ("sat,sun", "sat,sun"), ("mon-sun", "mon-sun"),
    ("wed-tue", "mon-sun"), ("mon, tue", "mon,tue"), ("tue", "tue"),
  ])
  func parsesAndWrites(_ text: String, _ written: String) {
    #expect(WorkingDays(rawValue: text)?.rawValue == written)
  }

  @Test(arguments: ["", "mo", "mon-", "mon-fri-sat", "mon,,fri", "funday", "1-5", "mon;tue"])
  func rejects(_ text: String) {
    #expect(WorkingDays(rawValue: text) == nil)
  }

  @Test func theDefaultIsMondayToFriday() {
    #expect(WorkingDays.mondayToFriday == WorkingDays(rawValue: "mon-fri"))
    #expect(WorkingDays.mondayToFriday.weekdays == [1, 2, 3, 4, 5])
  }

  static let utc: @Sendable (Date) -> Int = { _ in 0 }
  /// Friday 6 February 2026, 17:00 UTC.
  static let friday = Date(timeIntervalSince1970: 1_770_397_200)
  static let day = 86_400.0

  @Test func agesCountTheWorkingDaysAfterTheFirst() {
    let days = WorkingDays.mondayToFriday
    #expect(days.age(from: Self.friday, to: Self.friday + 3600, utcOffset: Self.utc) == 0)
    #expect(days.age(from: Self.friday, to: Self.friday + Self.day, utcOffset: Self.utc) == 0)
    #expect(days.age(from: Self.friday, to: Self.friday + 3 * Self.day, utcOffset: Self.utc) == 1)
    #expect(days.age(from: Self.friday, to: Self.friday + 7 * Self.day, utcOffset: Self.utc) == 5)
    #expect(days.age(from: Self.friday, to: Self.friday + 17 * Self.day, utcOffset: Self.utc) == 11)
    #expect(days.age(from: Self.friday, to: Self.friday - 3 * Self.day, utcOffset: Self.utc) == 0)
    // Saturday to Monday.
    #expect(days.age(from: Self.friday + Self.day, to: Self.friday + 3 * Self.day, utcOffset: Self.utc) == 1)
  }

  @Test func sundayToThursdayCountsTheWeekendDifferently() throws {
    let days = try #require(WorkingDays(rawValue: "sun-thu"))
    // Friday to Sunday is one working day; to Monday two; Thursday to Sunday one.
    #expect(days.age(from: Self.friday, to: Self.friday + 2 * Self.day, utcOffset: Self.utc) == 1)
    #expect(days.age(from: Self.friday, to: Self.friday + 3 * Self.day, utcOffset: Self.utc) == 2)
    #expect(
      days.age(from: Self.friday - Self.day, to: Self.friday + 2 * Self.day, utcOffset: Self.utc)
        == 1)
  }

  /// Dates are local: 17:00 UTC Friday is already Saturday in Tokyo, and Monday 01:00 UTC is
  /// still Sunday in New York.
  @Test func agesFollowTheLocalDate() throws {
    let days = WorkingDays.mondayToFriday
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    let mondayEarly = Self.friday + 2 * Self.day + 8 * 3600
    #expect(days.age(from: Self.friday, to: mondayEarly, utcOffset: Self.utc) == 1)
    #expect(
      days.age(from: Self.friday, to: mondayEarly, utcOffset: newYork.secondsFromGMT(for:)) == 0)
    #expect(
      days.age(from: Self.friday, to: mondayEarly + Self.day, utcOffset: tokyo.secondsFromGMT(for:))
        == 2)
  }
}
