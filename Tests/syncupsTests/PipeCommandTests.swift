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
        "unknown command 'ne\\u{1B}xt'; expected next, absent, pause, resume, note TEXT, save or "
          + "discard")
    ) { try PipeCommand.parse("ne\u{1B}xt") }
  }

  @MainActor
  @Test func nextOnTheLastSpeakerSavesTheMeeting() throws {
    var state = withDependencies { _ in
    } operation: {
      RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
    }
    #expect(PipeCommand.next.actions(in: state) == [.nextButtonTapped])
    state.speakerIndex = 1
    #expect(
      PipeCommand.next.actions(in: state) == [.nextButtonTapped, .alert(.presented(.confirmSave))])
    #expect(PipeCommand.save.actions(in: state) == [.alert(.presented(.confirmSave))])
    #expect(PipeCommand.discard.actions(in: state) == [.alert(.presented(.confirmDiscard))])
    #expect(PipeCommand.note("Hi").actions(in: state) == [.noteSubmitted("Hi")])
  }

  static let syncUp = SyncUp(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Ana"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Ben"),
    ],
    duration: 60, title: "Eng")
}
