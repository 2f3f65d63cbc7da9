/// What the hidden `syncups __complete` command is asked to list for a completion script.
enum CompletionRequest: Sendable, Equatable {
  /// `__complete syncups`: every sync-up title, one per line, in list order.
  case syncUps
  /// `__complete meetings <syncup>`: the sync-up's meeting ids, newest first, one per line.
  case meetings(syncUp: String)

  /// The words accepted as the first argument.
  static let kinds = ["syncups", "meetings"]
}
