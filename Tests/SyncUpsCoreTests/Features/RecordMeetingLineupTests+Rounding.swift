#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

extension RecordMeetingLineupTests {
  /// The lineup changing at a moment between two whole seconds: what is left is divided from
  /// the second the turn has reached, rounded, and the meeting still saves its planned length
  /// without overtime, however many times the lineup changes.
  @MainActor
  @Suite struct MidSecond {
    private let clock = TestClock()

    /// A store for a meeting of `syncUp` on the test clock, checking only what a test names.
    private func meeting(
      _ syncUp: SyncUp, absent: Set<UUID> = [], allowsOvertime: Bool = false
    ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
      let store = RecordMeetingLineupTests.store(
        syncUp, absent: absent, allowsOvertime: allowsOvertime, clock: clock)
      store.exhaustivity = .off
      return store
    }

    /// Starts the meeting and sends each action when the meeting has run its milliseconds.
    private func run(
      _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>,
      _ script: [(milliseconds: Int, action: RecordMeeting.Action)]
    ) async {
      await store.send(.onTask)
      for (milliseconds, action) in script {
        await advance(store, to: milliseconds)
        await store.send(action)
      }
    }

    /// Moves the clock on to `milliseconds` of the meeting (or until it ends) a tenth of a
    /// second at a time, each tick of the timer taken by the store before the clock moves on.
    private func advance(
      _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, to milliseconds: Int
    ) async {
      let end = TestClock.Instant(offset: .milliseconds(milliseconds))
      while clock.now < end, !store.state.hasEnded {
        // The timer sleeping again: the tick it woke for, if any, has been sent.
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(100))
        await store.skipReceivedActions()
      }
    }

    /// Lets the clock run until the meeting ends by itself; the meeting it saved.
    private func runToTheEnd(_ store: TestStore<RecordMeeting.State, RecordMeeting.Action>)
      async -> Meeting?
    {
      await advance(store, to: 30_000)
      await store.finish()
      return store.state.syncUp.meetings.first
    }

    /// The slots of the speakers from the current one on.
    private func slotsFromTheSpeaker(_ store: TestStore<RecordMeeting.State, RecordMeeting.Action>)
      -> [Range<Int>]
    {
      (store.state.speakerIndex..<store.state.speakerCount).map(store.state.speakerSlot(for:))
    }

    private let turn = FeatureFixtures.turn

    /// A1 runs 4 s over the first of two 10 s slots and passes the turn on at 14 s; A3 joins
    /// at once. The overrun is A1's: A2 and A3 share the second slot from its start, 5 s each,
    /// rather than A2 being handed the 4 s the meeting ran over.
    @Test func aJoinerAfterAnOvertimeSharesTheSlotsFromWhereTheTurnIs() async {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 3)
      let store = meeting(syncUp, absent: [UUID(0xC02)], allowsOvertime: true)
      await run(store, [(14_000, .nextButtonTapped), (14_000, .attendeeJoined(UUID(0xC02)))])
      #expect(store.state.currentSpeakerName == "A2")
      #expect(slotsFromTheSpeaker(store) == [10..<15, 15..<20])
      await store.send(.alert(.presented(.confirmDiscard)))
      await store.finish()
    }

    /// The same overtime, then A2 skipped at once: everyone's slot stays as it was, as for a
    /// skip in the first second of a turn without overtime.
    @Test func aSkipAfterAnOvertimeKeepsEverySlot() async {
      let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
      let store = meeting(syncUp, allowsOvertime: true)
      await run(store, [(14_000, .nextButtonTapped), (14_000, .skipButtonTapped)])
      #expect(store.state.currentSpeakerName == "A3")
      #expect(slotsFromTheSpeaker(store) == [10..<20, 20..<30])
      await store.send(.alert(.presented(.confirmDiscard)))
      await store.finish()
    }

    /// A 20-second meeting of four: A1 (or, at 5.6 s, A2) is marked absent mid-second. The
    /// others share what is left from the second reached, rounded; the meeting takes 20
    /// seconds, not 21.
    @Test(arguments: [
      (600, [1..<7, 7..<13, 13..<20]), (1_600, [2..<8, 8..<14, 14..<20]),
      (2_500, [3..<8, 8..<14, 14..<20]), (2_600, [3..<8, 8..<14, 14..<20]),
      (3_400, [3..<8, 8..<14, 14..<20]), (4_600, [5..<10, 10..<15, 15..<20]),
      (5_600, [6..<13, 13..<20]),
    ])
    func anAbsenceMidSecondKeepsTheMeetingToItsLength(milliseconds: Int, slots: [Range<Int>])
      async
    {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 4)
      let store = meeting(syncUp)
      await run(store, [(milliseconds, .absentButtonTapped)])
      #expect(slotsFromTheSpeaker(store) == slots)
      // The meeting's time left is what the turn had not yet used of the meeting.
      #expect(store.state.secondsRemaining == 20 - slots[0].lowerBound)
      let meeting = await runToTheEnd(store)
      #expect(meeting?.duration == 20)
      #expect(meeting?.endedEarly == false)
      let absentFirst = milliseconds < 5_000
      #expect(meeting?.attendees?.map(\.absent) == [absentFirst, !absentFirst, false, false])
      let spoken = slots.map(\.count)
      #expect(
        meeting?.turns
          == (absentFirst ? [] : [turn(0xC00, "A1", 5, 5)])
          + zip(absentFirst ? [0xC01, 0xC02, 0xC03] : [0xC02, 0xC03], spoken).map {
            turn($0, "A\($0 - 0xC00 + 1)", $1, $1)
          })
    }

    /// Three absences 0.4 s into each turn: each rounds the turn down, and the meeting's own
    /// time, not the turn's, keeps the lost fractions from adding up past the length.
    @Test func absencesInARowMidSecondKeepTheMeetingToItsLength() async {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 4)
      let store = meeting(syncUp)
      await run(
        store, [(400, .absentButtonTapped), (800, .absentButtonTapped), (1_200, .absentButtonTapped)])
      #expect(store.state.currentSpeakerName == "A4")
      #expect(slotsFromTheSpeaker(store) == [1..<20])
      let meeting = await runToTheEnd(store)
      #expect(meeting?.duration == 20)
      #expect(meeting?.turns == [turn(0xC03, "A4", 19, 19)])
    }

    /// Skips 0.4 s into each of three turns, then the meeting runs out: the skipped speakers
    /// keep their slots and the meeting its length.
    @Test func skipsInARowMidSecondKeepTheMeetingToItsLength() async {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 4)
      let store = meeting(syncUp)
      await run(
        store, [(400, .skipButtonTapped), (800, .skipButtonTapped), (1_200, .skipButtonTapped)])
      #expect(store.state.currentSpeakerName == "A4")
      #expect(slotsFromTheSpeaker(store) == [1..<5, 5..<10, 10..<15, 15..<20])
      let meeting = await runToTheEnd(store)
      #expect(meeting?.duration == 20)
      #expect(
        meeting?.turns == [
          turn(0xC03, "A4", 4, 4), turn(0xC00, "A1", 5, 5), turn(0xC01, "A2", 5, 6),
          turn(0xC02, "A3", 5, 5),
        ])
    }

    /// A2, absent from the start, arrives 0.6 s into A1's turn; A1 is then marked absent
    /// 3.6 s in, A3 skipped 0.4 s into their turn and A4 marked absent 0.4 s into theirs: the
    /// meeting still takes its 20 seconds.
    @Test func joinsSkipsAndAbsencesMidSecondKeepTheMeetingToItsLength() async {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 4)
      let store = meeting(syncUp, absent: [UUID(0xC01)])
      await run(store, [(600, .attendeeJoined(UUID(0xC01)))])
      #expect(slotsFromTheSpeaker(store) == [0..<5, 5..<10, 10..<15, 15..<20])
      await advance(store, to: 3_600)
      await store.send(.absentButtonTapped)
      #expect(store.state.currentSpeakerName == "A3")
      #expect(slotsFromTheSpeaker(store) == [4..<9, 9..<14, 14..<20])
      #expect(store.state.meetingSeconds + store.state.secondsRemaining == 20)
      await advance(store, to: 4_000)
      await store.send(.skipButtonTapped)
      await advance(store, to: 4_400)
      await store.send(.absentButtonTapped)
      #expect(store.state.currentSpeakerName == "A2")
      #expect(slotsFromTheSpeaker(store) == [4..<12, 12..<20])
      let meeting = await runToTheEnd(store)
      #expect(meeting?.duration == 20)
      #expect(meeting?.attendees?.map(\.absent) == [true, false, false, true])
      #expect(meeting?.turns == [turn(0xC01, "A2", 8, 8), turn(0xC02, "A3", 8, 8)])
    }
  }
}
