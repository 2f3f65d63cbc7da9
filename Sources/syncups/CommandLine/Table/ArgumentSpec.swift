/// The description of one positional argument of a command.
///
/// ```swift
/// ArgumentSpec(name: "syncup", help: "A sync-up title or id.", completion: .syncUp)
/// ```
package struct ArgumentSpec: Sendable {
  /// The placeholder shown as `<name>` in usage lines and help.
  package var name: String
  /// What the argument means, one or two sentences; made only when help, the man page or a
  /// completion script shows it.
  package var help: String { helpText() }
  private let helpText: @Sendable () -> String
  /// What a completion script offers for it; made only when one is written (the names of
  /// the settings, say, which a command that is run does not need).
  var completion: ValueCompletion { completionValue() }
  private let completionValue: @Sendable () -> ValueCompletion
  /// Whether it may be left out.
  package var isOptional = false
  /// Whether it takes all remaining words (only the last argument may).
  package var isRepeating = false

  init(
    name: String, help: @autoclosure @escaping @Sendable () -> String,
    completion: @autoclosure @escaping @Sendable () -> ValueCompletion = .none,
    isOptional: Bool = false, isRepeating: Bool = false
  ) {
    self.name = name
    self.helpText = help
    self.completionValue = completion
    self.isOptional = isOptional
    self.isRepeating = isRepeating
  }

  /// How the argument appears in a usage line: `<syncup>`, `[<command> ...]`.
  var usage: String {
    let placeholder = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(placeholder)]" : placeholder
  }
}
