import SyncUpsCore

struct ConfigUnsetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "unset", abstract: "Restore a setting's default.", runs: Self.self,
    bindings: [.argument(CommandTable.configKeyArgument, \.key, parse: ValueParser.choice)])

  var key = ConfigKey.bell
  @MainActor func run(in context: CommandContext) throws { try context.configUnset(key) }
}
