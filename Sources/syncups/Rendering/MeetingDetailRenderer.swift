import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The human output of `syncups meeting show`: which sync-up and when, the sync-up's
/// attendees (as the app shows them), and the whole transcript.
///
/// ```text
/// Meeting
///   Sync-up  Engineering
///   Date     Mon 9 Feb 2026, 09:15
///
/// Attendees
///   Blob
///   Blob Jr
///
/// Transcript
///   Blob: shipped the release
///   Blob Jr: reviewing the docs
/// ```
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
      "",
      style.bold("Attendees"),
    ]
    lines += AttendeeLines.render(syncUp.attendees, style: style)
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
}
