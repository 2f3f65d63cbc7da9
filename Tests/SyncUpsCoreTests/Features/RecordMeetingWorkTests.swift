#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import Synchronization
import SyncUpsCore
import Testing
import TestStoreSupport

/// The work cards in a meeting: every speaker's asked for once, when the meeting starts; each
/// kept as it arrives and shown with its speaker's turn; a late one never holding a tick back;
/// the gathering stopped when the meeting ends; nothing of it saved.
@MainActor
@Suite struct RecordMeetingWorkTests {
  /// The window asked for: from Thursday 12 February 2009, 00:00 UTC, the day before
  /// ``FeatureFixtures/now``.
  static let window = WorkWindow(since: Date(timeIntervalSince1970: 1_234_396_800))

  /// A commit by `author` in `repository`, `minutes` before ``FeatureFixtures/now``.
  static func commit(
    _ repository: String, _ subject: String, by author: String, minutesAgo minutes: Int
  ) -> WorkCommit {
    WorkCommit(
      repository: repository, hash: String(repeating: "\(minutes % 10)", count: 40),
      author: author, subject: subject,
      date: FeatureFixtures.now.addingTimeInterval(Double(-60 * minutes)))
  }

  /// Blob's card: two commits in two repositories, the newest first.
  static let blobCard = WorkCard(
    attendee: UUID(0xB1),
    commits: [
      commit("web", "Show the retries", by: "Blob <blob@example.com>", minutesAgo: 30),
      commit("api", "Retry uploads", by: "Blob <blob@example.com>", minutesAgo: 90),
    ])

  /// Blob Sr's card: one commit, and a repository not read in time.
  static let seniorCard = WorkCard(
    attendee: UUID(0xB3),
    commits: [commit("api", "Log the retries", by: "Blob Sr <sr@example.com>", minutesAgo: 5)],
    unread: ["big"])

  /// A value the gatherer's closures change and the test reads.
  final class Box<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    var current: Value { value.withLock { $0 } }
  }

  /// A gatherer that notes each request in `requests` and answers it with `events`.
  static func gatherer(_ events: [WorkEvent], noting requests: Box<[WorkRequest]>) -> WorkGatherer {
    WorkGatherer { request in
      requests.value.withLock { $0.append(request) }
      return WorkGatherer.delivering(events)(request)
    }
  }

  /// The lines a card lists its commits with.
  static func lines(_ card: RecordMeeting.TurnWork?) -> [String]? {
    card.map { card in card.newest.map(card.line(for:)) }
  }

  /// A meeting of ``FeatureFixtures/shortSyncUp`` (6 seconds, Blob, Blob Jr and Blob Sr) that
  /// asks for the cards of ``window`` from `repositories`, gathered by `gatherer`.
  private func store(
    _ gatherer: WorkGatherer, clock: TestClock, repositories: [String] = ["~/src/*"],
    dismissals: DismissCounter = DismissCounter()
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    var state = RecordMeeting.State(syncUp: Shared(FeatureFixtures.shortSyncUp))
    state.askForWork(since: Self.window, in: repositories, timeLimit: .seconds(2))
    return TestStore(initialState: state, reducer: RecordMeeting()) {
      $0.continuousClock = clock
      $0.date = .constant(FeatureFixtures.now)
      $0.dismiss = dismissals.effect
      $0.uuid = .incrementing
      $0.workCards = gatherer
    }
  }

  /// Moves the clock one second on, once the timer sleeps.
  private func tick(_ clock: TestClock) async {
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
  }

  /// Two seconds: Blob's slot runs out and Blob Jr's turn starts.
  private func passTheFirstTurn(
    _ store: TestStore<RecordMeeting.State, RecordMeeting.Action>, _ clock: TestClock
  ) async {
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 1
      $0.stopwatch = FeatureFixtures.running(1)
    }
    await tick(clock)
    await store.receive(.timerTick) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
      $0.speakerDidChange = true
      $0.stopwatch = FeatureFixtures.running(2)
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 2, of: 2)]
      $0.turnStart = .seconds(2)
    }
  }

  @Test func everySpeakersCardIsAskedForAtTheStartAndShownInTheirTurn() async {
    let clock = TestClock()
    let requests = Box<[WorkRequest]>([])
    let events: [WorkEvent] = [
      .skipped(repository: "~/gone", reason: "no such directory"),
      .card(Self.blobCard), .card(WorkCard(attendee: UUID(0xB2), commits: [])),
      .card(Self.seniorCard),
    ]
    let store = store(Self.gatherer(events, noting: requests), clock: clock)
    #expect(store.state.work.request?.attendees.map(\.name) == ["Blob", "Blob Jr", "Blob Sr"])
    #expect(requests.current.isEmpty)

    await store.startMeeting()
    let blob = RecordMeeting.TurnWork(Self.blobCard)
    let junior = RecordMeeting.TurnWork(WorkCard(attendee: UUID(0xB2), commits: []))
    let senior = RecordMeeting.TurnWork(Self.seniorCard)
    await store.receive(
      .work(.arrived(.skipped(.init(repository: "~/gone", reason: "no such directory"))))
    ) {
      $0.work.skipped = [.init(repository: "~/gone", reason: "no such directory")]
    }
    await store.receive(.work(.arrived(.card(blob)))) {
      $0.work.cards = [blob]
    }
    await store.receive(.work(.arrived(.card(junior)))) {
      $0.work.cards = [blob, junior]
    }
    await store.receive(.work(.arrived(.card(senior)))) {
      $0.work.cards = [blob, junior, senior]
    }
    #expect(
      requests.current == [
        WorkRequest(
          window: Self.window, attendees: FeatureFixtures.shortSyncUp.attendees.elements,
          repositories: ["~/src/*"], timeLimit: .seconds(2))
      ])
    #expect(store.state.turnWork?.summary == "2 commits in web, api")
    #expect(Self.lines(store.state.turnWork) == ["web: Show the retries", "api: Retry uploads"])

    await passTheFirstTurn(store, clock)
    #expect(store.state.turnWork == junior)
    #expect(store.state.turnWork?.isEmpty == true)
    #expect(store.state.turnWork?.summary == "no commits")

    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
      $0.turns.append(FeatureFixtures.turn(0xB2, "Blob Jr", 0, of: 2))
      $0.speakerDidChange = true
    }
    #expect(store.state.turnWork?.summary == "1 commit in api; not read in time: big …")
    #expect(Self.lines(store.state.turnWork) == ["Log the retries"])

    // The meeting saved keeps nothing of the cards: its record is as without them.
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true, isEarly: true)
      $0.speakerDidChange = false
      $0.stopwatch = Stopwatch(elapsed: .seconds(2))
    }
    let turns = [
      FeatureFixtures.turn(0xB1, "Blob", 2, of: 2), FeatureFixtures.turn(0xB2, "Blob Jr", 0, of: 2),
      FeatureFixtures.turn(0xB3, "Blob Sr", 0, of: 2),
    ]
    let meeting = FeatureFixtures.recorded(
      FeatureFixtures.shortSyncUp, duration: 2, turns: turns, endedEarly: true)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.alert = nil
      $0.hasEnded = true
      $0.turns = turns
      $0.syncUp.meetings = [meeting]
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(requests.current.count == 1)
  }

  /// A card that takes long (a huge repository) arrives when it is ready: the ticks go on
  /// meanwhile, it shows in the turn it arrives in, and the gathering still under way is
  /// stopped when the meeting ends.
  @Test func aLateCardNeverHoldsATickBackAndTheEndStopsTheGathering() async {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: WorkEvent.self)
    let stopped = Box(false)
    continuation.onTermination = { _ in stopped.value.withLock { $0 = true } }
    let gatherer = WorkGatherer { _ in stream }
    let store = store(gatherer, clock: clock)

    await store.startMeeting()
    await passTheFirstTurn(store, clock)
    #expect(store.state.turnWork == nil)

    // Blob's card, too late for his turn, is kept; Blob Jr's shows in hers.
    let blob = RecordMeeting.TurnWork(Self.blobCard)
    continuation.yield(.card(Self.blobCard))
    await store.receive(.work(.arrived(.card(blob)))) {
      $0.work.cards = [blob]
      $0.speakerDidChange = false
    }
    #expect(store.state.turnWork == nil)
    let juniorCard = WorkCard(
      attendee: UUID(0xB2),
      commits: [Self.commit("web", "Fix the build", by: "Blob Jr <jr@example.com>", minutesAgo: 1)])
    let junior = RecordMeeting.TurnWork(juniorCard)
    continuation.yield(.card(juniorCard))
    await store.receive(.work(.arrived(.card(junior)))) {
      $0.work.cards = [blob, junior]
    }
    #expect(store.state.turnWork?.summary == "1 commit in web")

    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 3
      $0.stopwatch = FeatureFixtures.running(3)
    }
    #expect(!stopped.current)
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.hasEnded = true
      $0.stopwatch = Stopwatch(elapsed: .seconds(3))
    }
    await store.finish()
    #expect(stopped.current)
  }

  /// No repositories, no cards: nothing is asked of the gatherer (which would report it), and
  /// no turn has a card.
  @Test func withoutRepositoriesNothingIsGathered() async {
    let clock = TestClock()
    let requests = Box<[WorkRequest]>([])
    let store = store(
      Self.gatherer([.card(Self.blobCard)], noting: requests), clock: clock, repositories: [])
    #expect(store.state.work == MeetingWorkCards.State())
    await store.startMeeting()
    await tick(clock)
    await store.receive(.timerTick) {
      $0.secondsElapsed = 1
      $0.stopwatch = FeatureFixtures.running(1)
    }
    #expect(store.state.turnWork == nil)
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.hasEnded = true
      $0.stopwatch = Stopwatch(elapsed: .seconds(1))
    }
    await store.finish()
    #expect(requests.current.isEmpty)
  }

  /// A card of many commits keeps its count and repositories, and its newest commits only.
  @Test func aHugeCardKeepsItsNewestCommits() {
    let commits = (0..<100_000).map {
      Self.commit($0 % 3 == 0 ? "big" : "api", "Change \($0)", by: "Blob", minutesAgo: $0)
    }
    let card = RecordMeeting.TurnWork(WorkCard(attendee: UUID(0xB1), commits: commits))
    #expect(card.commitCount == 100_000)
    #expect(card.repositories == ["big", "api"])
    #expect(card.newest.count == RecordMeeting.TurnWork.keptCommits)
    #expect(card.newest.first?.subject == "Change 0")
    #expect(card.summary == "100000 commits in big, api")
  }
}
