import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The human output of `syncups meeting show`: which sync-up and when, how long it lasted
/// against the plan, who was there and how long each spoke against their slot, and the whole
/// transcript.
///
/// ```text
/// Meeting
///   Sync-up  Engineering
///   Date     Mon 9 Feb 2026, 09:15
///   Length   5:12 of 5:00 planned, 0:12 over
///
/// Attendees
///   Blob     2:05 of 1:40  +0:25 over
///   Blob Jr  1:00 of 1:40
///   Blob Sr  absent
///
/// Transcript
///   Blob: shipped the release
///   Blob Jr: reviewing the docs
/// ```
///
/// A meeting saved before meetings kept a record (or imported from the app) has no length and
/// no attendees to show: it says so rather than show today's attendees.
enum MeetingDetailRenderer {
  /// The whole text, ending in a newline. The date is shown `utcOffset(date)` seconds east of
  /// UTC. Blank lines inside the transcript are kept; trailing ones are not.
  static func render(
    _ meeting: Meeting, of syncUp: SyncUp, style: TerminalStyle,
    utcOffset: (Date) -> Int = DateText.localUTCOffset(at:)
  ) -> String {
    let title = UserText.cell(syncUp.title, placeholder: UserText.untitled, style: style)
    var lines = [
      style.bold("Meeting"),
      "  Sync-up  " + title.text,
      "  Date     " + DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date)),
    ]
    if let length = length(of: meeting, style: style) { lines.append("  Length   " + length) }
    lines += ["", style.bold("Attendees")]
    lines += attendeeLines(meeting, style: style)
    lines += ["", style.bold("Transcript")]

    var transcript = sanitizedLines(meeting.transcript)
    while let last = transcript.last, last.allSatisfy(\.isWhitespace) {
      transcript.removeLast()
    }
    if transcript.isEmpty {
      lines.append("  " + style.dim("No notes were taken."))
    } else {
      lines += transcript.map { $0.isEmpty ? "" : "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `5:12 of 5:00 planned, 0:12 over`, or `…, ended early`; nil without a recorded length.
  static func length(of meeting: Meeting, style: TerminalStyle) -> String? {
    guard let duration = meeting.duration else { return nil }
    var text = ScreenText.clock(duration)
    if let planned = meeting.plannedDuration {
      text += " of " + ScreenText.clock(planned) + " planned"
      if duration > planned {
        text += ", " + style.warning(ScreenText.clock(duration - planned) + " over")
      }
    }
    if meeting.endedEarly == true { text += ", ended early" }
    return text
  }

  /// One line per attendee in calling order: the time spoken against the slot (`+0:25 over`
  /// past it), `absent`, or `did not speak` for someone present whose turn never came.
  private static func attendeeLines(_ meeting: Meeting, style: TerminalStyle) -> [String] {
    guard let attendees = meeting.attendees else {
      return ["  " + style.dim("Not recorded for this meeting.")]
    }
    guard !attendees.isEmpty else { return ["  " + style.dim("Nobody.")] }
    var table = TextTable(alignments: [.left, .left])
    for attendee in attendees {
      let name = UserText.cell(attendee.name, placeholder: UserText.unnamed, style: style)
      table.append([name, TextTable.Cell(time(of: attendee, in: meeting, style: style))])
    }
    return table.lines().map { "  " + $0 }
  }

  private static func time(
    of attendee: MeetingAttendee, in meeting: Meeting, style: TerminalStyle
  ) -> String {
    if attendee.absent { return style.dim("absent") }
    let turns = meeting.turns?.filter { $0.attendee == attendee.id } ?? []
    guard !turns.isEmpty else { return style.dim("did not speak") }
    let seconds = turns.reduce(0) { $0 + $1.seconds }
    let slot = turns.reduce(0) { $0 + $1.slot }
    let over = seconds > slot ? "  " + style.warning(ScreenText.overtime(seconds - slot)) : ""
    return ScreenText.clock(seconds) + " of " + ScreenText.clock(slot) + over
  }
}
