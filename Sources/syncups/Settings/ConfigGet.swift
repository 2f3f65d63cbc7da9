import SharedState
import SyncUpsCore

struct ConfigGetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "get",
    abstract: "Print one setting's value.",
    discussion: """
      With --syncup NAME, repositories prints the repositories that sync-up's work cards \
      read on this machine: its own (config set repositories PATH... --syncup NAME), else \
      the repositories setting; standard error says which. With --json, an object: key, \
      syncUp (its id), value and from (syncUp or setting).
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.configKeyArgument, \.key, parse: ValueParser.choice),
      SyncUpRepositories.option(
        help: "Print the repositories this sync-up reads, and whether they are its own or "
          + "the setting (only with repositories).",
        \.syncUp),
    ],
    examples: [
      ExampleSpec(
        "What the sync-up Ops reads on this machine:", "syncups config get repositories --syncup ops")
    ])

  var key = ConfigKey.bell
  /// `--syncup NAME`: the sync-up whose repositories to print.
  var syncUp: String?

  func validate(path: [String]) throws(UsageError) {
    try SyncUpRepositories.check(key, syncUp: syncUp, path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    if let syncUp {
      let target = try context.syncUp(syncUp, in: context.readSyncUps())
      return SyncUpRepositories.print(of: target, in: context)
    }
    let values = SettingsFile.values
    Output.standard(
      context.options.json
        ? values.json(for: key).text() : ConfigRenderer.value(values, for: key))
  }
}
