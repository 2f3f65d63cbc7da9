import SyncUpsCore

/// The meeting on a terminal that cannot move the cursor (`TERM=dumb`): the lines a script
/// gets (``PipeEvent/plainLine``), written as things happen, plus what the keys need — the
/// keys that work, the end prompt, the note being typed echoed as it is typed (and why Enter
/// did not take an item or a resolution). A pure function from what was shown and what is to
/// be shown to the text to write.
///
/// ```swift
/// LineLayout.opening(state, overlay)  // "Started Eng: …\n0:00 Ana is speaking …\n…"
/// LineLayout.changes(from: shown, to: (state, overlay))  // "0:30 Ben is speaking …\n"
/// ```
///
/// The text uses no escape sequence: only line feeds, and backspaces to take back what was
/// typed in a note.
enum LineLayout {
  /// What the log has shown: the meeting and the front-end's own state.
  typealias Shown = (state: RecordMeeting.State, overlay: ScreenOverlay)

  /// The start: the `started` and first speaker lines, then the keys.
  static func opening(_ state: RecordMeeting.State, _ overlay: ScreenOverlay) -> String {
    PipeEvent.opening(state).map { $0.plainLine + "\n" }.joined()
      + changes(from: (state, ScreenOverlay()), to: (state, overlay), showsKeys: true)
  }

  /// What to write for the change from `old` to `new`: the events, in a script's order; the
  /// keys again when the end prompt closes; the prompt when it opens; the Ctrl-C hint; and the
  /// note being typed, whose line is ended before other lines and written again after them.
  static func changes(from old: Shown, to new: Shown) -> String {
    changes(from: old, to: new, showsKeys: old.state.alert != nil && new.state.alert == nil)
  }

  private static func changes(from old: Shown, to new: Shown, showsKeys: Bool) -> String {
    var lines = PipeEvent.changes(from: old.state, to: new.state).map(\.plainLine)
    let parts = ScreenParts(state: new.state, overlay: new.overlay, style: .plain)
    if showsKeys, let help = parts.help() { lines.append(help) }
    if let alert = new.state.alert, old.state.alert == nil {
      let question = [alert.title, alert.message].compactMap { $0 }.map(sanitize)
      lines.append(question.joined(separator: " "))
      lines.append(parts.buttonItems(alert).joined(separator: "  "))
    }
    if new.overlay.isInterruptPending, !old.overlay.isInterruptPending {
      lines.append(ScreenParts.interruptHint)
    }
    if let choices = parts.joinChoices(width: .max),
      old.overlay.noteDraft == nil || old.overlay.draft != .joiner
    {
      lines.append(choices)
    }
    if let problem = new.overlay.draftProblem, problem != old.overlay.draftProblem {
      lines.append(sanitize(problem))
    }
    let oldDraft = noteLine(old)
    let newDraft = noteLine(new)
    guard lines.isEmpty, let oldDraft, let newDraft else {
      // The note line (if one was open) ends, the lines follow, the note line starts again.
      let end = oldDraft == nil ? "" : "\n"
      let body = lines.map { $0 + "\n" }.joined()
      return end + body + (newDraft.map { new.overlay.draft.label + $0 } ?? "")
    }
    return edit(from: oldDraft, to: newDraft, label: new.overlay.draft.label)
  }

  /// The note being typed, sanitized, when its line is shown: not while the end prompt waits
  /// for its answer, nor once the meeting has ended (it took the note into its transcript).
  private static func noteLine(_ shown: Shown) -> String? {
    shown.state.alert == nil && !shown.state.hasEnded ? shown.overlay.noteDraft.map(sanitize) : nil
  }

  /// Typing in the note line: what was added, or backspaces over what was removed; the line
  /// written again when it changed otherwise.
  private static func edit(from old: String, to new: String, label: String) -> String {
    if new.hasPrefix(old) { return String(new.dropFirst(old.count)) }
    if old.hasPrefix(new) {
      let width = displayWidth(String(old.dropFirst(new.count)))
      return String(repeating: "\u{8} \u{8}", count: width)
    }
    return "\n" + label + new
  }
}
