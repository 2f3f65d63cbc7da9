import SyncUpsCore

/// What the keys of the terminal meeting do: a pure function from a key (or Ctrl-C) and the
/// current state to the feature actions to send and the front-end's next ``ScreenOverlay``.
///
/// ```swift
/// let response = KeyMap.respond(to: .key(.character("n")), state: state, overlay: overlay)
/// response.actions  // [.nextButtonTapped]
/// ```
///
/// - Meeting: `n` or → next speaker; `s` skips the speaker (they speak last); `a` marks the
///   speaker absent and moves on; `j` marks an absent attendee as arrived (the one absent at
///   once; of several, the one whose name is typed next, as an item's `@name`); space pauses
///   or resumes; `t` starts a note; `b` a blocker and `o` an action item for the speaker (or
///   `@name` first); `r`, when the speaker has open items, resolves one (its number, then
///   optional text); `m` mutes every sound for the rest of the meeting; `e`, `q` or Esc opens
///   the end prompt. Upper-case letters work too.
/// - Typing a note, an item, a resolution or a joiner's name (the timer keeps running):
///   characters add to it, Backspace removes the last one, Enter adds it (to the transcript;
///   an item or a resolution to the meeting's items too; a joiner to the speakers), Esc drops
///   it. An item whose `@name` names nobody, a resolution of no open item, or a name of nobody
///   absent, stays being typed, its problem shown.
/// - End prompt: `s` saves (the meeting saves the note being typed with it, see
///   ``RecordMeeting/State/noteDraft``), `d` discards when the prompt offers it (the note being
///   typed is kept for the meeting to show with the others), `r` or Esc resumes. Other keys do
///   nothing.
/// - Ctrl-C: the first opens the end prompt (offering Discard) and says that another discards;
///   the second, while that prompt is still shown, discards the meeting.
enum KeyMap {
  /// Something the person did.
  enum Input: Equatable, Sendable {
    /// A key.
    case key(Key)
    /// Ctrl-C: SIGINT, or the Ctrl-C byte when the terminal does not make it a signal.
    case interrupt
  }

  /// What an input does.
  struct Response: Equatable, Sendable {
    /// The actions to send to the meeting, in order.
    var actions: [RecordMeeting.Action] = []
    /// The front-end's state afterwards.
    var overlay: ScreenOverlay
    /// Whether this was the second Ctrl-C: the meeting is discarded and the program should
    /// exit with status 130.
    var isInterrupted = false
  }

  /// What `input` does given the meeting's `state` and the front-end's `overlay`.
  static func respond(
    to input: Input, state: RecordMeeting.State, overlay: ScreenOverlay
  ) -> Response {
    switch input {
    case .interrupt, .key(.control("c")):
      return interrupt(state: state, overlay: overlay)
    case .key(let key):
      if let alert = state.alert { return promptKey(key, alert: alert, overlay: overlay) }
      if let draft = overlay.noteDraft {
        return noteKey(key, draft: draft, state: state, overlay: overlay)
      }
      return meetingKey(key, state: state, overlay: overlay)
    }
  }

  /// Ctrl-C: discard if one is pending and the prompt is shown, else open the prompt (with
  /// Discard) and mark the Ctrl-C pending.
  private static func interrupt(state: RecordMeeting.State, overlay: ScreenOverlay) -> Response {
    if state.alert != nil && overlay.isInterruptPending {
      return Response(
        actions: [.alert(.presented(.confirmDiscard))],
        overlay: overlay.keepingDraft, isInterrupted: true)
    }
    var next = overlay
    next.isInterruptPending = true
    let actions: [RecordMeeting.Action] =
      state.alert.map(isDiscardable) == true ? [] : [.endMeetingButtonTapped]
    return Response(actions: actions, overlay: next)
  }

  /// A key while the end prompt is shown.
  private static func promptKey(
    _ key: Key, alert: AlertState<RecordMeeting.Action.Alert>, overlay: ScreenOverlay
  ) -> Response {
    switch key {
    case .character("s"), .character("S"):
      return Response(
        actions: [.alert(.presented(.confirmSave))],
        overlay: overlay.keepingDraft)
    case .character("d"), .character("D"):
      guard isDiscardable(alert) else { return Response(overlay: overlay) }
      return Response(
        actions: [.alert(.presented(.confirmDiscard))],
        overlay: overlay.keepingDraft)
    case .character("r"), .character("R"), .escape:
      var next = overlay
      next.isInterruptPending = false
      return Response(actions: [.alert(.dismiss)], overlay: next)
    default:
      return Response(overlay: overlay)
    }
  }

  /// A key while a note, an item or a resolution is being typed.
  private static func noteKey(
    _ key: Key, draft: String, state: RecordMeeting.State, overlay: ScreenOverlay
  ) -> Response {
    var next = overlay
    next.draftProblem = nil
    switch key {
    case .character(let character):
      next.noteDraft = draft + String(character)
    case .backspace:
      next.noteDraft = String(draft.dropLast())
    case .enter:
      do {
        let actions = try submitted(draft, as: overlay.draft, state: state)
        next.noteDraft = nil
        next.draft = .note
        return Response(actions: actions, overlay: next)
      } catch {
        next.draftProblem = error.message
      }
    case .escape:
      next.noteDraft = nil
      next.draft = .note
    default:
      break
    }
    return Response(overlay: next)
  }

  /// A key during the meeting, with no prompt and no note being typed.
  private static func meetingKey(
    _ key: Key, state: RecordMeeting.State, overlay: ScreenOverlay
  ) -> Response {
    switch key {
    case .character("n"), .character("N"), .right:
      return Response(actions: [.nextButtonTapped], overlay: overlay)
    case .character("s"), .character("S"):
      return Response(actions: [.skipButtonTapped], overlay: overlay)
    case .character("a"), .character("A"):
      return Response(actions: [.absentButtonTapped], overlay: overlay)
    case .character("j"), .character("J"):
      let absent = state.absentees
      guard absent.count == 1 else {
        return Response(overlay: absent.isEmpty ? overlay : typing(.joiner, overlay))
      }
      return Response(actions: [.attendeeJoined(absent[0].id)], overlay: overlay)
    case .character(" "):
      return Response(
        actions: [state.isPaused ? .resumeButtonTapped : .pauseButtonTapped], overlay: overlay)
    case .character("t"), .character("T"):
      return Response(overlay: typing(.note, overlay))
    case .character("b"), .character("B"):
      return Response(overlay: typing(.item(.blocker), overlay))
    case .character("o"), .character("O"):
      return Response(overlay: typing(.item(.action), overlay))
    case .character("r"), .character("R"):
      guard !state.turnAgenda.isEmpty else { return Response(overlay: overlay) }
      return Response(overlay: typing(.resolution, overlay))
    case .character("e"), .character("E"), .character("q"), .character("Q"), .escape:
      return Response(actions: [.endMeetingButtonTapped], overlay: overlay)
    case .character("m"), .character("M"):
      return Response(actions: [.muteButtonTapped], overlay: overlay)
    default:
      return Response(overlay: overlay)
    }
  }

  /// `overlay` typing a new `draft`, empty so far.
  private static func typing(_ draft: ScreenOverlay.Draft, _ overlay: ScreenOverlay) -> ScreenOverlay {
    var next = overlay
    next.noteDraft = ""
    next.draft = draft
    return next
  }

  /// What Enter on `text` typed as `draft` sends: nothing when it is blank, else the note, the
  /// item raised, the resolution, or the joiner.
  ///
  /// - Throws: ``ItemTextError`` when an item's `@name` names nobody, a resolution's number no
  ///   open item of the turn, or a joiner's name nobody absent.
  private static func submitted(
    _ text: String, as draft: ScreenOverlay.Draft, state: RecordMeeting.State
  ) throws(ItemTextError) -> [RecordMeeting.Action] {
    guard !text.isBlank else { return [] }
    switch draft {
    case .note:
      return [.noteSubmitted(text)]
    case .item(let kind):
      _ = try state.itemOwner(in: text)
      return [.followThrough(.raised(kind, text))]
    case .resolution:
      let (id, resolution) = try state.turnItemResolution(text)
      return [.followThrough(.resolved(id, resolution: resolution))]
    case .joiner:
      return [.attendeeJoined(try state.joiner(named: text).id)]
    }
  }

  /// Whether `alert` offers Discard.
  private static func isDiscardable(_ alert: AlertState<RecordMeeting.Action.Alert>) -> Bool {
    alert.buttons.contains { $0.action == .confirmDiscard }
  }
}
