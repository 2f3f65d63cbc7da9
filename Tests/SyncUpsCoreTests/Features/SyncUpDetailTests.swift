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
@Suite struct SyncUpDetailTests {
  @Test func edit() async {
    let syncUp = FeatureFixtures.designSyncUp
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    ) {
      $0.uuid = .incrementing
    }

    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
    }
    await store.send(.destination(.presented(.edit(.titleChanged("Blob's Meeting"))))) {
      $0.destination?.edit?.syncUp.title = "Blob's Meeting"
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.syncUp.title = "Blob's Meeting"
    }
  }

  @Test func cancelEditingDiscardsTheChanges() async {
    let syncUp = FeatureFixtures.designSyncUp
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    )

    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
    }
    await store.send(.destination(.presented(.edit(.themeChanged(.navy))))) {
      $0.destination?.edit?.syncUp.theme = .navy
    }
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.syncUp == syncUp)
  }

  @Test func doneKeepsBlankAttendees() async {
    let syncUp = FeatureFixtures.designSyncUp
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    ) {
      $0.uuid = .incrementing
    }

    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: syncUp))
    }
    await store.send(.destination(.presented(.edit(.addAttendeeButtonTapped)))) {
      $0.destination?.edit?.focus = .attendee(UUID(0))
      $0.destination?.edit?.syncUp.attendees.append(Attendee(id: UUID(0), name: ""))
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.syncUp.attendees.append(Attendee(id: UUID(0), name: ""))
    }
  }

  @Test func doneWritesThroughToTheDataFileAndKeepsMeetingsSavedMeanwhile() async throws {
    try await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [FeatureFixtures.designSyncUp] }
      let detailSyncUp = try #require($syncUps[id: FeatureFixtures.designSyncUp.id])
      let store = TestStore(
        initialState: SyncUpDetail.State(syncUp: detailSyncUp),
        reducer: SyncUpDetail()
      )

      await store.send(.editButtonTapped) {
        $0.destination = .edit(SyncUpForm.State(syncUp: FeatureFixtures.designSyncUp))
      }
      // While the form is open, a meeting is saved (by another process, say).
      let meeting = Meeting(id: UUID(0xE2), date: FeatureFixtures.now, transcript: "")
      $syncUps.withLock {
        _ = $0[id: FeatureFixtures.designSyncUp.id]?.meetings.insert(meeting, at: 0)
      }
      store.assert { $0.syncUp.meetings.insert(meeting, at: 0) }

      await store.send(.destination(.presented(.edit(.durationChanged(120))))) {
        $0.destination?.edit?.syncUp.duration = 120
      }
      await store.send(.doneEditingButtonTapped) {
        $0.destination = nil
        $0.syncUp.duration = 120
      }

      var expected = FeatureFixtures.designSyncUp
      expected.duration = 120
      expected.meetings.insert(meeting, at: 0)
      #expect(syncUps == [expected])
      try await $syncUps.save()
      #expect(try FeatureFixtures.syncUpsInFile() == [expected])
    }
  }

  @Test func delete() async throws {
    try await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let dismissals = DismissCounter()
      @Shared(.syncUps) var syncUps
      $syncUps.withLock { $0 = [FeatureFixtures.designSyncUp] }
      let detailSyncUp = try #require($syncUps[id: FeatureFixtures.designSyncUp.id])
      let store = TestStore(
        initialState: SyncUpDetail.State(syncUp: detailSyncUp),
        reducer: SyncUpDetail()
      ) {
        $0.dismiss = dismissals.effect
      }

      await store.send(.deleteButtonTapped) {
        $0.destination = .alert(.deleteSyncUp)
      }
      await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
        $0.destination = nil
      }
      await store.finish()

      #expect(syncUps == [])
      #expect(dismissals.count == 1)
    }
  }

  @Test func theDeleteAlert() {
    #expect(
      AlertState<SyncUpDetail.Destination.Alert>.deleteSyncUp
        == AlertState(
          title: "Delete?",
          message: "Are you sure you want to delete this meeting?",
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion, label: "Yes"),
            ButtonState(role: .cancel, label: "Nevermind"),
          ]
        )
    )
  }

  @Test func nevermindKeepsTheSyncUp() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(
        destination: .alert(.deleteSyncUp), syncUp: Shared(FeatureFixtures.designSyncUp)
      ),
      reducer: SyncUpDetail()
    )

    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    #expect(store.state.syncUp == FeatureFixtures.designSyncUp)
  }

  @Test func deleteAPastMeeting() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(FeatureFixtures.designSyncUp)),
      reducer: SyncUpDetail()
    )

    await store.send(.deleteMeeting(id: UUID(0xE1))) {
      $0.syncUp.meetings = []
    }
  }

  /// The items raised and resolved in a deleted meeting stay, naming no meeting; those of
  /// another meeting keep theirs.
  @Test func deletingAMeetingLeavesNoItemNamingIt() async {
    var syncUp = FeatureFixtures.designSyncUp
    let date = Date(timeIntervalSince1970: 1_794_839_400)
    let other = UUID(0xE2)
    syncUp.items = [
      Item(id: UUID(1), kind: .blocker, text: "keys", opened: date, openedIn: UUID(0xE1)),
      Item(
        id: UUID(2), kind: .action, text: "notes", opened: date, openedIn: other,
        resolved: date, resolvedIn: UUID(0xE1), resolution: "sent"),
      Item(
        id: UUID(3), kind: .action, text: "room", opened: date, openedIn: UUID(0xE1),
        resolved: date, resolvedIn: other),
    ]
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)), reducer: SyncUpDetail())
    await store.send(.deleteMeeting(id: UUID(0xE1))) {
      $0.syncUp.meetings = []
      $0.syncUp.items[0].openedIn = nil
      $0.syncUp.items[1].resolvedIn = nil
      $0.syncUp.items[2].openedIn = nil
    }
    #expect(store.state.syncUp.items.map(\.resolved) == [nil, date, date])
    #expect(store.state.syncUp.items[2].resolvedIn == other)
  }

  /// An item raised outside a meeting, resolved, reopened, edited and deleted, each change at
  /// the `date` dependency's now.
  @Test func itemsAreRaisedResolvedReopenedEditedAndDeleted() async {
    let syncUp = FeatureFixtures.designSyncUp
    let owner = syncUp.attendees[0].id
    let raised = Date(timeIntervalSince1970: 1_794_839_400)
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    ) {
      $0.uuid = .incrementing
      $0.date = .constant(raised)
    }
    let item = Item(id: UUID(0), kind: .blocker, text: "keys", owner: owner, opened: raised)

    await store.send(.raiseItem(kind: .blocker, text: "keys", owner: owner)) {
      $0.syncUp.items = [item]
    }
    await store.send(.resolveItem(id: UUID(0), resolution: "came")) {
      $0.syncUp.items[0].resolved = raised
      $0.syncUp.items[0].resolution = "came"
    }
    // Open again, its resolution gone, and when it was reopened kept.
    await store.send(.reopenItem(id: UUID(0))) {
      $0.syncUp.items[0].resolved = nil
      $0.syncUp.items[0].resolution = nil
      $0.syncUp.items[0].reopened = raised
    }
    await store.send(.editItem(id: UUID(0), text: "the keys", owner: nil)) {
      $0.syncUp.items[0].text = "the keys"
      $0.syncUp.items[0].owner = nil
    }
    await store.send(.deleteItem(id: UUID(0))) {
      $0.syncUp.items = []
    }
  }

  /// A detail of the design sync-up writing updates at a fixed now, with Blob's id and the
  /// day they are for.
  private func updateWriting() -> (
    TestStore<SyncUpDetail.State, SyncUpDetail.Action>, Attendee.ID, CalendarDay, Date
  ) {
    let syncUp = FeatureFixtures.designSyncUp
    let now = Date(timeIntervalSince1970: 1_794_839_400)
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    ) {
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }
    return (store, syncUp.attendees[0].id, CalendarDay("2026-11-25")!, now)
  }

  /// An update written, then written again for the same day: replaced, and of its blockers
  /// only the one it did not already say opens an item, owned by the writer.
  @Test func anUpdateIsWrittenAndReplacedAndEachBlockerOpensOnce() async {
    let (store, blob, day, now) = updateWriting()
    await store.send(
      .writeUpdate(attendee: blob, day: day, done: "login", next: nil, blockers: ["keys"])
    ) {
      $0.syncUp.updates = [
        WrittenUpdate(attendee: blob, day: day, done: "login", blockers: ["keys"], written: now)
      ]
      $0.syncUp.items = [
        Item(id: UUID(0), kind: .blocker, text: "keys", owner: blob, opened: now)
      ]
    }
    await store.send(
      .writeUpdate(attendee: blob, day: day, done: nil, next: "signup", blockers: ["keys", "review"])
    ) {
      $0.syncUp.updates = [
        WrittenUpdate(
          attendee: blob, day: day, next: "signup", blockers: ["keys", "review"], written: now)
      ]
      $0.syncUp.items.append(
        Item(id: UUID(1), kind: .blocker, text: "review", owner: blob, opened: now))
    }
  }

  /// A blocker written twice in one update, the second time in another case, is stored once
  /// and opens one item.
  @Test func aBlockerRepeatedInAnUpdateIsStoredOnce() async {
    let (store, blob, day, now) = updateWriting()
    await store.send(
      .writeUpdate(
        attendee: blob, day: day, done: nil, next: nil,
        blockers: ["API keys", "review", "api  KEYS", "review"])
    ) {
      $0.syncUp.updates = [
        WrittenUpdate(attendee: blob, day: day, blockers: ["API keys", "review"], written: now)
      ]
      $0.syncUp.items = [
        Item(id: UUID(0), kind: .blocker, text: "API keys", owner: blob, opened: now),
        Item(id: UUID(1), kind: .blocker, text: "review", owner: blob, opened: now),
      ]
    }
  }

  /// Time away announced, then cancelled from a day: what started before it ends the day
  /// before, what starts on it or later goes.
  @Test func timeAwayIsAnnouncedAndCancelledFromADay() async {
    let syncUp = FeatureFixtures.designSyncUp
    let blob = syncUp.attendees[0].id
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    ) {
      $0.uuid = .incrementing
    }
    let first = CalendarDay("2026-11-23")!
    await store.send(
      .announceTimeAway(attendee: blob, from: first, to: first.adding(days: 4), note: "leave")
    ) {
      $0.syncUp.attendees[0].away = [
        TimeAway(id: UUID(0), from: first, to: first.adding(days: 4), note: "leave")
      ]
    }
    await store.send(
      .announceTimeAway(attendee: blob, from: first.adding(days: 14), to: nil, note: nil)
    ) {
      $0.syncUp.attendees[0].away.append(TimeAway(id: UUID(1), from: first.adding(days: 14)))
    }
    await store.send(.cancelTimeAway(attendee: blob, from: first.adding(days: 2))) {
      $0.syncUp.attendees[0].away = [
        TimeAway(id: UUID(0), from: first, to: first.adding(days: 1), note: "leave")
      ]
    }
    #expect(store.state.syncUp.attendees.filter { $0.timeAway(on: first.adding(days: 1)) != nil }.map(\.name) == ["Blob"])
    #expect(store.state.syncUp.attendees.filter { $0.timeAway(on: first.adding(days: 2)) != nil } == [])
  }

  @Test func startMeetingAsksTheParentWithTheSharedSyncUp() async {
    let syncUp = Shared(FeatureFixtures.designSyncUp)
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: syncUp),
      reducer: SyncUpDetail()
    )

    await store.send(.startMeetingButtonTapped)
    await store.receive(.delegate(.startMeeting(syncUp)))
  }

  /// A schedule set, changed, its meetings skipped, moved and held again, then cleared: each
  /// change raises its revision, and setting it again keeps what was skipped and moved.
  @Test func aScheduleIsSetSkippedMovedAndCleared() async throws {
    let syncUp = FeatureFixtures.designSyncUp
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(syncUp)),
      reducer: SyncUpDetail()
    )
    let weekdays = try ScheduleRule(parsing: "weekdays 09:30")
    let monday = CalendarDay("2026-11-30")!
    let thursday = CalendarDay("2026-12-03")!
    await store.send(.setSchedule(rule: weekdays, zone: "Europe/Berlin", from: monday)) {
      $0.syncUp.schedule = Schedule(rule: weekdays, zone: "Europe/Berlin", from: monday, revision: 1)
    }
    await store.send(.skipMeeting(day: thursday, reason: "offsite")) {
      $0.syncUp.schedule?.skips = [ScheduleSkip(date: thursday, reason: "offsite")]
      $0.syncUp.schedule?.revision = 2
    }
    let eleven = Date(timeIntervalSince1970: 1_796_378_400)  // Thu 4 Dec 2026 10:00Z
    await store.send(.moveMeeting(day: monday, to: eleven)) {
      $0.syncUp.schedule?.moves = [ScheduleMove(date: monday, to: eleven)]
      $0.syncUp.schedule?.revision = 3
    }
    // The same rule in another zone: the skip and the move stay.
    await store.send(.setSchedule(rule: weekdays, zone: "Asia/Kolkata", from: monday)) {
      $0.syncUp.schedule?.zone = "Asia/Kolkata"
      $0.syncUp.schedule?.revision = 4
    }
    // Set as it is: nothing changes.
    await store.send(.setSchedule(rule: weekdays, zone: "Asia/Kolkata", from: monday))
    // Moved back to its planned time: no longer moved.
    let planned = store.state.syncUp.schedule!.meetingStart(on: monday)
    await store.send(.moveMeeting(day: monday, to: planned)) {
      $0.syncUp.schedule?.moves = []
      $0.syncUp.schedule?.revision = 5
    }
    await store.send(.unskipMeeting(day: thursday)) {
      $0.syncUp.schedule?.skips = []
      $0.syncUp.schedule?.revision = 6
    }
    await store.send(.clearSchedule) {
      $0.syncUp.schedule = nil
    }
  }
}
