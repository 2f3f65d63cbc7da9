#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// The meeting's pace on the test clock: ahead or behind its plan and its projected end in each
/// pace mode, the graded cues of each turn, and when they ring.
@MainActor
@Suite struct RecordMeetingPaceTests {
  private let clock = TestClock()

  /// Three speakers, A1 to A3, in 300 seconds: 100 each.
  static let team = FeatureFixtures.syncUp(duration: 300, attendees: 3)

  /// A store for a meeting of `syncUp` on the test clock, checking only what a test names.
  private func meeting(
    _ syncUp: SyncUp = team, mode: PaceMode = .fixed, minimumSlot: Int = 30,
    warn: String = "none", allowsOvertime: Bool = false, absent: Set<UUID> = []
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    let store = TestStore(
      initialState: RecordMeeting.State(
        syncUp: Shared(syncUp), absent: absent, allowsOvertime: allowsOvertime,
        pacing: MeetingPacing.State(
          mode: mode, minimumSlot: minimumSlot, warnings: CueWarnings(rawValue: warn)!)),
      reducer: RecordMeeting()
    ) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = DismissEffect {}
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    return store
  }

  /// Runs the meeting `seconds` seconds on (or until it ends), a second at a time, each tick
  /// taken before the clock moves on; the cues reached meanwhile, at the meeting's second.
  @discardableResult
  private func run(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, for seconds: Int
  ) async -> [Cue] {
    var cues: [Cue] = []
    for _ in 0..<seconds where !store.state.hasEnded {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions()
      if store.state.pacing.phaseDidChange {
        cues.append(Cue(second: store.state.meetingSeconds, phase: store.state.pacing.phase))
      }
    }
    return cues
  }

  struct Cue: Equatable, CustomStringConvertible {
    var second: Int
    var phase: CuePhase
    var description: String { "\(second): \(phase)" }
  }

  private func end(_ store: TestStore<RecordMeeting.State, RecordMeeting.Action>) async {
    await store.skipReceivedActions()
    await store.skipInFlightEffects()
  }

  // MARK: Ahead, behind, projected end

  @Test func theDeadBandIsTenSecondsEitherWay() {
    #expect(RecordMeeting.paceText(variance: 0) == "on time")
    #expect(RecordMeeting.paceText(variance: 9) == "on time")
    #expect(RecordMeeting.paceText(variance: -9) == "on time")
    #expect(RecordMeeting.paceText(variance: 10) == "behind 0:10")
    #expect(RecordMeeting.paceText(variance: -10) == "ahead 0:10")
    #expect(RecordMeeting.paceText(variance: 70) == "behind 1:10")
    #expect(RecordMeeting.paceText(variance: -40) == "ahead 0:40")
  }

  @Test func fixedIsOnTimeAsPlannedAndAheadAfterAnEarlyNext() async {
    let store = meeting()
    await store.send(.onTask)
    await run(store, for: 5)
    #expect(store.state.variance == 0)
    #expect(
      store.state.projectedEnd(now: FeatureFixtures.now)
        == FeatureFixtures.now.addingTimeInterval(295))
    await run(store, for: 25)
    await store.send(.nextButtonTapped)
    // A1 left 70 of their 100 seconds; the slots after stay as planned.
    #expect(store.state.speakerSlot(for: 1) == 100..<200)
    #expect(store.state.variance == -70)
    #expect(RecordMeeting.paceText(variance: store.state.variance) == "ahead 1:10")
    #expect(
      store.state.projectedEnd(now: FeatureFixtures.now)
        == FeatureFixtures.now.addingTimeInterval(200))
    await end(store)
  }

  @Test func fixedOvertimeRunsBehindAndAPauseChangesNothing() async {
    let store = meeting(allowsOvertime: true)
    await store.send(.onTask)
    await run(store, for: 130)
    #expect(store.state.overtimeSeconds == 30)
    #expect(store.state.variance == 30)
    #expect(RecordMeeting.paceText(variance: store.state.variance) == "behind 0:30")
    await store.send(.pauseButtonTapped)
    await run(store, for: 60)
    #expect(store.state.meetingSeconds == 130)
    #expect(store.state.variance == 30)
    await store.send(.resumeButtonTapped)
    await store.send(.nextButtonTapped)
    // The overrun is not made up: A2 and A3 keep their slots.
    #expect(store.state.speakerSlot(for: 1) == 100..<200)
    #expect(store.state.variance == 30)
    await end(store)
  }

  @Test func aSingleSpeakerInOvertimeRunsBehind() async {
    let store = meeting(FeatureFixtures.syncUp(duration: 60, attendees: 1), allowsOvertime: true)
    await store.send(.onTask)
    await run(store, for: 60)
    #expect(store.state.variance == 0)
    await run(store, for: 20)
    #expect(store.state.variance == 20)
    #expect(RecordMeeting.paceText(variance: store.state.variance) == "behind 0:20")
    await end(store)
  }

  // MARK: Rebalance

  @Test func rebalanceDividesTheTimeLeftAtEachTurn() async {
    let store = meeting(mode: .rebalance)
    await store.send(.onTask)
    await run(store, for: 30)
    await store.send(.nextButtonTapped)
    // 270 seconds left for two: 135 each, from the meeting's own time.
    #expect(store.state.speakerSlot(for: 1) == 30..<165)
    #expect(store.state.speakerSlot(for: 2) == 165..<300)
    #expect(store.state.variance == 0)
    await run(store, for: 35)
    await store.send(.nextButtonTapped)
    #expect(store.state.speakerSlot(for: 2) == 65..<300)
    #expect(store.state.turns.map(\.slot) == [100, 135])
    await end(store)
  }

  @Test func rebalanceNeverGivesLessThanTheMinimumAndRunsOver() async {
    // 90 seconds for three: the even share, 30, is the minimum.
    let store = meeting(
      FeatureFixtures.syncUp(duration: 90, attendees: 3), mode: .rebalance, allowsOvertime: true)
    await store.send(.onTask)
    await run(store, for: 80)
    await store.send(.nextButtonTapped)
    // 10 seconds left for two: each still gets 30, and the meeting heads 50 seconds over.
    #expect(store.state.speakerSlot(for: 1) == 80..<110)
    #expect(store.state.speakerSlot(for: 2) == 110..<140)
    #expect(store.state.secondsRemaining == 60)
    #expect(store.state.variance == 50)
    #expect(RecordMeeting.paceText(variance: store.state.variance) == "behind 0:50")
    await end(store)
  }

  @Test func rebalanceTakesTheMinimumSlotAsked() async {
    let store = meeting(mode: .rebalance, minimumSlot: 60, allowsOvertime: true)
    await store.send(.onTask)
    await run(store, for: 250)
    await store.send(.nextButtonTapped)
    #expect(store.state.speakerSlot(for: 1) == 250..<310)
    #expect(store.state.speakerSlot(for: 2) == 310..<370)
    #expect(store.state.variance == 70)
    await end(store)
  }

  @Test func rebalanceDividesAgainWhenSomeoneIsAbsentSkippedOrJoins() async {
    let store = meeting(
      FeatureFixtures.syncUp(duration: 300, attendees: 4), mode: .rebalance,
      absent: [UUID(0xC03)])
    await store.send(.onTask)
    await run(store, for: 20)
    await store.send(.absentButtonTapped)
    // A2 and A3 share the 280 seconds left.
    #expect(store.state.speakerSlot(for: 1) == 20..<160)
    await run(store, for: 10)
    await store.send(.skipButtonTapped)
    // A3, then A2 again, share the 270 left.
    #expect(store.state.currentSpeakerName == "A3")
    #expect(store.state.speakerSlot(for: 1) == 30..<165)
    await store.send(.attendeeJoined(UUID(0xC03)))
    // A3 (still speaking), A2 and A4 share what is left: 90 each.
    #expect(store.state.speakerSlot(for: 1) == 30..<120)
    #expect(store.state.speakerSlot(for: 3) == 210..<300)
    #expect(store.state.variance == 0)
    await end(store)
  }

  // MARK: Bank

  @Test func bankKeepsUnusedTimeForWhoeverRunsOverAndNeverShrinksLaterSlots() async {
    let store = meeting(mode: .bank)
    await store.send(.onTask)
    await run(store, for: 60)
    await store.send(.nextButtonTapped)
    #expect(store.state.pacing.bank == 40)
    #expect(store.state.variance == -40)
    #expect(RecordMeeting.paceText(variance: store.state.variance) == "ahead 0:40")
    // A2 speaks their 100 seconds, then the 40 banked, and A3 starts at 200 with a whole slot.
    await run(store, for: 120)
    #expect(store.state.currentSpeakerName == "A2")
    // 20 seconds past the slot, 21 spent: each second is paid for as it starts.
    #expect(store.state.pacing.bank == 19)
    #expect(store.state.slotRemaining == 0)
    await run(store, for: 20)
    #expect(store.state.currentSpeakerName == "A3")
    #expect(store.state.pacing.bank == 0)
    #expect(store.state.speakerSlot(for: 2) == 200..<300)
    #expect(store.state.turns.map(\.seconds) == [60, 140])
    #expect(store.state.turns.map(\.slot) == [100, 100])
    #expect(store.state.variance == 0)
    await run(store, for: 100)
    #expect(store.state.hasEnded)
    #expect(store.state.syncUp.meetings.first?.duration == 300)
  }

  @Test func bankIsSpentOnlyOnOverrunsAndFixedBanksNothing() async {
    let banked = meeting(mode: .bank)
    await banked.send(.onTask)
    await run(banked, for: 50)
    await banked.send(.nextButtonTapped)
    await run(banked, for: 30)
    await banked.send(.nextButtonTapped)
    // A1 left 50 and A2 70: A3 may speak 220 seconds, from 200 of the plan.
    #expect(banked.state.pacing.bank == 120)
    #expect(banked.state.speakerSlot(for: 2) == 200..<300)
    await end(banked)

    let fixed = meeting()
    await fixed.send(.onTask)
    await run(fixed, for: 50)
    await fixed.send(.nextButtonTapped)
    #expect(fixed.state.pacing.bank == 0)
    await end(fixed)
  }

  // MARK: Graded cues

  @Test func eachCueComesOncePerTurn() async {
    let store = meeting(warn: "30s,10s")
    await store.send(.onTask)
    let cues = await run(store, for: 200)
    #expect(
      cues == [
        Cue(second: 70, phase: .wrapUp), Cue(second: 90, phase: .last),
        Cue(second: 170, phase: .wrapUp), Cue(second: 190, phase: .last),
      ])
    #expect(store.state.turns.map(\.warned) == [.last, .last])
    await end(store)
  }

  @Test func cuesByShareOfTheSlotAndTimeUpInOvertime() async {
    let store = meeting(warn: "80%,95%", allowsOvertime: true)
    await store.send(.onTask)
    let cues = await run(store, for: 130)
    #expect(
      cues == [
        Cue(second: 80, phase: .wrapUp), Cue(second: 95, phase: .last),
        Cue(second: 100, phase: .timeUp),
      ])
    await store.send(.nextButtonTapped)
    #expect(store.state.turns.map(\.warned) == [.timeUp])
    #expect(store.state.pacing.phase == CuePhase.none)
    await end(store)
  }

  @Test func noCuesWithNoneAndNoneRecorded() async {
    let store = meeting()
    await store.send(.onTask)
    let cues = await run(store, for: 150)
    #expect(cues == [])
    #expect(store.state.turns.map(\.warned) == [nil])
    await end(store)
  }

  @Test func theBellRingsOnACueOnlyWhenTheSettingSaysSoUnlessMuted() async {
    for (bell, ringsOnCue, ringsOnChange) in [
      (BellSetting.off, false, false), (.change, false, true), (.cues, true, false),
      (.all, true, true),
    ] {
      let store = meeting(FeatureFixtures.syncUp(duration: 40, attendees: 2), warn: "10s")
      // The setting, in the store's world, where the meeting reads it.
      withDependencies { $0 = store.dependencies } operation: {
        @Shared(.bell) var setting
        $setting.withLock { $0 = bell }
      }
      #expect(store.state.bell == bell)
      await store.send(.onTask)
      await run(store, for: 10)
      #expect(store.state.pacing.phaseDidChange, "\(bell)")
      #expect(store.state.shouldFlash, "\(bell)")
      #expect(store.state.shouldRingBell == ringsOnCue, "\(bell)")
      await run(store, for: 10)
      #expect(store.state.speakerDidChange, "\(bell)")
      #expect(store.state.shouldRingBell == ringsOnChange, "\(bell)")
      await store.send(.muteButtonTapped)
      await run(store, for: 10)
      // Muted: the cue still flashes, and nothing rings.
      #expect(store.state.shouldFlash, "\(bell)")
      #expect(!store.state.shouldRingBell, "\(bell)")
      await end(store)
    }
  }

  @Test func cuesAreReadAsTyped() {
    #expect(CueWarnings(rawValue: "30s,10s")?.thresholds == [.secondsLeft(30), .secondsLeft(10)])
    #expect(CueWarnings(rawValue: "80%, 95%")?.rawValue == "80%,95%")
    #expect(CueWarnings(rawValue: "1m")?.rawValue == "60s")
    #expect(CueWarnings(rawValue: "NONE") == CueWarnings.none)
    for wrong in ["", "0s", "100%", "30s,20s,10s", "soon", "30s,"] {
      #expect(CueWarnings(rawValue: wrong) == nil, "\(wrong)")
    }
    let warnings = CueWarnings(rawValue: "30s,10s")!
    #expect(warnings.phase(left: 31, slot: 100) == CuePhase.none)
    #expect(warnings.phase(left: 30, slot: 100) == .wrapUp)
    #expect(warnings.phase(left: 10, slot: 100) == .last)
    #expect(warnings.phase(left: 0, slot: 100) == .timeUp)
  }
}
