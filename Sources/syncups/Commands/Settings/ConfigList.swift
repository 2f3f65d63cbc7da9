import SharedState
import SyncUpsCore

struct ConfigListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List every setting and its value.",
    discussion: """
      Under repositories, a line for each sync-up that reads its own (config set \
      repositories PATH... --syncup NAME), to be typed back after config set repositories; \
      with --json, as sync-up-repositories. One kept for a sync-up since deleted is not \
      listed.
      """,
    runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    var values = SettingsFile.values
    // The titles are in the data file, read only when some sync-up has its own.
    @SharedReader(.syncUpRepositories) var own
    if own?.isEmpty == false {
      values.ownRepositories = SyncUpRepositories.listed(in: try context.readSyncUps())
    }
    Output.standard(
      context.options.json ? JSONOutput.config(values).text() : ConfigRenderer.list(values))
  }
}
