import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// Meetings in progress for the screen and controller tests.
enum MeetingFixtures {
  /// Engineering: Blob, Blob Jr and Blob Sr in 10 minutes, 200 seconds each, bubblegum; each
  /// with a git identity, so their work cards are found by it.
  static let engineering = SyncUp(
    id: RenderingFixtures.id(1),
    attendees: [
      Attendee(id: RenderingFixtures.id(11), name: "Blob", gitAuthors: ["blob@example.com"]),
      Attendee(id: RenderingFixtures.id(12), name: "Blob Jr", gitAuthors: ["jr@example.com"]),
      Attendee(id: RenderingFixtures.id(13), name: "Blob Sr", gitAuthors: ["sr@example.com"]),
    ],
    duration: 600,
    theme: .bubblegum,
    title: "Engineering"
  )

  /// A meeting of `syncUp` at `elapsed` seconds, with the speaker whose slot that is.
  static func state(
    _ syncUp: SyncUp = engineering, elapsed: Int = 265, paused: Bool = false,
    alert: AlertState<RecordMeeting.Action.Alert>? = nil
  ) -> RecordMeeting.State {
    var state = RecordMeeting.State(syncUp: Shared(syncUp))
    state.secondsElapsed = elapsed
    state.speakerIndex = state.speaker(at: elapsed)
    // Real time as long as the slot timeline: no next pressed, no pause.
    state.stopwatch = Stopwatch(elapsed: .seconds(elapsed))
    state.turnStart = .seconds(state.speakerSlot(for: state.speakerIndex).lowerBound)
    state.isPaused = paused
    state.alert = alert
    return state
  }
}
