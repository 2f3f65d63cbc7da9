/// A command line that cannot be run as typed. Exits with status 64 (`EX_USAGE`).
///
/// Rendered as exactly three lines, the "Did you mean" suggestion (if any) ending the first:
///
/// ```text
/// Error: unknown option '--titel'. Did you mean '--title'?
/// Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>]
/// See 'syncups add --help' for more information.
/// ```
struct UsageError: Error, Sendable, Equatable {
  /// The process exit status for a usage error.
  static let exitCode: Int32 = 64

  /// What is wrong, starting in lower case, without a final period.
  var message: String
  /// The word the person probably meant, if there is a near miss.
  var suggestion: String?
  /// Canonical names of the command the error is about (empty for the top level).
  var path: [String]
  /// The word typed where a command was expected and none has that name, for an error about
  /// it: the program may look further (an extension) before saying so.
  var unknownCommand: String?

  init(
    _ message: String, suggestion: String? = nil, path: [String], unknownCommand: String? = nil
  ) {
    self.message = message
    self.suggestion = suggestion
    self.path = path
    self.unknownCommand = unknownCommand
  }

  /// The three lines to print on stderr, each ending in a newline. The message quotes words
  /// from the command line, so it is sanitized: a control character in a word can neither
  /// drive the terminal nor break the first line.
  func render(programName: String = CommandTable.programName) -> String {
    let didYouMean = suggestion.map { ". Did you mean '\(sanitize($0))'?" } ?? ""
    let command = ([programName] + path).joined(separator: " ")
    return """
      Error: \(sanitize(message))\(didYouMean)
      Usage: \(UsageLine.text(for: path, programName: programName))
      See '\(command) --help' for more information.

      """
  }
}
