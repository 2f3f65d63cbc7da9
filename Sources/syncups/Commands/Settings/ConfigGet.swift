import SharedState
import SyncUpsCore

struct ConfigGetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "get", abstract: "Print one setting's value.", runs: Self.self,
    bindings: [.argument(CommandTable.configKeyArgument, \.key, parse: ValueParser.choice)])

  var key = ConfigKey.bell
  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    let values = SettingsFile.values
    Output.standard(
      context.options.json
        ? JSONOutput.configValue(values, for: key).text() : ConfigRenderer.value(values, for: key))
  }
}
