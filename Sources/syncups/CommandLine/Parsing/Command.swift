/// A command with its validated arguments: one case per command of the command table.
///
/// `<syncup>` and `<meeting>` references are passed on as typed; resolving them against the
/// data is the command's job. Durations are whole seconds; theme names are canonical.
enum Command: Sendable, Equatable {
  /// `list`.
  case list
  /// `show <syncup>`.
  case show(syncUp: String)
  /// `add --title T [--attendee NAME]… [--duration D] [--theme NAME]`; attendees as given,
  /// blank ones included (dropping them is the feature's rule).
  case add(title: String, attendees: [String], duration: Int?, theme: String?)
  /// `edit <syncup> …`; at least one change.
  case edit(syncUp: String, edits: SyncUpEdits)
  /// `delete <syncup> [--yes]`.
  case delete(syncUp: String, yes: Bool)
  /// `start <syncup>`.
  case start(syncUp: String)
  /// `meetings <syncup>`.
  case meetings(syncUp: String)
  /// `meeting show <syncup> <meeting>`.
  case meetingShow(syncUp: String, meeting: String)
  /// `meeting delete <syncup> <meeting> [--yes]`.
  case meetingDelete(syncUp: String, meeting: String, yes: Bool)
  /// `themes`.
  case themes
  /// `config list`.
  case configList
  /// `config get KEY`.
  case configGet(ConfigKey)
  /// `config set KEY VALUE`, the value validated for its key.
  case configSet(ConfigSetting)
  /// `config unset KEY`.
  case configUnset(ConfigKey)
  /// `import FILE|-`.
  case importData(from: ImportSource)
  /// `export`.
  case exportData
  /// `completions bash|zsh|fish`.
  case completions(Shell)
  /// `help [command…]`, `-h`, `--help`, a bare `syncups` or a group without a subcommand:
  /// help for the command at this path of canonical names (empty for the top level).
  case help([String])
  /// `--version`.
  case version
  /// The hidden `__complete` helper used by completion scripts.
  case complete(CompletionRequest)
}

extension Command {
  /// Whether the command holds the data file long enough for other processes' changes to it
  /// to matter while it runs: only a meeting does; every other command is over in moments.
  var observesOutsideChanges: Bool {
    if case .start = self { return true }
    return false
  }
}
