import SyncUpsCore

/// The answers of `meeting delete` and `merge-driver`. Documented in syncups(1)
/// (``ManPageReference``); keys are stable, later versions may only add keys.
extension JSONOutput {
  /// `meeting delete`: the deleted meeting's `id` and `date`, and `syncUpID`, the sync-up it
  /// was deleted from.
  static func deletion(of meeting: Meeting, from syncUp: SyncUp) -> JSONOutput {
    .object([
      "id": .string(meeting.id.uuidString),
      "date": .string(DateText.iso8601(meeting.date)),
      "syncUpID": .string(syncUp.id.uuidString),
    ])
  }
}

extension JSONOutput {
  /// `merge-driver`: one conflict it resolved, a line of `$SYNCUPS_MERGE_REPORT`: `syncUp`,
  /// the sync-up's `id` and `title`; `path`, what conflicted (`title`, `attendees.<id>.name`,
  /// …; empty for the whole sync-up); `kept`, whose version was kept (`ours` or `theirs`); and
  /// `message`, the line printed on stderr.
  static func mergeConflict(_ conflict: SyncUpsMergeConflict) -> JSONOutput {
    .object([
      "syncUp": .object([
        "id": .string(conflict.syncUpID.uuidString), "title": .string(conflict.syncUpTitle),
      ]),
      "path": .string(conflict.path),
      "kept": .string(conflict.kept.rawValue),
      "message": .string(conflict.message),
    ])
  }
}
