/// The words of a command line sorted by the ``ArgumentScanner``: which command they select,
/// which options they set and which positional arguments remain. Values are still text.
struct ScannedArguments: Sendable {
  /// One option as it occurred, with its value (`nil` for a flag).
  struct Occurrence: Sendable {
    var option: OptionSpec
    var value: String?
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

  /// Whether the flag with this long name was given.
  func flag(_ long: String) -> Bool {
    occurrences.contains { $0.option.long == long }
  }

  /// The value of the last occurrence of the option with this long name.
  func value(_ long: String) -> String? {
    occurrences.last { $0.option.long == long }?.value
  }

  /// The values of every occurrence of the option with this long name, in order.
  func values(_ long: String) -> [String] {
    occurrences.compactMap { $0.option.long == long ? $0.value : nil }
  }
}
