#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// Who speaks when, as the meeting goes: a speaker skipped to the end of the order keeps a
/// slot, and a late joiner gets one from what is left; the meeting still ends at its length.
@MainActor
@Suite struct RecordMeetingLineupTests {
  private let clock = TestClock()

  /// A store for a meeting of `syncUp` on `clock`.
  static func store(
    _ syncUp: SyncUp, absent: Set<UUID>, allowsOvertime: Bool, clock: TestClock
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    TestStore(
      initialState: RecordMeeting.State(
        syncUp: Shared(syncUp), absent: absent, allowsOvertime: allowsOvertime),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissEffect {}
      $0.uuid = .incrementing
    }
  }

  /// A store for a meeting of `syncUp` on the test clock.
  private func meeting(
    _ syncUp: SyncUp, absent: Set<UUID> = [], allowsOvertime: Bool = false
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    Self.store(syncUp, absent: absent, allowsOvertime: allowsOvertime, clock: clock)
  }

  /// Moves the clock one second on, once the timer sleeps.
  private func tick() async {
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
  }

  /// Ticks through `seconds` of a turn that started at the meeting's start, nothing but the
  /// time changing; with `slotEnd`, the turn runs into overtime there.
  private func tick(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>,
    through seconds: ClosedRange<Int>, overtimeAt slotEnd: Int? = nil
  ) async {
    for second in seconds {
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = min(second, slotEnd ?? second)
        $0.stopwatch = FeatureFixtures.running(second)
        if let slotEnd {
          $0.isInOvertime = second >= slotEnd
          $0.slotDidRunOut = second == slotEnd
        }
      }
    }
  }

  /// Answers Save and end on the end prompt, and expects the meeting of `syncUp` saved with
  /// `turns` (those `absent` marked), nothing left carried.
  private func saveFromThePrompt(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, _ syncUp: SyncUp,
    duration: Int, turns: [Meeting.Turn], endedEarly: Bool = false, absent: Set<UUID> = []
  ) async {
    let saved = FeatureFixtures.recorded(
      syncUp, duration: duration, turns: turns, endedEarly: endedEarly, absent: absent)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.turns = turns
      $0.attendance.carriedTurns = [:]
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
  }

  /// Ends the meeting early at `seconds` of meeting time, and saves it from the prompt with
  /// `turns` (those `absent` marked).
  private func endEarlyAndSave(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, _ syncUp: SyncUp,
    at seconds: Int, turns: [Meeting.Turn], absent: Set<UUID> = []
  ) async {
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.stopwatch = Stopwatch(elapsed: .seconds(seconds))
    }
    await saveFromThePrompt(
      store, syncUp, duration: seconds, turns: turns, endedEarly: true, absent: absent)
  }

  /// The slots of every speaker, in order.
  private func slots(_ store: TestStore<RecordMeeting.State, RecordMeeting.Action>) -> [Range<Int>] {
    store.state.speakers.indices.map(store.state.speakerSlot(for:))
  }

  private let turn = FeatureFixtures.turn

  // MARK: Skip

  @Test func aSkipAtTheStartOfATurnKeepsEverySlotAndTheSkippedSpeakerSpeaksLast() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    let store = meeting(syncUp)
    await store.startMeeting()
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xC01), UUID(0xC02), UUID(0xC00)]
      $0.attendance.carriedTurns = [UUID(0xC00): CarriedTurn()]
      $0.speakerDidChange = true
    }
    #expect(store.state.currentSpeakerName == "A2")
    #expect(store.state.upcomingSpeakerNames(limit: 3) == ["A3", "A1"])
    #expect(slots(store) == [0..<10, 10..<20, 20..<30])
    #expect(store.state.secondsRemaining == 30)

    for second in 1...29 {
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        $0.stopwatch = FeatureFixtures.running(second)
        $0.speakerDidChange = second == 10 || second == 20
        if second == 10 {
          $0.speakerIndex = 1
          $0.turns = [turn(0xC01, "A2", 10, 10)]
          $0.turnStart = .seconds(10)
        } else if second == 20 {
          $0.speakerIndex = 2
          $0.turns.append(turn(0xC02, "A3", 10, 10))
          $0.turnStart = .seconds(20)
        }
      }
    }
    #expect(store.state.currentSpeakerName == "A1")
    // The skipped speaker's whole slot: the meeting ends at its planned length.
    let turns = [turn(0xC01, "A2", 10, 10), turn(0xC02, "A3", 10, 10), turn(0xC00, "A1", 10, 10)]
    let saved = FeatureFixtures.recorded(syncUp, duration: 30, turns: turns)
    await tick()
    await store.receive(.timerTick) {
      $0.secondsElapsed = 30
      $0.stopwatch = Stopwatch(elapsed: .seconds(30))
      $0.speakerDidChange = false
      $0.hasEnded = true
      $0.turns = turns
      $0.attendance.carriedTurns = [:]
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
    // The attendees keep the order they were called in at the start.
    #expect(saved.attendees?.map(\.name) == ["A1", "A2", "A3"])
  }

  /// Skipped 4 seconds into a 10-second slot: the 26 seconds left are shared by the three
  /// still to speak, and the skipped speaker's one turn holds the 4 seconds before and the 2
  /// after, of the 4 seconds of slot used and the 9 seconds of slot later.
  @Test func aSkipMidTurnCarriesWhatWasSpokenIntoTheLaterTurn() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    let store = meeting(syncUp)
    await store.startMeeting()
    await tick(store, through: 1...4)
    #expect(store.state.secondsRemaining == 26)
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xC01), UUID(0xC02), UUID(0xC00)]
      $0.attendance.carriedTurns = [UUID(0xC00): CarriedTurn(spoken: .seconds(4), slot: 4)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 4, firstSpeaker: 0)
      $0.speakerDidChange = true
      $0.turnStart = .seconds(4)
    }
    #expect(slots(store) == [4..<12, 12..<21, 21..<30])
    #expect(store.state.secondsRemaining == 26)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 12
      $0.turns = [turn(0xC01, "A2", 0, 8)]
    }
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 21
      $0.turns.append(turn(0xC02, "A3", 0, 9))
    }
    for second in 5...6 {
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = 17 + second
        $0.stopwatch = FeatureFixtures.running(second)
        $0.speakerDidChange = false
      }
    }
    await endEarlyAndSave(
      store, syncUp, at: 6,
      turns: [turn(0xC01, "A2", 0, 8), turn(0xC02, "A3", 0, 9), turn(0xC00, "A1", 6, 13)])
  }

  /// A skipped speaker the meeting ends before gets their turn recorded with what they had
  /// spoken; one skipped before saying anything did not speak.
  @Test func aMeetingEndedBeforeASkippedSpeakerSpeaksAgainRecordsWhatTheySpoke() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    let store = meeting(syncUp)
    await store.startMeeting()
    await tick(store, through: 1...3)
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xC01), UUID(0xC02), UUID(0xC00)]
      $0.attendance.carriedTurns = [UUID(0xC00): CarriedTurn(spoken: .seconds(3), slot: 3)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 3, firstSpeaker: 0)
      $0.speakerDidChange = true
      $0.turnStart = .seconds(3)
    }
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xC02), UUID(0xC00), UUID(0xC01)]
      $0.attendance.carriedTurns[UUID(0xC01)] = CarriedTurn()
    }
    let turns = [turn(0xC02, "A3", 0, 9), turn(0xC00, "A1", 3, 3)]
    let saved = FeatureFixtures.recorded(syncUp, duration: 3, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.speakerDidChange = false
      $0.stopwatch = Stopwatch(elapsed: .seconds(3))
      $0.turns = turns
      $0.attendance.carriedTurns = [:]
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
  }

  @Test func skippingTheLastSpeakerDoesNothing() async {
    let store = meeting(FeatureFixtures.shortSyncUp)
    await store.nextToTheLastOfThree()
    await store.send(.skipButtonTapped) {
      $0.speakerDidChange = false
    }
    #expect(store.state.currentSpeakerName == "Blob Sr")
    #expect(store.state.isOnLastSpeaker)
  }

  /// Two skips in a row, then the first one skipped skipped again: each goes to the end in
  /// turn, and the one skipped twice has one turn.
  @Test func skipsInARowEachGoToTheEnd() async {
    let syncUp = FeatureFixtures.shortSyncUp
    let store = meeting(syncUp)
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xB2), UUID(0xB3), UUID(0xB1)]
      $0.attendance.carriedTurns = [UUID(0xB1): CarriedTurn()]
      $0.speakerDidChange = true
    }
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xB3), UUID(0xB1), UUID(0xB2)]
      $0.attendance.carriedTurns[UUID(0xB2)] = CarriedTurn()
    }
    #expect(store.state.currentSpeakerName == "Blob Sr")
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
      $0.turns = [turn(0xB3, "Blob Sr", 0, 2)]
    }
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xB3), UUID(0xB2), UUID(0xB1)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 2, firstSpeaker: 1)
    }
    #expect(store.state.currentSpeakerName == "Blob Jr")
    #expect(slots(store) == [2..<4, 2..<4, 4..<6])
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
      $0.turns.append(turn(0xB2, "Blob Jr", 0, 2))
      $0.attendance.carriedTurns = [UUID(0xB1): CarriedTurn()]
    }
    // Blob, last now, has nobody left to let go first.
    await store.send(.skipButtonTapped) {
      $0.speakerDidChange = false
    }
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false, isEarly: false)
    }
    await saveFromThePrompt(
      store, syncUp, duration: 0,
      turns: [turn(0xB3, "Blob Sr", 0, 2), turn(0xB2, "Blob Jr", 0, 2), turn(0xB1, "Blob", 0, 2)])
  }

  @Test func aNoteBeingTypedStaysWithTheSkippedSpeaker() async {
    let store = meeting(FeatureFixtures.shortSyncUp)
    await store.send(.noteDraftChanged("on the release")) {
      $0.noteDraft = "on the release"
      $0.noteDraftSpeaker = 0
    }
    await store.send(.skipButtonTapped) {
      $0.attendance.speakers = [UUID(0xB2), UUID(0xB3), UUID(0xB1)]
      $0.attendance.carriedTurns = [UUID(0xB1): CarriedTurn()]
      $0.noteDraftSpeaker = 2
      $0.speakerDidChange = true
    }
    await store.send(.noteSubmitted("on the release")) {
      $0.transcript = "Blob: on the release"
      $0.noteDraft = ""
      $0.noteDraftSpeaker = nil
      $0.speakerDidChange = false
    }
  }

  // MARK: Join

  /// A2, absent from the start, arrives 6 seconds into A1's 15-second slot: the 24 seconds
  /// left are divided among A1 (whose slot keeps the 6 spoken), A3 and A2, and the meeting
  /// saves A2 as present.
  @Test func aJoinerSpeaksLastAndTheTimeLeftIsDividedAgain() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    let store = meeting(syncUp, absent: [UUID(0xC01)])
    #expect(slots(store) == [0..<15, 15..<30])
    await store.startMeeting()
    await tick(store, through: 1...6)
    #expect(store.state.secondsRemaining == 24)
    await store.send(.attendeeJoined(UUID(0xC01))) {
      $0.attendance.lineup[1].absent = false
      $0.attendance.speakers = [UUID(0xC00), UUID(0xC02), UUID(0xC01)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 6, firstSpeaker: 0, turnSlotStart: 0)
    }
    #expect(slots(store) == [0..<14, 14..<22, 22..<30])
    #expect(store.state.secondsRemaining == 24)
    #expect(store.state.slotRemaining == 8)
    #expect(store.state.upcomingSpeakerNames(limit: 3) == ["A3", "A2"])
    #expect(store.state.absentees.isEmpty)
    for second in 7...14 {
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        $0.stopwatch = FeatureFixtures.running(second)
        if second == 14 {
          $0.speakerIndex = 1
          $0.speakerDidChange = true
          $0.turns = [turn(0xC00, "A1", 14, 14)]
          $0.turnStart = .seconds(14)
        }
      }
    }
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 22
      $0.turns.append(turn(0xC02, "A3", 0, 8))
    }
    #expect(store.state.currentSpeakerName == "A2")
    let turns = [turn(0xC00, "A1", 14, 14), turn(0xC02, "A3", 0, 8), turn(0xC01, "A2", 0, 8)]
    let saved = FeatureFixtures.recorded(syncUp, duration: 14, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.speakerDidChange = false
      $0.stopwatch = Stopwatch(elapsed: .seconds(14))
      $0.turns = turns
      $0.syncUp.meetings = [saved]
    }
    await store.receive(.delegate(.saved(saved)))
    await store.finish()
    #expect(saved.attendees?.map(\.absent) == [false, false, false])
  }

  @Test func aJoinWhenNobodyIsAbsentDoesNothing() async {
    let store = meeting(FeatureFixtures.shortSyncUp)
    await store.send(.attendeeJoined(UUID(0xB2)))
    await store.send(.attendeeJoined(UUID(0xFF)))
    #expect(throws: ItemTextError("nobody is absent")) {
      try store.state.joiner(named: "Blob Jr")
    }
  }

  @Test func aJoinerIsNamedAsAnItemsOwnerIsAmongThoseAbsent() throws {
    let state = RecordMeeting.State(
      syncUp: Shared(FeatureFixtures.designSyncUp),
      absent: [UUID(0xA1), UUID(0xA2), UUID(0xA4)])
    #expect(try state.joiner(named: " blob ").id == UUID(0xA1))
    #expect(try state.joiner(named: "JR").id == UUID(0xA2))
    #expect(try state.joiner(named: "esq").id == UUID(0xA4))
    #expect(throws: ItemTextError("nobody absent is named 'Sr' (absent: Blob, Blob Jr, Blob Esq)")) {
      try state.joiner(named: "Sr")
    }
    let twoBlobs = RecordMeeting.State(
      syncUp: Shared(FeatureFixtures.designSyncUp), absent: [UUID(0xA2), UUID(0xA3)])
    #expect(throws: ItemTextError("'blob' names several of those absent")) {
      try twoBlobs.joiner(named: "blob")
    }
  }

  /// A2 arrives while A1, alone so far, runs 2 seconds over the whole meeting: A1's slot stays
  /// as it was, no time is left, and A2 speaks in overtime at once.
  @Test func aJoinerDuringTheLastSpeakersOvertimeSpeaksInOvertime() async {
    let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 2)
    let store = meeting(syncUp, absent: [UUID(0xC01)], allowsOvertime: true)
    await store.startMeeting()
    await tick(store, through: 1...22, overtimeAt: 20)
    await store.send(.attendeeJoined(UUID(0xC01))) {
      $0.attendance.lineup[1].absent = false
      $0.attendance.speakers = [UUID(0xC00), UUID(0xC01)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 20, firstSpeaker: 1, keptSlot: 0..<20)
    }
    #expect(slots(store) == [0..<20, 20..<20])
    #expect(store.state.overtimeSeconds == 2)
    #expect(store.state.speaker(at: 19) == 0)
    #expect(!store.state.isOnLastSpeaker)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.isInOvertime = false
      $0.speakerDidChange = true
      $0.turns = [turn(0xC00, "A1", 22, 20)]
      $0.turnStart = .seconds(22)
    }
    await tick()
    await store.receive(.timerTick) {
      $0.stopwatch = FeatureFixtures.running(23)
      $0.speakerDidChange = false
      $0.isInOvertime = true
      $0.slotDidRunOut = true
    }
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false, isEarly: false)
      $0.slotDidRunOut = false
      $0.stopwatch = Stopwatch(elapsed: .seconds(23))
    }
    await saveFromThePrompt(
      store, syncUp, duration: 23, turns: [turn(0xC00, "A1", 22, 20), turn(0xC01, "A2", 1, 0)])
  }

  /// A3 arrives while A1 runs over the first of two slots: A1 keeps their slot, and A2 and A3
  /// share the rest.
  @Test func aJoinerDuringOvertimeSharesWhatFollowsTheSlot() async {
    let syncUp = FeatureFixtures.syncUp(duration: 20, attendees: 3)
    let store = meeting(syncUp, absent: [UUID(0xC02)], allowsOvertime: true)
    await store.startMeeting()
    await tick(store, through: 1...11, overtimeAt: 10)
    await store.send(.attendeeJoined(UUID(0xC02))) {
      $0.attendance.lineup[2].absent = false
      $0.attendance.speakers = [UUID(0xC00), UUID(0xC01), UUID(0xC02)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 10, firstSpeaker: 1, keptSlot: 0..<10)
    }
    #expect(slots(store) == [0..<10, 10..<15, 15..<20])
    #expect(store.state.secondsRemaining == 10)
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.hasEnded = true
      $0.stopwatch = Stopwatch(elapsed: .seconds(11))
    }
    await store.finish()
  }

  /// Someone marked absent when called who arrives later speaks last, and is saved present.
  @Test func someoneMarkedAbsentWhenCalledCanJoinLater() async {
    let syncUp = FeatureFixtures.shortSyncUp
    let store = meeting(syncUp)
    await store.send(.absentButtonTapped) {
      $0.attendance.lineup[0].absent = true
      $0.attendance.division = RecordMeeting.SlotDivision(start: 0, firstSpeaker: 1)
      $0.speakerIndex = 1
      $0.speakerDidChange = true
    }
    await store.send(.attendeeJoined(UUID(0xB1))) {
      $0.attendance.lineup[0].absent = false
      $0.attendance.speakers = [UUID(0xB1), UUID(0xB2), UUID(0xB3), UUID(0xB1)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 0, firstSpeaker: 1, turnSlotStart: 0)
      $0.speakerDidChange = false
    }
    #expect(store.state.upcomingSpeakerNames(limit: 3) == ["Blob Sr", "Blob"])
    #expect(store.state.speakerCount == 4)
    #expect((1...3).map(store.state.speakerSlot(for:)) == [0..<2, 2..<4, 4..<6])
  }

  /// A1 speaks 2 seconds, is marked absent by mistake, and joins at once: those 2 seconds and
  /// 2 of slot join the turn A1 has last, so the turns add up to the meeting's 9 seconds.
  @Test func whatASpeakerMarkedAbsentSaidJoinsTheirTurnWhenTheyJoin() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 3)
    let store = meeting(syncUp)
    await markA1AbsentTwoSecondsIn(store)
    await store.send(.attendeeJoined(UUID(0xC00))) {
      $0.attendance.lineup[0].absent = false
      $0.attendance.speakers = [UUID(0xC00), UUID(0xC01), UUID(0xC02), UUID(0xC00)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 2, firstSpeaker: 1, turnSlotStart: 2)
      $0.speakerDidChange = false
    }
    #expect(slots(store) == [2..<11, 2..<11, 11..<20, 20..<30])
    await ticks(store, 3...5, timeline: 3)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 11
      $0.turnStart = .seconds(5)
      $0.speakerDidChange = true
      $0.turns = [turn(0xC01, "A2", 3, 9)]
    }
    await ticks(store, 6...7, timeline: 12)
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 3
      $0.secondsElapsed = 20
      $0.turnStart = .seconds(7)
      $0.speakerDidChange = true
      $0.turns.append(turn(0xC02, "A3", 2, 9))
    }
    await ticks(store, 8...9, timeline: 21)
    await endEarlyAndSave(
      store, syncUp, at: 9,
      turns: [turn(0xC01, "A2", 3, 9), turn(0xC02, "A3", 2, 9), turn(0xC00, "A1", 4, 12)])
  }

  /// What a speaker marked absent had said is no turn when they do not join: they were absent.
  @Test func whatASpeakerMarkedAbsentSaidIsDroppedWhenTheyStayAbsent() async {
    let syncUp = FeatureFixtures.syncUp(duration: 30, attendees: 2)
    let store = meeting(syncUp)
    await markA1AbsentTwoSecondsIn(store)
    await ticks(store, 3...4, timeline: 3)
    await endEarlyAndSave(
      store, syncUp, at: 4,
      turns: [turn(0xC01, "A2", 2, 28)], absent: [UUID(0xC00)])
  }

  /// Starts the meeting; A1, the first speaker, is marked absent 2 seconds in: what they said
  /// is carried, and A2 starts.
  private func markA1AbsentTwoSecondsIn(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>
  ) async {
    await store.startMeeting()
    await tick(store, through: 1...2)
    await store.send(.absentButtonTapped) {
      $0.attendance.lineup[0].absent = true
      $0.attendance.carriedTurns = [UUID(0xC00): CarriedTurn(spoken: .seconds(2), slot: 2)]
      $0.attendance.division = RecordMeeting.SlotDivision(start: 2, firstSpeaker: 1)
      $0.speakerIndex = 1
      $0.speakerDidChange = true
      $0.turnStart = .seconds(2)
    }
  }

  /// Ticks through the meeting's `seconds` within one turn, the slot timeline at `timeline`
  /// on the first.
  private func ticks(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, _ seconds: ClosedRange<Int>,
    timeline: Int
  ) async {
    for second in seconds {
      await tick()
      await store.receive(.timerTick) {
        $0.secondsElapsed = timeline + second - seconds.lowerBound
        $0.stopwatch = FeatureFixtures.running(second)
        $0.speakerDidChange = false
      }
    }
  }
}
