import SyncUpsCore

struct ConfigListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List every setting and its value.", runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws { try context.configList() }
}
