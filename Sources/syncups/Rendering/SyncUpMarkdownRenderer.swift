import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sync-up and its meetings as Markdown, for `export --format markdown`: the title as a
/// heading, its length and attendees, then each meeting, newest first, a level down
/// (``MeetingMarkdownRenderer``).
///
/// ```markdown
/// # Engineering
///
/// **Length:** 10 min. **Attendees:** Blob, Blob Jr
///
/// ## Mon 9 Feb 2026, 09:15
///
/// **Attendees:** Blob, Blob Jr
/// …
/// ```
enum SyncUpMarkdownRenderer {
  /// The text, ending in a newline. Dates are shown `utcOffset(date)` seconds east of UTC.
  static func render(
    _ syncUp: SyncUp, utcOffset: (Date) -> Int = DateText.localUTCOffset(at:)
  ) -> String {
    let attendees = syncUp.attendees.map { MeetingMarkdownRenderer.name($0.name) }
    var blocks = [
      "# " + MeetingMarkdownRenderer.title(syncUp),
      "**Length:** \(DurationText.human(syncUp.duration)). **Attendees:** "
        + attendees.joined(separator: ", "),
    ]
    if syncUp.meetings.isEmpty { blocks.append("No meetings yet.") }
    var text = blocks.joined(separator: "\n\n") + "\n"
    for meeting in syncUp.meetings {
      text +=
        "\n" + MeetingMarkdownRenderer.render(meeting, of: syncUp, level: 2, utcOffset: utcOffset)
    }
    return text
  }
}
