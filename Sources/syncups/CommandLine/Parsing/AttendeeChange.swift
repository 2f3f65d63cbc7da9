/// One change to a sync-up's attendees made by `syncups edit`, applied in command-line order.
enum AttendeeChange: Sendable, Equatable {
  /// `--add-attendee NAME`.
  case add(name: String)
  /// `--remove-attendee NAME|ID`: the attendee with this name or id.
  case remove(nameOrID: String)
  /// `--rename-attendee OLD=NEW`, split at the first `=`.
  case rename(from: String, to: String)
}
