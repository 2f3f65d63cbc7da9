import SyncUpsCore

struct ConfigSetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "set",
    abstract: "Change a setting.",
    runs: Self.self,
    bindings: [
      .arguments(
        [
          CommandTable.configKeyArgument,
          ArgumentSpec(
            name: "value",
            help: ConfigKey.valuesHelp,
            completion: .settingValue, isRepeating: true),
        ],
        \.setting, parse: ValueParser.setting),
      SyncUpRepositories.option(
        help: "Give this sync-up its own repositories on this machine, read instead of the "
          + "repositories setting (only with repositories).",
        \.syncUp),
    ],
    examples: [
      ExampleSpec(
        "Make new sync-ups ten minutes long:", "syncups config set default-duration 10m"),
      ExampleSpec(
        "A minute and a half, in seconds as config get --json prints it:",
        "syncups config set --json default-duration 90"),
      ExampleSpec(
        "Read every clone under ~/src and one more for standup:",
        "syncups config set repositories '~/src/*' /srv/git/big.git"),
      ExampleSpec(
        "Read the clones under ~/work for the sync-up Ops instead:",
        "syncups config set repositories '~/work/*' --syncup ops"),
    ]
  )

  var setting = ConfigSetting.placeholder
  /// `--syncup NAME`: the sync-up whose own repositories to set.
  var syncUp: String?

  func validate(path: [String]) throws(UsageError) {
    try SyncUpRepositories.check(setting.key, syncUp: syncUp, path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    if let syncUp {
      // Only repositories is read with --syncup (``validate(path:)``).
      guard let paths = try setting.resolved(in: context) as? [String] else { return }
      let target = try context.syncUp(syncUp, in: context.readSyncUps())
      try SyncUpRepositories.write(paths, of: target)
      return SyncUpRepositories.reportChange(of: target, in: context)
    }
    try setting.write(in: context)
    SettingsFile.reportChange(of: setting.key, in: context)
  }
}
