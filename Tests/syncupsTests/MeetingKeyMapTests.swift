import SyncUpsCore
import Testing

@testable import syncups

private typealias Response = MeetingKeyMap.Response

private func respond(
  _ key: Key, _ state: RecordMeeting.State = MeetingFixtures.state(),
  _ overlay: MeetingOverlay = MeetingOverlay()
) -> Response {
  MeetingKeyMap.respond(to: .key(key), state: state, overlay: overlay)
}

private func interrupt(
  _ state: RecordMeeting.State, _ overlay: MeetingOverlay = MeetingOverlay()
) -> Response {
  MeetingKeyMap.respond(to: .interrupt, state: state, overlay: overlay)
}

private let discardable = MeetingFixtures.state(
  alert: .endMeeting(isDiscardable: true, isEarly: true))
private let lastSpeakerPrompt = MeetingFixtures.state(
  alert: .endMeeting(isDiscardable: false, isEarly: false))
private let typing = MeetingOverlay(noteDraft: "Hi")

@Suite struct MeetingKeyMapTests {
  // MARK: During the meeting

  @Test(arguments: [Key.character("n"), .character("N"), .right])
  func nextSpeaker(_ key: Key) {
    #expect(respond(key) == Response(actions: [.nextButtonTapped], overlay: MeetingOverlay()))
  }

  @Test func spacePausesAndResumes() {
    #expect(
      respond(.character(" ")) == Response(actions: [.pauseButtonTapped], overlay: MeetingOverlay())
    )
    #expect(
      respond(.character(" "), MeetingFixtures.state(paused: true))
        == Response(actions: [.resumeButtonTapped], overlay: MeetingOverlay()))
  }

  @Test(arguments: [Key.character("t"), .character("T")])
  func tStartsANote(_ key: Key) {
    #expect(respond(key) == Response(overlay: MeetingOverlay(noteDraft: "")))
  }

  @Test(arguments: [Key.character("e"), .character("E"), .character("q"), .character("Q"), .escape])
  func endOpensThePrompt(_ key: Key) {
    #expect(respond(key) == Response(actions: [.endMeetingButtonTapped], overlay: MeetingOverlay()))
  }

  @Test(arguments: [
    Key.character("x"), .character("s"), .character("d"), .character("r"), .character("1"),
    .enter, .backspace, .tab, .delete, .left, .up, .down, .home, .end, .control("a"),
  ])
  func otherKeysDoNothing(_ key: Key) {
    #expect(respond(key) == Response(overlay: MeetingOverlay()))
    #expect(
      respond(key, MeetingFixtures.state(paused: true)) == Response(overlay: MeetingOverlay()))
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
          == Response(overlay: MeetingOverlay(noteDraft: draft)))
    }
  }

  @Test func backspaceDeletesACharacter() {
    #expect(
      respond(.backspace, MeetingFixtures.state(), typing)
        == Response(overlay: MeetingOverlay(noteDraft: "H")))
    #expect(
      respond(.backspace, MeetingFixtures.state(), MeetingOverlay(noteDraft: "Café"))
        == Response(overlay: MeetingOverlay(noteDraft: "Caf")))
    #expect(
      respond(.backspace, MeetingFixtures.state(), MeetingOverlay(noteDraft: ""))
        == Response(overlay: MeetingOverlay(noteDraft: "")))
  }

  @Test func enterSubmitsTheNote() {
    #expect(
      respond(.enter, MeetingFixtures.state(), typing)
        == Response(actions: [.noteSubmitted("Hi")], overlay: MeetingOverlay()))
  }

  @Test func enterOnABlankNoteJustCloses() {
    #expect(
      respond(.enter, MeetingFixtures.state(), MeetingOverlay(noteDraft: "  "))
        == Response(overlay: MeetingOverlay()))
  }

  @Test func escapeCancelsTheNote() {
    #expect(
      respond(.escape, MeetingFixtures.state(), typing) == Response(overlay: MeetingOverlay()))
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
        == Response(actions: [.alert(.presented(.confirmSave))], overlay: MeetingOverlay()))
    #expect(
      respond(key, lastSpeakerPrompt)
        == Response(actions: [.alert(.presented(.confirmSave))], overlay: MeetingOverlay()))
  }

  /// Saving leaves the note being typed where it is: the meeting saves it (see
  /// `RecordMeeting.State.noteDraft`).
  @Test func savingKeepsTheNoteBeingTyped() {
    #expect(
      respond(
        .character("s"), discardable, MeetingOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmSave))], overlay: MeetingOverlay(noteDraft: "Hi")))
  }

  @Test(arguments: [Key.character("d"), .character("D")])
  func dDiscardsOnlyWhenOffered(_ key: Key) {
    #expect(
      respond(key, discardable)
        == Response(actions: [.alert(.presented(.confirmDiscard))], overlay: MeetingOverlay()))
    // The note being typed stays, for the meeting to show with the discarded notes.
    #expect(
      respond(key, discardable, MeetingOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmDiscard))], overlay: MeetingOverlay(noteDraft: "Hi")))
    #expect(respond(key, lastSpeakerPrompt) == Response(overlay: MeetingOverlay()))
  }

  @Test(arguments: [Key.character("r"), .character("R"), .escape])
  func rAndEscapeResume(_ key: Key) {
    #expect(
      respond(key, discardable) == Response(actions: [.alert(.dismiss)], overlay: MeetingOverlay()))
    // Back to the note being typed, and a pending Ctrl-C is forgotten.
    #expect(
      respond(key, discardable, MeetingOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(actions: [.alert(.dismiss)], overlay: typing))
  }

  @Test(arguments: [
    Key.character("n"), .character("e"), .character("q"), .character("t"), .character(" "),
    .character("x"), .enter, .backspace, .right, .control("a"),
  ])
  func otherKeysWaitForAnAnswer(_ key: Key) {
    #expect(respond(key, discardable) == Response(overlay: MeetingOverlay()))
    #expect(respond(key, discardable, typing) == Response(overlay: typing))
  }

  // MARK: Ctrl-C

  @Test func theFirstCtrlCOpensThePrompt() {
    #expect(
      interrupt(MeetingFixtures.state())
        == Response(
          actions: [.endMeetingButtonTapped], overlay: MeetingOverlay(isInterruptPending: true)))
    #expect(
      interrupt(MeetingFixtures.state(), typing)
        == Response(
          actions: [.endMeetingButtonTapped],
          overlay: MeetingOverlay(noteDraft: "Hi", isInterruptPending: true)))
  }

  @Test func theFirstCtrlCOnThePromptWithoutDiscardOffersDiscard() {
    #expect(
      interrupt(lastSpeakerPrompt)
        == Response(
          actions: [.endMeetingButtonTapped], overlay: MeetingOverlay(isInterruptPending: true)))
  }

  @Test func theFirstCtrlCOnThePromptOnlyArmsTheSecond() {
    #expect(interrupt(discardable) == Response(overlay: MeetingOverlay(isInterruptPending: true)))
  }

  @Test func theSecondCtrlCDiscards() {
    #expect(
      interrupt(discardable, MeetingOverlay(noteDraft: "Hi", isInterruptPending: true))
        == Response(
          actions: [.alert(.presented(.confirmDiscard))], overlay: MeetingOverlay(noteDraft: "Hi"),
          isInterrupted: true))
  }

  @Test func theCtrlCByteIsCtrlC() {
    #expect(respond(.control("c")) == interrupt(MeetingFixtures.state()))
    #expect(
      respond(.control("c"), discardable, MeetingOverlay(isInterruptPending: true)).isInterrupted)
  }

  /// Through the real feature: Ctrl-C, Ctrl-C discards; Ctrl-C, `r`, Ctrl-C only opens the
  /// prompt again.
  @Test func ctrlCSequencesWithTheFeature() {
    var state = MeetingFixtures.state()
    var overlay = MeetingOverlay()
    func press(_ input: MeetingKeyMap.Input) -> Bool {
      let response = MeetingKeyMap.respond(to: input, state: state, overlay: overlay)
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
}
