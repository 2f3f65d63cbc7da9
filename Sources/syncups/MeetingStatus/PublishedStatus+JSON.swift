#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// The status object of `status --json`, documented in syncups(1) (``ManPageReference``):
/// keys are stable, later versions may only add keys.
extension JSONOutput {
  /// `pid`, `file`, `syncUp` (`id`, `title`), `started`, `speaker`, `speakerIndex` (from 1),
  /// `speakerCount`, `next`, `turnLeft`, `turnElapsed`, `meetingLeft`, `elapsed` (seconds),
  /// `overtime` (seconds over, or 0), `paused`, `ending`, `openBlockers`, `variance` (seconds
  /// behind the plan, negative when ahead), `projectedEnd` (ISO 8601) and `phase` (the cue the
  /// turn reached: `none`, `wrapUp`, `last` or `timeUp`); the last three null for a meeting of
  /// an older syncups.
  static func status(_ status: PublishedStatus) -> JSONOutput {
    .object([
      "pid": .int(Int(status.pid)),
      "file": .string(status.file),
      "syncUp": .object([
        "id": .string(status.syncUpID.uuidString), "title": .string(status.title),
      ]),
      "started": status.started.map {
        .string(DateText.iso8601(Date(timeIntervalSince1970: $0)))
      } ?? .null,
      "speaker": .string(status.speaker),
      "speakerIndex": .int(status.speakerNumber),
      "speakerCount": .int(status.speakerCount),
      "next": .array(status.next.map(JSONOutput.string)),
      "turnLeft": .int(status.turnLeft),
      "turnElapsed": .int(status.turnSeconds),
      "meetingLeft": .int(status.meetingLeft),
      "elapsed": .int(status.elapsedSeconds),
      "overtime": .int(status.overtimeSeconds ?? 0),
      "paused": .bool(status.paused),
      "ending": .bool(status.ending),
      "openBlockers": .int(status.openBlockers ?? 0),
      "variance": status.variance.map(JSONOutput.int) ?? .null,
      "projectedEnd": status.projectedEnd.map {
        .string(DateText.iso8601(Date(timeIntervalSince1970: $0)))
      } ?? .null,
      "phase": status.phase.map(JSONOutput.string) ?? .null,
    ])
  }
}
