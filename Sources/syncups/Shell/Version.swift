import SyncUpsCore

/// `version`, `--version`.
struct VersionCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "version",
    abstract: "Show the version.",
    discussion: """
      Prints '\(CommandTable.programName) \(CommandTable.version)', as --version does. With \
      --json, prints an object whose version is the number alone, for scripts.
      """,
    runs: Self.self,
    examples: [
      ExampleSpec("Print the version number alone:", "syncups version --json | jq -r .version")
    ]
  )

  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(
      context.options.json
        ? JSONOutput.object(["version": .string(CommandTable.version)]).text()
        : "\(CommandTable.programName) \(CommandTable.version)\n")
  }
}
