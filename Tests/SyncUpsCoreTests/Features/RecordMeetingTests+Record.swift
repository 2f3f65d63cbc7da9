#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

extension RecordMeetingTests {
  /// What a meeting records of what happened: real time on the clock, each turn against its
  /// slot, who was there, in what order, and overtime.
  @MainActor
  @Suite struct Record {
    private let clock = TestClock()

    /// A store for a meeting of `syncUp` on the test clock, `prepare`d like `start` would.
    private func meeting(
      _ syncUp: SyncUp, absent: Set<UUID> = [], order: SpeakingOrder = .listed,
      allowsOvertime: Bool = false
    ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
      TestStore(
        initialState: RecordMeeting.State(
          syncUp: Shared(syncUp), absent: absent, order: order, allowsOvertime: allowsOvertime),
        reducer: RecordMeeting()
      ) {
        $0.continuousClock = clock
        $0.date = .constant(FeatureFixtures.now)
        $0.dismiss = DismissEffect {}
        $0.uuid = .incrementing
      }
    }

    /// Moves the clock one second on, once the timer sleeps.
    private func tick() async {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
    }

    /// Paused 1.6 s into a meeting of two 30-second slots: 2 s spoken, so 28 s of the slot and
    /// 58 of the meeting left, by the one rounding rule, though the timer has ticked once.
    @Test func timeLeftIsRoundedWithTheTimeSpokenMidSecond() async {
      let syncUp = FeatureFixtures.syncUp(duration: 60, attendees: 2)
      let store = meeting(syncUp)
      await store.startMeeting()
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = 1
        $0.stopwatch = FeatureFixtures.running(1)
      }
      await clock.advance(by: .milliseconds(600))
      await store.send(.pauseButtonTapped) {
        $0.isPaused = true
        $0.stopwatch = Stopwatch(elapsed: .milliseconds(1_600))
      }
      #expect([store.state.meetingSeconds, store.state.turnSeconds] == [2, 2])
      #expect(store.state.slotRemaining == 28)
      #expect(store.state.secondsRemaining == 58)
      await store.send(.endMeetingButtonTapped) {
        $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      }
      await store.send(.alert(.presented(.confirmDiscard))) {
        $0.alert = nil
        $0.hasEnded = true
      }
      await store.finish()
    }

    @Test func nextAtThirtySecondsEndsATurnOfThirtyOfAFortyTwoSecondSlot() async {
      let syncUp = FeatureFixtures.syncUp(duration: 300, attendees: 7)
      let store = meeting(syncUp)
      await store.startMeeting()
      for second in 1...30 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = second
          $0.stopwatch = FeatureFixtures.running(second)
        }
      }
      await store.send(.nextButtonTapped) {
        $0.speakerIndex = 1
        $0.secondsElapsed = 42
        $0.speakerDidChange = true
        $0.turns = [FeatureFixtures.turn(0xC00, "A1", 30, of: 42)]
        $0.turnStart = .seconds(30)
      }
      for second in 1...20 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = 42 + second
          $0.stopwatch = FeatureFixtures.running(30 + second)
          $0.speakerDidChange = false
        }
      }
      // The screen's times: real meeting time, and what is left of the slots.
      #expect(store.state.meetingSeconds == 50)
      #expect(store.state.turnSeconds == 20)
      #expect(store.state.secondsRemaining == 238)
      #expect(store.state.slotRemaining == 23)

      await store.send(.endMeetingButtonTapped) {
        $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
        $0.stopwatch = Stopwatch(elapsed: .seconds(50))
      }
      let turns = [FeatureFixtures.turn(0xC00, "A1", 30, of: 42), FeatureFixtures.turn(0xC01, "A2", 20, of: 43)]
      let saved = FeatureFixtures.recorded(syncUp, duration: 50, turns: turns, endedEarly: true)
      await store.send(.alert(.presented(.confirmSave))) {
        $0.alert = nil
        $0.hasEnded = true
        $0.turns = turns
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
      #expect(clock.now == TestClock.Instant(offset: .seconds(50)))
    }

    @Test func aPauseIsLeftOutOfTheMeetingAndTheTurn() async {
      let syncUp = FeatureFixtures.syncUp(duration: 300, attendees: 3)
      let store = meeting(syncUp)
      await store.startMeeting()
      for second in 1...10 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = second
          $0.stopwatch = FeatureFixtures.running(second)
        }
      }
      await store.send(.pauseButtonTapped) {
        $0.isPaused = true
        $0.stopwatch = Stopwatch(elapsed: .seconds(10))
      }
      for _ in 1...20 {
        await tick()
        await store.receive(.timerTick)
      }
      await store.send(.resumeButtonTapped) {
        $0.isPaused = false
        $0.stopwatch = FeatureFixtures.running(10, since: 30)
      }
      for second in 1...5 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = 10 + second
          $0.stopwatch = FeatureFixtures.running(10 + second, since: 30 + second)
        }
      }
      await store.send(.endMeetingButtonTapped) {
        $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
        $0.stopwatch = Stopwatch(elapsed: .seconds(15))
      }
      let turns = [FeatureFixtures.turn(0xC00, "A1", 15, of: 100)]
      let saved = FeatureFixtures.recorded(syncUp, duration: 15, turns: turns, endedEarly: true)
      await store.send(.alert(.presented(.confirmSave))) {
        $0.alert = nil
        $0.hasEnded = true
        $0.turns = turns
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
      #expect(clock.now == TestClock.Instant(offset: .seconds(35)))
    }

    @Test func overtimeRecordsTheTurnPastItsSlotAndRingsOnce() async {
      let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
      let store = meeting(syncUp, allowsOvertime: true)
      var rings = 0
      await store.startMeeting()
      for second in 1...9 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = second
          $0.stopwatch = FeatureFixtures.running(second)
        }
        if store.state.shouldRingBell { rings += 1 }
      }
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = 10
        $0.stopwatch = FeatureFixtures.running(10)
        $0.isInOvertime = true
        $0.slotDidRunOut = true
      }
      if store.state.shouldRingBell { rings += 1 }
      // The slot timeline waits at the end of the slot; the speaker goes on.
      for second in 11...25 {
        await tick()
        await store.receive(.timerTick) {
          $0.stopwatch = FeatureFixtures.running(second)
          $0.slotDidRunOut = false
        }
        if store.state.shouldRingBell { rings += 1 }
      }
      #expect(rings == 1)
      #expect(store.state.overtimeSeconds == 15)
      #expect(store.state.speakerIndex == 0)
      #expect(store.state.slotRemaining == 0)

      // The next speaker still gets their whole slot.
      await store.send(.nextButtonTapped) {
        $0.speakerIndex = 1
        $0.isInOvertime = false
        $0.speakerDidChange = true
        $0.turns = [FeatureFixtures.turn(0xC00, "A1", 25, of: 10)]
        $0.turnStart = .seconds(25)
      }
      #expect(store.state.slotRemaining == 10)
      await store.send(.nextButtonTapped) {
        $0.speakerIndex = 2
        $0.secondsElapsed = 20
        $0.turns.append(FeatureFixtures.turn(0xC01, "A2", 0, of: 10))
      }
      for second in 1...15 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = min(20 + second, 30)
          $0.stopwatch = FeatureFixtures.running(25 + second)
          $0.speakerDidChange = false
          if second == 10 {
            $0.isInOvertime = true
            $0.slotDidRunOut = true
          } else if second == 11 {
            $0.slotDidRunOut = false
          }
        }
      }
      // Past the planned length, the meeting goes on until Next from the last speaker.
      #expect(store.state.secondsRemaining == 0)
      #expect(store.state.syncUp.meetings.isEmpty)
      await store.send(.nextButtonTapped) {
        $0.alert = .endMeeting(isDiscardable: false, isEarly: false)
        $0.stopwatch = Stopwatch(elapsed: .seconds(40))
      }
      let turns = [
        FeatureFixtures.turn(0xC00, "A1", 25, of: 10), FeatureFixtures.turn(0xC01, "A2", 0, of: 10), FeatureFixtures.turn(0xC02, "A3", 15, of: 10),
      ]
      #expect(turns.map(\.overtime) == [15, 0, 5])
      let saved = FeatureFixtures.recorded(syncUp, duration: 40, turns: turns)
      await store.send(.alert(.presented(.confirmSave))) {
        $0.alert = nil
        $0.hasEnded = true
        $0.turns = turns
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
    }

    @Test func withdrawingOvertimeMovesTheSpeakerOnAndKeepsToTheSlots() async {
      let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 2)
      let store = meeting(syncUp, allowsOvertime: true)
      await store.startMeeting()
      for second in 1...12 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = min(second, 10)
          $0.stopwatch = FeatureFixtures.running(second)
          $0.isInOvertime = second >= 10
          $0.slotDidRunOut = second == 10
        }
      }
      await store.send(.overtimeWithdrawn) {
        $0.allowsOvertime = false
        $0.isInOvertime = false
        $0.speakerIndex = 1
        $0.speakerDidChange = true
        $0.turns = [FeatureFixtures.turn(0xC00, "A1", 12, of: 10)]
        $0.turnStart = .seconds(12)
      }
      for second in 13...21 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = second - 2
          $0.stopwatch = FeatureFixtures.running(second)
          $0.speakerDidChange = false
        }
      }
      // The last slot runs out: without overtime now, the meeting ends.
      let turns = [FeatureFixtures.turn(0xC00, "A1", 12, of: 10), FeatureFixtures.turn(0xC01, "A2", 10, of: 10)]
      let saved = FeatureFixtures.recorded(syncUp, duration: 22, turns: turns)
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = 20
        $0.stopwatch = Stopwatch(elapsed: .seconds(22))
        $0.hasEnded = true
        $0.turns = turns
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
    }

    @Test func twoAbsentOfFiveShareTheMeetingAmongThree() async {
      let syncUp = FeatureFixtures.syncUp(duration: 300, attendees: 5)
      let store = meeting(syncUp, absent: [UUID(0xC01), UUID(0xC03)])
      #expect(store.state.speakers == [UUID(0xC00), UUID(0xC02), UUID(0xC04)])
      #expect((0..<3).map(store.state.speakerSlot(for:)) == [0..<100, 100..<200, 200..<300])
      #expect(store.state.speakerCount == 3)
      #expect(store.state.upcomingSpeakerNames(limit: 3) == ["A3", "A5"])

      await store.send(.nextButtonTapped) {
        $0.speakerIndex = 1
        $0.secondsElapsed = 100
        $0.speakerDidChange = true
        $0.turns = [FeatureFixtures.turn(0xC00, "A1", 0, of: 100)]
      }
      await store.send(.noteSubmitted("Reviewing")) {
        $0.speakerDidChange = false
        $0.transcript = "A3: Reviewing"
      }
      let turns = [FeatureFixtures.turn(0xC00, "A1", 0, of: 100), FeatureFixtures.turn(0xC02, "A3", 0, of: 100)]
      let saved = FeatureFixtures.recorded(
        syncUp, transcript: "A3: Reviewing", duration: 0, turns: turns, endedEarly: true,
        absent: [UUID(0xC01), UUID(0xC03)])
      await store.send(.alert(.presented(.confirmSave))) {
        $0.hasEnded = true
        $0.turns = turns
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
      #expect(saved.attendees?.map(\.absent) == [false, true, false, true, false])
    }

    @Test func markingTheSpeakerAbsentGivesTheRestWhatIsLeft() async {
      let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
      let store = meeting(syncUp)
      await store.startMeeting()
      for second in 1...4 {
        await tick()
        await store.receive(.timerTick) {
          $0.secondsElapsed = second
          $0.stopwatch = FeatureFixtures.running(second)
        }
      }
      // What A1 said is carried, should they join; they do not, and it is dropped.
      await store.send(.absentButtonTapped) {
        $0.attendance.lineup[0].absent = true
        $0.attendance.carriedTurns = [UUID(0xC00): CarriedTurn(spoken: .seconds(4), slot: 4)]
        $0.attendance.division = RecordMeeting.SlotDivision(start: 4, firstSpeaker: 1)
        $0.speakerIndex = 1
        $0.speakerDidChange = true
        $0.turnStart = .seconds(4)
      }
      // The 26 seconds left are shared by the two speakers left.
      #expect(store.state.speakerSlot(for: 1) == 4..<17)
      #expect(store.state.speakerSlot(for: 2) == 17..<30)
      await store.send(.nextButtonTapped) {
        $0.speakerIndex = 2
        $0.secondsElapsed = 17
        $0.turns = [FeatureFixtures.turn(0xC01, "A2", 0, of: 13)]
      }
      // The last one missing too: nobody is left, and the meeting is saved.
      let saved = FeatureFixtures.recorded(
        syncUp, duration: 4, turns: [FeatureFixtures.turn(0xC01, "A2", 0, of: 13)],
        absent: [UUID(0xC00), UUID(0xC02)])
      await store.send(.absentButtonTapped) {
        $0.attendance.lineup[2].absent = true
        $0.speakerDidChange = false
        $0.hasEnded = true
        $0.attendance.carriedTurns = [:]
        $0.stopwatch = Stopwatch(elapsed: .seconds(4))
        $0.syncUp.meetings = [saved]
      }
      await store.receive(.delegate(.saved(saved)))
      await store.finish()
    }

    @Test func rotatedOrderStartsOnePlaceFurtherEachMeeting() {
      let syncUp = Shared(FeatureFixtures.syncUp(duration: 60, attendees: 5))
      var openers: [String] = []
      withDependencies {
        $0.date = .constant(FeatureFixtures.now)
        $0.dismiss = DismissEffect {}
        $0.uuid = .incrementing
      } operation: {
        for _ in 1...3 {
          let store = Store(
            initialState: RecordMeeting.State(syncUp: syncUp, order: .rotated),
            reducer: RecordMeeting())
          openers.append(store.state.currentSpeakerName)
          store.send(.noteSubmitted("Here"))
          store.send(.alert(.presented(.confirmSave)))
        }
      }
      #expect(openers == ["A1", "A2", "A3"])
      // A note goes to whoever has the floor: the opener of each meeting.
      #expect(syncUp.wrappedValue.meetings.map(\.transcript) == ["A3: Here", "A2: Here", "A1: Here"])
      #expect(
        syncUp.wrappedValue.meetings.first?.attendees?.map(\.name) == ["A3", "A4", "A5", "A1", "A2"])
    }

    @Test func rotationSkipsSomeoneWhoLeftTheSyncUp() {
      let attendees = FeatureFixtures.syncUp(duration: 60, attendees: 4).attendees
      let previous = Meeting(
        id: UUID(1), date: FeatureFixtures.now, transcript: "",
        attendees: [UUID(0xC09), UUID(0xC02), UUID(0xC03)].map {
          MeetingAttendee(id: $0, name: "", absent: false)
        })
      var random = RandomGenerator.seeded(1)
      let order = SpeakingOrder.rotated.arrange(attendees, after: previous, using: &random)
      #expect(order.map(\.name) == ["A3", "A4", "A1", "A2"])
      let fresh = SpeakingOrder.rotated.arrange(attendees, after: nil, using: &random)
      #expect(fresh.map(\.name) == ["A1", "A2", "A3", "A4"])
    }

    @Test func shuffledOrderComesFromTheRandomDependency() {
      let syncUp = FeatureFixtures.syncUp(duration: 60, attendees: 5)
      func order(seed: UInt64) -> [String] {
        withDependencies {
          $0.random = .seeded(seed)
        } operation: {
          let state = RecordMeeting.State(syncUp: Shared(syncUp), order: .shuffled)
          return state.speakers.indices.map(state.speakerName(at:))
        }
      }
      #expect(order(seed: 1) == order(seed: 1))
      #expect(order(seed: 1) == ["A3", "A4", "A5", "A2", "A1"])
      #expect(order(seed: 2) == ["A3", "A4", "A2", "A5", "A1"])
    }

    @Test func theSavedRecordSurvivesTheFile() throws {
      let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
      var stored = syncUp
      stored.meetings = [
        FeatureFixtures.recorded(
          syncUp, duration: 31, turns: [FeatureFixtures.turn(0xC00, "A1", 12, of: 10)], endedEarly: true,
          absent: [UUID(0xC01)])
      ]
      let data = try SyncUpsFile.encode([stored])
      #expect(try SyncUpsFile.decode(data) == [stored])
    }
  }
}
