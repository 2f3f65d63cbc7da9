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
@Suite struct SyncUpFormTests {
  @Test func addAttendee() async {
    let store = TestStore(
      initialState: SyncUpForm.State(syncUp: SyncUp(id: UUID(0xD0), title: "Engineering")),
      reducer: SyncUpForm()
    ) {
      $0.uuid = .incrementing
    }
    #expect(store.state.syncUp.attendees == [Attendee(id: UUID(0), name: "")])

    await store.send(.addAttendeeButtonTapped) {
      $0.focus = .attendee(UUID(1))
      $0.syncUp.attendees = [Attendee(id: UUID(0), name: ""), Attendee(id: UUID(1), name: "")]
    }
  }

  @Test func focusAfterRemovingAttendee() async {
    let a = Attendee(id: UUID(0xA1), name: "a")
    let b = Attendee(id: UUID(0xA2), name: "b")
    let c = Attendee(id: UUID(0xA3), name: "c")
    let d = Attendee(id: UUID(0xA4), name: "d")
    let store = TestStore(
      initialState: SyncUpForm.State(
        syncUp: SyncUp(id: UUID(0xD0), attendees: [a, b, c, d], title: "Engineering")
      ),
      reducer: SyncUpForm()
    ) {
      $0.uuid = .incrementing
    }

    await store.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee(b.id)
      $0.syncUp.attendees = [b, c, d]
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee(d.id)
      $0.syncUp.attendees = [b, d]
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee(b.id)
      $0.syncUp.attendees = [b]
    }
    await store.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee(UUID(0))
      $0.syncUp.attendees = [Attendee(id: UUID(0), name: "")]
    }
  }

  @Test func editingByIDForTheCommandLine() async {
    let blob = Attendee(id: UUID(0xA1), name: "Blob")
    let store = TestStore(
      initialState: SyncUpForm.State(syncUp: SyncUp(id: UUID(0xD0), attendees: [blob])),
      reducer: SyncUpForm()
    ) {
      $0.uuid = .incrementing
    }

    await store.send(.titleChanged("Design")) { $0.syncUp.title = "Design" }
    await store.send(.themeChanged(.navy)) { $0.syncUp.theme = .navy }
    await store.send(.durationChanged(900)) { $0.syncUp.duration = 900 }
    await store.send(.addAttendee(name: "Blob Jr")) {
      $0.focus = .attendee(UUID(0))
      $0.syncUp.attendees.append(Attendee(id: UUID(0), name: "Blob Jr"))
    }
    await store.send(.attendeeNameChanged(id: blob.id, name: "Blob Sr")) {
      $0.syncUp.attendees[id: blob.id]?.name = "Blob Sr"
    }
    await store.send(.removeAttendee(id: blob.id)) {
      $0.focus = .attendee(UUID(0))
      $0.syncUp.attendees = [Attendee(id: UUID(0), name: "Blob Jr")]
    }
    await store.send(.removeAttendee(id: UUID(0))) {
      $0.focus = .attendee(UUID(1))
      $0.syncUp.attendees = [Attendee(id: UUID(1), name: "")]
    }
    // Unknown ids and offsets change nothing.
    await store.send(.removeAttendee(id: UUID(0xFF)))
    await store.send(.attendeeNameChanged(id: UUID(0xFF), name: "Nobody"))
    await store.send(.deleteAttendees(atOffsets: [5]))
    await store.send(.focusChanged(.title)) { $0.focus = .title }
  }

  @Test func durationStaysWithinTheRangeTheFileAccepts() async {
    let store = TestStore(
      initialState: SyncUpForm.State(
        syncUp: SyncUp(id: UUID(0xD0), attendees: [Attendee(id: UUID(0xA1), name: "Blob")])
      ),
      reducer: SyncUpForm()
    )

    await store.send(.durationChanged(0)) { $0.syncUp.duration = 1 }
    await store.send(.durationChanged(100_000)) { $0.syncUp.duration = 86_400 }
  }

  @Test func aNewSyncUpTakesItsLengthAndThemeFromTheSettings() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Shared(.defaultDuration) var defaultDuration
      @Shared(.defaultTheme) var defaultTheme
      $defaultDuration.withLock { $0 = 900 }
      $defaultTheme.withLock { $0 = .seafoam }

      let form = SyncUpForm.State.newSyncUp()

      #expect(
        form
          == SyncUpForm.State(
            syncUp: SyncUp(
              id: UUID(0), attendees: [Attendee(id: UUID(1), name: "")], duration: 900,
              theme: .seafoam
            )
          )
      )
    }
  }

  @Test func aNewSyncUpWithoutSettingsHasTheAppsDefaults() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let form = SyncUpForm.State.newSyncUp()

      #expect(form.focus == .title)
      #expect(form.syncUp.duration == 300)
      #expect(form.syncUp.theme == .bubblegum)
    }
  }
}
