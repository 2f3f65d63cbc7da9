/// The status object of `status --json`, documented in syncups(1) (``ManPageReference``):
/// keys are stable, later versions may only add keys.
extension JSONOutput {
  /// `pid`, `file`, `syncUp` (`id`, `title`), `started`, `speaker`, `speakerIndex` (from 1),
  /// `speakerCount`, `next`, `turnLeft`, `turnElapsed`, `meetingLeft`, `elapsed` (seconds),
  /// `overtime` (seconds over, or 0), `paused` and `ending`.
  static func status(_ status: MeetingStatus) -> JSONOutput {
    .object([
      "pid": .int(Int(status.pid)),
      "file": .string(status.file),
      "syncUp": .object([
        "id": .string(status.syncUpID.uuidString), "title": .string(status.title),
      ]),
      "started": status.started.map { .string(DateText.iso8601($0)) } ?? .null,
      "speaker": .string(status.speaker),
      "speakerIndex": .int(status.speakerNumber),
      "speakerCount": .int(status.speakerCount),
      "next": .array(status.next.map(JSONOutput.string)),
      "turnLeft": .int(status.turnLeft),
      "turnElapsed": .int(status.turnElapsed),
      "meetingLeft": .int(status.meetingLeft),
      "elapsed": .int(status.elapsed),
      "overtime": .int(status.overtime ?? 0),
      "paused": .bool(status.paused),
      "ending": .bool(status.ending),
    ])
  }
}
