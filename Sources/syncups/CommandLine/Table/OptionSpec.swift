/// The description of one option: a flag (`--json`) or an option taking a value
/// (`--theme <theme>`).
///
/// ```swift
/// OptionSpec(long: "theme", valueName: "theme", help: "The colour theme.", completion: .theme)
/// ```
package struct OptionSpec: Sendable {
  /// The long name without dashes: `title` for `--title`.
  var long: String
  /// The one-letter short name, if any: `q` for `-q`.
  var short: Character?
  /// The value placeholder, or `nil` for a flag.
  package var valueName: String?
  /// What the option does, one or two sentences; made only when help, the man page or a
  /// completion script shows it.
  package var help: String { helpText() }
  private let helpText: @Sendable () -> String
  /// Whether every occurrence counts (values accumulate); otherwise the last one wins. Set by
  /// ``CommandBinding/repeating(_:_:parse:)``, the only binding that keeps every value.
  package var isRepeatable = false
  /// Whether the command fails without it.
  package var isRequired = false
  /// What a completion script offers for the value.
  var completion = ValueCompletion.none

  init(
    long: String, short: Character? = nil, valueName: String? = nil,
    help: @autoclosure @escaping @Sendable () -> String, isRequired: Bool = false,
    completion: ValueCompletion = .none
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.helpText = help
    self.isRequired = isRequired
    self.completion = completion
  }

  var takesValue: Bool { valueName != nil }

  /// `--title`.
  package var longName: String { "--" + long }

  /// `-q`, if the option has a short name.
  package var shortName: String? { short.map { "-" + String($0) } }

  /// How the option appears in a usage line: `--title <title>`, `[--attendee <name> ...]`.
  var usage: String {
    var text = longName
    if let valueName { text += " <\(valueName)>" }
    if isRepeatable { text += " ..." }
    return isRequired ? text : "[\(text)]"
  }

  /// How the option is labelled in help: `-q, --quiet`, `--theme <theme>`.
  var label: String {
    var text = shortName.map { $0 + ", " } ?? ""
    text += longName
    if let valueName { text += " <\(valueName)>" }
    return text
  }
}
