import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// The meeting as lines, for a terminal that cannot move the cursor (`TERM=dumb`).
@MainActor
struct LineLayoutTests {
  let start = MeetingFixtures.state(elapsed: 0)

  @Test func theOpeningIsAScriptsFirstLinesThenTheKeys() {
    #expect(
      LineLayout.opening(start, ScreenOverlay()) == """
        Started Engineering: 3 speakers, 10 min
        0:00 Blob is speaking (speaker 1 of 3)
        n next  a absent  space pause  t note  b blocker  o action  e end  s skip

        """)
  }

  @Test func aNoteIsEchoedAsItIsTypedAndEndsInItsEvent() {
    let none = (state: start, overlay: ScreenOverlay())
    let empty = (state: start, overlay: ScreenOverlay(noteDraft: ""))
    let typed = (state: start, overlay: ScreenOverlay(noteDraft: "Shipped 会"))
    let fixed = (state: start, overlay: ScreenOverlay(noteDraft: "Shipped"))
    var submitted = start
    submitted.transcript = "Blob: Shipped"
    #expect(LineLayout.changes(from: none, to: empty) == "Note: ")
    #expect(LineLayout.changes(from: empty, to: typed) == "Shipped 会")
    // A wide character takes two columns, so two backspaces; the space one more.
    #expect(
      LineLayout.changes(from: typed, to: fixed) == String(repeating: "\u{8} \u{8}", count: 3))
    #expect(
      LineLayout.changes(from: fixed, to: (submitted, ScreenOverlay()))
        == "\n0:00 Note from Blob: Shipped\n")
    #expect(LineLayout.changes(from: fixed, to: none) == "\n")
  }

  @Test func linesWhileANoteIsTypedEndItsLineAndWriteItAgain() {
    let overlay = ScreenOverlay(noteDraft: "Half")
    var next = start
    next.secondsElapsed = 200
    next.speakerIndex = 1
    next.stopwatch = Stopwatch(elapsed: .seconds(200))
    #expect(
      LineLayout.changes(from: (start, overlay), to: (next, overlay))
        == "\n3:20 Blob Jr is speaking (speaker 2 of 3)\nNote: Half")
  }

  @Test func thePromptReplacesTheNoteLineUntilItCloses() {
    let overlay = ScreenOverlay(noteDraft: "Half")
    let prompt = MeetingFixtures.state(
      elapsed: 0, alert: .endMeeting(isDiscardable: true, isEarly: true))
    var interrupted = overlay
    interrupted.isInterruptPending = true
    #expect(
      LineLayout.changes(from: (start, overlay), to: (prompt, interrupted)) == """

        End meeting? You are ending the meeting early. What would you like to do?
        [s] Save and end  [d] Discard  [r] Resume
        Ctrl-C again discards the meeting.

        """)
    #expect(
      LineLayout.changes(from: (prompt, interrupted), to: (start, overlay))
        == "enter add note  esc cancel\nNote: Half")
    let last = MeetingFixtures.state(
      elapsed: 450, alert: .endMeeting(isDiscardable: false, isEarly: false))
    #expect(
      LineLayout.changes(
        from: (MeetingFixtures.state(elapsed: 450), ScreenOverlay()), to: (last, ScreenOverlay()))
        == """
        End meeting? What would you like to do?
        [s] Save and end  [r] Resume

        """)
  }

  /// A meeting that ends by itself takes the note being typed: its line ends, the note is
  /// written as a note, and the line is not started again.
  @Test func theEndTakesTheNoteLine() {
    let overlay = ScreenOverlay(noteDraft: "Half")
    var ended = start
    ended.transcript = "Blob: Half"
    ended.hasEnded = true
    #expect(
      LineLayout.changes(from: (start, overlay), to: (ended, overlay))
        == "\n0:00 Note from Blob: Half\n")
  }

  @Test func ticksThatChangeNothingShownWriteNothing() {
    let later = MeetingFixtures.state(elapsed: 5)
    #expect(
      LineLayout.changes(from: (start, ScreenOverlay()), to: (later, ScreenOverlay())) == "")
  }

  @Test func anItemEnterDidNotTakeSaysWhyAndIsTypedOn() {
    let typed = ScreenOverlay(noteDraft: "@zed x", draft: .item(.action))
    var refused = typed
    refused.draftProblem = "no attendee is named 'zed'"
    #expect(
      LineLayout.changes(from: (start, typed), to: (start, refused))
        == "\nno attendee is named 'zed'\nAction: @zed x")
    var fixed = typed
    fixed.noteDraft = "@zed"
    #expect(LineLayout.changes(from: (start, refused), to: (start, fixed)) == "\u{8} \u{8}\u{8} \u{8}")
  }

  /// With several absent, `j` asks for a name: whom it may name comes first, then the line
  /// where it is typed.
  @Test func askingForAJoinerSaysWhoIsAbsent() {
    let state = RecordMeeting.State(
      syncUp: Shared(MeetingFixtures.engineering),
      absent: [RenderingFixtures.id(12), RenderingFixtures.id(13)])
    let asking = ScreenOverlay(noteDraft: "", draft: .joiner)
    #expect(
      LineLayout.changes(from: (state, ScreenOverlay()), to: (state, asking))
        == "Absent: Blob Jr, Blob Sr\nJoined: ")
    #expect(
      LineLayout.changes(from: (state, asking), to: (state, ScreenOverlay(noteDraft: "sr", draft: .joiner)))
        == "sr")
    let parts = ScreenParts(state: state, overlay: asking, style: .plain)
    #expect(parts.help() == "enter join  esc cancel")
    #expect(parts.joinChoices(width: 20) == "Absent: Blob Jr, Bl…")
    #expect(
      ScreenParts(state: state, overlay: ScreenOverlay(), style: .plain).help()
        == "n next  a absent  space pause  t note  b blocker  o action  e end  j join")
  }
}
