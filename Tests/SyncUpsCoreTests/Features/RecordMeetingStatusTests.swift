import SharedState
import SyncUpsCore
import Testing

/// The turn against its slot that a running meeting publishes (``RecordMeeting/TurnClock``):
/// the same times the meeting shows, worked out once.
@MainActor
@Suite struct RecordMeetingStatusTests {
  /// 100 seconds among seven attendees: slots of 14 or 15 seconds (`⌊i·100/7⌋`).
  private func state(elapsed: Int, turnStart: Int, speaker: Int) -> RecordMeeting.State {
    withDependencies {
      $0.date = .constant(FeatureFixtures.now)
    } operation: {
      var state = RecordMeeting.State(
        syncUp: Shared(FeatureFixtures.syncUp(duration: 100, attendees: 7)))
      state.stopwatch = FeatureFixtures.running(elapsed)
      state.turnStart = .seconds(turnStart)
      state.speakerIndex = speaker
      return state
    }
  }

  @Test func theClockAgreesWithWhatTheMeetingShows() {
    // Speaker 3 (from 0) holds seconds 42..<57: 15 s, 43 s of slots after; 4 s spoken.
    let state = state(elapsed: 48, turnStart: 44, speaker: 3)
    #expect(
      state.turnClock == RecordMeeting.TurnClock(slot: 15, laterSlots: 43, turnSeconds: 4))
    #expect(state.turnClock.slotRemaining == 11)
    #expect(state.turnClock.secondsRemaining == 54)
    #expect(state.turnClock.slotRemaining == state.slotRemaining)
    #expect(state.turnClock.secondsRemaining == state.secondsRemaining)
    #expect(state.turnClock.overtimeSeconds == 0)
  }

  @Test func pastTheSlotNothingIsLeftAndOvertimeCounts() {
    // The last speaker (seconds 85..<100) has spoken 20 s of their 15 s slot.
    let state = state(elapsed: 105, turnStart: 85, speaker: 6)
    #expect(state.turnClock == RecordMeeting.TurnClock(slot: 15, laterSlots: 0, turnSeconds: 20))
    #expect(state.turnClock.slotRemaining == 0)
    #expect(state.turnClock.secondsRemaining == 0)
    #expect(state.turnClock.overtimeSeconds == 5)
    #expect(state.turnClock.secondsRemaining == state.secondsRemaining)
  }
}
