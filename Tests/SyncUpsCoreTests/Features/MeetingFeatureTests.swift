#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppNavigation
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

@MainActor
@Suite struct MeetingFeatureTests {
  @Test func showsTheMeetingWithTheSyncUpsAttendees() {
    let syncUp = FeatureFixtures.designSyncUp
    let state = MeetingFeature.State(meeting: syncUp.meetings[0], syncUp: Shared(syncUp))

    #expect(
      state.attendees.map(\.name)
        == ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"])
    #expect(state.transcript == "Blob: We shipped the release.")
  }

  @Test func deleteRemovesTheMeetingAndCloses() async {
    let dismissals = DismissCounter()
    let syncUp = FeatureFixtures.designSyncUp
    let store = TestStore(
      initialState: MeetingFeature.State(meeting: syncUp.meetings[0], syncUp: Shared(syncUp)),
      reducer: MeetingFeature()
    ) {
      $0.dismiss = dismissals.effect
    }

    await store.send(.deleteButtonTapped) {
      $0.syncUp.meetings = []
    }
    await store.finish()
    #expect(dismissals.count == 1)
  }
}
