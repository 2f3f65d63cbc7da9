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
