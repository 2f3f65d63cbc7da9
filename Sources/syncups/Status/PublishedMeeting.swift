#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a running meeting publishes for `syncups status`: the state file `<pid>.json` in the
/// ``StatusDirectory``. It is private to syncups (the public shape is `status --json`), and
/// is written only when something a reader sees changes: the times it holds are as of
/// `updated`, and a reader works out the times of now from them (``status(at:)``), so the
/// meeting need not write every second.
///
/// Instants are seconds since 1970 (wall-clock time, the one clock every process shares).
struct PublishedMeeting: Codable, Equatable, Sendable {
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
  /// The current speaker, counting from 0.
  var speakerIndex: Int
  var speakerCount: Int
  /// The next speakers' names, at most three, in order.
  var next: [String]
  /// Seconds left in the speaker's slot.
  var turnLeft: Int
  /// Seconds left in the meeting's slots: ``turnLeft`` and the slots after the speaker's.
  var meetingLeft: Int
  /// The seconds the speaker's slot gives.
  var slot: Int
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
  /// When the values above were taken.
  var updated: Double

  /// The meeting as it stands at `now` (seconds since 1970), the times worked out from those
  /// at ``updated``: meeting and turn time grow with the time passed while running, and are
  /// rounded as the meeting's screen rounds them (see ``Swift/Duration/roundedSeconds``); the
  /// time left is the slot less the turn's seconds, down to 0 at the end of the slot (the next
  /// change of speaker is written by the meeting), so the two add up as on the screen.
  func status(at now: Double) -> MeetingStatus {
    let passed = running ? max(now - updated, 0) : 0
    let turnSeconds = Duration.seconds(max(turnElapsed + passed, 0)).roundedSeconds
    let left = max(slot - turnSeconds, 0)
    let laterSlots = max(meetingLeft - turnLeft, 0)
    return MeetingStatus(
      pid: pid, file: file, syncUpID: syncUpID, title: title,
      started: started.map { Date(timeIntervalSince1970: $0) },
      speaker: speaker, speakerNumber: speakerIndex + 1, speakerCount: speakerCount, next: next,
      turnLeft: left, meetingLeft: laterSlots + left,
      elapsed: Duration.seconds(max(elapsed + passed, 0)).roundedSeconds, turnElapsed: turnSeconds,
      overtime: overtime ? max(turnSeconds - slot, 0) : nil,
      paused: paused, ending: ending)
  }

  /// The file's bytes: one line of JSON.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// The meeting a state file holds, or nil for a file that is not one (torn by hand, or of
  /// another version).
  static func decoded(_ data: Data) -> PublishedMeeting? {
    guard let meeting = try? JSONDecoder().decode(PublishedMeeting.self, from: data),
      meeting.version == currentVersion
    else { return nil }
    return meeting
  }
}

/// A running meeting as `syncups status` shows it, at one moment.
struct MeetingStatus: Equatable, Sendable {
  var pid: Int32
  var file: String
  var syncUpID: UUID
  var title: String
  var started: Date?
  var speaker: String
  /// The current speaker, counting from 1.
  var speakerNumber: Int
  var speakerCount: Int
  var next: [String]
  /// Seconds left in the speaker's slot (0 in overtime).
  var turnLeft: Int
  /// Seconds left in the meeting's slots.
  var meetingLeft: Int
  /// Seconds of meeting time, pauses left out, rounded to the nearest.
  var elapsed: Int
  /// Seconds the current speaker has spoken, rounded to the nearest.
  var turnElapsed: Int
  /// Seconds past the slot while the speaker runs over; nil when they do not.
  var overtime: Int?
  var paused: Bool
  var ending: Bool

  /// `ending` while the end prompt is open, else `paused`, else `over` in overtime, else nil.
  var state: String? {
    if ending { return "ending" }
    if paused { return "paused" }
    return overtime == nil ? nil : "over"
  }
}
