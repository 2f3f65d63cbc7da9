import SyncUpsCore

/// The human output of `syncups stats` for one sync-up: the title and short id, the length
/// figures, a sparkline of recent lengths, the attendee table, and how many meetings were
/// left out for having no timings.
///
/// ```text
/// Design  1A2B3C4D
///   Meetings     4 held, 3 with timings
///   Planned      5 min
///   Median       5 min, 5 secs
///   Mean         4 min, 58 secs
///   Longest      5 min, 10 secs
///   Ran over     2
///   Ended early  1
///   Recent       =.@  oldest first
///
///   ATTENDEE  ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT
///   Ana              3       0  1 min, 40 secs  5 min, 30 secs          2
///   Cy               1       1  1 min, 30 secs  1 min, 30 secs          0
///
///   1 meeting without timings is left out of the figures.
/// ```
///
/// Without timed meetings only the first line and the count of meetings left out are shown.
/// With colour on, the title and the table's header are bold and the sparkline is drawn with
/// block characters (``Sparkline``).
enum StatsRenderer {
  /// How many of the newest lengths the sparkline shows.
  static let recentCount = 20

  /// The text, ending in a newline.
  static func render(_ stats: SyncUpStats, style: TerminalStyle) -> String {
    let title = UserText.cell(stats.title, placeholder: SyncUp.untitled, style: style)
    var lines = [style.bold(title.text) + "  " + stats.syncUpID.shortID]
    lines.append("  Meetings     \(stats.meetings) held, \(stats.timed) with timings")
    if stats.timed > 0 {
      let figures = stats.duration
      lines += [
        "  Planned      " + seconds(figures.planned),
        "  Median       " + seconds(figures.median),
        "  Mean         " + seconds(figures.mean),
        "  Longest      " + seconds(figures.max),
        "  Ran over     \(figures.overran)",
        "  Ended early  \(figures.endedEarly)",
      ]
      let recent = Array(stats.lengths.suffix(recentCount))
      let which =
        recent.count < stats.lengths.count ? "last \(recent.count), oldest first" : "oldest first"
      lines.append(
        "  Recent       " + Sparkline.text(recent, unicode: style.isColored) + "  " + which)
      lines.append("")
      lines += attendeeTable(stats.attendees, style: style).map { "  " + $0 }
    }
    if stats.untimed > 0 {
      lines.append("")
      lines.append(
        "  " + (stats.untimed == 1
          ? "1 meeting without timings is left out of the figures."
          : "\(stats.untimed) meetings without timings are left out of the figures."))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func attendeeTable(
    _ attendees: [SyncUpStats.Attendance], style: TerminalStyle
  ) -> [String] {
    var table = TextTable(alignments: [.left, .right, .right, .left, .left, .right])
    table.append(["ATTENDEE", "ATTENDED", "MISSED", "MEDIAN TURN", "TOTAL", "OVER SLOT"])
    // A name several attendees have is followed by each one's short id, as in `show`.
    let alike = Set(
      attendees.map { Attendee(id: $0.id, name: $0.name) }.sharingNames.joined().map(\.id))
    for attendee in attendees {
      var name = UserText.cell(attendee.name, placeholder: UserText.unnamed, style: style)
      if alike.contains(attendee.id) {
        let id = attendee.id.shortID
        name = TextTable.Cell(name.text + "  " + id, width: name.width + 2 + id.utf8.count)
      }
      table.append([
        name,
        asciiCell(String(attendee.attended)), asciiCell(String(attendee.absent)),
        asciiCell(seconds(attendee.medianSpeaking)),
        asciiCell(DurationText.human(attendee.totalSpeaking)),
        asciiCell(String(attendee.overSlot)),
      ])
    }
    var lines = table.lines()
    lines[0] = style.bold(lines[0])
    return lines
  }

  /// A cell of numbers and durations, which are ASCII: one column a byte, without measuring
  /// each character's width as user text needs (`stats` of every sync-up has many cells).
  private static func asciiCell(_ text: String) -> TextTable.Cell {
    TextTable.Cell(text, width: text.utf8.count)
  }

  /// A figure in seconds for people, or "-" when there is none.
  private static func seconds(_ value: Int?) -> String {
    value.map(DurationText.human) ?? "-"
  }
}
