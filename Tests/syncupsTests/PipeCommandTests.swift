import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

@Suite("Pipe commands")
struct PipeCommandTests {
  @Test func commandsAreParsedWithoutRegardToCaseOrSurroundingSpace() throws {
    #expect(try PipeCommand.parse("next") == .next)
    #expect(try PipeCommand.parse("  NEXT \r") == .next)
    #expect(try PipeCommand.parse("Pause") == .pause)
    #expect(try PipeCommand.parse("resume") == .resume)
    #expect(try PipeCommand.parse("save") == .save)
    #expect(try PipeCommand.parse("discard") == .discard)
    #expect(try PipeCommand.parse("note   Shipped  it  ") == .note("Shipped  it"))
    #expect(try PipeCommand.parse("") == nil)
    #expect(try PipeCommand.parse("   ") == nil)
    #expect(try PipeCommand.parse("# later") == nil)
  }

  @Test func badLinesSayWhatIsWrong() {
    #expect(throws: PipeCommandError("'note' needs the note's text")) { try PipeCommand.parse("note  ") }
    #expect(throws: PipeCommandError("'save' takes no argument (got 'it')")) { try PipeCommand.parse("SAVE it") }
    #expect(
      throws: PipeCommandError(
        "unknown command 'ne\\u{1B}xt'; expected next, skip, absent, joined NAME, pause, "
          + "resume, note TEXT, blocker TEXT, action TEXT, resolve ITEM [TEXT], save or discard")
    ) { try PipeCommand.parse("ne\u{1B}xt") }
  }

  @MainActor
  @Test func nextOnTheLastSpeakerSavesTheMeeting() throws {
    var state = withDependencies { _ in
    } operation: {
      RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
    }
    #expect(try PipeCommand.next.actions(in: state) == [.nextButtonTapped])
    state.speakerIndex = 1
    #expect(
      try PipeCommand.next.actions(in: state) == [.nextButtonTapped, .alert(.presented(.confirmSave))])
    #expect(try PipeCommand.save.actions(in: state) == [.alert(.presented(.confirmSave))])
    #expect(try PipeCommand.discard.actions(in: state) == [.alert(.presented(.confirmDiscard))])
    #expect(try PipeCommand.note("Hi").actions(in: state) == [.noteSubmitted("Hi")])
  }

  @Test func itemCommandsAreParsed() throws {
    #expect(try PipeCommand.parse("Blocker  waiting on keys ") == .item(.blocker, "waiting on keys"))
    #expect(try PipeCommand.parse("action @ben send it") == .item(.action, "@ben send it"))
    #expect(try PipeCommand.parse("resolve 2 done") == .resolve("2 done"))
    #expect(throws: PipeCommandError("'blocker' needs the item's text")) {
      try PipeCommand.parse("blocker")
    }
    #expect(throws: PipeCommandError("'resolve' needs the item's number")) {
      try PipeCommand.parse("resolve ")
    }
  }

  @MainActor
  @Test func itemCommandsRaiseForTheSpeakerOrByNameAndResolveByNumber() throws {
    var syncUp = Self.syncUp
    syncUp.items = [
      Item(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000000F1")!, kind: .blocker,
        text: "keys", owner: syncUp.attendees[0].id, opened: Date(timeIntervalSince1970: 0))
    ]
    let state = withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 86_400 * 5)) } operation: {
      RecordMeeting.State(syncUp: Shared(value: syncUp))
    }
    #expect(try PipeCommand.item(.blocker, "slow CI").actions(in: state) == [.followThrough(.raised(.blocker, "slow CI"))])
    #expect(try PipeCommand.item(.action, "@Ben review").actions(in: state) == [.followThrough(.raised(.action, "@Ben review"))])
    #expect(throws: PipeCommandError("no attendee is named 'Cy'")) {
      try PipeCommand.item(.action, "@Cy review").actions(in: state)
    }
    #expect(
      try PipeCommand.resolve("1 the keys came").actions(in: state)
        == [.followThrough(.resolved(syncUp.items[0].id, resolution: "the keys came"))])
    #expect(throws: PipeCommandError("no open item 2 in this turn (open: 1)")) {
      try PipeCommand.resolve("2").actions(in: state)
    }
  }

  @MainActor
  @Test func skipAndJoinedAreParsedAndJoinedNamesSomeoneAbsent() throws {
    #expect(try PipeCommand.parse(" SKIP ") == .skip)
    #expect(try PipeCommand.parse("joined  Ben Jr ") == .joined("Ben Jr"))
    #expect(throws: PipeCommandError("'skip' takes no argument (got 'Ana')")) {
      try PipeCommand.parse("skip Ana")
    }
    #expect(throws: PipeCommandError("'joined' needs the attendee's name")) {
      try PipeCommand.parse("joined")
    }
    let ben = Self.syncUp.attendees[1].id
    let state = withDependencies { _ in
    } operation: {
      RecordMeeting.State(syncUp: Shared(value: Self.syncUp), absent: [ben])
    }
    // Ana, the one speaker, is the last: nobody can go before her.
    #expect(throws: PipeCommandError("Ana is the last speaker: nobody is left to speak before them")) {
      try PipeCommand.skip.actions(in: state)
    }
    let everyone = withDependencies { _ in
    } operation: {
      RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
    }
    #expect(try PipeCommand.skip.actions(in: everyone) == [.skipButtonTapped])
    #expect(try PipeCommand.joined("BEN").actions(in: state) == [.attendeeJoined(ben)])
    #expect(throws: PipeCommandError("nobody absent is named 'Ana' (absent: Ben)")) {
      try PipeCommand.joined("Ana").actions(in: state)
    }
    #expect(throws: PipeCommandError("nobody is absent")) {
      try PipeCommand.joined("Ben").actions(in: everyone)
    }
  }

  static let syncUp = SyncUp(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Ana"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Ben"),
    ],
    duration: 60, title: "Eng")
}
