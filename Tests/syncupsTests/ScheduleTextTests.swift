import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// How `schedule` and `next` say a meeting, on fixed moments and zones: the user's time where
/// their clock differs, how long until it, and the warning of an attendee whose local time of
/// the meeting changes within 60 days.
@MainActor
@Suite("Schedule text")
struct ScheduleTextTests {
  static func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// Eng meets on weekdays at 11:00 in Berlin; Ben lives in Kolkata, Cy in New York, Ana has
  /// no zone.
  static func engineering() throws -> SyncUp {
    var syncUp = SyncUp(
      id: UUID(),
      attendees: [
        Attendee(id: UUID(), name: "Ana"), Attendee(id: UUID(), name: "Ben"),
        Attendee(id: UUID(), name: "Cy"),
      ],
      title: "Eng")
    syncUp.attendees[1].zone = "Asia/Kolkata"
    syncUp.attendees[2].zone = "America/New_York"
    syncUp.schedule = Schedule(
      rule: try ScheduleRule(parsing: "weekdays 11:00"), zone: "Europe/Berlin",
      from: CalendarDay("2027-01-04")!)
    return syncUp
  }

  /// Clocks go forward in New York on 14 March 2027 and in Berlin on 28 March: Cy's meeting
  /// moves from 05:00 to 06:00 and back, Ben's from 15:30 to 14:30.
  @Test func attendeesWhoseLocalTimeChangesWithin60DaysAreWarned() throws {
    let syncUp = try Self.engineering()
    #expect(
      ScheduleText.localTimeWarnings(syncUp, now: Self.moment("2027-03-01T00:00:00Z")) == [
        "Ben: 15:30 → 14:30 IST from 29 Mar",
        "Cy: 05:00 → 06:00 EDT from 15 Mar",
        "Cy: 06:00 → 05:00 EDT from 29 Mar",
      ])
    // Nothing changes in the 60 days from 1 May.
    #expect(ScheduleText.localTimeWarnings(syncUp, now: Self.moment("2027-05-01T00:00:00Z")) == [])
  }

  @Test func aMeetingIsSaidInItsZoneAndTheUsersWhenTheirClockDiffers() throws {
    let schedule = try #require(try Self.engineering().schedule)
    let start = Self.moment("2027-03-01T10:00:00Z")
    withDependencies { $0.utcOffset = { _ in 0 } } operation: {
      #expect(ScheduleText.when(start, of: schedule) == "Mon 1 Mar 2027, 11:00 CET (10:00 your time)")
    }
    withDependencies { $0.utcOffset = { _ in 3600 } } operation: {
      #expect(ScheduleText.when(start, of: schedule) == "Mon 1 Mar 2027, 11:00 CET")
    }
    #expect(ScheduleText.until(start, now: start) == "now")
    #expect(ScheduleText.until(start, now: start.addingTimeInterval(-42 * 60)) == "in 42 min")
    #expect(ScheduleText.until(start, now: start.addingTimeInterval(-185 * 60)) == "in 3 h 5 min")
    #expect(ScheduleText.until(start, now: start.addingTimeInterval(-3 * 3600)) == "in 3 h")
    #expect(ScheduleText.until(start, now: start.addingTimeInterval(-50 * 3600)) == "in 2 days")
  }
}
