#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// The work cards on their own, outside a meeting: gathered once asked, each kept as it
/// arrives, a later card of the same speaker replacing theirs.
@MainActor
@Suite struct MeetingWorkCardsTests {
  typealias Work = RecordMeetingWorkTests

  /// Cards asked for Blob and Blob Jr from `~/src/*`.
  static let request = WorkRequest(
    window: Work.window, attendees: Array(FeatureFixtures.shortSyncUp.attendees.elements.prefix(2)),
    repositories: ["~/src/*"], timeLimit: .seconds(2))

  @Test func gatheringKeepsEachCardAndEachRepositorySkipped() async {
    let requests = Work.Box<[WorkRequest]>([])
    let blobLater = WorkCard(
      attendee: UUID(0xB1),
      commits: [Work.commit("api", "Retry faster", by: "Blob <blob@example.com>", minutesAgo: 2)])
    let events: [WorkEvent] = [
      .card(Work.blobCard), .skipped(repository: "~/gone", reason: "no such directory"),
      .card(blobLater),
    ]
    let store = TestStore(
      initialState: MeetingWorkCards.State(request: Self.request), reducer: MeetingWorkCards()
    ) { $0.workCards = Work.gatherer(events, noting: requests) }

    await store.send(.gather)
    let first = RecordMeeting.TurnWork(Work.blobCard)
    await store.receive(.arrived(.card(first))) {
      $0.cards = [first]
    }
    let skipped = RecordMeeting.SkippedRepository(repository: "~/gone", reason: "no such directory")
    await store.receive(.arrived(.skipped(skipped))) {
      $0.skipped = [skipped]
    }
    let later = RecordMeeting.TurnWork(blobLater)
    await store.receive(.arrived(.card(later))) {
      $0.cards = [later]
    }
    await store.finish()
    #expect(requests.current == [Self.request])
    #expect(store.state.card(of: UUID(0xB1))?.summary == "1 commit in api")
    #expect(store.state.card(of: UUID(0xB2)) == nil)
  }

  @Test func nothingAskedForGathersNothing() async {
    let requests = Work.Box<[WorkRequest]>([])
    let store = TestStore(initialState: MeetingWorkCards.State(), reducer: MeetingWorkCards()) {
      $0.workCards = Work.gatherer([.card(Work.blobCard)], noting: requests)
    }
    await store.send(.gather)
    await store.finish()
    #expect(requests.current.isEmpty)
    #expect(store.state.cards.isEmpty)
  }
}
