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
@Suite struct SyncUpsListTests {
  @Test func add() async throws {
    let store = TestStore(initialState: SyncUpsList.State(), reducer: SyncUpsList()) {
      $0.uuid = .incrementing
    }

    var syncUp = SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1), name: "")])
    await store.send(.addSyncUpButtonTapped) {
      $0.addSyncUp = SyncUpForm.State(syncUp: syncUp)
    }

    syncUp.title = "Engineering"
    await store.send(.addSyncUp(.presented(.titleChanged("Engineering")))) {
      $0.addSyncUp?.syncUp.title = "Engineering"
    }

    await store.send(.confirmAddSyncUpButtonTapped) {
      $0.addSyncUp = nil
      $0.syncUps = [syncUp]
    }

    // The list is the data file.
    try await store.state.$syncUps.save()
    let file = try DependencyValues.withValues(store.dependencies) {
      try FeatureFixtures.syncUpsInFile()
    }
    #expect(file == [syncUp])
  }

  @Test func addAndConfirmValidatesAttendees() async {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let store = TestStore(
      initialState: SyncUpsList.State(
        addSyncUp: SyncUpForm.State(
          syncUp: SyncUp(
            id: id,
            attendees: [Attendee(id: UUID(0), name: ""), Attendee(id: UUID(1), name: "    ")],
            title: "Design"
          )
        )
      ),
      reducer: SyncUpsList()
    ) {
      $0.uuid = .incrementing
    }

    await store.send(.confirmAddSyncUpButtonTapped) {
      $0.addSyncUp = nil
      $0.syncUps = [SyncUp(id: id, attendees: [Attendee(id: UUID(0), name: "")], title: "Design")]
    }
  }

  @Test func blankAttendeesAreDroppedAndTheRestKeptInOrder() async {
    let store = TestStore(
      initialState: SyncUpsList.State(
        addSyncUp: SyncUpForm.State(
          syncUp: SyncUp(
            id: UUID(0xD0),
            attendees: [
              Attendee(id: UUID(0xA1), name: " "),
              Attendee(id: UUID(0xA2), name: "Blob"),
              Attendee(id: UUID(0xA3), name: "\t"),
              Attendee(id: UUID(0xA4), name: "Blob Jr"),
            ]
          )
        )
      ),
      reducer: SyncUpsList()
    )

    await store.send(.confirmAddSyncUpButtonTapped) {
      $0.addSyncUp = nil
      $0.syncUps = [
        SyncUp(
          id: UUID(0xD0),
          attendees: [
            Attendee(id: UUID(0xA2), name: "Blob"), Attendee(id: UUID(0xA4), name: "Blob Jr"),
          ]
        )
      ]
    }
  }

  @Test func aNewSyncUpIsAddedAtTheEnd() async {
    await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [FeatureFixtures.designSyncUp] }
      let store = TestStore(initialState: SyncUpsList.State(), reducer: SyncUpsList())

      await store.send(.addSyncUpButtonTapped) {
        $0.addSyncUp = SyncUpForm.State(
          syncUp: SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1), name: "")])
        )
      }
      await store.send(.addSyncUp(.presented(.attendeeNameChanged(id: UUID(1), name: "Blob")))) {
        $0.addSyncUp?.syncUp.attendees[0].name = "Blob"
      }
      await store.send(.confirmAddSyncUpButtonTapped) {
        $0.addSyncUp = nil
        $0.syncUps.append(SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1), name: "Blob")]))
      }
      #expect(syncUps.ids == [FeatureFixtures.designSyncUp.id, UUID(0)])
    }
  }

  @Test func dismissingTheFormAddsNothing() async {
    let store = TestStore(initialState: SyncUpsList.State(), reducer: SyncUpsList()) {
      $0.uuid = .incrementing
    }

    await store.send(.addSyncUpButtonTapped) {
      $0.addSyncUp = SyncUpForm.State(
        syncUp: SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1), name: "")])
      )
    }
    await store.send(.dismissAddSyncUpButtonTapped) {
      $0.addSyncUp = nil
    }
    #expect(store.state.syncUps.isEmpty)
  }

  @Test func deleteByID() async {
    await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [FeatureFixtures.designSyncUp, FeatureFixtures.shortSyncUp] }
      let store = TestStore(initialState: SyncUpsList.State(), reducer: SyncUpsList())

      await store.send(.deleteSyncUp(id: FeatureFixtures.designSyncUp.id)) {
        $0.syncUps = [FeatureFixtures.shortSyncUp]
      }
      await store.send(.deleteSyncUp(id: UUID(0xFF)))
      #expect(syncUps == [FeatureFixtures.shortSyncUp])
    }
  }
}
