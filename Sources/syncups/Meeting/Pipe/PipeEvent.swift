import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something that happened in a meeting, as a script sees it: one line of plain output, or
/// one JSON object of `--json` output.
enum PipeEvent: Equatable, Sendable {
  /// The meeting began: which sync-up, how long, how many speakers, whether they may run over.
  case started(syncUpID: UUID, title: String, duration: Int, speakers: Int, overtime: Bool)
  /// Speaker `index` (from 0) of `count`, named `name`, has the floor at `elapsed` seconds,
  /// with a slot of `slot` seconds.
  case speaker(index: Int, count: Int, name: String, elapsed: Int, slot: Int)
  /// A turn ended at `elapsed` seconds: `name` spoke `turn.seconds` of `turn.slot`.
  case turn(Meeting.Turn, name: String, elapsed: Int)
  /// `attendee` is absent: left out from the start, or marked so when called.
  case absent(MeetingAttendee, name: String, elapsed: Int)
  /// The speaker's slot of `slot` seconds ran out at `elapsed` seconds; they go on in
  /// overtime.
  case overtime(name: String, slot: Int, elapsed: Int)
  /// A note joined the transcript at `elapsed` seconds, said while `speaker` spoke.
  case note(speaker: String, text: String, elapsed: Int)
  /// The timer stopped at `elapsed` seconds.
  case paused(elapsed: Int)
  /// The timer goes on from `elapsed` seconds.
  case resumed(elapsed: Int)
  /// The meeting ended at `elapsed` seconds: saved as `meeting`, or discarded (nil);
  /// `restored` when its sync-up, deleted during the meeting, was brought back with it.
  case ended(elapsed: Int, meeting: Meeting?, restored: Bool = false)

  /// The first events of a meeting of `state`: `started`, those absent from the start, then
  /// the first speaker.
  static func opening(_ state: RecordMeeting.State) -> [PipeEvent] {
    let started = PipeEvent.started(
      syncUpID: state.syncUp.id, title: state.syncUp.title, duration: state.syncUp.duration,
      speakers: state.speakerCount, overtime: state.allowsOvertime)
    let absent = state.lineup.enumerated().filter(\.element.absent).map { position, attendee in
      PipeEvent.absent(
        attendee, name: displayName(attendee.name, position: position), elapsed: 0)
    }
    return [started] + absent + [speaker(in: state)]
  }

  /// What changed from `old` to `new`, in the order a reader expects: a note taken just
  /// before a speaker change belongs to the speaker who said it, so notes come first; then
  /// the turn that ended, who was marked absent, and who has the floor now. Times are meeting
  /// time, pauses left out.
  static func changes(from old: RecordMeeting.State, to new: RecordMeeting.State) -> [PipeEvent] {
    var events: [PipeEvent] = []
    let elapsed = new.meetingSeconds
    if new.transcript != old.transcript, new.transcript.hasPrefix(old.transcript) {
      let added = new.transcript.dropFirst(old.transcript.count)
      for line in added.split(separator: "\n") {
        let (speaker, text) = split(noteLine: String(line), speaker: new.currentSpeakerName)
        events.append(.note(speaker: speaker, text: text, elapsed: elapsed))
      }
    }
    if new.isPaused != old.isPaused {
      events.append(new.isPaused ? .paused(elapsed: elapsed) : .resumed(elapsed: elapsed))
    }
    for turn in new.turns.dropFirst(old.turns.count) {
      let position = new.speakers.firstIndex(of: turn.attendee) ?? 0
      events.append(.turn(turn, name: new.speakerName(at: position), elapsed: elapsed))
    }
    for (position, attendee) in new.lineup.enumerated()
    where attendee.absent && old.lineup.first(where: { $0.id == attendee.id })?.absent == false {
      let name = new.speakers.firstIndex(of: attendee.id).map(new.speakerName(at:))
      events.append(
        .absent(
          attendee, name: name ?? displayName(attendee.name, position: position),
          elapsed: elapsed))
    }
    if new.isInOvertime, !old.isInOvertime {
      events.append(
        .overtime(
          name: new.currentSpeakerName, slot: new.speakerSlot(for: new.speakerIndex).count,
          elapsed: elapsed))
    }
    if new.speakerIndex != old.speakerIndex {
      events.append(speaker(in: new))
    }
    return events
  }

  /// The `ended` event of a meeting that ended as `ending` at `elapsed` seconds.
  static func ended(_ ending: LiveMeeting.Ending, elapsed: Int) -> PipeEvent {
    switch ending {
    case .saved(let meeting, let restored):
      .ended(elapsed: elapsed, meeting: meeting, restored: restored)
    case .discarded: .ended(elapsed: elapsed, meeting: nil)
    }
  }

  private static func speaker(in state: RecordMeeting.State) -> PipeEvent {
    .speaker(
      index: state.speakerIndex, count: state.speakerCount, name: state.currentSpeakerName,
      elapsed: state.meetingSeconds, slot: state.speakerSlot(for: state.speakerIndex).count)
  }

  /// An attendee's name, or `Attendee k` (counting from 1 in the calling order) when blank.
  private static func displayName(_ name: String, position: Int) -> String {
    name.isBlank ? "Attendee \(position + 1)" : name
  }

  /// `Name: text` → ("Name", "text") for the speaker who has the floor (a name may hold
  /// ": " itself); any other line is split at its first ": ".
  private static func split(noteLine line: String, speaker: String) -> (String, String) {
    if line.hasPrefix(speaker + ": ") {
      return (speaker, String(line.dropFirst(speaker.count + 2)))
    }
    guard let range = line.firstRange(of: ": ") else { return ("", line) }
    return (String(line[..<range.lowerBound]), String(line[range.upperBound...]))
  }
}

extension PipeEvent {
  /// The event as one line for people (no line break at the end); user text is sanitized.
  ///
  /// ```
  /// Started Morning Sync: 3 speakers, 5 min
  /// 0:00 Blob is speaking (speaker 1 of 3)
  /// 0:42 Note from Blob: Shipped it
  /// 5:00 Saved the meeting (1 note)
  /// ```
  var plainLine: String {
    switch self {
    case .started(_, let title, let duration, let speakers, let overtime):
      let title = sanitize(SyncUp.shownTitle(title))
      let noun = speakers == 1 ? "speaker" : "speakers"
      return "Started \(title): \(speakers) \(noun), \(DurationText.human(duration))"
        + (overtime ? ", overtime allowed" : "")
    case .speaker(let index, let count, let name, let elapsed, _):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is speaking (speaker \(index + 1) of \(count))"
    case .turn(let turn, let name, let elapsed):
      let over = turn.overtime > 0 ? " (\(ScreenText.overtime(turn.overtime)))" : ""
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) spoke "
        + "\(DurationText.clock(turn.seconds)) of \(DurationText.clock(turn.slot))\(over)"
    case .absent(_, let name, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is absent"
    case .overtime(let name, _, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is over time"
    case .note(let speaker, let text, let elapsed):
      return "\(DurationText.clock(elapsed)) Note from \(sanitize(speaker)): \(sanitize(text))"
    case .paused(let elapsed):
      return "\(DurationText.clock(elapsed)) Paused"
    case .resumed(let elapsed):
      return "\(DurationText.clock(elapsed)) Resumed"
    case .ended(let elapsed, let meeting?, let restored):
      let notes = meeting.noteCount
      return "\(DurationText.clock(elapsed)) Saved the meeting "
        + "(\(notes) \(notes == 1 ? "note" : "notes")"
        + (restored ? ", its sync-up brought back)" : ")")
    case .ended(let elapsed, nil, _):
      return "\(DurationText.clock(elapsed)) Discarded the meeting"
    }
  }

  /// The event as a JSON object (see syncups(1), JSON OUTPUT).
  var json: JSONOutput {
    switch self {
    case .started(let id, let title, let duration, let speakers, let overtime):
      return .object([
        "event": .string("started"), "syncUpID": .string(id.uuidString), "title": .string(title),
        "duration": .int(duration), "speakers": .int(speakers), "overtime": .bool(overtime),
      ])
    case .speaker(let index, let count, let name, let elapsed, let slot):
      return .object([
        "event": .string("speaker"), "index": .int(index + 1), "count": .int(count),
        "name": .string(name), "elapsed": .int(elapsed), "slot": .int(slot),
      ])
    case .turn(let turn, let name, let elapsed):
      return .object([
        "event": .string("turn"), "attendee": .string(turn.attendee.uuidString),
        "name": .string(name), "seconds": .int(turn.seconds), "slot": .int(turn.slot),
        "overtime": .int(turn.overtime), "elapsed": .int(elapsed),
      ])
    case .absent(let attendee, let name, let elapsed):
      return .object([
        "event": .string("absent"), "attendee": .string(attendee.id.uuidString),
        "name": .string(name), "elapsed": .int(elapsed),
      ])
    case .overtime(let name, let slot, let elapsed):
      return .object([
        "event": .string("overtime"), "name": .string(name), "slot": .int(slot),
        "elapsed": .int(elapsed),
      ])
    case .note(let speaker, let text, let elapsed):
      return .object([
        "event": .string("note"), "speaker": .string(speaker), "text": .string(text),
        "elapsed": .int(elapsed),
      ])
    case .paused(let elapsed):
      return .object(["event": .string("paused"), "elapsed": .int(elapsed)])
    case .resumed(let elapsed):
      return .object(["event": .string("resumed"), "elapsed": .int(elapsed)])
    case .ended(let elapsed, let meeting, let restored):
      var members: [String: JSONOutput] = [
        "event": .string("ended"), "elapsed": .int(elapsed), "saved": .bool(meeting != nil),
        "meeting": meeting.map(JSONOutput.meeting) ?? .null,
      ]
      if restored { members["restored"] = .bool(true) }
      return .object(members)
    }
  }
}
