#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// When a meeting of a schedule started against its scheduled start, as `meeting show` says
/// it in text and in Markdown: `09:35, 5 min late for 09:30`, `09:31, on time for 09:30`.
enum MeetingStart {
  /// The start (`09:35`), how late it was through `late` when later than
  /// ``Meeting/lateAfter`` (`5 min late`), and the scheduled start (`09:30`), each shown
  /// `utcOffset(date)` seconds east of UTC; nil when the meeting records no scheduled start.
  static func text(
    of meeting: Meeting, utcOffset: (Date) -> Int, late: (String) -> String = { $0 }
  ) -> String? {
    guard let scheduled = meeting.scheduled, let lateness = meeting.lateness else { return nil }
    let started = meeting.started ?? meeting.date
    let how = lateness > Meeting.lateAfter ? late(DurationText.human(lateness) + " late") : "on time"
    return DateText.time(started, utcOffset: utcOffset(started)) + ", \(how) for "
      + DateText.time(scheduled, utcOffset: utcOffset(scheduled))
  }
}
