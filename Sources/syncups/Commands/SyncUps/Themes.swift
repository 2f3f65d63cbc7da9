import SyncUpsCore

struct ThemesCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "themes",
    abstract: "List the 16 colour themes with swatches.",
    runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws { context.themes() }
}
