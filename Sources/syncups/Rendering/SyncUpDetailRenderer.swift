import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The human output of `syncups show`: the sections "Sync-up Info", "Past meetings" (newest
/// first, numbered as `meeting show` takes them) and "Attendees".
///
/// ```text
/// Sync-up Info
///   Title         Engineering
///   Length        10 min
///   Theme         Bubblegum
///   Per attendee  3 min, 20 secs
///
/// Past meetings
///   1  Mon 9 Feb 2026, 09:15
///   2  Fri 6 Feb 2026, 17:40
///
/// Attendees
///   Blob
///   Blob Jr
///   Blob Sr
/// ```
///
/// With colour on, headings are bold, the theme has a swatch and placeholders are dim.
enum SyncUpDetailRenderer {
  /// The whole text, ending in a newline. Dates are shown `utcOffset(date)` seconds east of
  /// UTC, by default in the local time zone.
  static func render(
    _ syncUp: SyncUp, style: TerminalStyle,
    utcOffset: (Date) -> Int = DateText.localUTCOffset(at:)
  ) -> String {
    var lines = [style.bold("Sync-up Info")]
    let title = UserText.cell(syncUp.title, placeholder: UserText.untitled, style: style)
    lines += [
      "  Title         " + title.text,
      "  Length        " + DurationText.human(syncUp.duration),
      "  Theme         " + UserText.theme(syncUp.theme, style: style).text,
      "  Per attendee  " + DurationText.human(syncUp.durationPerAttendee),
    ]

    lines += ["", style.bold("Past meetings")]
    if syncUp.meetings.isEmpty {
      lines.append("  " + style.dim("No meetings yet."))
    } else {
      let numberWidth = String(syncUp.meetings.count).count
      for (index, meeting) in syncUp.meetings.enumerated() {
        let number = String(index + 1)
        let padding = String(repeating: " ", count: numberWidth - number.count)
        let date = DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date))
        lines.append("  " + padding + number + "  " + date)
      }
    }

    lines += ["", style.bold("Attendees")]
    lines += AttendeeLines.render(syncUp.attendees, style: style)
    return lines.joined(separator: "\n") + "\n"
  }
}
