import SharedState
import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The questions `delete` and `meeting delete` ask on a terminal. Each names what would go, so
/// that a reference that hit the wrong thing is caught before anything is lost.
///
/// ```text
/// Delete sync-up 'Engineering' and its 2 meetings?
/// Delete the meeting of Mon 9 Feb 2026, 09:15 ("Blob: shipped the release") from 'Engineering'?
/// ```
enum DeletionQuestion {
  /// Columns of notes a meeting question quotes before cutting them with "…".
  static let noteWidth = 40

  /// The question before deleting `syncUp` with what goes with it (``contents(of:)``).
  static func syncUp(_ syncUp: SyncUp) -> String {
    "Delete sync-up \(UserText.name(syncUp))\(contents(of: syncUp))?"
  }

  /// What goes with `syncUp` when it is deleted, as the question and the answer say it: ` and
  /// its 2 meetings, 3 open items, 1 resolved item, 4 updates and time away for Cy, Ben`;
  /// empty when it holds none of these.
  static func contents(of syncUp: SyncUp) -> String {
    func count(_ count: Int, _ noun: String) -> String? {
      count == 0 ? nil : count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
    let open = syncUp.items.count(where: \.isOpen)
    let away = syncUp.attendees.filter { !$0.away.isEmpty }.map(UserText.attendee)
    let parts = [
      count(syncUp.meetings.count, "meeting"), count(open, "open item"),
      count(syncUp.items.count - open, "resolved item"), count(syncUp.updates.count, "update"),
      away.isEmpty ? nil : "time away for " + away.joined(separator: ", "),
    ].compactMap { $0 }
    return parts.isEmpty ? "" : " and its " + Prose.list(parts)
  }

  /// The question before deleting `meeting` from `syncUp`: its date, shown `utcOffset(date)`
  /// seconds east of UTC, and the first line of its notes.
  static func meeting(
    _ meeting: Meeting, of syncUp: SyncUp,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    let firstLine = UserText.firstNoteLine(meeting)
    let notes =
      firstLine.isEmpty ? UserText.noNotes : "(\"\(truncated(firstLine, toWidth: noteWidth))\")"
    let name = meetingName(meeting, utcOffset: utcOffset)
    return "Delete \(name) \(notes) from \(UserText.name(syncUp))?"
  }

  /// A meeting as messages name it: "the meeting of" and its date.
  static func meetingName(
    _ meeting: Meeting, utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    "the meeting of " + DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date))
  }
}
