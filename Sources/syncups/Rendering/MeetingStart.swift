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
  /// The start (`09:35`), how late it was when late (past ``Meeting/lateAfter``: `5 min late`,
  /// nil when on time) and the scheduled start (`09:30`), each shown `utcOffset(date)` seconds
  /// east of UTC; nil when the meeting records no scheduled start.
  static func parts(of meeting: Meeting, utcOffset: (Date) -> Int)
    -> (at: String, late: String?, due: String)?
  {
    guard let scheduled = meeting.scheduled, let lateness = meeting.lateness else { return nil }
    let started = meeting.started ?? meeting.date
    return (
      DateText.time(started, utcOffset: utcOffset(started)),
      lateness > Meeting.lateAfter ? DurationText.human(lateness) + " late" : nil,
      DateText.time(scheduled, utcOffset: utcOffset(scheduled))
    )
  }

  /// The parts as one line, the lateness shown through `late`.
  static func text(
    of meeting: Meeting, utcOffset: (Date) -> Int, late: (String) -> String = { $0 }
  ) -> String? {
    parts(of: meeting, utcOffset: utcOffset).map {
      "\($0.at), " + ($0.late.map(late) ?? "on time") + " for \($0.due)"
    }
  }
}
