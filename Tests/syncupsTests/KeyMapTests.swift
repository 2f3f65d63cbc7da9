import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

private typealias Response = KeyMap.Response

private func respond(
  _ key: Key, _ state: RecordMeeting.State = MeetingFixtures.state(),
  _ overlay: ScreenOverlay = ScreenOverlay()
) -> Response {
  KeyMap.respond(to: .key(key), state: state, overlay: overlay)
}

private func interrupt(
  _ state: RecordMeeting.State, _ overlay: ScreenOverlay = ScreenOverlay()
) -> Response {
  KeyMap.respond(to: .interrupt, state: state, overlay: overlay)
}

private let discardable = MeetingFixtures.state(
  alert: .endMeeting(isDiscardable: true, isEarly: true))
private let lastSpeakerPrompt = MeetingFixtures.state(
  alert: .endMeeting(isDiscardable: false, isEarly: false))
private let typing = ScreenOverlay(noteDraft: "Hi")

@Suite struct KeyMapTests {
  // MARK: During the meeting

  @Test(arguments: [Key.character("n"), .character("N"), .right])
  func nextSpeaker(_ key: Key) {
    #expect(respond(key) == Response(actions: [.nextButtonTapped], overlay: ScreenOverlay()))
  }

  @Test func spacePausesAndResumes() {
    #expect(
      respond(.character(" ")) == Response(actions: [.pauseButtonTapped], overlay: ScreenOverlay())
    )
    #expect(
      respond(.character(" "), MeetingFixtures.state(paused: true))
        == Response(actions: [.resumeButtonTapped], overlay: ScreenOverlay()))
  }

  @Test(arguments: [Key.character("t"), .character("T")])
  func tStartsANote(_ key: Key) {
    #expect(respond(key) == Response(overlay: ScreenOverlay(noteDraft: "")))
  }

  @Test(arguments: [Key.character("e"), .character("E"), .character("q"), .character("Q"), .escape])
  func endOpensThePrompt(_ key: Key) {
    #expect(respond(key) == Response(actions: [.endMeetingButtonTapped], overlay: ScreenOverlay()))
  }

  @Test(arguments: [
    Key.character("x"), .character("d"), .character("r"), .character("j"), .character("1"),
    .enter, .backspace, .tab, .delete, .left, .up, .down, .home, .end, .control("a"),
  ])
  func otherKeysDoNothing(_ key: Key) {
    #expect(respond(key) == Response(overlay: ScreenOverlay()))
    #expect(
      respond(key, MeetingFixtures.state(paused: true)) == Response(overlay: ScreenOverlay()))
  }

  // MARK: Typing a note

  @Test func charactersAreTyped() {
    #expect(respond(.character("!"), MeetingFixtures.state(), typing).overlay.noteDraft == "Hi!")
    // The meeting's keys are text here.
    for (key, draft) in [
      ("n", "Hin"), (" ", "Hi "), ("e", "Hie"), ("q", "Hiq"), ("t", "Hit"), ("é", "Hié"),
    ] {
      #expect(
        respond(.character(Character(key)), MeetingFixtures.state(), typing)
          == Response(overlay: ScreenOverlay(noteDraft: draft)))
    }
  }

  @Test func backspaceDeletesACharacter() {
    #expect(
      respond(.backspace, MeetingFixtures.state(), typing)
        == Response(overlay: ScreenOverlay(noteDraft: "H")))
    #expect(
      respond(.backspace, MeetingFixtures.state(), ScreenOverlay(noteDraft: "Café"))
        == Response(overlay: ScreenOverlay(noteDraft: "Caf")))
    #expect(
      respond(.backspace, MeetingFixtures.state(), ScreenOverlay(noteDraft: ""))
        == Response(overlay: ScreenOverlay(noteDraft: "")))
  }

  @Test func enterSubmitsTheNote() {
    #expect(
      respond(.enter, MeetingFixtures.state(), typing)
        == Response(actions: [.noteSubmitted("Hi")], overlay: ScreenOverlay()))
  }

  @Test func enterOnABlankNoteJustCloses() {
    #expect(
      respond(.enter, MeetingFixtures.state(), ScreenOverlay(noteDraft: "  "))
        == Response(overlay: ScreenOverlay()))
  }

  @Test func escapeCancelsTheNote() {
    #expect(
      respond(.escape, MeetingFixtures.state(), typing) == Response(overlay: ScreenOverlay()))
  }

  @Test(arguments: [Key.right, .left, .up, .down, .tab, .delete, .home, .end, .control("a")])
  func otherKeysLeaveTheNote(_ key: Key) {
    #expect(respond(key, MeetingFixtures.state(), typing) == Response(overlay: typing))
  }

  // MARK: The end prompt

  @Test(arguments: [Key.character("s"), .character("S")])
  func sSaves(_ key: Key) {
    #expect(
      respond(key, discardable)
        == Response(actions: [.alert(.presented(.confirmSave))], overlay: ScreenOverlay()))
    #expect(
      respond(key, lastSpeakerPrompt)
        == Response(actions: [.alert(.presented(.confirmSave))], overlay: ScreenOverlay()))
  }

  /// Saving leaves the note being typed where it is: the meeting saves it (see
  /// `RecordMeeting.State.noteDraft`).
  @Test func savingKeepsTheNoteBeingTyped() {
    #expect(
      respond(
        .character("s"), discardable, ScreenOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmSave))], overlay: ScreenOverlay(noteDraft: "Hi")))
  }

  @Test(arguments: [Key.character("d"), .character("D")])
  func dDiscardsOnlyWhenOffered(_ key: Key) {
    #expect(
      respond(key, discardable)
        == Response(actions: [.alert(.presented(.confirmDiscard))], overlay: ScreenOverlay()))
    // The note being typed stays, for the meeting to show with the discarded notes.
    #expect(
      respond(key, discardable, ScreenOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmDiscard))], overlay: ScreenOverlay(noteDraft: "Hi")))
    #expect(respond(key, lastSpeakerPrompt) == Response(overlay: ScreenOverlay()))
  }

  @Test(arguments: [Key.character("r"), .character("R"), .escape])
  func rAndEscapeResume(_ key: Key) {
    #expect(
      respond(key, discardable) == Response(actions: [.alert(.dismiss)], overlay: ScreenOverlay()))
    // Back to the note being typed, and a pending Ctrl-C is forgotten.
    #expect(
      respond(key, discardable, ScreenOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(actions: [.alert(.dismiss)], overlay: typing))
  }

  @Test(arguments: [
    Key.character("n"), .character("e"), .character("q"), .character("t"), .character(" "),
    .character("x"), .enter, .backspace, .right, .control("a"),
  ])
  func otherKeysWaitForAnAnswer(_ key: Key) {
    #expect(respond(key, discardable) == Response(overlay: ScreenOverlay()))
    #expect(respond(key, discardable, typing) == Response(overlay: typing))
  }

  // MARK: Ctrl-C

  @Test func theFirstCtrlCOpensThePrompt() {
    #expect(
      interrupt(MeetingFixtures.state())
        == Response(
          actions: [.endMeetingButtonTapped], overlay: ScreenOverlay(isInterruptPending: true)))
    #expect(
      interrupt(MeetingFixtures.state(), typing)
        == Response(
          actions: [.endMeetingButtonTapped],
          overlay: ScreenOverlay(noteDraft: "Hi", isInterruptPending: true)))
  }

  @Test func theFirstCtrlCOnThePromptWithoutDiscardOffersDiscard() {
    #expect(
      interrupt(lastSpeakerPrompt)
        == Response(
          actions: [.endMeetingButtonTapped], overlay: ScreenOverlay(isInterruptPending: true)))
  }

  @Test func theFirstCtrlCOnThePromptOnlyArmsTheSecond() {
    #expect(interrupt(discardable) == Response(overlay: ScreenOverlay(isInterruptPending: true)))
  }

  @Test func theSecondCtrlCDiscards() {
    #expect(
      interrupt(discardable, ScreenOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmDiscard))], overlay: ScreenOverlay(noteDraft: "Hi"),
          isInterrupted: true))
  }

  @Test func theCtrlCByteIsCtrlC() {
    #expect(respond(.control("c")) == interrupt(MeetingFixtures.state()))
    #expect(
      respond(.control("c"), discardable, ScreenOverlay(isInterruptPending: true)).isInterrupted)
  }

  /// Through the real feature: Ctrl-C, Ctrl-C discards; Ctrl-C, `r`, Ctrl-C only opens the
  /// prompt again.
  @Test func ctrlCSequencesWithTheFeature() {
    var state = MeetingFixtures.state()
    var overlay = ScreenOverlay()
    func press(_ input: KeyMap.Input) -> Bool {
      let response = KeyMap.respond(to: input, state: state, overlay: overlay)
      overlay = response.overlay
      for action in response.actions {
        _ = RecordMeeting().reduce(into: &state, action: action)
      }
      return response.isInterrupted
    }
    #expect(press(.interrupt) == false)
    #expect(state.alert == .endMeeting(isDiscardable: true, isEarly: true))
    #expect(press(.key(.character("r"))) == false)
    #expect(state.alert == nil)
    #expect(press(.interrupt) == false)
    #expect(state.alert == .endMeeting(isDiscardable: true, isEarly: true))
    #expect(press(.interrupt))
  }

  // MARK: Items

  /// Blob's turn, with Blob's open blocker (number 1) on the agenda.
  private static let withItems: RecordMeeting.State = {
    var syncUp = MeetingFixtures.engineering
    syncUp.items = [
      Item(
        id: RenderingFixtures.id(21), kind: .blocker, text: "keys", owner: RenderingFixtures.id(11),
        opened: Date(timeIntervalSince1970: 0))
    ]
    return withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) } operation: {
      MeetingFixtures.state(syncUp, elapsed: 0)
    }
  }()

  @Test func bAndOStartABlockerAndAnActionAndEnterRaisesThem() {
    let blocker = ScreenOverlay(noteDraft: "", draft: .item(.blocker))
    #expect(respond(.character("b")) == Response(overlay: blocker))
    #expect(respond(.character("O")) == Response(overlay: ScreenOverlay(noteDraft: "", draft: .item(.action))))
    #expect(
      respond(.enter, MeetingFixtures.state(), ScreenOverlay(noteDraft: "slow CI", draft: .item(.blocker)))
        == Response(actions: [.followThrough(.raised(.blocker, "slow CI"))], overlay: ScreenOverlay()))
    #expect(
      respond(.enter, MeetingFixtures.state(), ScreenOverlay(noteDraft: "@sr fix it", draft: .item(.action)))
        == Response(actions: [.followThrough(.raised(.action, "@sr fix it"))], overlay: ScreenOverlay()))
    // Esc drops it; the next draft is a note again.
    #expect(respond(.escape, MeetingFixtures.state(), blocker) == Response(overlay: ScreenOverlay()))
  }

  @Test func anItemNamingNobodyStaysBeingTypedWithItsProblem() {
    let draft = ScreenOverlay(noteDraft: "@zed x", draft: .item(.action))
    var problem = draft
    problem.draftProblem = "no attendee is named 'zed'"
    #expect(respond(.enter, MeetingFixtures.state(), draft) == Response(overlay: problem))
    // The next key takes the problem away.
    #expect(
      respond(.backspace, MeetingFixtures.state(), problem)
        == Response(overlay: ScreenOverlay(noteDraft: "@zed ", draft: .item(.action))))
  }

  @Test func rResolvesAnOpenItemOfTheTurnByNumber() {
    // Blob Jr has nothing open: `r` does nothing.
    #expect(respond(.character("r")) == Response(overlay: ScreenOverlay()))
    let state = Self.withItems
    let resolving = ScreenOverlay(noteDraft: "", draft: .resolution)
    #expect(respond(.character("r"), state) == Response(overlay: resolving))
    #expect(
      respond(.enter, state, ScreenOverlay(noteDraft: "1 the keys came", draft: .resolution))
        == Response(
          actions: [.followThrough(.resolved(RenderingFixtures.id(21), resolution: "the keys came"))],
          overlay: ScreenOverlay()))
    var wrong = ScreenOverlay(noteDraft: "2", draft: .resolution)
    let entered = respond(.enter, state, wrong)
    wrong.draftProblem = "no open item 2 in this turn (open: 1)"
    #expect(entered == Response(overlay: wrong))
  }

  @Test func ctrlCKeepsTheItemBeingTyped() {
    let draft = ScreenOverlay(noteDraft: "slow", draft: .item(.blocker))
    #expect(
      interrupt(MeetingFixtures.state(), draft)
        == Response(
          actions: [.endMeetingButtonTapped],
          overlay: ScreenOverlay(noteDraft: "slow", draft: .item(.blocker), isInterruptPending: true)))
    var pending = draft
    pending.isInterruptPending = true
    #expect(
      interrupt(discardable, pending)
        == Response(actions: [.alert(.presented(.confirmDiscard))], overlay: draft, isInterrupted: true))
  }

  // MARK: Skips and late joiners

  /// Blob's turn in Engineering, `absent` left out from the start.
  private static func missing(_ absent: Int...) -> RecordMeeting.State {
    RecordMeeting.State(
      syncUp: Shared(MeetingFixtures.engineering),
      absent: Set(absent.map { RenderingFixtures.id($0) }))
  }

  @Test(arguments: [Key.character("s"), .character("S")])
  func sSkipsTheSpeaker(_ key: Key) {
    #expect(respond(key) == Response(actions: [.skipButtonTapped], overlay: ScreenOverlay()))
  }

  @Test(arguments: [Key.character("j"), .character("J")])
  func jBringsInTheOneAbsentAtOnce(_ key: Key) {
    #expect(
      respond(key, Self.missing(12))
        == Response(actions: [.attendeeJoined(RenderingFixtures.id(12))], overlay: ScreenOverlay()))
  }

  @Test func jWithSeveralAbsentAsksForTheName() {
    let state = Self.missing(12, 13)
    let asking = ScreenOverlay(noteDraft: "", draft: .joiner)
    #expect(respond(.character("j"), state) == Response(overlay: asking))
    #expect(
      respond(.enter, state, ScreenOverlay(noteDraft: "sr", draft: .joiner))
        == Response(actions: [.attendeeJoined(RenderingFixtures.id(13))], overlay: ScreenOverlay()))
    var wrong = ScreenOverlay(noteDraft: "Ann", draft: .joiner)
    let entered = respond(.enter, state, wrong)
    wrong.draftProblem = "nobody absent is named 'Ann' (absent: Blob Jr, Blob Sr)"
    #expect(entered == Response(overlay: wrong))
    #expect(respond(.escape, state, asking) == Response(overlay: ScreenOverlay()))
    // A name half typed when the meeting ends is no note.
    #expect(ScreenOverlay(noteDraft: "Blob J", draft: .joiner).meetingNoteDraft == "")
  }
}
