#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Those not in the room: time away announced ahead, and updates written rather than said.
///
/// - **Time away**: a meeting on a day within an attendee's time away starts with them absent
///   (``MeetingAttendance/State/timeAway`` says why), unless it was told they are present.
/// - **Written updates**: when a speaker's turn starts, their update for the meeting's day (or
///   the newest written since the last meeting, see ``SyncUp/updateSinceLastMeeting(of:for:)``)
///   shows with it (``RecordMeeting/State/turnUpdate``). An absent attendee's update is read
///   into the transcript as `Name (written): …`, a line a part, when the meeting passes their place in the
///   order: when the first speaker after them starts, when they are marked absent as they are
///   called, and, for whoever is left, when the meeting is saved. A blocker written in an
///   update was opened as an item when it was written: the meeting opens nothing.
extension RecordMeeting.State {
  /// The meeting's local day, when `syncUp` has time away or written updates to look up.
  static func day(of syncUp: SyncUp) -> CalendarDay? {
    guard !syncUp.updates.isEmpty || syncUp.attendees.contains(where: { !$0.away.isEmpty })
    else { return nil }
    @Dependency(\.date.now) var now
    @Dependency(\.utcOffset) var utcOffset
    return CalendarDay(now, utcOffset: utcOffset)
  }

  /// The attendees of `syncUp` away on `day`, but those `present`, with their time away.
  static func timeAway(
    in syncUp: SyncUp, on day: CalendarDay?, except present: Set<Attendee.ID>
  ) -> [Attendee.ID: TimeAway] {
    guard let day else { return [:] }
    var away: [Attendee.ID: TimeAway] = [:]
    for attendee in syncUp.attendees where !present.contains(attendee.id) {
      away[attendee.id] = attendee.timeAway(on: day)
    }
    return away
  }

  /// The update the current speaker wrote for the meeting's day, or since the last meeting;
  /// nil when they wrote none, or one that says nothing.
  public var turnUpdate: WrittenUpdate? {
    currentSpeaker.flatMap(update(of:))
  }

  /// The update `attendee` wrote for the meeting's day, or since the last meeting; nil when
  /// they wrote none, or one that says nothing.
  public func update(of attendee: Attendee.ID) -> WrittenUpdate? {
    guard let day,
      let update = syncUp.update(of: attendee, for: day, since: previousMeeting),
      !update.isEmpty
    else { return nil }
    return update
  }

  /// The name an attendee of the meeting goes by: their name, or `Attendee k` (counting from
  /// 1 in the calling order) when it is blank.
  public func attendeeName(at position: Int) -> String {
    lineup[position].name.isBlank ? "Attendee \(position + 1)" : lineup[position].name
  }

  /// Reads into the transcript, as `Name (written): …`, the updates of the absent attendees
  /// whose place the meeting has passed (before the current speaker's, in the calling order;
  /// every place when `all`), each once.
  mutating func readPassedUpdates(all: Bool = false) {
    guard day != nil else { return }
    let reached =
      all ? lineup.count : currentSpeaker.flatMap { id in lineup.firstIndex { $0.id == id } } ?? 0
    for (position, attendee) in lineup.enumerated().prefix(reached)
    where attendee.absent && !attendance.updatesRead.contains(attendee.id) {
      let lines = writtenLines(at: position)
      guard !lines.isEmpty else { continue }
      _ = MeetingAttendance().reduce(into: &attendance, action: .updateRead(attendee.id))
      lines.forEach { appendToTranscript($0) }
    }
  }

  /// The transcript lines the written update of the attendee at `position` in the lineup is
  /// read as, a line a part (`Ana (written): Done: the login page`, `Ana (written): Blocker:
  /// waiting on keys`), so that a part's own "; " stays its own; none when they wrote none.
  public func writtenLines(at position: Int) -> [String] {
    let name = attendeeName(at: position)
    return update(of: lineup[position].id)?.partLines.map { "\(name) (written): \($0)" } ?? []
  }

  /// Adds `line` to the end of the transcript.
  mutating func appendToTranscript(_ line: String) {
    notes.append(line)
  }
}

extension WrittenUpdate {
  /// The update on one line: `Done: the login page; Next: the signup page; Blocker: waiting
  /// on API keys`, what it holds only.
  public var summary: String {
    partLines.joined(separator: "; ")
  }

  /// Each of its ``parts`` on one line: `Done: the login page`, `Blocker: waiting on keys`.
  public var partLines: [String] {
    parts.map { "\($0.label): \($0.text.asOneLine)" }
  }
}

extension TimeAway {
  /// `away until Fri 27 Nov (holiday)`, `away`: for the start of a meeting it made someone
  /// absent from.
  public var untilText: String {
    "away" + (to.map { " until " + DateText.day($0) } ?? "")
      + (note.map(\.asOneLine).flatMap { $0.isEmpty ? nil : " (\($0))" } ?? "")
  }
}

extension RecordMeeting.State {
  /// The facilitator the sync-up's rota gives this meeting: the next after the last meeting's
  /// who is not absent from the start (named `--absent`, or away today and not counted in);
  /// nil without a rota, or when everyone on it is absent.
  public func nextFacilitator() -> Meeting.Facilitator? {
    let absent = Set(lineup.filter(\.absent).map(\.id))
    return syncUp.facilitator(after: syncUp.lastFacilitator, skipping: absent)
      .map(Meeting.Facilitator.init)
  }
}
