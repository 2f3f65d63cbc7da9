#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// A meeting begun near a meeting of its sync-up's schedule records that meeting's start
/// (`scheduled`), the nearest one within two hours either side, moved ones at their new time,
/// skipped ones never.
@MainActor
@Suite struct RecordMeetingScheduledTests {
  private let clock = TestClock()

  /// Weekdays at 09:00 UTC from Monday 30 November 2026; Wednesday 2 December skipped and
  /// Thursday 3 December's meeting moved to 14:00.
  static func syncUp() throws -> SyncUp {
    var syncUp = FeatureFixtures.syncUp(duration: 60, attendees: 2)
    var schedule = try ScheduleTests.schedule("weekdays 09:00", zone: "UTC")
    schedule.addSkip(ScheduleSkip(date: ScheduleTests.day("2026-12-02"), reason: "offsite"))
    schedule.addMove(
      ScheduleMove(
        date: ScheduleTests.day("2026-12-03"), to: ScheduleTests.moment("2026-12-03T14:00:00Z")))
    syncUp.schedule = schedule
    return syncUp
  }

  /// What the meeting saved records as `scheduled` when begun and saved at `start`.
  private func scheduled(startingAt start: String, of syncUp: SyncUp? = nil) async throws
    -> String?
  {
    let syncUp = try syncUp ?? Self.syncUp()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(syncUp)), reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(ScheduleTests.moment(start))
      $0.dismiss = DismissEffect {}
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(.onTask)
    await store.send(.endMeetingButtonTapped)
    await store.send(.alert(.presented(.confirmSave)))
    await store.skipReceivedActions()
    let saved = try #require(store.state.syncUp.meetings.first)
    await store.skipInFlightEffects()
    #expect(saved.started == ScheduleTests.moment(start))
    return saved.scheduled.map { DateText.iso8601($0) }
  }

  @Test func aMeetingBegunWithinTwoHoursOfAScheduledOneRecordsIt() async throws {
    // 1:59 after Tuesday's 09:00, and 1:59 before it.
    #expect(try await scheduled(startingAt: "2026-12-01T10:59:00Z") == "2026-12-01T09:00:00Z")
    #expect(try await scheduled(startingAt: "2026-12-01T07:01:00Z") == "2026-12-01T09:00:00Z")
    // Exactly two hours after still counts.
    #expect(try await scheduled(startingAt: "2026-12-01T11:00:00Z") == "2026-12-01T09:00:00Z")
  }

  @Test func aMeetingBegunMoreThanTwoHoursFromAnyRecordsNone() async throws {
    #expect(try await scheduled(startingAt: "2026-12-01T11:01:00Z") == nil)
    #expect(try await scheduled(startingAt: "2026-12-01T06:59:00Z") == nil)
  }

  @Test func aSkippedDayIsNoMeetingToBeginOnTimeFor() async throws {
    #expect(try await scheduled(startingAt: "2026-12-02T09:05:00Z") == nil)
  }

  @Test func aMovedMeetingIsMetAtItsNewTime() async throws {
    #expect(try await scheduled(startingAt: "2026-12-03T14:10:00Z") == "2026-12-03T14:00:00Z")
    // Its old time is nobody's: the moved meeting is five hours later.
    #expect(try await scheduled(startingAt: "2026-12-03T09:05:00Z") == nil)
  }

  @Test func aSyncUpWithoutAScheduleRecordsNone() async throws {
    var syncUp = try Self.syncUp()
    syncUp.schedule = nil
    #expect(try await scheduled(startingAt: "2026-12-01T09:00:00Z", of: syncUp) == nil)
  }

  @Test func ofTwoMeetingsTheNearestIsRecorded() throws {
    // Friday's meeting moved to Thursday 15:00, an hour after Thursday's moved one.
    var schedule = try #require(try Self.syncUp().schedule)
    schedule.addMove(
      ScheduleMove(
        date: ScheduleTests.day("2026-12-04"), to: ScheduleTests.moment("2026-12-03T15:00:00Z")))
    let start = ScheduleTests.moment("2026-12-03T14:40:00Z")
    #expect(schedule.occurrence(nearest: start)?.start == ScheduleTests.moment("2026-12-03T15:00:00Z"))
    #expect(
      schedule.occurrence(nearest: ScheduleTests.moment("2026-12-03T14:20:00Z"))?.start
        == ScheduleTests.moment("2026-12-03T14:00:00Z"))
  }
}
