/// The completion script for a shell, generated from the ``CommandTable``.
///
/// ```swift
/// print(CompletionScript.text(for: .bash), terminator: "")
/// ```
///
/// Every script completes commands, subcommands, each command's options, option values
/// (themes, colour modes, setting names, shells, files) and sync-up titles and meeting ids,
/// which it reads by running `syncups [--file PATH] __complete syncups|meetings …` with the
/// program and `--file` from the command line being completed.
enum CompletionScript {
  /// The script for `shell`, ending in a newline.
  static func text(for shell: Shell, programName: String = CommandTable.programName) -> String {
    let model = CompletionModel()
    switch shell {
    case .bash: return BashCompletion(model: model, programName: programName).script()
    case .zsh: return ZshCompletion(model: model, programName: programName).script()
    case .fish: return FishCompletion(model: model, programName: programName).script()
    }
  }
}

/// A shell that `syncups completions` writes a script for.
enum Shell: String, CaseIterable, Sendable, Equatable {
  case bash
  case zsh
  case fish
}
