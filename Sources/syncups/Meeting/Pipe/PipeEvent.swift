import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something that happened in a meeting, as a script sees it: one line of plain output, or
/// one JSON object of `--json` output.
enum PipeEvent: Equatable, Sendable {
  /// The meeting began: which sync-up, how long, how many speakers, whether they may run
  /// over, what is open overall (nil when nothing is) and who facilitates (nil for nobody).
  case started(
    syncUpID: UUID, title: String, duration: Int, speakers: Int, overtime: Bool,
    open: OpenItemsSummary? = nil, facilitator: String? = nil)
  /// Speaker `index` (from 0) of `count` (the speaker's number and those present, see
  /// ``RecordMeeting/State/speakerNumber``), named `name`, has the floor at `elapsed` seconds,
  /// with a slot of `slot` seconds and their open `items` (each with its
  /// ``ShownItem/turnNumber``).
  case speaker(
    index: Int, count: Int, name: String, elapsed: Int, slot: Int, items: [ShownItem] = [])
  /// The work card of the speaker `name` (`attendee`) over the window from `since`, shown at
  /// `elapsed` seconds: when their turn starts with it there, or when it arrives during or
  /// after their turn.
  case work(attendee: UUID, name: String, card: RecordMeeting.TurnWork, since: Date, elapsed: Int)
  /// A blocker or an action item was raised at `elapsed` seconds.
  case item(ShownItem, elapsed: Int)
  /// An item was resolved at `elapsed` seconds.
  case resolved(ShownItem, elapsed: Int)
  /// A turn ended at `elapsed` seconds: `name` spoke `turn.seconds` of `turn.slot`.
  case turn(Meeting.Turn, name: String, elapsed: Int)
  /// `attendee` is absent: left out from the start (`away`: by their time away), or marked so
  /// when called.
  case absent(MeetingAttendee, name: String, elapsed: Int, away: TimeAway? = nil)
  /// The written update of `name`: the speaker's as their turn starts (`present`), or an
  /// absent attendee's as the meeting passes their place.
  case update(WrittenUpdate, name: String, present: Bool, elapsed: Int)
  /// The speaker `attendee`, named `name`, was skipped at `elapsed` seconds: they speak last,
  /// having spoken `seconds` so far.
  case skipped(attendee: Attendee.ID, name: String, seconds: Int, elapsed: Int)
  /// `attendee`, absent so far, arrived at `elapsed` seconds: they speak last.
  case joined(MeetingAttendee, name: String, elapsed: Int)
  /// The speaker's slot of `slot` seconds ran out at `elapsed` seconds; they go on in
  /// overtime.
  case overtime(name: String, slot: Int, elapsed: Int)
  /// The speaker `name`'s turn reached the cue `phase` at `elapsed` seconds, with `left`
  /// seconds of their slot left.
  case warn(phase: CuePhase, name: String, left: Int, elapsed: Int)
  /// A note joined the transcript at `elapsed` seconds, said while `speaker` spoke.
  case note(speaker: String, text: String, elapsed: Int)
  /// The timer stopped at `elapsed` seconds.
  case paused(elapsed: Int)
  /// The timer goes on from `elapsed` seconds.
  case resumed(elapsed: Int)
  /// The meeting ended at `elapsed` seconds: saved as `meeting`, or discarded (nil);
  /// `restored` when its sync-up, deleted during the meeting, was brought back with it.
  case ended(elapsed: Int, meeting: Meeting?, restored: Bool = false)

  /// The first events of a meeting of `state`: `started`, those absent from the start, the
  /// updates of those absent whose place is before the first speaker's, then the first
  /// speaker (and their update).
  static func opening(_ state: RecordMeeting.State) -> [PipeEvent] {
    let started = PipeEvent.started(
      syncUpID: state.syncUp.id, title: state.syncUp.title, duration: state.syncUp.duration,
      speakers: state.speakerCount, overtime: state.allowsOvertime, open: state.openSummary,
      facilitator: state.facilitator?.name)
    let absent = state.lineup.enumerated().filter(\.element.absent).map { position, attendee in
      PipeEvent.absent(
        attendee, name: state.attendeeName(at: position), elapsed: 0,
        away: state.timeAway[attendee.id])
    }
    return [started] + absent + updatesRead(from: [], in: state) + speaker(in: state)
      + work(in: state, after: nil)
  }

  /// The positions in the lineup of the absent attendees whose updates `state` has read and
  /// were not in `read`, in the calling order.
  private static func positionsRead(
    from read: Set<Attendee.ID>, in state: RecordMeeting.State
  ) -> [Int] {
    state.lineup.indices.filter {
      state.attendance.updatesRead.contains(state.lineup[$0].id) && !read.contains(state.lineup[$0].id)
    }
  }

  /// The `update` events of the absent attendees whose updates `state` has read and were not
  /// in `read`, in the calling order; but that of `shown`, the speaker marked absent, whose
  /// update came with their turn.
  private static func updatesRead(
    from read: Set<Attendee.ID>, in state: RecordMeeting.State, shown: Attendee.ID? = nil
  ) -> [PipeEvent] {
    positionsRead(from: read, in: state).compactMap { position in
      let attendee = state.lineup[position]
      guard attendee.id != shown, let update = state.update(of: attendee.id) else { return nil }
      return .update(
        update, name: state.attendeeName(at: position), present: false,
        elapsed: state.meetingSeconds)
    }
  }

  /// What changed from `old` to `new`, in the order a reader expects: a note taken just
  /// before a speaker change belongs to the speaker who said it, so notes come first; then
  /// the turn that ended, who was marked absent, skipped or arrived, the written updates of
  /// those absent whose place was passed, and who has the floor now. Each fact comes once: an
  /// update read into the transcript is an `update` event, not a note, and the update of a
  /// speaker marked absent came with their turn. Times are meeting time, pauses left out.
  static func changes(from old: RecordMeeting.State, to new: RecordMeeting.State) -> [PipeEvent] {
    var events: [PipeEvent] = []
    let elapsed = new.meetingSeconds
    if let added = new.notes.lines(since: old.notes), !added.isEmpty {
      var written = positionsRead(from: old.attendance.updatesRead, in: new).flatMap(new.writtenLines(at:))
      for line in added {
        if let index = written.firstIndex(of: line) {
          written.remove(at: index)
          continue
        }
        let (speaker, text) = split(noteLine: line, speaker: new.currentSpeakerName)
        events.append(.note(speaker: speaker, text: text, elapsed: elapsed))
      }
    }
    for item in new.followThrough.changes {
      let before = old.followThrough.changes[id: item.id]
      if before == nil, old.syncUp.items[id: item.id] == nil {
        events.append(.item(ShownItem(item, in: new), elapsed: elapsed))
      }
      if item.resolved != nil, before?.resolved == nil {
        events.append(.resolved(ShownItem(item, in: new), elapsed: elapsed))
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
        .absent(attendee, name: name ?? new.attendeeName(at: position), elapsed: elapsed))
    }
    if new.speakers.count == old.speakers.count, new.speakers != old.speakers,
      let id = old.currentSpeaker
    {
      events.append(
        .skipped(
          attendee: id, name: old.currentSpeakerName,
          seconds: new.attendance.carriedTurns[id]?.spoken.roundedSeconds ?? 0, elapsed: elapsed))
    }
    for (position, attendee) in new.lineup.enumerated()
    where !attendee.absent && old.lineup.first(where: { $0.id == attendee.id })?.absent == true {
      let name = new.speakers.lastIndex(of: attendee.id).map(new.speakerName(at:))
      events.append(
        .joined(attendee, name: name ?? new.attendeeName(at: position), elapsed: elapsed))
    }
    events += updatesRead(
      from: old.attendance.updatesRead, in: new, shown: old.turnUpdate == nil ? nil : old.currentSpeaker)
    if new.isInOvertime, !old.isInOvertime {
      events.append(
        .overtime(
          name: new.currentSpeakerName, slot: new.speakerSlot(for: new.speakerIndex).count,
          elapsed: elapsed))
    }
    if new.speakerIndex != old.speakerIndex || new.currentSpeaker != old.currentSpeaker {
      events += speaker(in: new)
    }
    if new.pacing.phaseDidChange {
      events.append(
        .warn(
          phase: new.pacing.phase, name: new.currentSpeakerName, left: new.slotRemaining,
          elapsed: elapsed))
    }
    events += work(in: new, after: old)
    return events
  }

  /// The `work` events of the speakers whose turns have begun in `state`, in speaking order:
  /// each one's card that is there and was not in `old` (it arrived, or was replaced), and the
  /// speaker's as their turn starts. So the cards that arrive after a script has moved on
  /// from their speakers are all told then, and each later speaker's at their turn.
  private static func work(
    in state: RecordMeeting.State, after old: RecordMeeting.State?
  ) -> [PipeEvent] {
    guard let request = state.work.request else { return [] }
    let turnStarts =
      old == nil || old?.speakerIndex != state.speakerIndex
      || old?.currentSpeaker != state.currentSpeaker
    return state.speakers.prefix(state.speakerIndex + 1).enumerated().compactMap {
      position, id in
      guard let card = state.work.card(of: id),
        (turnStarts && id == state.currentSpeaker)
          || old?.work.card(of: id) != card
      else { return nil }
      return .work(
        attendee: id, name: state.speakerName(at: position), card: card,
        since: request.window.since, elapsed: state.meetingSeconds)
    }
  }

  /// The `ended` event of a meeting that ended as `ending` at `elapsed` seconds.
  static func ended(_ ending: LiveMeeting.Ending, elapsed: Int) -> PipeEvent {
    switch ending {
    case .saved(let meeting, let restored):
      .ended(elapsed: elapsed, meeting: meeting, restored: restored)
    case .discarded: .ended(elapsed: elapsed, meeting: nil)
    }
  }

  /// The `speaker` event of the turn starting in `state`, then its written update, if any.
  private static func speaker(in state: RecordMeeting.State) -> [PipeEvent] {
    let speaker = PipeEvent.speaker(
      index: state.speakerNumber - 1, count: state.presentCount, name: state.currentSpeakerName,
      elapsed: state.meetingSeconds, slot: state.speakerSlot(for: state.speakerIndex).count,
      items: state.turnAgenda.map { ShownItem($0.item, in: state, turnNumber: $0.number) })
    let update = state.turnUpdate.map {
      PipeEvent.update(
        $0, name: state.currentSpeakerName, present: true, elapsed: state.meetingSeconds)
    }
    return [speaker] + (update.map { [$0] } ?? [])
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
  /// Started Morning Sync: 3 speakers, 5 min; 2 open blockers, oldest 5 days; 3 actions
  /// 0:00 Blob is speaking (speaker 1 of 3)
  ///   1. blocked 5 days: waiting on API keys
  /// 0:02 Work of Blob: 2 commits in api, web
  ///   4f3e1a8 api: Retry uploads
  ///   9c1d2e0 web: Show the retries
  /// 0:42 Note from Blob: Shipped it
  /// 0:50 Note from Blob: Blocker: the build is slow
  /// 0:50 Blocker for Blob: the build is slow
  /// 1:10 Resolved blocker of Blob: waiting on API keys (the keys came)
  /// 5:00 Saved the meeting (1 note)
  /// ```
  ///
  /// The speaker's open items follow their line, and a work card's newest commits its line
  /// (at most ``RecordMeeting/TurnWork/keptCommits``), one an indented line each.
  var plainLine: String {
    switch self {
    case .started(_, let title, let duration, let speakers, let overtime, let open, let facilitator):
      let title = sanitize(SyncUp.shownTitle(title))
      let noun = speakers == 1 ? "speaker" : "speakers"
      return "Started \(title): \(speakers) \(noun), \(DurationText.human(duration))"
        + (overtime ? ", overtime allowed" : "") + (open.map { "; " + $0.text } ?? "")
        + (facilitator.map { "\n" + Self.facilitatorLine($0) } ?? "")
    case .speaker(let index, let count, let name, let elapsed, _, let items):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is speaking (speaker \(index + 1) of \(count))"
        + items.map { "\n  \($0.turnNumber ?? 0). " + sanitize($0.item.agendaText(age: $0.age)) }
        .joined()
    case .work(_, let name, let card, _, let elapsed):
      return "\(DurationText.clock(elapsed)) Work of \(sanitize(name)): \(sanitize(card.summary))"
        + card.newest.map { "\n  \($0.shortHash) " + sanitize(card.line(for: $0)) }.joined()
    case .item(let shown, let elapsed):
      return "\(DurationText.clock(elapsed)) \(Self.kindWord(shown.item)) for "
        + "\(sanitize(shown.ownerName ?? "nobody")): \(sanitize(shown.item.text))"
    case .resolved(let shown, let elapsed):
      return "\(DurationText.clock(elapsed)) Resolved \(Self.kindWord(shown.item).lowercased()) of "
        + "\(sanitize(shown.ownerName ?? "nobody")): \(sanitize(shown.item.text))"
        + (shown.item.resolution.map { " (\(sanitize($0)))" } ?? "")
    case .turn(let turn, let name, let elapsed):
      let over = turn.overtime > 0 ? " (\(ScreenText.overtime(turn.overtime)))" : ""
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) spoke "
        + "\(DurationText.clock(turn.seconds)) of \(DurationText.clock(turn.slot))\(over)"
    case .absent(_, let name, let elapsed, let away):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is "
        + (away.map { sanitize($0.untilText) } ?? "absent")
    case .update(let update, let name, _, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) wrote for "
        + "\(DateText.day(update.day)): \(sanitize(update.summary))"
    case .skipped(_, let name, _, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) skipped, speaks last"
    case .joined(_, let name, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) joined, speaks last"
    case .overtime(let name, _, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)) is over time"
    case .warn(let phase, let name, let left, let elapsed):
      return "\(DurationText.clock(elapsed)) \(sanitize(name)): \(Self.cueWords(phase))"
        + (phase == .timeUp ? "" : " (\(DurationText.clock(left)) left)")
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
    case .started(let id, let title, let duration, let speakers, let overtime, let open, let facilitator):
      var members: [String: JSONOutput] = [
        "event": .string("started"), "syncUpID": .string(id.uuidString), "title": .string(title),
        "duration": .int(duration), "speakers": .int(speakers), "overtime": .bool(overtime),
      ]
      if let open {
        members["open"] = .object([
          "blockers": .int(open.blockers), "actions": .int(open.actions),
          "oldestBlockerDays": open.oldestBlockerDays.map(JSONOutput.int) ?? .null,
        ])
      }
      if let facilitator { members["facilitator"] = .string(facilitator) }
      return .object(members)
    case .speaker(let index, let count, let name, let elapsed, let slot, let items):
      var members: [String: JSONOutput] = [
        "event": .string("speaker"), "index": .int(index + 1), "count": .int(count),
        "name": .string(name), "elapsed": .int(elapsed), "slot": .int(slot),
      ]
      if !items.isEmpty { members["items"] = .array(items.map { JSONOutput.item($0) }) }
      return .object(members)
    case .work(let attendee, let name, let card, let since, let elapsed):
      return .object([
        "event": .string("work"), "attendee": .string(attendee.uuidString),
        "name": .string(name), "since": .string(DateText.iso8601(since)),
        "count": .int(card.commitCount),
        "repositories": .array(card.repositories.map(JSONOutput.string)),
        "unread": .array(card.unread.map(JSONOutput.string)),
        "commits": .array(card.newest.map(JSONOutput.commit)),
        "elapsed": .int(elapsed),
      ])
    case .item(let shown, let elapsed):
      return Self.itemEvent("item", shown, elapsed: elapsed)
    case .resolved(let shown, let elapsed):
      return Self.itemEvent("resolved", shown, elapsed: elapsed)
    case .turn(let turn, let name, let elapsed):
      var members: [String: JSONOutput] = [
        "event": .string("turn"), "attendee": .string(turn.attendee.uuidString),
        "name": .string(name), "seconds": .int(turn.seconds), "slot": .int(turn.slot),
        "overtime": .int(turn.overtime), "elapsed": .int(elapsed),
      ]
      if let warned = turn.warned { members["warned"] = .string(warned.rawValue) }
      return .object(members)
    case .warn(let phase, let name, let left, let elapsed):
      return .object([
        "event": .string("warn"), "phase": .string(phase.rawValue), "speaker": .string(name),
        "left": .int(left), "elapsed": .int(elapsed),
      ])
    case .absent(let attendee, let name, let elapsed, let away):
      var members: [String: JSONOutput] = [
        "event": .string("absent"), "attendee": .string(attendee.id.uuidString),
        "name": .string(name), "elapsed": .int(elapsed),
      ]
      if let away {
        members["away"] = .object([
          "from": .string(away.from.text), "to": away.to.map { .string($0.text) } ?? .null,
          "note": away.note.map(JSONOutput.string) ?? .null,
        ])
      }
      return .object(members)
    case .update(let update, let name, let present, let elapsed):
      return .object([
        "event": .string("update"), "attendee": .string(update.attendee.uuidString),
        "name": .string(name), "present": .bool(present), "day": .string(update.day.text),
        "done": update.done.map(JSONOutput.string) ?? .null,
        "next": update.next.map(JSONOutput.string) ?? .null,
        "blockers": .array(update.blockers.map(JSONOutput.string)), "elapsed": .int(elapsed),
      ])
    case .skipped(let attendee, let name, let seconds, let elapsed):
      return .object([
        "event": .string("skipped"), "attendee": .string(attendee.uuidString),
        "name": .string(name), "seconds": .int(seconds), "elapsed": .int(elapsed),
      ])
    case .joined(let attendee, let name, let elapsed):
      return .object([
        "event": .string("joined"), "attendee": .string(attendee.id.uuidString),
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

  /// An `item` or `resolved` event: the item object (``JSONOutput/item(_:)``) with `event`
  /// and `elapsed`.
  /// `Facilitator: Ana`: who facilitates, as the first screen and a script's first lines
  /// name them.
  static func facilitatorLine(_ name: String) -> String {
    "Facilitator: " + sanitize(name.isBlank ? UserText.unnamed : name)
  }

  /// `wrap up`, `last call`, `time is up`: a cue for people.
  static func cueWords(_ phase: CuePhase) -> String {
    switch phase {
    case .wrapUp: "wrap up"
    case .last: "last call"
    case .timeUp: "time is up"
    default: phase.rawValue
    }
  }

  private static func itemEvent(_ name: String, _ shown: ShownItem, elapsed: Int) -> JSONOutput {
    .item(shown, adding: ["event": .string(name), "elapsed": .int(elapsed)])
  }

  /// `Blocker` or `Action`.
  private static func kindWord(_ item: Item) -> String {
    item.kind.label
  }
}
