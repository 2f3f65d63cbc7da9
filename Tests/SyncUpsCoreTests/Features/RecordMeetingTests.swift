#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

@MainActor
@Suite struct RecordMeetingTests {
  /// Moves the clock one second on, once the timer sleeps.
  private func tick(_ clock: TestClock) async {
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
  }

  @Test func timer() async {
    let clock = TestClock()
    let dismissals = DismissCounter()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
      $0.uuid = .incrementing
    }

    await store.startMeeting()

    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 0
      $0.secondsElapsed = 1
      $0.stopwatch = FeatureFixtures.running(1)
      #expect($0.secondsRemaining == 5)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
      $0.speakerDidChange = true
      $0.stopwatch = FeatureFixtures.running(2)
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 2, of: 2)]
      $0.turnStart = .seconds(2)
      #expect($0.secondsRemaining == 4)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 3
      $0.speakerDidChange = false
      $0.stopwatch = FeatureFixtures.running(3)
      #expect($0.secondsRemaining == 3)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
      $0.speakerDidChange = true
      $0.stopwatch = FeatureFixtures.running(4)
      $0.turns.append(FeatureFixtures.turn(0xB2, "Blob Jr", 2, of: 2))
      $0.turnStart = .seconds(4)
      #expect($0.secondsRemaining == 2)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 5
      $0.speakerDidChange = false
      $0.stopwatch = FeatureFixtures.running(5)
      #expect($0.secondsRemaining == 1)
    }
    let turns = [
      FeatureFixtures.turn(0xB1, "Blob", 2, of: 2), FeatureFixtures.turn(0xB2, "Blob Jr", 2, of: 2),
      FeatureFixtures.turn(0xB3, "Blob Sr", 2, of: 2),
    ]
    let meeting = FeatureFixtures.recorded(FeatureFixtures.shortSyncUp, duration: 6, turns: turns)
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 6
      $0.stopwatch = Stopwatch(elapsed: .seconds(6))
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings.insert(meeting, at: 0)
      #expect($0.secondsRemaining == 0)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(dismissals.count == 1)
  }

  @Test func endMeetingSave() async {
    let clock = TestClock()
    let dismissals = DismissCounter()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.designSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
      $0.uuid = .incrementing
    }

    await store.startMeeting()
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.stopwatch = Stopwatch(elapsed: .zero)
    }

    // The timer runs on while the alert shows, but its ticks change nothing, and the time is
    // not the meeting's.
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    await store.receive(.timerTick)
    await store.receive(.timerTick)
    await store.receive(.timerTick)

    let turns = [FeatureFixtures.turn(0xA1, "Blob", 0, of: 10)]
    let meeting = FeatureFixtures.recorded(FeatureFixtures.designSyncUp, duration: 0, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings.insert(meeting, at: 0)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(dismissals.count == 1)
    #expect(store.state.syncUp.meetings.ids == [UUID(0), UUID(0xE1)])
  }

  /// Discarding saves nothing; a note being typed joins the transcript, which the discarded
  /// meeting's notes are shown from.
  @Test func endMeetingDiscard() async {
    let clock = TestClock()
    let dismissals = DismissCounter()
    // No `uuid`: discarding must not make a meeting.
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.designSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
    }

    await store.startMeeting()
    await store.send(.noteSubmitted("First")) {
      $0.transcript = "Blob: First"
    }
    await store.send(.noteDraftChanged("Half said")) {
      $0.noteDraft = "Half said"
      $0.noteDraftSpeaker = 0
    }
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.stopwatch = Stopwatch(elapsed: .zero)
    }
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.noteDraft = ""
      $0.noteDraftSpeaker = nil
      $0.transcript = "Blob: First\nBlob: Half said"
    }
    await store.finish()
    #expect(dismissals.count == 1)
    #expect(store.state.syncUp == FeatureFixtures.designSyncUp)
  }

  @Test func resumeDismissesTheAlertAndTicksCountAgain() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.designSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissCounter().effect
    }

    await store.startMeeting()
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.stopwatch = Stopwatch(elapsed: .zero)
    }
    // The timer starts again, its ticks on the turn's seconds.
    let timer = await store.send(.alert(.dismiss)) {
      $0.alert = nil
      $0.stopwatch = FeatureFixtures.running(0)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 1
      $0.stopwatch = FeatureFixtures.running(1)
    }
    timer.cancel()
    await store.finish()
  }

  @Test func nextSpeaker() async {
    let clock = TestClock()
    let dismissals = DismissCounter()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
      $0.uuid = .incrementing
    }

    await store.startMeeting()
    await store.nextToTheLastOfThree()
    #expect(store.state.isOnLastSpeaker)
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false, isEarly: false)
      $0.speakerDidChange = false
      $0.stopwatch = Stopwatch(elapsed: .zero)
    }
    let turns = [
      FeatureFixtures.turn(0xB1, "Blob", 0, of: 2), FeatureFixtures.turn(0xB2, "Blob Jr", 0, of: 2),
      FeatureFixtures.turn(0xB3, "Blob Sr", 0, of: 2),
    ]
    let meeting = FeatureFixtures.recorded(FeatureFixtures.shortSyncUp, duration: 0, turns: turns)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings.insert(meeting, at: 0)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(dismissals.count == 1)
  }

  /// A note belongs to the speaker whose turn it was when typing started: one taken after
  /// the turn changed, and one still being typed when the time runs out in a later turn,
  /// which joins the transcript before the meeting is saved (an end that is not early).
  @Test func aNoteBeingTypedBelongsToTheSpeakerItWasStartedFor() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissCounter().effect
      $0.uuid = .incrementing
    }
    let turns = [
      FeatureFixtures.turn(0xB1, "Blob", 2, of: 2), FeatureFixtures.turn(0xB2, "Blob Jr", 2, of: 2),
      FeatureFixtures.turn(0xB3, "Blob Sr", 2, of: 2),
    ]

    await store.startMeeting()
    await store.send(.noteDraftChanged("Shipped")) {
      $0.noteDraft = "Shipped"
      $0.noteDraftSpeaker = 0
    }
    for second in 1...2 {
      await tick(clock)
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        $0.stopwatch = FeatureFixtures.running(second)
        if second == 2 {
          $0.speakerIndex = 1
          $0.speakerDidChange = true
          $0.turns = [turns[0]]
          $0.turnStart = .seconds(2)
        }
      }
    }
    await store.send(.noteSubmitted("Shipped")) {
      $0.speakerDidChange = false
      $0.noteDraft = ""
      $0.noteDraftSpeaker = nil
      $0.transcript = "Blob: Shipped"
    }
    await store.send(.noteDraftChanged("Half said")) {
      $0.noteDraft = "Half said"
      $0.noteDraftSpeaker = 1
    }
    for second in 3...5 {
      await tick(clock)
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        $0.stopwatch = FeatureFixtures.running(second)
        $0.speakerDidChange = second == 4
        if second == 4 {
          $0.speakerIndex = 2
          $0.turns = Array(turns[0...1])
          $0.turnStart = .seconds(4)
        }
      }
    }
    let meeting = FeatureFixtures.recorded(
      FeatureFixtures.shortSyncUp, transcript: "Blob: Shipped\nBlob Jr: Half said", duration: 6,
      turns: turns)
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 6
      $0.stopwatch = Stopwatch(elapsed: .seconds(6))
      $0.hasEnded = true
      $0.noteDraft = ""
      $0.noteDraftSpeaker = nil
      $0.transcript = "Blob: Shipped\nBlob Jr: Half said"
      $0.turns = turns
      $0.syncUp.meetings.insert(meeting, at: 0)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
  }

  /// A save or discard asked for once the time ran out (a signal arriving before the meeting
  /// is dismissed) changes nothing: the meeting is saved once.
  @Test func anEndAskedForAfterTheEndChangesNothing() async {
    let clock = TestClock()
    let syncUp = FeatureFixtures.syncUp(duration: 1, attendees: 1)
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(syncUp)), reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissCounter().effect
      $0.uuid = .incrementing
    }

    await store.startMeeting()
    let turns = [FeatureFixtures.turn(0xC00, "A1", 1, of: 1)]
    let meeting = FeatureFixtures.recorded(syncUp, duration: 1, turns: turns)
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 1
      $0.stopwatch = Stopwatch(elapsed: .seconds(1))
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings.insert(meeting, at: 0)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.send(.alert(.presented(.confirmSave)))
    await store.send(.alert(.presented(.confirmDiscard)))
    await store.send(.noteSubmitted("Too late"))
    await store.finish()
  }

  @Test func theEndAlerts() {
    let resume = ButtonState<RecordMeeting.Action.Alert>(role: .cancel, label: "Resume")
    let save = ButtonState<RecordMeeting.Action.Alert>(action: .confirmSave, label: "Save and end")
    let discard = ButtonState<RecordMeeting.Action.Alert>(
      role: .destructive, action: .confirmDiscard, label: "Discard")
    let alert = AlertState<RecordMeeting.Action.Alert>.endMeeting(
      isDiscardable: true, isEarly: true)
    #expect(alert.title == "End meeting?")
    #expect(alert.message == "You are ending the meeting early. What would you like to do?")
    #expect(alert.buttons == [save, discard, resume])
    let last = AlertState<RecordMeeting.Action.Alert>.endMeeting(
      isDiscardable: false, isEarly: false)
    #expect(last.message == "What would you like to do?")
    #expect(last.buttons == [save, resume])
  }

  /// 300 seconds do not split evenly between 7 speakers: the app never ends such a meeting.
  /// Each turn lasts its slot, and the meeting what the clock says.
  @Test func sevenSpeakersInFiveMinutes() async {
    let clock = TestClock()
    let dismissals = DismissCounter()
    let syncUp = FeatureFixtures.syncUp(duration: 300, attendees: 7)
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(syncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
      $0.uuid = .incrementing
    }
    let changes = [42: 1, 85: 2, 128: 3, 171: 4, 214: 5, 257: 6]
    let starts = [0, 42, 85, 128, 171, 214, 257, 300]
    let turns = (0..<7).map { FeatureFixtures.turn(0xC00 + $0, "A\($0 + 1)", starts[$0 + 1] - starts[$0], of: starts[$0 + 1] - starts[$0]) }
    #expect(store.state.speakerSlot(for: 0) == 0..<42)
    #expect(store.state.speakerSlot(for: 3) == 128..<171)
    #expect(store.state.speakerSlot(for: 6) == 257..<300)

    await store.startMeeting()
    var changed = false
    for second in 1..<300 {
      await tick(clock)
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        $0.stopwatch = FeatureFixtures.running(second)
        $0.speakerDidChange = changes[second] != nil
        if let speaker = changes[second] {
          $0.speakerIndex = speaker
          $0.turns.append(turns[speaker - 1])
          $0.turnStart = .seconds(second)
        }
      }
      changed = changes[second] != nil
    }
    #expect(store.state.secondsRemaining == 1)
    #expect(store.state.slotElapsed == 42)
    #expect(store.state.slotRemaining == 1)
    let meeting = FeatureFixtures.recorded(syncUp, duration: 300, turns: turns)
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 300
      $0.stopwatch = Stopwatch(elapsed: .seconds(300))
      $0.hasEnded = true
      if changed { $0.speakerDidChange = false }
      $0.turns = turns
      $0.syncUp.meetings = [meeting]
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(dismissals.count == 1)
    #expect(meeting.turns?.map(\.seconds) == [42, 43, 43, 43, 43, 43, 43])
  }

  /// Every length and number of speakers: each speaker's slot starts at ⌊i·D/n⌋ and the
  /// meeting is saved exactly when D seconds have passed.
  @Test(arguments: [1, 2, 3, 5, 6, 7, 59, 60, 61, 299, 300, 301, 3_599])
  func everyMeetingEndsOnTime(duration: Int) {
    for attendees in 1...8 {
      let store = Store(
        initialState: RecordMeeting.State(
          syncUp: Shared(FeatureFixtures.syncUp(duration: duration, attendees: attendees))),
        reducer: RecordMeeting()
      ) {
        $0.date = .constant(FeatureFixtures.now)
        $0.dismiss = DismissEffect {}
        $0.uuid = .incrementing
      }
      var starts: [Int: Int] = [:]  // speaker → the second their turn began
      starts[store.state.speakerIndex] = 0
      for second in 1...duration {
        #expect(store.state.syncUp.meetings.isEmpty, "D=\(duration) n=\(attendees) t=\(second)")
        store.send(.timerTick)
        #expect(store.state.secondsElapsed == second)
        if store.state.speakerDidChange { starts[store.state.speakerIndex] = second }
      }
      #expect(store.state.syncUp.meetings.count == 1, "D=\(duration) n=\(attendees)")
      #expect(store.state.speakerIndex == attendees - 1)
      // Speakers whose slot is not empty start at ⌊i·D/n⌋.
      let expected = Dictionary(
        uniqueKeysWithValues: (0..<attendees)
          .filter { ($0 + 1) * duration / attendees > $0 * duration / attendees }
          .map { ($0, $0 * duration / attendees) }
      )
      #expect(starts == expected, "D=\(duration) n=\(attendees)")
    }
  }

  @Test func pauseDropsTicks() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissCounter().effect
    }

    await store.startMeeting()
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 1
      $0.stopwatch = FeatureFixtures.running(1)
    }
    await store.send(.pauseButtonTapped) {
      $0.isPaused = true
      $0.stopwatch = Stopwatch(elapsed: .seconds(1))
    }
    await tick(clock)
    await store.receive(.timerTick)
    await tick(clock)
    await store.receive(.timerTick)
    await store.send(.resumeButtonTapped) {
      $0.isPaused = false
      $0.stopwatch = FeatureFixtures.running(1, since: 3)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 2
      $0.speakerIndex = 1
      $0.speakerDidChange = true
      $0.stopwatch = FeatureFixtures.running(2, since: 4)
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 2, of: 2)]
      $0.turnStart = .seconds(2)
    }
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.speakerDidChange = false
      $0.stopwatch = Stopwatch(elapsed: .seconds(2))
    }
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.alert = nil
      $0.hasEnded = true
    }
    await store.finish()
  }

  @Test func notesBuildTheTranscript() async {
    var syncUp = FeatureFixtures.shortSyncUp
    syncUp.attendees[1].name = "  "
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(syncUp)),
      reducer: RecordMeeting()
    ) {
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissCounter().effect
      $0.uuid = .incrementing
    }

    await store.send(.noteSubmitted("Shipped the release")) {
      $0.transcript = "Blob: Shipped the release"
    }
    await store.send(.noteSubmitted("   "))
    await store.send(.nextButtonTapped) {
      $0.secondsElapsed = 2
      $0.speakerIndex = 1
      $0.speakerDidChange = true
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
    }
    #expect(store.state.currentSpeakerName == "Speaker 2")
    await store.send(.noteSubmitted("  Reviewing\nthe design  ")) {
      $0.speakerDidChange = false
      $0.transcript = "Blob: Shipped the release\nSpeaker 2: Reviewing the design"
    }
    let turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2), FeatureFixtures.turn(0xB2, "  ", 0, of: 2)]
    let meeting = FeatureFixtures.recorded(
      syncUp, transcript: "Blob: Shipped the release\nSpeaker 2: Reviewing the design",
      duration: 0, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings = [meeting]
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
  }

  @Test func theSavedDateIsInWholeSeconds() async throws {
    let store = TestStore(
      initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
      reducer: RecordMeeting()
    ) {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890.75))
      $0.dismiss = DismissCounter().effect
      $0.uuid = .incrementing
    }

    let turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
    let meeting = FeatureFixtures.recorded(
      FeatureFixtures.shortSyncUp, duration: 0, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings = [meeting]
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    let data = try SyncUpsFile.encode([store.state.syncUp])
    #expect(try SyncUpsFile.decode(data) == [store.state.syncUp])
  }

  @Test func theBellRingsOnASpeakerChangeWhenTheSettingIsOn() {
    for bell in [true, false] {
      withDependencies {
        $0.dismiss = DismissCounter().effect
      } operation: {
        @Shared(.bell) var setting
        $setting.withLock { $0 = bell ? .change : .off }
        let store = Store(
          initialState: RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp)),
          reducer: RecordMeeting()
        )
        #expect(store.state.bell == (bell ? .change : .off))
        store.send(.timerTick)
        #expect(!store.state.shouldRingBell)
        store.send(.timerTick)
        #expect(store.state.shouldRingBell == bell)
        store.send(.timerTick)
        #expect(!store.state.shouldRingBell)
        store.send(.nextButtonTapped)
        #expect(store.state.shouldRingBell == bell)
        store.send(.noteSubmitted("Done"))
        #expect(!store.state.shouldRingBell)
      }
    }
  }

  @Test func slotHelpersForTheView() {
    var syncUp = FeatureFixtures.syncUp(duration: 10, attendees: 3)
    syncUp.attendees[2].name = ""
    var state = withDependencies {
      $0.dismiss = DismissEffect {}
    } operation: {
      RecordMeeting.State(syncUp: Shared(syncUp))
    }
    #expect((0..<3).map(state.speakerSlot(for:)) == [0..<3, 3..<6, 6..<10])
    #expect((0...10).map(state.speaker(at:)) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2])
    #expect(state.currentSpeakerName == "A1")
    #expect(!state.isOnLastSpeaker)
    state.secondsElapsed = 7
    state.speakerIndex = 2
    state.turnStart = .seconds(6)
    state.stopwatch = Stopwatch(elapsed: .milliseconds(7_400))
    #expect(state.currentSpeakerName == "Speaker 3")
    #expect(state.isOnLastSpeaker)
    #expect(state.slotElapsed == 1)
    #expect(state.slotRemaining == 3)
    #expect(state.secondsRemaining == 3)
    // Past the half second, both round up together: 2 of the slot's 4 used, 2 left.
    state.stopwatch = Stopwatch(elapsed: .milliseconds(7_500))
    #expect([state.slotElapsed, state.slotRemaining, state.secondsRemaining] == [2, 2, 2])
  }

  @Test func anOutsideChangeDuringTheMeetingIsKeptWhenItIsSaved() async throws {
    try await withDependencies {
      $0.date = .constant(FeatureFixtures.now)
      $0.uuid = .incrementing
    } operation: {
      let dismissals = DismissCounter()
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [FeatureFixtures.shortSyncUp] }
      try await $syncUps.save()
      let syncUp = try #require($syncUps[id: FeatureFixtures.shortSyncUp.id])
      let store = TestStore(
        initialState: RecordMeeting.State(syncUp: syncUp),
        reducer: RecordMeeting()
      ) {
        $0.dismiss = dismissals.effect
      }
      await store.send(.noteSubmitted("Hello")) { $0.transcript = "Blob: Hello" }

      // Another process renames an attendee while the meeting runs.
      var renamed = FeatureFixtures.shortSyncUp
      renamed.attendees[1].name = "Blob Junior"
      FeatureFixtures.fileSystem.simulateOutsideWrite(
        try SyncUpsFile.encode([renamed]), to: "/sync-ups.json")

      // Whether or not the change was noticed before, saving starts from the file.
      store.exhaustivity = .off
      await store.send(.alert(.presented(.confirmSave)))
      await store.finish()

      var expected = renamed
      // The record keeps the names the meeting started with.
      expected.meetings = [
        FeatureFixtures.recorded(
          FeatureFixtures.shortSyncUp, transcript: "Blob: Hello", duration: 0,
          turns: [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)], endedEarly: true)
      ]
      #expect(store.state.syncUp == expected)
      #expect(syncUps == [expected])
      try await $syncUps.save()
      #expect(try FeatureFixtures.syncUpsInFile() == [expected])
      #expect(dismissals.count == 1)
    }
  }

  /// The one way a saved meeting is filed, which whoever runs the meeting uses to save it again:
  /// at the front of its sync-up's history, once; and with its sync-up, brought back where it
  /// was, when another process deleted the sync-up meanwhile.
  @Test func aSavedMeetingIsFiledOnceAndBringsItsDeletedSyncUpBack() {
    let syncUp = FeatureFixtures.shortSyncUp
    let older = Meeting(id: UUID(0xE1), date: FeatureFixtures.now, transcript: "Blob: Before")
    var withOlder = syncUp
    withOlder.meetings = [older]
    let meeting = Meeting(id: UUID(0xE2), date: FeatureFixtures.now, transcript: "Blob: Hi")
    let first = SyncUp(id: UUID(0xF1), title: "First")
    let last = SyncUp(id: UUID(0xF2), title: "Last")

    var syncUps: IdentifiedArrayOf<SyncUp> = [first, withOlder, last]
    #expect(RecordMeeting.file(meeting, of: syncUp, at: 1, into: &syncUps) == .added)
    #expect(syncUps.map(\.id) == [first.id, syncUp.id, last.id])
    #expect(syncUps[id: syncUp.id]?.meetings.map(\.id) == [meeting.id, older.id])

    #expect(RecordMeeting.file(meeting, of: syncUp, at: 1, into: &syncUps) == .alreadyThere)
    #expect(syncUps[id: syncUp.id]?.meetings.map(\.id) == [meeting.id, older.id])

    var deleted: IdentifiedArrayOf<SyncUp> = [first, last]
    #expect(RecordMeeting.file(meeting, of: withOlder, at: 1, into: &deleted) == .restored)
    #expect(deleted.map(\.id) == [first.id, syncUp.id, last.id])
    #expect(deleted[id: syncUp.id]?.meetings.map(\.id) == [meeting.id, older.id])

    // The sync-up as the meeting last saw it holds the meeting already: it comes back once.
    var seenByTheMeeting = withOlder
    seenByTheMeeting.meetings.insert(meeting, at: 0)
    var allDeleted: IdentifiedArrayOf<SyncUp> = []
    #expect(
      RecordMeeting.file(meeting, of: seenByTheMeeting, at: 1, into: &allDeleted) == .restored)
    #expect(allDeleted.map(\.id) == [syncUp.id])
    #expect(allDeleted[id: syncUp.id]?.meetings.map(\.id) == [meeting.id, older.id])
  }
}
