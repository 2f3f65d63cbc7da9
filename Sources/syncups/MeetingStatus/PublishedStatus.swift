#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// What a running meeting publishes for `syncups status` and `syncups watch`, and what they
/// show: the state file `<pid>.json` in the ``StatusDirectory``. The file is private to
/// syncups (the public
/// shape is `status --json`), and is written only when something a reader sees changes: the
/// times it holds are as of `updated`, and a reader works out the times of now from them
/// (``at(_:)``), so the meeting need not write every second.
///
/// Instants are seconds since 1970 (wall-clock time, the one clock every process shares).
/// Later versions may add keys; a reader skips a file it cannot read.
struct PublishedStatus: Codable, Equatable, Sendable {
  /// The file's layout; a reader ignores a file of another version.
  static let currentVersion = 1

  var version = Self.currentVersion
  /// The meeting's process.
  var pid: Int32
  /// When that process started, as the kernel counts it (see ``ProcessIdentity``): tells the
  /// meeting's process from a later one given the same pid. Nil where unknown.
  var processStart: UInt64?
  /// The data file the meeting is saved into.
  var file: String
  var syncUpID: UUID
  var title: String
  /// When the meeting's timer started; nil until then.
  var started: Double?
  /// The current speaker's name (`Speaker k` when blank).
  var speaker: String
  /// The current speaker's number, counting from 0 (see
  /// ``RecordMeeting/State/speakerNumber``).
  var speakerIndex: Int
  /// How many are present.
  var speakerCount: Int
  /// The next speakers' names, at most three, in order.
  var next: [String]
  /// Seconds left in the speaker's slot (0 in overtime).
  var turnLeft: Int
  /// Seconds left in the meeting's slots: ``turnLeft`` and the slots after the speaker's.
  var meetingLeft: Int
  /// The seconds the speaker's slot gives.
  var slot: Int
  /// The seconds of the slots after the speaker's.
  var laterSlots: Int
  /// Meeting time so far, pauses left out, in seconds with their fraction.
  var elapsed: Double
  /// The current speaker's time so far, in seconds with their fraction.
  var turnElapsed: Double
  var paused: Bool
  /// Whether the end prompt is open.
  var ending: Bool
  /// Whether the speaker has run past their slot (overtime allowed).
  var overtime: Bool
  /// Whether time runs: the timer started and neither a pause nor the end prompt stops it.
  var running: Bool
  /// How many blockers are open in the sync-up, those raised and resolved in the meeting
  /// counted; nil in a file written before it was kept.
  var openBlockers: Int? = nil
  /// The speaker's open items as the meeting screen shows them (`1. blocked 3 days: …`);
  /// nil in a file written before they were kept.
  var items: [String]? = nil
  /// The speaker's written update as the meeting screen shows it (`Wrote for Tue 24 Nov:`,
  /// then a line a part); nil when they wrote none.
  var update: [String]? = nil
  /// The meeting's planned length in seconds; nil in a file written before it was kept.
  var planned: Int? = nil
  /// How many finished turns ran past their slot; nil in a file written before it was kept.
  var turnsOver: Int? = nil
  /// Seconds the meeting is heading past its planned length, negative when ahead (see
  /// ``RecordMeeting/State/variance``); nil in a file written before it was kept.
  var variance: Int? = nil
  /// When the meeting is projected to end, in seconds since 1970; nil in a file written
  /// before it was kept.
  var projectedEnd: Double? = nil
  /// The cue the speaker's turn reached (``CuePhase``): `none`, `wrapUp`, `last`, `timeUp`;
  /// nil in a file written before it was kept.
  var phase: String? = nil
  /// When the meeting ended: set only in the last state a watched meeting leaves for its
  /// watchers (see ``StatusDirectory/endedFile(for:)``).
  var ended: Double? = nil
  /// When the values above were taken.
  var updated: Double

  /// The meeting as it stands at `now` (seconds since 1970): meeting and turn time grow with
  /// the time passed while running, and the time left follows by the meeting's own rules
  /// (``RecordMeeting/TurnClock``): down to 0 at the end of the slot (the next change of
  /// speaker is written by the meeting), so the two add up as on the screen.
  func at(_ now: Double) -> PublishedStatus {
    let passed = running ? max(now - updated, 0) : 0
    var status = self
    status.elapsed = max(elapsed + passed, 0)
    status.turnElapsed = max(turnElapsed + passed, 0)
    status.updated = max(now, updated)
    let clock = status.turnClock
    status.turnLeft = clock.slotRemaining
    status.meetingLeft = clock.secondsRemaining
    // Time spoken past the slot is not taken off what is left: it is variance gained.
    status.variance = variance.map {
      $0 + clock.overtimeSeconds - turnClock.overtimeSeconds
    }
    status.projectedEnd = projectedEnd.map { _ in status.updated + Double(status.meetingLeft) }
    return status
  }

  /// The speaker's turn against their slot, as of ``updated``.
  var turnClock: RecordMeeting.TurnClock {
    RecordMeeting.TurnClock(slot: slot, laterSlots: laterSlots, turnSeconds: turnSeconds)
  }

  /// Seconds of meeting time, rounded as the meeting's screen rounds them (see
  /// ``Swift/Duration/roundedSeconds``).
  var elapsedSeconds: Int { Duration.seconds(elapsed).roundedSeconds }

  /// Seconds the current speaker has spoken, rounded like ``elapsedSeconds``.
  var turnSeconds: Int { Duration.seconds(turnElapsed).roundedSeconds }

  /// Seconds past the slot while the speaker runs over; nil when they do not.
  var overtimeSeconds: Int? { overtime ? turnClock.overtimeSeconds : nil }

  /// The current speaker, counting from 1.
  var speakerNumber: Int { speakerIndex + 1 }

  /// `ending` while the end prompt is open, else `paused`, else `over` in overtime, else nil.
  var state: String? {
    if ending { return "ending" }
    if paused { return "paused" }
    return overtime ? "over" : nil
  }

  /// The file's bytes: one line of JSON, written by the one JSON writer (``JSONOutput``).
  /// `turnLeft` and `meetingLeft` are kept for readers that do not know ``laterSlots``.
  func encoded() -> Data {
    var members: [String: JSONOutput] = [
      "version": .int(version), "pid": .int(Int(pid)), "file": .string(file),
      "syncUpID": .string(syncUpID.uuidString), "title": .string(title),
      "speaker": .string(speaker), "speakerIndex": .int(speakerIndex),
      "speakerCount": .int(speakerCount), "next": .array(next.map(JSONOutput.string)),
      "turnLeft": .int(turnLeft), "meetingLeft": .int(meetingLeft), "slot": .int(slot),
      "laterSlots": .int(laterSlots), "elapsed": .double(elapsed),
      "turnElapsed": .double(turnElapsed), "paused": .bool(paused), "ending": .bool(ending),
      "overtime": .bool(overtime), "running": .bool(running), "updated": .double(updated),
    ]
    if let processStart { members["processStart"] = .int(Int(clamping: processStart)) }
    if let started { members["started"] = .double(started) }
    if let openBlockers { members["openBlockers"] = .int(openBlockers) }
    if let variance { members["variance"] = .int(variance) }
    if let projectedEnd { members["projectedEnd"] = .double(projectedEnd) }
    if let phase { members["phase"] = .string(phase) }
    if let items { members["items"] = .array(items.map(JSONOutput.string)) }
    if let update { members["update"] = .array(update.map(JSONOutput.string)) }
    if let planned { members["planned"] = .int(planned) }
    if let turnsOver { members["turnsOver"] = .int(turnsOver) }
    if let ended { members["ended"] = .double(ended) }
    return Data(JSONOutput.object(members).text(pretty: false).utf8)
  }

  /// The meeting a state file holds, or nil for a file that is not one (torn by hand, or of
  /// another version).
  static func decoded(_ data: Data) -> PublishedStatus? {
    guard let status = try? JSONDecoder().decode(PublishedStatus.self, from: data),
      status.version == currentVersion
    else { return nil }
    return status
  }
}
