#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// Those not in the room: time away making someone absent from the start (unless they are
/// counted present), and written updates shown on the speaker's turn or read into the
/// transcript for those absent.
@MainActor
@Suite struct RecordMeetingAwayTests {
  /// ``FeatureFixtures/now``'s day, a Friday.
  private static let today = CalendarDay("2009-02-13")!

  /// A meeting of `syncUp` on ``FeatureFixtures/now``, in UTC.
  private func meeting(
    _ syncUp: SyncUp, absent: Set<UUID> = [], present: Set<UUID> = []
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    withDependencies {
      $0.date = .constant(FeatureFixtures.now)
      $0.utcOffset = { _ in 0 }
    } operation: {
      TestStore(
        initialState: RecordMeeting.State(
          syncUp: Shared(syncUp), absent: absent, present: present),
        reducer: RecordMeeting()
      ) {
        $0.date = .constant(FeatureFixtures.now)
        $0.dismiss = DismissEffect {}
        $0.uuid = .incrementing
      }
    }
  }

  /// Three attendees, A1, A2 and A3, thirty seconds.
  private static func team(_ change: (inout SyncUp) -> Void = { _ in }) -> SyncUp {
    var syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    change(&syncUp)
    return syncUp
  }

  private static func update(
    _ attendee: Int, _ day: CalendarDay = today, done: String? = nil, next: String? = nil,
    blockers: [String] = [], written: Date = FeatureFixtures.now
  ) -> WrittenUpdate {
    WrittenUpdate(
      attendee: UUID(attendee), day: day, done: done, next: next, blockers: blockers,
      written: written)
  }

  private let holiday = TimeAway(
    id: UUID(0xAA), from: today.adding(days: -1), to: today.adding(days: 1), note: "holiday")

  // MARK: Time away

  @Test func timeAwayIncludingTodayMakesSomeoneAbsentFromTheStart() {
    let syncUp = Self.team { $0.attendees[1].away = [holiday] }
    let store = meeting(syncUp)
    #expect(store.state.day == Self.today)
    #expect(store.state.lineup.map(\.absent) == [false, true, false])
    #expect(store.state.speakers == [UUID(0xC00), UUID(0xC02)])
    #expect(store.state.timeAway == [UUID(0xC01): holiday])
    #expect(holiday.untilText == "away until Sat 14 Feb (holiday)")
  }

  @Test func presentOverridesTimeAway() {
    let store = meeting(Self.team { $0.attendees[1].away = [holiday] }, present: [UUID(0xC01)])
    #expect(store.state.lineup.map(\.absent) == [false, false, false])
    #expect(store.state.timeAway.isEmpty)
  }

  @Test func timeAwayThatEndedOrHasNotStartedMakesNobodyAbsent() {
    let syncUp = Self.team {
      $0.attendees[0].away = [TimeAway(id: UUID(0xAB), from: Self.today.adding(days: -9), to: Self.today.adding(days: -1))]
      $0.attendees[1].away = [TimeAway(id: UUID(0xAC), from: Self.today.adding(days: 1))]
      $0.attendees[2].away = [TimeAway(id: UUID(0xAD), from: Self.today)]
    }
    let store = meeting(syncUp)
    // Open-ended time away from today on includes today.
    #expect(store.state.lineup.map(\.absent) == [false, false, true])
    #expect(store.state.timeAway[UUID(0xC02)]?.untilText == "away")
  }

  // MARK: Written updates

  /// A1 wrote today's update, A2 one the evening before (shown: no meeting since), A3 one
  /// before the last meeting (not shown).
  @Test func theSpeakersUpdateShowsWhenTheirTurnStarts() async {
    let lastMeeting = Meeting(
      id: UUID(0xE0), date: FeatureFixtures.now.addingTimeInterval(-86_400), transcript: "")
    let today = Self.update(0xC00, done: "the login page", blockers: ["keys"])
    let evening = Self.update(
      0xC01, Self.today.adding(days: -1), next: "the signup page",
      written: FeatureFixtures.now.addingTimeInterval(-3_600))
    let old = Self.update(
      0xC02, Self.today.adding(days: -2), done: "old news",
      written: FeatureFixtures.now.addingTimeInterval(-2 * 86_400))
    let syncUp = Self.team {
      $0.meetings = [lastMeeting]
      $0.updates = [today, evening, old]
    }
    let store = meeting(syncUp)
    #expect(store.state.turnUpdate == today)
    #expect(today.summary == "Done: the login page; Blocker: keys")
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 10
      $0.speakerDidChange = true
      $0.turns = [FeatureFixtures.turn(0xC00, "A1", 0, of: 10)]
    }
    #expect(store.state.turnUpdate == evening)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 20
      $0.turns.append(FeatureFixtures.turn(0xC01, "A2", 0, of: 10))
    }
    #expect(store.state.turnUpdate == nil)
    // Nothing is read into the transcript for those present.
    #expect(store.state.transcript == "")
  }

  /// A2, away with an update, is read out when A3's turn starts, a line a part (a part's own
  /// "; " stays in its line); the blocker it holds opens no item; the saved meeting keeps the
  /// lines.
  @Test func anAbsentAttendeesUpdateIsReadWhenTheMeetingPassesTheirPlace() async {
    let written = Self.update(0xC01, done: "the API; the docs", blockers: ["waiting on keys"])
    let syncUp = Self.team {
      $0.attendees[1].away = [holiday]
      $0.updates = [written]
    }
    let store = meeting(syncUp)
    #expect(store.state.transcript == "")
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 15
      $0.speakerDidChange = true
      $0.turns = [FeatureFixtures.turn(0xC00, "A1", 0, of: 15)]
      $0.transcript = "A2 (written): Done: the API; the docs\nA2 (written): Blocker: waiting on keys"
      $0.attendance.updatesRead = [UUID(0xC01)]
    }
    let turns = [FeatureFixtures.turn(0xC00, "A1", 0, of: 15), FeatureFixtures.turn(0xC02, "A3", 0, of: 15)]
    let saved = FeatureFixtures.recorded(
      syncUp,
      transcript: "A2 (written): Done: the API; the docs\nA2 (written): Blocker: waiting on keys",
      duration: 0,
      turns: turns, endedEarly: true, absent: [UUID(0xC01)])
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.speakerDidChange = false
      $0.turns = turns
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
    #expect(store.state.syncUp.items.isEmpty)
  }

  /// Absent before the first speaker: read at once. Absent after the last: read as the
  /// meeting is saved. Marked absent when called: read as the next turn starts.
  @Test func updatesOfThoseAbsentAreReadAtTheStartOnAnAbsenceAndAtTheEnd() async {
    let syncUp = Self.team {
      $0.attendees.append(Attendee(id: UUID(0xC03), name: "A4"))
      $0.updates = [
        Self.update(0xC00, done: "first"), Self.update(0xC01, done: "second"),
        Self.update(0xC03, next: "fourth"),
      ]
    }
    let store = meeting(syncUp, absent: [UUID(0xC00), UUID(0xC03)])
    #expect(store.state.transcript == "A1 (written): Done: first")
    #expect(store.state.attendance.updatesRead == [UUID(0xC00)])
    await store.send(.absentButtonTapped) {
      $0.attendance.lineup[1].absent = true
      $0.attendance.division = RecordMeeting.SlotDivision(start: 0, firstSpeaker: 1)
      $0.speakerIndex = 1
      $0.speakerDidChange = true
      $0.transcript = "A1 (written): Done: first\nA2 (written): Done: second"
      $0.attendance.updatesRead = [UUID(0xC00), UUID(0xC01)]
    }
    let transcript = "A1 (written): Done: first\nA2 (written): Done: second\nA4 (written): Next: fourth"
    let turns = [FeatureFixtures.turn(0xC02, "A3", 0, of: 30)]
    let saved = FeatureFixtures.recorded(
      syncUp, transcript: transcript, duration: 0, turns: turns,
      absent: [UUID(0xC00), UUID(0xC01), UUID(0xC03)])
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false, isEarly: false)
      $0.speakerDidChange = false
    }
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.turns = turns
      $0.transcript = transcript
      $0.attendance.updatesRead = [UUID(0xC00), UUID(0xC01), UUID(0xC03)]
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
  }
}
