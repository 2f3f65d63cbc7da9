/// Turns ``ScannedArguments`` into a typed ``Invocation``: each option and argument goes to
/// the binding the table declared for it, which checks its value.
enum CommandBuilder {
  /// The invocation the scanned words ask for.
  static func invocation(from scanned: ScannedArguments) throws(UsageError) -> Invocation {
    let path = scanned.path
    if scanned.helpRequested {
      return Invocation(
        options: (try? globalOptions(scanned)) ?? GlobalOptions(),
        command: CommandTable.help(topic: path))
    }
    let options = try globalOptions(scanned)
    if options.version {
      return Invocation(options: options, command: CommandTable.versionCommand())
    }
    guard let build = scanned.command.build else {
      // A group named without one of its commands is a usage error, as in git; the program
      // named alone shows its help.
      guard !path.isEmpty else {
        return Invocation(options: options, command: CommandTable.help(topic: path))
      }
      let names = scanned.command.visibleSubcommands.map(\.name)
      throw UsageError(
        "'\(([CommandTable.programName] + path).joined(separator: " "))' needs a command: "
          + Prose.alternatives(names),
        path: path)
    }
    return Invocation(options: options, command: try build(scanned), path: path)
  }

  private static func globalOptions(_ scanned: ScannedArguments) throws(UsageError)
    -> GlobalOptions
  {
    try apply(
      CommandTable.globalBindings, to: GlobalOptions(), occurrences: scanned.occurrences,
      of: .global, path: scanned.path)
  }

  /// `command` with the scanned words applied through its table entry's bindings, then
  /// checked as a whole.
  static func command<Command: RunnableCommand>(
    _ command: Command,
    options: [CommandBinding<Command>],
    arguments: [CommandBinding<Command>],
    from scanned: ScannedArguments
  ) throws(UsageError) -> Command {
    var command = command
    var words = scanned.positionals[...]
    for binding in arguments {
      let count = binding.arguments.last?.isRepeating == true ? words.count : binding.arguments.count
      try binding.apply(&command, Array(words.prefix(count)), scanned.path)
      words = words.dropFirst(count)
    }
    command = try apply(
      options, to: command, occurrences: scanned.occurrences, of: .command, path: scanned.path)
    try command.validate(path: scanned.path)
    return command
  }

  /// Applies the occurrences that belong to `bindings` (`owner`'s). A single-valued option is
  /// read once, from its last occurrence, in table order; repeatable ones are read together
  /// in command-line order where the first of them sits in the table, so that `edit`'s
  /// attendee changes happen in the order they were given.
  private static func apply<Target>(
    _ bindings: [CommandBinding<Target>], to target: Target,
    occurrences: [ScannedArguments.Occurrence], of owner: ScannedArguments.Owner,
    path: [String]
  ) throws(UsageError) -> Target {
    var target = target
    let own = occurrences.filter { $0.owner == owner }
    var repeatablesDone = false
    for (index, binding) in bindings.enumerated() {
      if binding.option?.isRepeatable == true {
        guard !repeatablesDone else { continue }
        repeatablesDone = true
        for occurrence in own where bindings[occurrence.index].option?.isRepeatable == true {
          try bindings[occurrence.index].apply(&target, occurrence.values, path)
        }
      } else if let last = own.last(where: { $0.index == index }) {
        try binding.apply(&target, last.values, path)
      }
    }
    return target
  }
}
