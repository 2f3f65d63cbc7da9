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
@Suite struct AppFeatureTests {
  @Test func detailEdit() async throws {
    try await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let syncUp = FeatureFixtures.designSyncUp
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [syncUp] }
      let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature())
      let sharedSyncUp = try #require($syncUps[id: syncUp.id])

      let detail = SyncUpDetail.State(syncUp: sharedSyncUp)
      await store.send(.path(.push(id: 0, state: .detail(detail)))) {
        $0.path[id: 0] = .detail(detail)
      }
      await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
        $0.path[id: 0]?.detail?.destination = .edit(SyncUpForm.State(syncUp: syncUp))
      }
      await store.send(
        .path(
          .element(id: 0, action: .detail(.destination(.presented(.edit(.titleChanged("Blob"))))))
        )
      ) {
        $0.path[id: 0]?.detail?.destination?.edit?.syncUp.title = "Blob"
      }
      await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
        $0.path[id: 0]?.detail?.destination = nil
        $0.path[id: 0]?.detail?.syncUp.title = "Blob"
      }
      .finish()

      #expect(store.state.syncUpsList.syncUps.map(\.title) == ["Blob"])
    }
  }

  @Test func delete() async throws {
    try await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let syncUp = FeatureFixtures.designSyncUp
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [syncUp] }
      let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature())
      let sharedSyncUp = try #require($syncUps[id: syncUp.id])

      let detail = SyncUpDetail.State(syncUp: sharedSyncUp)
      await store.send(.path(.push(id: 0, state: .detail(detail)))) {
        $0.path[id: 0] = .detail(detail)
      }
      await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
        $0.path[id: 0]?.detail?.destination = .alert(.deleteSyncUp)
      }
      await store.send(
        .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
      ) {
        $0.path[id: 0]?.detail?.destination = nil
        $0.syncUpsList.syncUps = []
      }
      await store.receive(.path(.popFrom(id: 0))) {
        $0.path = []
      }
      await store.finish()
    }
  }

  @Test func recording() async {
    let syncUp = FeatureFixtures.shortSyncUp
    let sharedSyncUp = Shared(syncUp)
    let store = TestStore(
      initialState: AppFeature.State(
        path: [
          .detail(SyncUpDetail.State(syncUp: sharedSyncUp)),
          .record(RecordMeeting.State(syncUp: sharedSyncUp)),
        ]
      ),
      reducer: AppFeature()
    ) {
      $0.date = .constant(FeatureFixtures.now)
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off

    await store.send(.path(.element(id: 1, action: .record(.onTask))))
    await store.finish()
    await store.receive(.path(.popFrom(id: 1))) {
      #expect($0.path.count == 1)
    }
    // The immediate clock runs the whole six seconds: two for each of the three.
    let meeting = Meeting(
      id: UUID(0), date: FeatureFixtures.now, transcript: "", started: FeatureFixtures.now,
      duration: 6, plannedDuration: 6, endedEarly: false,
      attendees: syncUp.attendees.map { MeetingAttendee(id: $0.id, name: $0.name, absent: false) },
      turns: syncUp.attendees.map { Meeting.Turn(attendee: $0.id, name: $0.name, seconds: 2, slot: 2) })
    store.assert {
      $0.path[id: 0]?.detail?.syncUp.meetings = [meeting]
    }
    #expect(store.state.path.ids == [0])
    #expect(sharedSyncUp.wrappedValue.meetings == [meeting])
  }

  @Test func startingAMeetingPushesTheRecorderOnTheSameSyncUp() async throws {
    try await withDependencies {
      $0.date = .constant(FeatureFixtures.now)
      $0.uuid = .incrementing
    } operation: {
      let syncUp = FeatureFixtures.shortSyncUp
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [syncUp] }
      let clock = TestClock()
      let store = TestStore(
        initialState: AppFeature.State(
          path: [.detail(SyncUpDetail.State(syncUp: $syncUps[id: syncUp.id]!))]
        ),
        reducer: AppFeature()
      ) {
        $0.continuousClock = clock
      }
      let sharedSyncUp = try #require($syncUps[id: syncUp.id])

      await store.send(.path(.element(id: 0, action: .detail(.startMeetingButtonTapped))))
      await store.receive(
        .path(.element(id: 0, action: .detail(.delegate(.startMeeting(sharedSyncUp)))))
      ) {
        $0.path[id: 1] = .record(RecordMeeting.State(syncUp: sharedSyncUp))
      }
      await store.send(.path(.element(id: 1, action: .record(.onTask)))) {
        $0.path[id: 1]?.record?.started = FeatureFixtures.now
        $0.path[id: 1]?.record?.stopwatch = Stopwatch(
          elapsed: .zero, runningSince: TestClock.Instant.zero)
      }
      await store.send(.path(.element(id: 1, action: .record(.noteSubmitted("Hi"))))) {
        $0.path[id: 1]?.record?.transcript = "Blob: Hi"
      }
      await store.send(.path(.element(id: 1, action: .record(.endMeetingButtonTapped)))) {
        $0.path[id: 1]?.record?.alert = .endMeeting(isDiscardable: true, isEarly: true)
        $0.path[id: 1]?.record?.stopwatch = Stopwatch(elapsed: .zero)
      }
      let blob = syncUp.attendees[0]
      let meeting = Meeting(
        id: UUID(0), date: FeatureFixtures.now, transcript: "Blob: Hi",
        started: FeatureFixtures.now, duration: 0, plannedDuration: 6, endedEarly: true,
        attendees: syncUp.attendees.map {
          MeetingAttendee(id: $0.id, name: $0.name, absent: false)
        },
        turns: [Meeting.Turn(attendee: blob.id, name: blob.name, seconds: 0, slot: 2)])
      await store.send(.path(.element(id: 1, action: .record(.alert(.presented(.confirmSave)))))) {
        $0.path[id: 1]?.record?.alert = nil
        $0.path[id: 1]?.record?.hasEnded = true
        $0.path[id: 1]?.record?.turns = meeting.turns ?? []
        $0.path[id: 1]?.record?.syncUp.meetings.insert(meeting, at: 0)
      }
      await store.receive(.path(.element(id: 1, action: .record(.delegate(.saved(meeting))))))
      await store.receive(.path(.popFrom(id: 1))) {
        $0.path.pop(from: 1)
      }
      await store.finish()

      // The detail below shows the meeting, and so do the list and the data file.
      #expect(store.state.path[id: 0]?.detail?.syncUp.meetings.first == meeting)
      #expect(store.state.syncUpsList.syncUps[id: syncUp.id]?.meetings.first == meeting)
      try await $syncUps.save()
      #expect(try FeatureFixtures.syncUpsInFile()?[id: syncUp.id]?.meetings.first == meeting)
    }
  }

  @Test func aPastMeetingCanBeDeletedFromItsPage() async throws {
    try await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let syncUp = FeatureFixtures.designSyncUp
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [syncUp] }
      let sharedSyncUp = try #require($syncUps[id: syncUp.id])
      let store = TestStore(
        initialState: AppFeature.State(
          path: [
            .detail(SyncUpDetail.State(syncUp: sharedSyncUp)),
            .meeting(MeetingFeature.State(meeting: syncUp.meetings[0], syncUp: sharedSyncUp)),
          ]
        ),
        reducer: AppFeature()
      )

      await store.send(.path(.element(id: 1, action: .meeting(.deleteButtonTapped)))) {
        $0.syncUpsList.syncUps[id: syncUp.id]?.meetings = []
      }
      await store.receive(.path(.popFrom(id: 1))) {
        $0.path.pop(from: 1)
      }
      await store.finish()
      #expect(store.state.path[id: 0]?.detail?.syncUp.meetings == [])
    }
  }
}
