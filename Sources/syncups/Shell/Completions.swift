import SyncUpsCore

struct CompletionsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script.",
    discussion: """
      Sync-up titles complete by running syncups itself, honouring --file and $SYNCUPS_FILE.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "shell",
          help: "The shell: \(Prose.alternatives(Shell.allCases.map(\.rawValue))).",
          completion: .choices(Shell.allCases.map(\.rawValue))),
        \.shell, parse: ValueParser.choice)
    ],
    examples: [
      ExampleSpec(
        "Load for this bash session (add the line to ~/.bashrc to keep it):",
        "source <(syncups completions bash)"),
      ExampleSpec(
        "Install for zsh (a directory in $fpath):", "syncups completions zsh > ~/.zfunc/_syncups"),
      ExampleSpec(
        "Install for fish:", "syncups completions fish > ~/.config/fish/completions/syncups.fish"),
    ]
  )

  var shell = Shell.bash
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(CompletionScript.text(for: shell))
  }
}
