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
