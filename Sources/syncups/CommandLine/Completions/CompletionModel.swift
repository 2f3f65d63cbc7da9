import SyncUpsCore

/// The command table seen from a completion script: every visible command path with the
/// words that may follow it. Shared by the bash, zsh and fish generators.
struct CompletionModel {
  /// One command a script completes.
  struct Entry {
    /// Canonical names from the root (`[]` for the root itself).
    var path: [String]
    /// The description.
    var command: CommandSpec
    /// The options accepted after it: its own, then the global ones.
    var options: [OptionSpec]

    /// `"meeting show"`; empty for the root.
    var name: String { path.joined(separator: " ") }
  }

  /// The root, then every visible command, depth first.
  let entries: [Entry]

  /// The model of ``CommandTable``.
  init() {
    let root = Entry(path: [], command: CommandTable.root, options: CommandTable.globalOptions)
    entries =
      [root]
      + CommandTable.visibleCommands.map { path, command in
        Entry(path: path, command: command, options: command.options + CommandTable.globalOptions)
      }
  }

  /// The theme names offered for `.theme`.
  static var themes: [String] { Theme.allCases.map(\.rawValue) }

  /// The values offered for `.settingValue`, by setting name; settings with free values
  /// (durations) are left out.
  static var settingValues: [(key: String, values: [String])] {
    ConfigKey.allCases.filter { !$0.choices.isEmpty }.map { ($0.rawValue, $0.choices) }
  }

  /// Every long option taking a value, anywhere in the table (for skipping values while
  /// reading a command line).
  var valuedOptionNames: [String] {
    var names: [String] = []
    for entry in entries {
      for option in entry.options where option.takesValue {
        for name in [option.longName] + (option.shortName.map { [$0] } ?? [])
        where !names.contains(name) {
          names.append(name)
        }
      }
    }
    return names
  }
}
