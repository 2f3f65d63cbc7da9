#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// Something a watcher saw happen in the meeting it follows, worked out from two states the
/// meeting published one after the other: one line of `watch --json` (JSON Lines).
///
/// ```swift
/// WatchEvent.changes(from: before, to: after)  // [.turn(after)] when the next speaker has the floor
/// ```
enum WatchEvent: Equatable, Sendable {
  /// The whole state, as the watcher first sees it.
  case snapshot(PublishedStatus)
  /// A new speaker has the floor.
  case turn(PublishedStatus)
  /// The speaker `name` was skipped: they speak last.
  case skipped(name: String, status: PublishedStatus)
  /// Someone absent arrived: there are more speakers.
  case joined(PublishedStatus)
  /// The timer stopped.
  case paused(PublishedStatus)
  /// The timer goes on.
  case resumed(PublishedStatus)
  /// The speaker's slot ran out; they go on in overtime.
  case overtime(PublishedStatus)
  /// The speaker reached a cue phase (`wrapUp`, `last`, `timeUp`), where the meeting gives
  /// cues.
  case warn(phase: String, status: PublishedStatus)
  /// The meeting ended, as ``MeetingEnd`` tells.
  case ended(MeetingEnd)
  /// No meeting is watched and one is awaited: the next scheduled one, as far as the data
  /// file could be read.
  case waiting(AwaitedMeeting?)

  /// What changed from `old` to `new` (both as of `new`'s instant): the speaker first (a
  /// turn, a skip, an arrival), then a pause or its end, overtime, a cue.
  static func changes(from old: PublishedStatus, to new: PublishedStatus) -> [WatchEvent] {
    var events: [WatchEvent] = []
    if new.speakerCount > old.speakerCount { events.append(.joined(new)) }
    if new.speakerIndex > old.speakerIndex
      || (new.speakerIndex < old.speakerIndex && new.speaker != old.speaker)
    {
      events.append(.turn(new))
    } else if new.speaker != old.speaker {
      let isSkip = new.speakerIndex == old.speakerIndex && new.speakerCount == old.speakerCount
      events.append(isSkip ? .skipped(name: old.speaker, status: new) : .turn(new))
    }
    if new.paused != old.paused { events.append(new.paused ? .paused(new) : .resumed(new)) }
    if new.overtime && !old.overtime { events.append(.overtime(new)) }
    if let phase = new.phase, phase != CuePhase.none.rawValue,
      phase != old.phase || new.speaker != old.speaker
    {
      events.append(.warn(phase: phase, status: new))
    }
    return events
  }

  /// The event's JSON object, its kind under `event`. Times are whole seconds of meeting
  /// time (`elapsed`, pauses left out) and of the speaker's slot (`left`, 0 in overtime).
  var json: JSONOutput {
    switch self {
    case .snapshot(let status):
      guard case .object(var members) = JSONOutput.status(status) else { return .null }
      members["event"] = .string("snapshot")
      members["items"] = .array((status.items ?? []).map(JSONOutput.string))
      members["update"] = .array((status.update ?? []).map(JSONOutput.string))
      members["planned"] = status.planned.map(JSONOutput.int) ?? .null
      return .object(members)
    case .turn(let status):
      return Self.object(
        "turn", status,
        [
          "speakerIndex": .int(status.speakerNumber), "speakerCount": .int(status.speakerCount),
          "slot": .int(status.slot), "next": .array(status.next.map(JSONOutput.string)),
          "items": .array((status.items ?? []).map(JSONOutput.string)),
          "update": .array((status.update ?? []).map(JSONOutput.string)),
        ])
    case .skipped(let name, let status):
      return Self.object("skipped", status, ["skipped": .string(name)])
    case .joined(let status):
      return Self.object("joined", status, ["speakerCount": .int(status.speakerCount)])
    case .paused(let status):
      return Self.object("paused", status)
    case .resumed(let status):
      return Self.object("resumed", status)
    case .overtime(let status):
      return Self.object("overtime", status, ["slot": .int(status.slot)])
    case .warn(let phase, let status):
      return Self.object("warn", status, ["phase": .string(phase), "left": .int(status.turnLeft)])
    case .ended(let end):
      return .object([
        "event": .string("ended"), "at": .string(DateText.iso8601(end.at)),
        "elapsed": .int(end.elapsed), "planned": end.planned.map(JSONOutput.int) ?? .null,
        "turnsOver": .int(end.turnsOver),
      ])
    case .waiting(let meeting):
      return .object([
        "event": .string("waiting"), "syncup": meeting?.title.map(JSONOutput.string) ?? .null,
        "next": meeting?.iso8601.map(JSONOutput.string) ?? .null,
      ])
    }
  }

  /// `{"event": kind, "speaker": …, "elapsed": …}` and `extra`.
  private static func object(
    _ kind: String, _ status: PublishedStatus, _ extra: [String: JSONOutput] = [:]
  ) -> JSONOutput {
    .object(
      extra.merging([
        "event": .string(kind), "speaker": .string(status.speaker),
        "elapsed": .int(status.elapsedSeconds),
      ]) { $1 })
  }
}

/// How a watched meeting ended: when, its length against its plan, and how many turns ran
/// past their slot.
struct MeetingEnd: Equatable, Sendable {
  var at: Date
  /// Meeting time, pauses left out, in seconds.
  var elapsed: Int
  /// The planned length in seconds, where the meeting said.
  var planned: Int?
  var turnsOver: Int

  /// The end the meeting's last state `last` tells: the state it left for its watchers
  /// (with ``PublishedStatus/ended``), or else the last one a watcher saw, as of `now`, its
  /// speaker's turn counted when it was over.
  init(_ last: PublishedStatus, now: Double) {
    let end = last.ended ?? now
    let status = last.at(end)
    at = Date(timeIntervalSince1970: end)
    elapsed = status.elapsedSeconds
    planned = last.planned
    turnsOver = (last.turnsOver ?? 0) + (last.ended == nil && status.overtime ? 1 : 0)
  }

  /// `ended 09:44 · 14:10 of 15:00 · 1 turn over`, the time in the local time zone
  /// (`utcOffset` seconds east of UTC).
  func line(utcOffset: Int) -> String {
    let length = DurationText.clock(elapsed) + (planned.map { " of " + DurationText.clock($0) } ?? "")
    let over = turnsOver == 0 ? "no turn over" : turnsOver == 1 ? "1 turn over" : "\(turnsOver) turns over"
    return "ended " + DateText.time(at, utcOffset: utcOffset) + " · " + length + " · " + over
  }
}
