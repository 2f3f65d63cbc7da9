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
  /// The command's canonical names, `["meeting", "show"]`: how it describes itself to another
  /// process waiting for the data file's lock.
  var path: [String]

  init(options: GlobalOptions = GlobalOptions(), command: any RunnableCommand, path: [String] = [])
  {
    self.options = options
    self.command = command
    self.path = path
  }

  static func == (lhs: Invocation, rhs: Invocation) -> Bool {
    lhs.options == rhs.options && lhs.command.isSame(as: rhs.command)
  }
}

/// Parses the arguments after the program name into a validated ``Invocation``.
///
/// ```swift
/// try parse(["add", "--title", "Design", "--duration", "15m"]).command
/// // AddCommand(title: "Design", attendees: [], duration: 900, theme: nil)
/// ```
///
/// A bare `syncups`, `-h`/`--help` anywhere, or a group such as `meeting` without a subcommand
/// parse as a ``HelpCommand``. Every other mistake throws a ``UsageError`` (exit 64).
func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
  let scanned = try ArgumentScanner.scan(arguments)
  return try CommandBuilder.invocation(from: scanned)
}
