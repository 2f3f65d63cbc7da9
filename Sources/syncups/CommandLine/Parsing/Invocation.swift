/// A parsed, validated command line: what `syncups` was asked to do, and how.
///
/// ```swift
/// let invocation = try parse(["--json", "show", "eng"])
/// invocation.command  // .show(syncUp: "eng")
/// invocation.options.json  // true
/// ```
struct Invocation: Sendable, Equatable {
  /// The global options.
  var options: GlobalOptions
  /// The command with its typed arguments.
  var command: Command

  init(options: GlobalOptions = GlobalOptions(), command: Command) {
    self.options = options
    self.command = command
  }
}
