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
      listed, nor are any when the data file cannot be read (standard error says why).
      """,
    runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    var values = SettingsFile.values
    // Which sync-ups there are is in the data file: one that cannot be read is said on
    // standard error rather than failing the list of settings.
    do {
      values.ownRepositories = SyncUpRepositories.listed(in: try context.loadSyncUps().wrappedValue)
    } catch let failure as CommandFailure {
      context.note("Sync-ups' own repositories are not listed: \(failure.message).")
    }
    Output.standard(
      context.options.json ? JSONOutput.config(values).text() : ConfigRenderer.list(values))
  }
}
