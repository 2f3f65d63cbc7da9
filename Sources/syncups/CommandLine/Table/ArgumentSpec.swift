/// The description of one positional argument of a command.
///
/// ```swift
/// ArgumentSpec(name: "syncup", help: "A sync-up title or id.", completion: .syncUp)
/// ```
package struct ArgumentSpec: Sendable {
  /// The placeholder shown as `<name>` in usage lines and help.
  package var name: String
  /// What the argument means, one or two sentences.
  package var help: String
  /// What a completion script offers for it.
  var completion = ValueCompletion.none
  /// Whether it may be left out.
  package var isOptional = false
  /// Whether it takes all remaining words (only the last argument may).
  package var isRepeating = false

  /// How the argument appears in a usage line: `<syncup>`, `[<command> ...]`.
  var usage: String {
    let placeholder = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(placeholder)]" : placeholder
  }
}
