/// What the hidden `syncups __complete` command is asked to list for a completion script.
enum CompletionRequest: Sendable, Equatable {
  /// `__complete syncups`: every sync-up title, one per line, in list order.
  case syncUps
  /// `__complete meetings <syncup>`: the sync-up's meetings, newest first, one per line as
  /// the position `meeting show` takes, a tab, and the date for people.
  case meetings(syncUp: String)
  /// `__complete attendees <syncup>`: the names of the sync-up's attendees that are not blank.
  case attendees(syncUp: String)

  /// The words accepted as the first argument.
  static let kinds = ["syncups", "meetings", "attendees"]
}
