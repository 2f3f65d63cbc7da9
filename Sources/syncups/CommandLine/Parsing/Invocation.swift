/// A parsed, validated command line: what `syncups` was asked to do, and how.
///
/// ```swift
/// let invocation = try parse(["--json", "show", "eng"])
/// invocation.command  // ShowCommand(syncUp: "eng")
/// invocation.options.json  // true
/// ```
struct Invocation: Sendable, Equatable {
  /// The global options.
  var options: GlobalOptions
  /// The command with its typed arguments.
  var command: any RunnableCommand

  init(options: GlobalOptions = GlobalOptions(), command: any RunnableCommand) {
    self.options = options
    self.command = command
  }

  static func == (lhs: Invocation, rhs: Invocation) -> Bool {
    lhs.options == rhs.options && lhs.command.isSame(as: rhs.command)
  }
}
