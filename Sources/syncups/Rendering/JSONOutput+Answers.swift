import SyncUpsCore

/// The answers of the commands that change data without printing a sync-up: what `delete` and
/// `meeting delete` removed, what `import` added, a setting's new value. Documented in
/// syncups(1) (``ManPageReference``); keys are stable, later versions may only add keys.
///
/// ```swift
/// let values = ConfigValues(
///   bell: false, color: .auto, defaultDuration: 600, defaultTheme: .sky, order: .listed,
///   overtime: false)
/// JSONOutput.settingChange(.bell, values).text(pretty: false)  // {"key":"bell","value":false}
/// ```
extension JSONOutput {
  /// `delete`: the deleted sync-up's `id` and `title`, and `meetingCount`, how many meetings
  /// went with it.
  static func deletion(of syncUp: SyncUp) -> JSONOutput {
    .object([
      "id": .string(syncUp.id.uuidString),
      "title": .string(syncUp.title),
      "meetingCount": .int(syncUp.meetings.count),
    ])
  }

  /// `meeting delete`: the deleted meeting's `id` and `date`, and `syncUpID`, the sync-up it
  /// was deleted from.
  static func deletion(of meeting: Meeting, from syncUp: SyncUp) -> JSONOutput {
    .object([
      "id": .string(meeting.id.uuidString),
      "date": .string(DateText.iso8601(meeting.date)),
      "syncUpID": .string(syncUp.id.uuidString),
    ])
  }

  /// `import`: how many sync-ups were `imported`, how many `skipped` because a sync-up with
  /// the same id was already there, and the `format` read (`syncups` or `app`). With
  /// `--merge`, what it added (`merged`): `imported` counts the sync-ups added and `skipped`
  /// those here the file added nothing to; `added` holds each added sync-up's `id` and
  /// `title` (`restored` too, the name scripts written before it was `added` read), and
  /// `changed` each sync-up here it added to: its `id`, `title`, and how many `meetings` and
  /// `attendees` it added.
  static func importResult(
    imported: Int, skipped: Int, format: SyncUpsFile.Format,
    merged: (added: [SyncUp], changed: [ImportedChange])? = nil
  ) -> JSONOutput {
    var answer: [String: JSONOutput] = [
      "imported": .int(imported),
      "skipped": .int(skipped),
      "format": .string(format.rawValue),
    ]
    if let merged {
      answer["added"] = .array(
        merged.added.map {
          .object(["id": .string($0.id.uuidString), "title": .string($0.title)])
        })
      answer["restored"] = answer["added"]
      answer["changed"] = .array(
        merged.changed.map {
          .object([
            "id": .string($0.syncUp.id.uuidString), "title": .string($0.syncUp.title),
            "meetings": .int($0.meetings), "attendees": .int($0.attendees),
          ])
        })
    }
    return .object(answer)
  }

  /// `config set` and `config unset`: the setting's `key`, as typed on the command line, and
  /// its new `value`, typed as ``configValue(_:for:)`` gives it.
  static func settingChange(_ key: ConfigKey, _ values: ConfigValues) -> JSONOutput {
    .object(["key": .string(key.rawValue), "value": configValue(values, for: key)])
  }
}
