/// The words of a command line sorted by the ``ArgumentScanner``: which command they select,
/// which options they set and which positional arguments remain. Values are still text.
struct ScannedArguments: Sendable {
  /// Whose option an occurrence is.
  enum Owner: Sendable, Equatable {
    /// One of ``CommandTable/globalBindings``.
    case global
    /// One of the selected command's options.
    case command
  }

  /// One option as it occurred, with its value (`nil` for a flag).
  struct Occurrence: Sendable {
    var option: OptionSpec
    var owner: Owner
    /// The option's position among its owner's options, which is also its binding's.
    var index: Int
    var value: String?

    /// The value as a binding takes it: none for a flag.
    var values: [String] { value.map { [$0] } ?? [] }
  }

  /// Canonical names from the root to the selected command: `["meeting", "show"]`.
  var path: [String] = []
  /// The selected command's description.
  var command: CommandSpec
  /// Options (global and the command's) in command-line order.
  var occurrences: [Occurrence] = []
  /// Positional arguments in order.
  var positionals: [String] = []
  /// Whether `-h` or `--help` appeared.
  var helpRequested = false
}
