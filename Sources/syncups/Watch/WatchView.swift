#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// What `watch` shows of a meeting at one instant, on a whole screen or on one line. User
/// text (the title, names, items, the update) goes through ``sanitize(_:)``.
///
/// ```
///  Eng
///
///  Blob Jr is speaking
///  0:45 left
///  Speaker 2 of 3 · Next: Blob Sr, Blob Esq
///
///  Meeting  4:25 of 10:00 · 5:35 left
///  behind 1:10 · ends ~09:45
///
///  1. blocked 3 days: waiting on API keys
///  Wrote for Tue 24 Nov:
///    Done: the login page
/// ```
///
/// The compact line: `Eng · Blob Jr 0:45 left · next Blob Sr · 4:25 of 10:00 · behind 1:10`.
struct WatchView {
  /// The meeting as it stands now (see ``PublishedStatus/at(_:)``).
  let status: PublishedStatus
  /// How long ago the meeting last wrote, in seconds, once it has been silent too long; nil
  /// while it answers.
  let silentFor: Int?
  let style: TerminalStyle
  /// The local time zone's offset from UTC, in seconds east.
  let utcOffset: Int

  /// How long a meeting may stay silent, in seconds, before a watcher says it does not answer.
  static let silenceLimit = 5.0
  /// The key help at the foot of the screen.
  static let keys = "q quit"

  /// `meeting not responding (last update 12 s ago)`.
  static func notResponding(since seconds: Int) -> String {
    "meeting not responding (last update \(seconds) s ago)"
  }

  /// The frame for a screen of `size`: the lines from the top, the keys on the last row.
  func frame(size: TerminalSize) -> String {
    let width = max(size.columns - 2, 1)
    let body = lines(width: width).prefix(max(size.rows - 1, 0)).map { $0.isEmpty ? "" : " " + $0 }
    let rows = max(size.rows, 1)
    let padding = Array(repeating: "", count: max(rows - 1 - body.count, 0))
    let keys = " " + style.dim(truncated(Self.keys, toWidth: width))
    return ScreenText.frame(body + padding + [keys], rows: rows)
  }

  /// The lines of the whole screen, each cut to `width`.
  func lines(width: Int) -> [String] {
    func cut(_ text: String) -> String { truncated(text, toWidth: width) }
    var lines = [style.bold(cut(title)), ""]
    if let silentFor {
      lines += [style.warning(cut(Self.notResponding(since: silentFor))), ""]
    }
    lines.append(style.bold(cut(sanitize(status.speaker) + " is speaking")))
    lines.append(turnText(cut: cut) + stateSuffix)
    let next = status.next.isEmpty ? "" : " · Next: " + status.next.map(sanitize).joined(separator: ", ")
    lines += [cut("Speaker \(status.speakerNumber) of \(status.speakerCount)" + next), ""]
    lines.append(cut("Meeting  " + meetingText + " · " + DurationText.clock(status.meetingLeft) + " left"))
    if let pace { lines.append(cut(pace)) }
    let items = (status.items ?? []) + (status.update ?? [])
    if !items.isEmpty { lines += [""] + items.map { cut(sanitize($0)) } }
    return lines
  }

  /// The meeting on one line of at most `width` columns.
  func compactLine(width: Int) -> String {
    guard silentFor == nil else {
      return truncated(title + " · " + Self.notResponding(since: silentFor ?? 0), toWidth: width)
    }
    var parts = [title, sanitize(status.speaker) + " " + turnWords]
    if let next = status.next.first { parts.append("next " + sanitize(next)) }
    parts.append(meetingText)
    if let pace { parts.append(pace) }
    if let state = status.state, state != "over" { parts.append(state) }
    return truncated(parts.joined(separator: " · "), toWidth: width)
  }

  /// `ahead 0:40`, `behind 1:10` or `on time` (within ten seconds of the plan), then
  /// `ends ~09:45`, as far as the meeting reckons them; nil when it reckons neither.
  var pace: String? {
    var parts: [String] = []
    if let variance = status.variance {
      parts.append(
        abs(variance) <= 10
          ? "on time" : (variance > 0 ? "behind " : "ahead ") + DurationText.clock(abs(variance)))
    }
    if let end = status.projectedEnd.map(Date.init(timeIntervalSince1970:)) {
      parts.append("ends ~" + DateText.time(end, utcOffset: utcOffset))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }


  // MARK: Pieces

  private var title: String { sanitize(SyncUp.shownTitle(status.title)) }

  /// `0:45 left`, or `+0:12 over` in the warning colour.
  private func turnText(cut: (String) -> String) -> String {
    guard status.overtime else { return cut(turnWords) }
    return style.isColored ? style.warning(cut(turnWords)) : cut(turnWords + " !")
  }

  private var turnWords: String {
    guard let over = status.overtimeSeconds else { return DurationText.clock(status.turnLeft) + " left" }
    return ScreenText.overtime(over)
  }

  /// `4:25 of 10:00`, or the time so far alone when the plan is unknown.
  private var meetingText: String {
    DurationText.clock(status.elapsedSeconds)
      + (status.planned.map { " of " + DurationText.clock($0) } ?? "")
  }

  /// `  Paused` or `  Ending…` after the speaker's time.
  private var stateSuffix: String {
    status.ending ? "  " + style.bold("Ending…") : status.paused ? "  " + style.bold("Paused") : ""
  }
}
