/// One example for help and the man page: what it does, then the command line.
///
/// ```swift
/// ExampleSpec("List the titles with jq:", "syncups list --json | jq -r '.[].title'")
/// ```
struct ExampleSpec: Sendable {
  /// A sentence ending in a colon that says what the example does.
  var explanation: String
  /// The shell command line, without a prompt.
  var command: String

  init(_ explanation: String, _ command: String) {
    self.explanation = explanation
    self.command = command
  }
}
