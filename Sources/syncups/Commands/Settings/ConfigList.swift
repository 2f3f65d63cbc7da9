import SyncUpsCore

struct ConfigListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List every setting and its value.", runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    let values = SettingsFile.values
    Output.standard(
      context.options.json ? JSONOutput.config(values).text() : ConfigRenderer.list(values))
  }
}
