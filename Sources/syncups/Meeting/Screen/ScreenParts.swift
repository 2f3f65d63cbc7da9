import SharedState
import SyncUpsCore

/// The pieces of the meeting screen, each already sanitized, styled and fitted to a width:
/// ``ScreenLayout`` arranges them.
///
/// User text (the title, names, the note being typed) goes through ``sanitize(_:)``, so a
/// control character shows as `\u{1B}` instead of reaching the terminal.
struct ScreenParts {
  /// The meeting.
  let state: RecordMeeting.State
  /// The front-end's own state.
  let overlay: ScreenOverlay
  /// How to colour.
  let style: TerminalStyle

  /// The text after the note being typed, standing for the cursor.
  static let cursor = "▏"
  /// What shows where the speaker was once the last slot has run out.
  static let noMoreSpeakers = "No more speakers."
  /// The hint shown while a Ctrl-C is pending.
  static let interruptHint = "Ctrl-C again discards the meeting."

  /// Whether the meeting's time is up: no speaker is left (a speaker in overtime goes on).
  var isOver: Bool { state.isPastLastSlot && !state.isInOvertime }

  /// Whether the speaker is in the last ten seconds of their time (the shown time left at
  /// most 0:10, down to the 0:00 of the slot's last half second).
  var isInFinalSeconds: Bool {
    !isOver && !state.isInOvertime && state.slotRemaining <= 10
  }

  /// How many names ``upcoming(width:)`` shows at most.
  static let upcomingCount = 3

  // MARK: Title and speaker

  /// The title in the theme's colours across `width` columns, or the title alone without
  /// colour.
  func titleBar(width: Int) -> String {
    guard style.isColored else { return truncated(title, toWidth: width) }
    let text = " " + truncated(title, toWidth: width - 2)
    return style.themed(ScreenText.padded(text, toWidth: width), state.syncUp.theme)
  }

  /// "Blob is speaking", the name cut to fit, in bold; "Time is up." at the end.
  func speaking(width: Int) -> String {
    guard !isOver else { return style.bold("Time is up.") }
    let suffix = " is speaking"
    let name = truncated(speakerName, toWidth: width - displayWidth(suffix))
    return style.bold(name + suffix)
  }

  /// "Speaker 2 of 3" (see ``RecordMeeting/State/speakerNumber``), or "No more speakers." at
  /// the end.
  var counter: String {
    isOver ? Self.noMoreSpeakers : "Speaker \(state.speakerNumber) of \(state.presentCount)"
  }

  // MARK: Timers

  /// The meeting's and the speaker's times, each over its progress bar:
  /// `Meeting  4:25 elapsed  5:35 left`, bar, `Speaker  1:05 elapsed  0:45 left`, bar.
  /// Elapsed is real time, pauses left out; left is what remains of the slots, by the same
  /// rounding, so the speaker's two add up to their slot. A speaker past
  /// their slot shows `+0:12 over` instead of the time left.
  func timerLines(width: Int) -> [ScreenLine] {
    let elapsed = [state.meetingSeconds, state.turnSeconds].map(DurationText.clock)
    let left = [state.secondsRemaining, state.slotRemaining].map(DurationText.clock)
    let elapsedWidth = elapsed.map(displayWidth).max() ?? 0
    let leftWidth = left.map(displayWidth).max() ?? 0
    func times(_ index: Int) -> (elapsed: String, left: String) {
      (
        ScreenText.leftPadded(elapsed[index], toWidth: elapsedWidth) + " elapsed",
        ScreenText.leftPadded(left[index], toWidth: leftWidth) + " left"
      )
    }
    let meeting = times(0)
    let speaker = times(1)
    let slot = state.speakerSlot(for: state.speakerIndex)
    let speakerLeft = state.isInOvertime ? overtime : finalSeconds(cued(speaker.left))
    // The times go last, with who is speaking: they are what the screen is for.
    return [
      ScreenLine("Meeting  " + meeting.elapsed + "  " + meeting.left, priority: 9),
      ScreenLine(
        bar(
          state.syncUp.duration - state.secondsRemaining, of: state.syncUp.duration,
          width: width), priority: 4),
      ScreenLine("Speaker  " + speaker.elapsed + "  " + speakerLeft, priority: 9),
      ScreenLine(bar(state.slotElapsed, of: slot.count, width: width), priority: 4),
    ]
  }

  /// `Pace  behind 1:10  ends ~09:45  +0:40 banked`: how the meeting goes against its plan
  /// (see ``RecordMeeting/paceText(variance:)``), when it is projected to end (local time, by
  /// the `utcOffset` dependency) and the time banked; nil before the timer starts, at the end,
  /// and in `fixed` mode while the meeting is on time (nothing to say).
  func paceLine(width: Int) -> String? {
    guard state.started != nil, !isOver else { return nil }
    let variance = state.variance
    let isOnTime = abs(variance) < RecordMeeting.onTimeBand
    guard state.pacing.mode != .fixed || !isOnTime else { return nil }
    @Dependency(\.date.now) var now
    @Dependency(\.utcOffset) var utcOffset
    let end = state.projectedEnd(now: now)
    let pace = RecordMeeting.paceText(variance: variance)
    let banked = state.pacing.bank > 0 ? "  +\(DurationText.clock(state.pacing.bank)) banked" : ""
    let text = truncated(
      "Pace  " + pace + "  ends ~" + DateText.timeOfDay(end, utcOffset: utcOffset(end)) + banked,
      toWidth: width)
    return style.isColored && variance >= RecordMeeting.onTimeBand ? style.warning(text) : text
  }

  /// The speaker's time left in the colour of the cue the turn reached: the warning colour
  /// from wrap-up on, bold from last on; unchanged before a cue or without colour.
  func cued(_ text: String) -> String {
    guard style.isColored, state.pacing.phase != .none else { return text }
    return state.pacing.phase >= .last ? style.bold(style.warning(text)) : style.warning(text)
  }

  /// `+0:12 over`: how far the speaker has run past their slot, in the warning colour, or
  /// followed by ` !` without colour.
  var overtime: String {
    let text = ScreenText.overtime(state.overtimeSeconds)
    return style.isColored ? style.warning(text) : text + " !"
  }

  /// A progress bar `width` columns wide, filled in proportion to `value` of `total`: the
  /// theme's colour when colour is on, else `█`; the rest `░`.
  func bar(_ value: Int, of total: Int, width: Int) -> String {
    let width = max(width, 0)
    let filled = total > 0 ? min(max(value, 0), total) * width / total : 0
    let rest = String(repeating: "░", count: width - filled)
    guard style.isColored else { return String(repeating: "█", count: filled) + rest }
    let done = filled > 0 ? style.themed(String(repeating: " ", count: filled), theme) : ""
    return done + (rest.isEmpty ? "" : style.dim(rest))
  }

  /// `text` made to stand out in the speaker's last ten seconds: bold reverse video with
  /// colour, followed by " !" without; unchanged otherwise.
  func finalSeconds(_ text: String) -> String {
    guard isInFinalSeconds else { return text }
    return style.isColored ? "\u{1B}[1;7m" + text + "\u{1B}[0m" : text + " !"
  }

  // MARK: Status

  /// `Next: Blob Jr, Blob Sr, Blob Esq`, the next few speakers, cut to `width`; nil after the
  /// last speaker.
  func upcoming(width: Int) -> String? {
    let names = state.upcomingSpeakerNames(limit: Self.upcomingCount).map(sanitize)
    guard !names.isEmpty else { return nil }
    let more = state.speakerCount - state.speakerIndex - 1 > names.count ? ", …" : ""
    return truncated("Next: " + names.joined(separator: ", ") + more, toWidth: width)
  }

  /// `2 notes, last: Shipped the release`, once a note was taken: confirms the note went in.
  func notesSummary(width: Int) -> String? {
    guard let last = state.notes.last else { return nil }
    let count = state.notes.count
    let text = last.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? last
    let label = count == 1 ? "1 note, last: " : "\(count) notes, last: "
    return truncated(label + sanitize(text), toWidth: width)
  }

  /// `2 watching` while others follow the meeting with `syncups watch`, cut to `width`, dim.
  func watching(width: Int) -> String? {
    guard overlay.watching > 0 else { return nil }
    return style.dim(truncated("\(overlay.watching) watching", toWidth: width))
  }

  /// "Paused" while the meeting is paused, cut to `width`.
  func pausedText(width: Int) -> String? {
    state.isPaused ? style.bold(truncated("Paused", toWidth: width)) : nil
  }

  /// `Note: text▏` while a note is being typed (`Blocker: `, `Action: `, `Resolve: `,
  /// `Joined: ` for the others), showing the end of a text too long to fit.
  func noteLine(width: Int) -> String? {
    guard let draft = overlay.noteDraft else { return nil }
    let label = overlay.draft.label
    let room = width - displayWidth(label) - displayWidth(Self.cursor)
    guard room >= 1 else { return Self.cursor }
    return label + ScreenText.tail(sanitize(draft), width: room) + Self.cursor
  }

  /// `Absent: Ana, Ben` while the name of one who arrived is being typed: whom it may name, cut
  /// to `width`.
  func joinChoices(width: Int) -> String? {
    guard overlay.isTypingNote, overlay.draft == .joiner else { return nil }
    let names = state.absentees.map { sanitize($0.name) }.joined(separator: ", ")
    return truncated("Absent: " + names, toWidth: width)
  }

  /// Why Enter did not take what is being typed, cut to `width`, in the warning colour.
  func draftProblem(width: Int) -> String? {
    guard overlay.isTypingNote, let problem = overlay.draftProblem else { return nil }
    let text = truncated(sanitize(problem), toWidth: width)
    return style.isColored ? style.warning(text) : text
  }

  /// `2 open blockers, oldest 5 days; 3 actions` during the first turn, cut to `width`; nil
  /// when nothing is open.
  func openSummary(width: Int) -> String? {
    guard state.turns.isEmpty, let summary = state.openSummary else { return nil }
    return truncated(summary.text, toWidth: width)
  }

  /// `Facilitator: Ana` during the first turn, cut to `width`; nil when nobody facilitates.
  func facilitatorNotice(width: Int) -> String? {
    guard state.turns.isEmpty, let facilitator = state.facilitator else { return nil }
    return truncated(PipeEvent.facilitatorLine(facilitator.name), toWidth: width)
  }

  /// `Ana is away until Fri 27 Nov` for each attendee whose time away made them absent and
  /// who is absent still (not arrived), during the first turn, each cut to `width`.
  func awayNotices(width: Int) -> [String] {
    guard state.turns.isEmpty else { return [] }
    return state.lineup.indices.filter { state.lineup[$0].absent }.compactMap { position in
      state.timeAway[state.lineup[position].id].map {
        truncated(sanitize("\(state.attendeeName(at: position)) is \($0.untilText)"), toWidth: width)
      }
    }
  }

  /// The speaker's written update, a line a part under the day it is for, each cut to
  /// `width`: `Wrote for Tue 24 Nov:`, `Done: the login page`, `Blocker: waiting on keys`.
  func writtenUpdate(width: Int) -> [String] {
    guard !isOver else { return [] }
    return state.writtenUpdateLines.map { truncated(sanitize($0), toWidth: width) }
  }

  /// The speaker's open items, numbered, each cut to `width`:
  /// `1. blocked 3 days: waiting on API keys`.
  func agenda(width: Int) -> [String] {
    guard !isOver else { return [] }
    return state.agendaLines.map { truncated(sanitize($0), toWidth: width) }
  }

  /// The speaker's work card once it has arrived, each line cut to `width`: `Work: 3 commits in
  /// api, web` and then the newest commits, at most `limit` lines in all (the layout keeps
  /// those that fit); `Work: no commits since Fri 20 Nov` for a card without any (the local
  /// day the window starts), and `Work: gathering…`, dim, before it arrives; `Work (by name):`
  /// for a speaker without git identities. Nothing when no card was asked for (no
  /// repositories).
  func work(width: Int, limit: Int) -> [String] {
    guard !isOver, let request = state.work.request, let speaker = state.currentSpeaker, limit > 0 else {
      return []
    }
    let byName = state.syncUp.attendees[id: speaker]?.hasGitIdentity == false
    let label = byName ? "Work \(WorkCard.byName): " : "Work: "
    guard let card = state.turnWork else {
      return [style.dim(truncated(label + "gathering…", toWidth: width))]
    }
    guard !card.isEmpty else {
      @Dependency(\.utcOffset) var utcOffset
      let day = CalendarDay(request.window.since, utcOffset: utcOffset)
      return [truncated(label + "no commits since " + DateText.day(day), toWidth: width)]
    }
    let commits = card.newest.prefix(limit - 1).map {
      truncated("  " + sanitize(card.line(for: $0)), toWidth: width)
    }
    return [truncated(label + sanitize(card.summary), toWidth: width)] + commits
  }

  /// The keys that work now on one line, as many as fit in `width`; `nil` while the end
  /// prompt is shown (its buttons name theirs) or when not even the main keys fit.
  func help(width: Int = .max) -> String? {
    guard state.alert == nil else { return nil }
    let owner = overlay.draft == .note || overlay.draft == .joiner ? "" : "  @name owner"
    let keys = keyItems
    let choices =
      overlay.isTypingNote
      ? [
        "enter \(enterWord)  esc cancel" + owner,
        "enter \(enterWord)  esc cancel",
      ]
      : [
        keys.joined(separator: "  "),
        keys.filter { $0 != Self.skipKey && $0 != Self.joinKey && $0 != Self.muteKey }
          .joined(separator: "  "),
        "n next  a absent  space \(pauseWord)  t note  e end",
        "n next  space \(pauseWord)  t note  e end",
      ]
    return choices.first { displayWidth($0) <= width }
  }

  /// The keys that work now on at most `rows` rows of the screen's foot, each at most `width`
  /// wide: on one row when they fit, else every key on two when two are given (at 80 columns,
  /// `s skip  j join` on the second), else as many as fit on one (see ``help(width:)``). None
  /// while the end prompt is shown.
  func helpRows(width: Int, rows: Int) -> [String] {
    let one = help(width: width).map { [$0] } ?? []
    guard rows > 1, !overlay.isTypingNote, let all = help(), displayWidth(all) > width else {
      return one
    }
    let packed = ScreenText.pack(keyItems, separator: "  ", width: width)
    return packed.count <= rows ? packed : one
  }

  static let skipKey = "s skip"
  static let joinKey = "j join"

  static let muteKey = "m mute"

  /// Every key that works now, outside the end prompt and the note being typed, in the order
  /// the key help shows them: `r resolve` when the speaker has open items, `s skip` unless on
  /// the last speaker, `j join` when someone is absent, `m mute` in a meeting with cues while a
  /// sound may ring (the key works in any meeting).
  private var keyItems: [String] {
    ["n next", "a absent", "space \(pauseWord)", "t note", "b blocker", "o action"]
      + (state.turnAgenda.isEmpty ? [] : ["r resolve"]) + ["e end"]
      + (state.isOnLastSpeaker ? [] : [Self.skipKey])
      + (state.absentees.isEmpty ? [] : [Self.joinKey])
      + (state.pacing.warnings.thresholds.isEmpty || state.bell == .off || state.pacing.isMuted
        ? [] : [Self.muteKey])
  }

  /// What Enter does to what is being typed.
  private var enterWord: String {
    switch overlay.draft {
    case .note: "add note"
    case .item(let kind): "add \(kind)"
    case .resolution: "resolve"
    case .joiner: "join"
    }
  }

  private var pauseWord: String { state.isPaused ? "resume" : "pause" }

  // MARK: End prompt

  /// The end prompt: its title, its message wrapped, its buttons (`[s] Save and end`), and the
  /// Ctrl-C hint when one is pending. Empty when no prompt is shown.
  func promptLines(width: Int) -> [ScreenLine] {
    guard let alert = state.alert else { return [] }
    var lines = [
      ScreenLine(style.bold(truncated(sanitize(alert.title), toWidth: width)), priority: 10)
    ]
    if let message = alert.message {
      // The question outranks the times (stopped while it is asked), as the buttons do.
      lines += ScreenText.wrap(sanitize(message), width: width).map { ScreenLine($0, priority: 10) }
    }
    lines += ScreenText.pack(buttonItems(alert), separator: "  ", width: width)
      .map { ScreenLine($0, priority: 10) }
    if overlay.isInterruptPending {
      lines += ScreenText.wrap(Self.interruptHint, width: width).map { ScreenLine($0, priority: 8) }
    }
    return lines
  }

  /// The prompt's buttons as `[key] Label`.
  func buttonItems(_ alert: AlertState<RecordMeeting.Action.Alert>) -> [String] {
    alert.buttons.map { "[\(Self.key(for: $0))] " + sanitize($0.label) }
  }

  /// The key that presses `button`: `s` saves, `d` discards, `r` resumes.
  static func key(for button: ButtonState<RecordMeeting.Action.Alert>) -> String {
    switch button.action {
    case .confirmSave: "s"
    case .confirmDiscard: "d"
    case nil: "r"
    }
  }

  // MARK: Compact layout

  /// The title alone, cut to `width`, in the theme's colours when colour is on.
  func compactTitle(width: Int) -> String {
    let text = truncated(title, toWidth: width)
    return style.isColored ? style.themed(text, theme) : text
  }

  /// `Blob  0:45 left`, the name cut to fit; "No more speakers." at the end.
  func compactSpeaker(width: Int) -> String {
    guard !isOver else { return truncated(Self.noMoreSpeakers, toWidth: width) }
    if state.isInOvertime {
      let over = ScreenText.overtime(state.overtimeSeconds) + (style.isColored ? "" : " !")
      let name = truncated(speakerName, toWidth: width - displayWidth(over) - 2)
      guard displayWidth(over) + 3 <= width else { return truncated(over, toWidth: width) }
      return name + "  " + (style.isColored ? style.warning(over) : over)
    }
    let left = DurationText.clock(state.slotRemaining) + " left"
    let marker = isInFinalSeconds && !style.isColored ? " !" : ""
    let leftWidth = displayWidth(left + marker)
    guard leftWidth + 3 <= width else {
      return leftWidth <= width ? finalSeconds(left) : truncated(left, toWidth: width)
    }
    return truncated(speakerName, toWidth: width - leftWidth - 2) + "  " + finalSeconds(left)
  }

  /// `Meeting  5:35 left`, cut to `width`.
  func compactMeeting(width: Int) -> String {
    truncated("Meeting  " + DurationText.clock(state.secondsRemaining) + " left", toWidth: width)
  }

  /// The end prompt on one line — `End meeting?  [s]ave [d]iscard [r]esume` — or, when that
  /// does not fit, its choices alone, wrapped to `width` (a cut title would say nothing, and
  /// the choices are what a key press needs), then the Ctrl-C hint when one is pending.
  func compactPrompt(width: Int) -> [ScreenLine] {
    guard let alert = state.alert else { return [] }
    let choices = alert.buttons.map(Self.choice)
    let long = sanitize(alert.title) + "  " + choices.joined(separator: " ")
    let prompt =
      displayWidth(long) <= width
      ? [long] : ScreenText.pack(choices, separator: " ", width: width)
    var lines = prompt.map { ScreenLine(style.bold($0), priority: 10) }
    if overlay.isInterruptPending {
      lines.append(ScreenLine(truncated(Self.interruptHint, toWidth: width), priority: 8))
    }
    return lines
  }

  /// A button as the word of its label with its key in brackets: `[s]ave`, `[d]iscard`,
  /// `[r]esume`; `[k] Word` when the word does not start with the key.
  static func choice(_ button: ButtonState<RecordMeeting.Action.Alert>) -> String {
    let key = key(for: button)
    let word = sanitize(button.label).split(separator: " ").first.map(String.init) ?? ""
    guard word.lowercased().hasPrefix(key) else { return "[\(key)] " + word }
    return "[\(key)]" + word.dropFirst(key.count)
  }

  // MARK: Text

  /// The sync-up's title, sanitized, or "(untitled)".
  private var title: String { sanitize(SyncUp.shownTitle(state.syncUp.title)) }

  /// The current speaker's name, sanitized.
  private var speakerName: String { sanitize(state.currentSpeakerName) }

  private var theme: Theme { state.syncUp.theme }
}

extension RecordMeeting.State {
  /// The speaker's open items as the screen lists them, before sanitizing:
  /// `1. blocked 3 days: waiting on API keys`.
  var agendaLines: [String] {
    turnAgenda.map { "\($0.number). " + $0.text }
  }

  /// The speaker's written update as the screen shows it, before sanitizing: `Wrote for Tue
  /// 24 Nov:`, then a line a part; none when they wrote none.
  var writtenUpdateLines: [String] {
    guard let update = turnUpdate else { return [] }
    return ["Wrote for \(DateText.day(update.day)):"] + update.partLines.map { "  " + $0 }
  }
}
