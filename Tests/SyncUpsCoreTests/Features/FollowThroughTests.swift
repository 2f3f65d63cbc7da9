#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// The follow-through on its own, outside a meeting: the meeting's facts (who speaks, who is
/// there, the items stored) given in its state, the notes it adds read back from it.
@MainActor
@Suite struct FollowThroughTests {
  static let blob = MeetingAttendee(id: UUID(0xB1), name: "Blob", absent: false)
  static let junior = MeetingAttendee(id: UUID(0xB2), name: "Blob Jr", absent: false)

  /// A blocker of Blob Jr's, stored before the meeting.
  static let keys = Item(
    id: UUID(0xF1), kind: .blocker, text: "waiting on API keys", owner: UUID(0xB2),
    opened: FeatureFixtures.now.addingTimeInterval(-86_400))

  /// Blob speaking, Blob Jr there too, `keys` stored.
  static func state(speaker: MeetingAttendee = blob) -> FollowThrough.State {
    FollowThrough.State(
      stored: [keys], speaker: speaker.id, speakerName: speaker.name, lineup: [blob, junior],
      ownerNames: [blob.id: blob.name, junior.id: junior.name])
  }

  private func store(_ state: FollowThrough.State) -> TestStore<FollowThrough.State, FollowThrough.Action> {
    TestStore(initialState: state, reducer: FollowThrough()) {
      $0.date = .constant(FeatureFixtures.now)
      $0.uuid = .incrementing
    }
  }

  @Test func raisingGivesTheItemItsOwnerAndNotesItUnderTheSpeaker() async {
    let store = store(Self.state())
    let own = Item(
      id: UUID(0), kind: .blocker, text: "the build is slow", owner: UUID(0xB1),
      opened: FeatureFixtures.now)
    await store.send(.raised(.blocker, " the build is slow ")) {
      $0.changes = [own]
      $0.notes = RecordMeeting.Notes(text: "Blob: Blocker: the build is slow")
    }
    let theirs = Item(
      id: UUID(1), kind: .action, text: "send the notes", owner: UUID(0xB2),
      opened: FeatureFixtures.now)
    await store.send(.raised(.action, "@jr send the notes")) {
      $0.changes = [own, theirs]
      $0.notes.append("Blob: Action for Blob Jr: send the notes")
    }
    // Naming nobody raises nothing.
    await store.send(.raised(.action, "@zed do it"))
    #expect(store.state.items.map(\.id) == [UUID(0xF1), UUID(0), UUID(1)])
  }

  @Test func resolvingAStoredItemNotesItOnceAndATurnStartsWithTheSpeakersOpenItems() async {
    let store = store(Self.state(speaker: Self.junior))
    await store.send(.turnStarted) {
      $0.turnItems = [UUID(0xF1)]
    }
    var resolved = Self.keys
    resolved.resolved = FeatureFixtures.now
    resolved.resolution = "they came"
    await store.send(.resolved(UUID(0xF1), resolution: " they came ")) {
      $0.changes = [resolved]
      $0.notes = RecordMeeting.Notes(text: "Blob Jr: Resolved blocker: waiting on API keys (they came)")
    }
    // Resolved already: left as it is, noted no more.
    await store.send(.resolved(UUID(0xF1), resolution: "again"))
    await store.send(.turnStarted) {
      $0.turnItems = []
    }
    #expect(store.state.items == [resolved])
  }
}
