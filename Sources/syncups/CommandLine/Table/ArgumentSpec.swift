/// The description of one positional argument of a command.
///
/// ```swift
/// ArgumentSpec(name: "syncup", help: "A sync-up title or id.", completion: .syncUp)
/// ```
struct ArgumentSpec: Sendable {
  /// The placeholder shown as `<name>` in usage lines and help.
  var name: String
  /// What the argument means, one or two sentences.
  var help: String
  /// What a completion script offers for it.
  var completion = ValueCompletion.none
  /// Whether it may be left out.
  var isOptional = false
  /// Whether it takes all remaining words (only the last argument may).
  var isRepeating = false

  /// How the argument appears in a usage line: `<syncup>`, `[<command> ...]`.
  var usage: String {
    let placeholder = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(placeholder)]" : placeholder
  }
}
