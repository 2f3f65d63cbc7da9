import SharedState
import SyncUpsCore

struct ConfigUnsetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "unset",
    abstract: "Restore a setting's default.",
    discussion: """
      With --syncup NAME, repositories takes that sync-up's own repositories away: it reads \
      the repositories setting again.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.configKeyArgument, \.key, parse: ValueParser.choice),
      SyncUpRepositories.option(
        help: "Take this sync-up's own repositories away, so that it reads the repositories "
          + "setting (only with repositories).",
        \.syncUp),
    ])

  var key = ConfigKey.bell
  /// `--syncup NAME`: the sync-up whose own repositories to take away.
  var syncUp: String?

  func validate(path: [String]) throws(UsageError) {
    try SyncUpRepositories.check(key, syncUp: syncUp, path: path)
  }

  /// Puts the setting back to its default.
  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    if let syncUp {
      let target = try context.syncUp(syncUp, in: context.readSyncUps())
      try SyncUpRepositories.write(nil, of: target)
      return SyncUpRepositories.reportChange(of: target, in: context)
    }
    try key.reset()
    SettingsFile.reportChange(of: key, in: context)
  }
}
