/// A command with its validated arguments, ready to run: one type per command of the command
/// table, built by the table entry's bindings.
///
/// `<syncup>` and `<meeting>` references are passed on as typed; resolving them against the
/// data is the command's job. Durations are whole seconds; theme names are canonical.
protocol RunnableCommand: Sendable, Equatable {
  /// The command before its bindings fill it in. The scanner has already made sure every
  /// required argument and option is there, so placeholder values here are always replaced.
  init()

  /// Whether running it reads the data or settings files. Help, the version and completion
  /// scripts do not, so they run without the environment and storage being set up.
  var touchesFiles: Bool { get }

  /// Whether the command holds the data file long enough for other processes' changes to it
  /// to matter while it runs: only a meeting does; every other command is over in moments.
  var observesOutsideChanges: Bool { get }

  /// Checks that need several options at once, after each was parsed.
  func validate(path: [String]) throws(UsageError)

  @MainActor func run(in context: CommandContext) throws
}

extension RunnableCommand {
  var touchesFiles: Bool { true }
  var observesOutsideChanges: Bool { false }
  func validate(path: [String]) throws(UsageError) {}

  /// Whether `other` is the same command with the same arguments.
  func isSame(as other: any RunnableCommand) -> Bool {
    (other as? Self) == self
  }
}
