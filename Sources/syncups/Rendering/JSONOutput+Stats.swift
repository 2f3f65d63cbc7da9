import SyncUpsCore

/// The stats object of `stats --json`, documented in syncups(1) (``ManPageReference``): keys
/// are stable, later versions may only add keys.
extension JSONOutput {
  /// `syncUp` (`id`, `title`), `meetings` (held), `timed` (with timings), `duration`
  /// (`planned`, `median`, `mean`, `max` in whole seconds or null without timed meetings;
  /// `overran`, `endedEarly` counts) and `attendees` (each `id`, `name`, `attended`, `absent`,
  /// `speaking` with `median` (seconds or null) and `total` (seconds), and `overSlot`).
  static func stats(_ stats: SyncUpStats) -> JSONOutput {
    let duration = stats.duration
    return .object([
      "syncUp": .object(["id": .string(stats.syncUpID.uuidString), "title": .string(stats.title)]),
      "meetings": .int(stats.meetings),
      "timed": .int(stats.timed),
      "duration": .object([
        "planned": seconds(duration.planned),
        "median": seconds(duration.median),
        "mean": seconds(duration.mean),
        "max": seconds(duration.max),
        "overran": .int(duration.overran),
        "endedEarly": .int(duration.endedEarly),
      ]),
      "attendees": .array(
        stats.attendees.map { attendee in
          .object([
            "id": .string(attendee.id.uuidString),
            "name": .string(attendee.name),
            "attended": .int(attendee.attended),
            "absent": .int(attendee.absent),
            "speaking": .object([
              "median": seconds(attendee.medianSpeaking),
              "total": .int(attendee.totalSpeaking),
            ]),
            "overSlot": .int(attendee.overSlot),
          ])
        }),
    ])
  }

  private static func seconds(_ value: Int?) -> JSONOutput {
    value.map(JSONOutput.int) ?? .null
  }
}
