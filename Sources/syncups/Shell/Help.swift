import SyncUpsCore

/// `help [command…]`, `-h`, `--help`, a bare `syncups` or a group without a subcommand.
struct HelpCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "help",
    abstract: "Show help for a command.",
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "command", help: "The command, e.g. 'add' or 'meeting show'.",
            completion: .command, isOptional: true, isRepeating: true)
        ],
        \.topic, parse: ValueParser.helpTopic)
    ]
  )

  /// The path of canonical names of the command to explain; empty for the top level.
  var topic: [String] = []
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(
      HelpRenderer.render(
        path: topic, width: Program.terminalColumns(),
        extensions: topic.isEmpty ? Extensions.installed(environment: context.environment) : []))
  }
}
