/// A command of the ``CommandTable``: one type whose ``spec`` says everything the parser,
/// help, the man page and the completion scripts know of it.
protocol DescribedCommand: SendableMetatype {
  /// The command's name, abstract, discussion, examples, and its options and arguments bound
  /// to the type's fields (or, for a group, its subcommands).
  static var spec: CommandSpec { get }
}

/// A group of subcommands (`meeting`, `config`): it only shows its help when run alone.
protocol CommandGroup: DescribedCommand {}

/// A command with its validated arguments, ready to run: one type per command of the command
/// table, built by the bindings of its ``DescribedCommand/spec``.
///
/// `<syncup>` and `<meeting>` references are passed on as typed; resolving them against the
/// data is the command's job. Durations are whole seconds; theme names are canonical.
protocol RunnableCommand: DescribedCommand, Sendable, Equatable {
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
