import SyncUpsCore

/// Draws a meeting in progress as one full-screen frame of text.
///
/// ```swift
/// let frame = ScreenLayout.render(
///   store.state, overlay: overlay, columns: 80, rows: 24, style: style)
/// session.write(frame)
/// ```
///
/// The frame positions the cursor at the start of every row of the screen, clears the row and
/// writes its line, so it replaces whatever was on screen and leaves nothing behind; nothing
/// is written in the last column, so no row ever wraps. Without colour the only escape
/// sequences are those cursor moves and clears.
///
/// From 40×10 on, the screen shows the sync-up's title in its theme's colours, what is open
/// overall and who is away during the first turn, who is speaking, "Speaker k of n", who is
/// next, how many follow it with `syncups watch`, the speaker's open items numbered, their
/// written update and their work card (their
/// commits since the last stand-up, the newest as many as fit), the time elapsed and left for
/// the meeting and for the speaker with a progress bar each (or the speaker's overtime), how
/// many notes were taken and the last one, "Paused", the note (or item, or resolution, or the
/// name of a late joiner, with those absent) being typed, the end prompt, and the keys. The
/// last ten seconds of a speaker's time stand out. Rows that do not fit are left
/// out, least useful first; the speaker and the times are left out last. A smaller terminal
/// gets a compact layout of a few short lines.
enum ScreenLayout {
  /// The smallest terminal that gets the full layout.
  static let minimumSize = TerminalSize(columns: 40, rows: 10)

  /// The whole frame for `state` and `overlay` on a terminal of `columns`×`rows`.
  static func render(
    _ state: RecordMeeting.State, overlay: ScreenOverlay, columns: Int, rows: Int,
    style: TerminalStyle
  ) -> String {
    let parts = ScreenParts(state: state, overlay: overlay, style: style)
    let rows = max(rows, 1)
    let lines =
      columns >= minimumSize.columns && rows >= minimumSize.rows
      ? fullLines(parts, width: columns - 2, rows: rows)
      : compactLines(parts, width: max(columns - 1, 1), rows: rows)
    return frame(lines, rows: rows)
  }

  /// `lines` drawn from the top of a screen of `rows` rows: each row is cleared, then gets its
  /// line (the rows past the lines stay empty).
  static func frame(_ lines: [String], rows: Int) -> String {
    ScreenText.frame(lines, rows: rows)
  }

  /// The rows of the full layout, each starting with a one-column margin: the body from the
  /// top, the key help on the last row, or the last two when one cannot hold every key and
  /// the screen has two rows more than the smallest full layout.
  private static func fullLines(_ parts: ScreenParts, width: Int, rows: Int) -> [String] {
    let keyRows = rows >= minimumSize.rows + 2 ? 2 : 1
    let footer = parts.helpRows(width: width, rows: keyRows).map { " " + parts.style.dim($0) }
    let bodyRows = rows - footer.count
    let body = ScreenLine.fit(fullBody(parts, width: width, rows: bodyRows), rows: bodyRows)
    let lines = body.map { $0.isEmpty ? "" : " " + $0 }
    guard !footer.isEmpty else { return lines }
    return lines + Array(repeating: "", count: bodyRows - lines.count) + footer
  }

  /// Everything the full layout would show in `rows` rows, with how much each line matters.
  /// The speaker's work card gets the rows everything else leaves, and none when they do not
  /// fit: the time, the notes and the spacing keep theirs first.
  private static func fullBody(_ parts: ScreenParts, width: Int, rows: Int) -> [ScreenLine] {
    var body: [ScreenLine] = [ScreenLine(parts.titleBar(width: width), priority: 7)]
    if let facilitator = parts.facilitatorNotice(width: width) {
      body.append(ScreenLine(facilitator, priority: 4))
    }
    if let summary = parts.openSummary(width: width) { body.append(ScreenLine(summary, priority: 4)) }
    body += parts.awayNotices(width: width).map { ScreenLine($0, priority: 4) }
    body += [
      .blank,
      ScreenLine(parts.speaking(width: width), priority: 9),
      ScreenLine(parts.counter, priority: 6),
    ]
    if let upcoming = parts.upcoming(width: width) { body.append(ScreenLine(upcoming, priority: 3)) }
    if let watching = parts.watching(width: width) { body.append(ScreenLine(watching, priority: 2)) }
    body += parts.agenda(width: width).map { ScreenLine($0, priority: 5) }
    body += parts.writtenUpdate(width: width).map { ScreenLine($0, priority: 5) }
    let workRow = body.count
    body.append(.blank)
    body += parts.timerLines(width: width)
    if let pace = parts.paceLine(width: width) { body.append(ScreenLine(pace, priority: 5)) }
    if let notes = parts.notesSummary(width: width) {
      body += [ScreenLine(notes, priority: 3)]
    }
    let status = [
      parts.pausedText(width: width).map { ScreenLine($0, priority: 8) },
      parts.noteLine(width: width).map { ScreenLine($0, priority: 9) },
      parts.joinChoices(width: width).map { ScreenLine($0, priority: 7) },
      parts.draftProblem(width: width).map { ScreenLine($0, priority: 8) },
    ].compactMap { $0 }
    if !status.isEmpty { body += [.blank] + status }
    let prompt = parts.promptLines(width: width)
    if !prompt.isEmpty { body += [.blank] + prompt }
    let work = parts.work(width: width, limit: rows - body.count)
    body.insert(contentsOf: work.map { ScreenLine($0, priority: 2) }, at: workRow)
    return body
  }

  /// The rows of the compact layout: the speaker and the time left first, then whatever else
  /// fits, each cut to `width`.
  private static func compactLines(_ parts: ScreenParts, width: Int, rows: Int) -> [String] {
    var lines: [ScreenLine] = [
      ScreenLine(parts.compactTitle(width: width), priority: 4),
      ScreenLine(parts.compactSpeaker(width: width), priority: 9),
      ScreenLine(parts.compactMeeting(width: width), priority: 5),
    ]
    if let paused = parts.pausedText(width: width) { lines.append(ScreenLine(paused, priority: 7)) }
    if let watching = parts.watching(width: width) { lines.append(ScreenLine(watching, priority: 2)) }
    if let note = parts.noteLine(width: width) { lines.append(ScreenLine(note, priority: 9)) }
    if let choices = parts.joinChoices(width: width) {
      lines.append(ScreenLine(choices, priority: 7))
    }
    if let problem = parts.draftProblem(width: width) {
      lines.append(ScreenLine(problem, priority: 8))
    }
    lines += parts.compactPrompt(width: width)
    if let help = parts.help(width: width) {
      lines.append(ScreenLine(parts.style.dim(help), priority: 3))
    }
    return ScreenLine.fit(lines, rows: rows)
  }
}
