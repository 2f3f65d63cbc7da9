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

  /// The question before deleting `syncUp` with its meetings.
  static func syncUp(_ syncUp: SyncUp) -> String {
    let meetings =
      switch syncUp.meetings.count {
      case 0: ""
      case 1: " and its 1 meeting"
      case let count: " and its \(count) meetings"
      }
    return "Delete sync-up \(UserText.name(syncUp))\(meetings)?"
  }

  /// The question before deleting `meeting` from `syncUp`: its date, shown `utcOffset(date)`
  /// seconds east of UTC, and the first line of its notes.
  static func meeting(
    _ meeting: Meeting, of syncUp: SyncUp,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    let firstLine = PastMeetingList.firstNoteLine(meeting)
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
