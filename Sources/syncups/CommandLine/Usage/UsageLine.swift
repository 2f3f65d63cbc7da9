/// The one-line synopsis of a command, as shown after `Usage:` and `USAGE:`.
///
/// ```swift
/// UsageLine.text(for: ["delete"])  // "syncups delete <syncup> [--yes]"
/// ```
enum UsageLine {
  /// The synopsis of the command at `path`, as one line.
  static func text(for path: [String], programName: String = CommandTable.programName) -> String {
    tokens(for: path, programName: programName).joined(separator: " ")
  }

  /// The synopsis split into pieces that must not be broken across lines:
  /// `["syncups", "add", "--title <title>", "[--attendee <name> ...]", …]`.
  static func tokens(
    for path: [String], programName: String = CommandTable.programName
  ) -> [String] {
    let command = CommandTable.command(at: path) ?? CommandTable.root
    var tokens = [programName] + path
    if path.isEmpty {
      tokens += ["[<options>]", "<command>"]
    } else if !command.subcommands.isEmpty {
      tokens.append("<subcommand>")
    } else {
      tokens += command.arguments.map(\.usage)
      tokens += command.options.map(\.usage)
    }
    return tokens
  }
}
