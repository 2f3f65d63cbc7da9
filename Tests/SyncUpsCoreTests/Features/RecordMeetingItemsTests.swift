#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

/// Blockers and action items in a meeting: raised for the speaker or `@name`, shown with their
/// age when the speaker's turn starts, resolved by number, and saved with the meeting only.
@MainActor
@Suite struct RecordMeetingItemsTests {
  /// A date of February 2009 at `hour` UTC (the 13th, a Friday, is ``FeatureFixtures/now``'s).
  private static func february(_ day: Int, hour: Int = 12) -> Date {
    Date(timeIntervalSince1970: 1_233_446_400 + Double((day - 1) * 86_400 + hour * 3_600))
  }

  /// ``FeatureFixtures/shortSyncUp`` with an open blocker and action of Blob, an open action
  /// of Blob Jr and a blocker of Blob Sr resolved long ago.
  private static let syncUpWithItems: SyncUp = {
    var syncUp = FeatureFixtures.shortSyncUp
    syncUp.items = [
      Item(
        id: UUID(0xF1), kind: .blocker, text: "waiting on API keys", owner: UUID(0xB1),
        opened: february(9)),
      Item(
        id: UUID(0xF2), kind: .action, text: "send the notes", owner: UUID(0xB1),
        opened: february(12)),
      Item(
        id: UUID(0xF3), kind: .action, text: "book the room", owner: UUID(0xB2),
        opened: february(6)),
      Item(
        id: UUID(0xF4), kind: .blocker, text: "no laptop", owner: UUID(0xB3),
        opened: february(2), resolved: february(3), resolution: "it came"),
    ]
    return syncUp
  }()

  /// A meeting of `syncUp` at `now`, ages counted by `workingDays` in UTC, its dismissals
  /// counted by `dismissals`.
  private func store(
    _ syncUp: SyncUp, workingDays: WorkingDays = .mondayToFriday, now: Date = FeatureFixtures.now,
    dismissals: DismissCounter = DismissCounter()
  ) -> TestStore<RecordMeeting.State, RecordMeeting.Action> {
    withDependencies { $0.date = .constant(now) } operation: {
      TestStore(
        initialState: RecordMeeting.State(
          syncUp: Shared(syncUp), workingDays: workingDays),
        reducer: RecordMeeting()
      ) {
        $0.date = .constant(now)
        $0.dismiss = dismissals.effect
        $0.uuid = .incrementing
      }
    }
  }

  @Test func raisingForTheSpeakerAndByNameGoesIntoTheTranscriptAndTheSavedMeeting() async throws {
    let syncUp = FeatureFixtures.shortSyncUp
    let store = store(syncUp)
    let blocker = Item(
      id: UUID(0), kind: .blocker, text: "waiting on API keys", owner: UUID(0xB1),
      opened: FeatureFixtures.now)
    await store.send(.followThrough(.raised(.blocker, "  waiting on API keys\n"))) {
      $0.followThrough.changes = [blocker]
      $0.transcript = "Blob: Blocker: waiting on API keys"
    }
    // `@blob` is Blob (the whole name first), `@BlobJr` and `@sr` the others.
    let action = Item(
      id: UUID(1), kind: .action, text: "send the notes", owner: UUID(0xB2),
      opened: FeatureFixtures.now)
    await store.send(.followThrough(.raised(.action, "@BlobJr send the notes"))) {
      $0.followThrough.changes = [blocker, action]
      $0.transcript += "\nBlob: Action for Blob Jr: send the notes"
    }
    let own = Item(
      id: UUID(2), kind: .action, text: "review it", owner: UUID(0xB1),
      opened: FeatureFixtures.now)
    await store.send(.followThrough(.raised(.action, "@blob review it"))) {
      $0.followThrough.changes = [blocker, action, own]
      $0.transcript += "\nBlob: Action: review it"
    }
    #expect(throws: ItemTextError("no attendee is named 'zed'")) {
      try store.state.itemOwner(in: "@zed do it")
    }
    #expect(throws: ItemTextError("the item for '@sr' needs its text")) {
      try store.state.itemOwner(in: "@sr ")
    }
    #expect(try store.state.itemOwner(in: "@sr fix it") == (UUID(0xB3), "fix it"))
    // Naming nobody raises nothing.
    await store.send(.followThrough(.raised(.action, "@zed do it")))
    await store.send(.followThrough(.raised(.blocker, "   ")))
    #expect(store.state.openBlockerCount == 1)

    let transcript = store.state.transcript
    let meeting = FeatureFixtures.recorded(
      syncUp, id: UUID(3), transcript: transcript, duration: 0,
      turns: [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)], endedEarly: true)
    let filed = [blocker, action, own].map { item in
      var item = item
      item.openedIn = UUID(3)
      return item
    }
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
      $0.followThrough.changes = IdentifiedArray(uniqueElements: filed)
      $0.syncUp.meetings = [meeting]
      $0.syncUp.items = IdentifiedArray(uniqueElements: filed)
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
  }

  /// An all-digit start of an id that is no number of the turn names the item of that id.
  @Test func anAllDigitIDPrefixThatIsNoNumberOfTheTurnNamesItsItem() throws {
    var syncUp = Self.syncUpWithItems
    let digits = UUID(uuidString: "50000000-0000-0000-0000-0000000000F5")!
    syncUp.items.append(
      Item(
        id: digits, kind: .action, text: "order chairs", owner: UUID(0xB2),
        opened: Self.february(10)))
    let store = store(syncUp)
    #expect(store.state.turnAgenda.map(\.number) == [1, 2])
    #expect(try store.state.turnItemResolution("5000 ordered") == (digits, "ordered"))
    #expect(try store.state.turnItemResolution("2 sent").id == UUID(0xF2))
    #expect(throws: ItemTextError("no open item 7 in this turn (open: 1, 2)")) {
      try store.state.turnItemResolution("7")
    }
  }

  /// A line break in an item's text or its resolution (from a file, or a teammate's older
  /// syncups) stays one transcript line under its speaker.
  @Test func aLineBreakInAnItemsTextStaysOneTranscriptLine() async {
    var syncUp = Self.syncUpWithItems
    syncUp.items[id: UUID(0xF1)]?.text = "waiting on\nAPI keys"
    let store = store(syncUp)
    var resolved = syncUp.items[0]
    resolved.resolved = FeatureFixtures.now
    resolved.resolution = "they came"
    await store.send(.followThrough(.resolved(UUID(0xF1), resolution: "they\ncame"))) {
      $0.followThrough.changes = [resolved]
      $0.transcript = "Blob: Resolved blocker: waiting on API keys (they came)"
    }
  }

  @Test func aTurnShowsTheSpeakersOpenItemsAndResolvesOneByNumber() async throws {
    let syncUp = Self.syncUpWithItems
    let store = store(syncUp)
    #expect(store.state.followThrough.turnItems == [UUID(0xF1), UUID(0xF2)])
    #expect(
      store.state.turnAgenda.map { "\($0.number). " + $0.text }
        == ["1. blocked 4 days: waiting on API keys", "2. action 1 day: send the notes"])

    #expect(throws: ItemTextError("no open item 3 in this turn (open: 1, 2)")) {
      try store.state.turnItemResolution("3")
    }
    #expect(
      throws: ItemTextError(
        "name the item to resolve by its number or the start of its id (got 'keys')")
    ) {
      try store.state.turnItemResolution("keys came")
    }
    // By the start of its id, any open item: Blob Jr's, in Blob's turn.
    #expect(
      try store.state.turnItemResolution("00000000-0000-0000-0000-0000000000f3 booked")
        == (UUID(0xF3), "booked"))
    #expect(throws: ItemTextError("'00000000-0000' is the start of several open items' ids")) {
      try store.state.turnItemResolution("00000000-0000")
    }
    let (id, resolution) = try store.state.turnItemResolution(" 1  the keys came ")
    #expect(id == UUID(0xF1) && resolution == "the keys came")
    var resolved = syncUp.items[0]
    resolved.resolved = FeatureFixtures.now
    resolved.resolution = "the keys came"
    await store.send(.followThrough(.resolved(id, resolution: resolution))) {
      $0.followThrough.changes = [resolved]
      $0.transcript = "Blob: Resolved blocker: waiting on API keys (the keys came)"
    }
    // The numbers stay those the turn started with; a resolved item is resolved once.
    #expect(store.state.turnAgenda.map(\.number) == [2])
    #expect(throws: ItemTextError("no open item 1 in this turn (open: 2)")) {
      try store.state.turnItemResolution("1")
    }
    await store.send(.followThrough(.resolved(UUID(0xF1), resolution: "again")))
    #expect(store.state.openBlockerCount == 0)

    // The next turn is Blob Jr's, with their action; resolving without a resolution.
    await store.send(.nextButtonTapped) {
      $0.secondsElapsed = 2
      $0.speakerIndex = 1
      $0.speakerDidChange = true
      $0.followThrough.turnItems = [UUID(0xF3)]
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
    }
    #expect(store.state.turnAgenda.map(\.text) == ["action 5 days: book the room"])
    #expect(store.state.age(of: syncUp.items[2]) == 5)
    var booked = syncUp.items[2]
    booked.resolved = FeatureFixtures.now
    await store.send(.followThrough(.resolved(UUID(0xF3), resolution: "  "))) {
      $0.speakerDidChange = false
      $0.followThrough.changes = [resolved, booked]
      $0.transcript += "\nBlob Jr: Resolved action: book the room"
    }
    // Blob Sr has nothing open.
    await store.send(.nextButtonTapped) {
      $0.secondsElapsed = 4
      $0.speakerIndex = 2
      $0.speakerDidChange = true
      $0.followThrough.turnItems = []
      $0.turns.append(FeatureFixtures.turn(0xB2, "Blob Jr", 0, of: 2))
    }
    #expect(throws: ItemTextError("no open item 1 in this turn (Blob Sr has no open item)")) {
      try store.state.turnItemResolution("1")
    }

    let turns = store.state.turns + [FeatureFixtures.turn(0xB3, "Blob Sr", 0, of: 2)]
    let meeting = FeatureFixtures.recorded(
      syncUp, transcript: store.state.transcript, duration: 0, turns: turns, endedEarly: true)
    resolved.resolvedIn = UUID(0)
    booked.resolvedIn = UUID(0)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.speakerDidChange = false
      $0.hasEnded = true
      $0.turns = turns
      $0.followThrough.changes = [resolved, booked]
      $0.syncUp.meetings = [meeting]
      $0.syncUp.items[0] = resolved
      $0.syncUp.items[2] = booked
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
  }

  /// Blob's blocker, resolved in the meeting, was resolved meanwhile by a teammate (their
  /// change brought in by a sync): the saved meeting keeps the teammate's resolution, its date
  /// and its empty `resolvedIn`, and only the meeting's own note of it.
  @Test func aResolutionMadeElsewhereDuringTheMeetingIsKept() async throws {
    let syncUp = Self.syncUpWithItems
    let store = store(syncUp)
    var resolved = syncUp.items[0]
    resolved.resolved = FeatureFixtures.now
    resolved.resolution = "the keys came"
    await store.send(.followThrough(.resolved(UUID(0xF1), resolution: "the keys came"))) {
      $0.followThrough.changes = [resolved]
      $0.transcript = "Blob: Resolved blocker: waiting on API keys (the keys came)"
    }
    var byTeammate = syncUp.items[0]
    byTeammate.resolved = Self.february(12)
    byTeammate.resolution = "Ben found them"
    store.state.$syncUp.withLock { $0.items[0] = byTeammate }

    let turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
    let meeting = FeatureFixtures.recorded(
      syncUp, transcript: store.state.transcript, duration: 0, turns: turns, endedEarly: true)
    resolved.resolvedIn = UUID(0)
    await store.send(.alert(.presented(.confirmSave))) {
      $0.hasEnded = true
      $0.turns = turns
      $0.followThrough.changes = [resolved]
      $0.syncUp.meetings = [meeting]
    }
    await store.receive(.delegate(.saved(meeting)))
    await store.finish()
    #expect(store.state.syncUp.items[0] == byTeammate)
    #expect(store.state.syncUp.items[0].resolvedIn == nil)
  }

  @Test func theOpeningSummarySaysWhatIsOpenOverall() {
    let state = store(Self.syncUpWithItems).state
    #expect(state.openSummary?.text == "1 open blocker, 4 days; 2 actions")

    var more = Self.syncUpWithItems
    more.items.append(
      Item(id: UUID(0xF5), kind: .blocker, text: "CI is red", opened: Self.february(6)))
    #expect(store(more).state.openSummary?.text == "2 open blockers, oldest 5 days; 2 actions")

    more.items.removeAll { $0.kind == .action }
    #expect(store(more).state.openSummary?.text == "2 open blockers, oldest 5 days")

    var actions = Self.syncUpWithItems
    actions.items.removeAll { $0.kind == .blocker }
    #expect(store(actions).state.openSummary?.text == "2 open actions")
    actions.items.removeLast()
    #expect(store(actions).state.openSummary?.text == "1 open action")

    // Nothing open, nothing said.
    var closed = Self.syncUpWithItems
    closed.items.removeAll(where: \.isOpen)
    #expect(store(closed).state.openSummary == nil)
    #expect(store(FeatureFixtures.shortSyncUp).state.openSummary == nil)
  }

  @Test func agesCountWorkingDaysAcrossAWeekendAndByTheWorkdaysSetting() throws {
    var syncUp = FeatureFixtures.shortSyncUp
    syncUp.items = [
      // Friday the 6th, on a Monday: one working day, the weekend left out.
      Item(id: UUID(0xF1), kind: .blocker, text: "friday", owner: UUID(0xB1), opened: Self.february(6)),
      // Sunday the 8th.
      Item(id: UUID(0xF2), kind: .action, text: "sunday", owner: UUID(0xB1), opened: Self.february(8)),
      // Thursday the 5th, late in the evening.
      Item(
        id: UUID(0xF3), kind: .action, text: "thursday", owner: UUID(0xB1),
        opened: Self.february(5, hour: 23)),
    ]
    let monday = Self.february(9, hour: 9)
    let weekdays = store(syncUp, now: monday).state
    #expect(syncUp.items.map(weekdays.age(of:)) == [1, 1, 2])
    // Local dates are the `utcOffset` dependency's: two hours east of UTC, Thursday 23:00 UTC
    // is Friday already.
    withDependencies { $0.utcOffset = { _ in 2 * 3_600 } } operation: {
      #expect(syncUp.items.map(weekdays.age(of:)) == [1, 1, 1])
    }
    #expect(
      weekdays.turnAgenda.map(\.text) == [
        "blocked 1 day: friday", "action 1 day: sunday", "action 2 days: thursday",
      ])

    // Sunday to Thursday: Friday to Monday counts Sunday and Monday; Thursday to Monday only
    // those two too, Friday being off.
    let sundayToThursday = try #require(WorkingDays(rawValue: "sun-thu"))
    let state = store(syncUp, workingDays: sundayToThursday, now: monday).state
    #expect(syncUp.items.map(state.age(of:)) == [2, 1, 2])
    #expect(state.openSummary?.text == "1 open blocker, 2 days; 2 actions")
  }

  /// The meeting counts an item's age by the one rule every command uses
  /// (``Item/age(at:workingDays:utcOffset:)``): a resolved item's age stops on the day it was
  /// resolved, in the meeting as in `items`.
  @Test func aResolvedItemsAgeStopsAtItsResolutionInTheMeetingToo() {
    var syncUp = FeatureFixtures.shortSyncUp
    // Opened on Thursday the 5th, resolved on Friday the 6th; the meeting is on Monday the 9th.
    let item = Item(
      id: UUID(0xF1), kind: .blocker, text: "waiting on API keys", owner: UUID(0xB1),
      opened: Self.february(5), resolved: Self.february(6), resolution: "they came")
    syncUp.items = [item]
    let monday = Self.february(9, hour: 9)
    let state = store(syncUp, now: monday).state
    #expect(state.age(of: item) == 1)
    #expect(
      state.age(of: item)
        == item.age(at: monday, workingDays: .mondayToFriday, utcOffset: { _ in 0 }))
  }

  /// An owner who has left the sync-up goes by the name the newest meeting recorded, as in
  /// every command (``SyncUp/ownerName(of:)``); one found nowhere has no name.
  @Test func anOwnerWhoLeftGoesByTheNameTheirLastMeetingRecorded() {
    var syncUp = FeatureFixtures.shortSyncUp
    let left = Item(
      id: UUID(0xF1), kind: .blocker, text: "no laptop", owner: UUID(0xC1),
      opened: Self.february(2))
    let unknown = Item(
      id: UUID(0xF2), kind: .action, text: "ask", owner: UUID(0xC2), opened: Self.february(2))
    syncUp.items = [left, unknown]
    syncUp.meetings = [
      Meeting(
        id: UUID(0xA1), date: Self.february(3), transcript: "",
        attendees: [MeetingAttendee(id: UUID(0xC1), name: "Carol", absent: false)])
    ]
    let state = store(syncUp).state
    #expect(state.ownerName(of: left) == "Carol")
    #expect(state.ownerName(of: left) == syncUp.ownerName(of: left))
    #expect(state.ownerName(of: unknown) == nil)
  }

  @Test func aDiscardedMeetingTakesItsItemsWithIt() async {
    let syncUp = Self.syncUpWithItems
    let dismissals = DismissCounter()
    let store = store(syncUp, dismissals: dismissals)
    let raised = Item(
      id: UUID(0), kind: .blocker, text: "the build is slow", owner: UUID(0xB1),
      opened: FeatureFixtures.now)
    await store.send(.followThrough(.raised(.blocker, "the build is slow"))) {
      $0.followThrough.changes = [raised]
      $0.transcript = "Blob: Blocker: the build is slow"
    }
    var resolved = syncUp.items[0]
    resolved.resolved = FeatureFixtures.now
    await store.send(.followThrough(.resolved(UUID(0xF1), resolution: ""))) {
      $0.followThrough.changes = [raised, resolved]
      $0.transcript += "\nBlob: Resolved blocker: waiting on API keys"
    }
    #expect(store.state.openBlockerCount == 1)
    await store.send(.alert(.presented(.confirmDiscard))) {
      $0.hasEnded = true
    }
    await store.finish()
    #expect(dismissals.count == 1)
    // Nothing of the meeting is in the sync-up: neither the item raised nor the resolution.
    #expect(store.state.syncUp == syncUp)
  }

  @Test func aMeetingFiledAgainKeepsAnotherProcesssEditAndDropsAResolutionOfADeletedItem() {
    var stored = Self.syncUpWithItems
    stored.items[id: UUID(0xF2)]?.text = "send the notes to the team"
    stored.items.remove(id: UUID(0xF3))
    let meeting = FeatureFixtures.recorded(stored, duration: 0, turns: [])
    var sendNotes = Self.syncUpWithItems.items[1]
    sendNotes.resolved = FeatureFixtures.now
    sendNotes.resolvedIn = meeting.id
    var room = Self.syncUpWithItems.items[2]
    room.resolved = FeatureFixtures.now
    room.resolvedIn = meeting.id
    let raised = Item(
      id: UUID(5), kind: .action, text: "new", opened: FeatureFixtures.now, openedIn: meeting.id)
    var syncUps: IdentifiedArrayOf<SyncUp> = [stored]
    let filing = RecordMeeting.file(
      meeting, items: [sendNotes, room, raised], of: Self.syncUpWithItems, at: 0,
      into: &syncUps)
    #expect(filing == .added)
    var expected = stored.items
    expected[id: UUID(0xF2)]?.resolved = FeatureFixtures.now
    expected[id: UUID(0xF2)]?.resolvedIn = meeting.id
    expected.append(raised)
    #expect(syncUps[0].items == expected)
    #expect(syncUps[0].items[id: UUID(0xF2)]?.text == "send the notes to the team")
    // Filed once.
    #expect(
      RecordMeeting.file(meeting, items: [raised], of: stored, at: 0, into: &syncUps)
        == .alreadyThere)
    #expect(syncUps[0].items.count == 4)
  }
}
