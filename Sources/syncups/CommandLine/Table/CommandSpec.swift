/// The description of one command: what help, errors, the man page and the completion
/// scripts say about it, what the parser accepts, and the typed command it builds.
///
/// A command either has `subcommands` (a group such as `meeting`) or runs by itself (a leaf
/// such as `list`). The whole tool is one tree of these rooted at ``CommandTable/root``.
///
/// ```swift
/// CommandSpec(
///   name: "show",
///   abstract: "Show a sync-up.",
///   runs: Self.self,
///   bindings: [.argument(ArgumentSpec(name: "syncup", help: "…"), \.syncUp)]
/// )
/// ```
package struct CommandSpec: Sendable {
  /// The word that selects the command, e.g. `show`.
  var name: String
  /// One sentence for listings and the `OVERVIEW:` line.
  package var abstract: String
  /// Longer text for help and the man page; paragraphs are separated by blank lines, and a
  /// single newline starts a new line. Made only when asked for: a command that is run never
  /// makes its own text, nor any other command's (some state the defaults of settings).
  package var discussion: String { discussionText() }
  private let discussionText: @Sendable () -> String
  /// Positional arguments, in order.
  package private(set) var arguments: [ArgumentSpec]
  /// The command's own options (the global options are not repeated here).
  package private(set) var options: [OptionSpec]
  /// Subcommands; a command with subcommands takes no arguments of its own.
  package var subcommands: [CommandSpec]
  /// Example invocations, shown in help and the man page.
  var examples: [ExampleSpec]
  /// Hidden commands are parsed but never listed, documented or suggested.
  var isHidden: Bool
  /// Builds the typed command from the scanned words; `nil` for a group, which only shows
  /// its help.
  let build: (@Sendable (ScannedArguments) throws(UsageError) -> any RunnableCommand)?

  /// A group of subcommands; `options` are only the root's global options.
  init(
    name: String,
    abstract: String,
    discussion: @autoclosure @escaping @Sendable () -> String = "",
    options: [OptionSpec] = [],
    subcommands: [CommandSpec],
    examples: [ExampleSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussionText = discussion
    self.arguments = []
    self.options = options
    self.subcommands = subcommands
    self.examples = examples
    self.isHidden = false
    self.build = nil
  }

  /// A command that runs `Command`, whose arguments and options are the `bindings`' specs.
  init<Command: RunnableCommand>(
    name: String,
    abstract: String,
    discussion: @autoclosure @escaping @Sendable () -> String = "",
    runs _: Command.Type,
    bindings: [CommandBinding<Command>] = [],
    examples: [ExampleSpec] = [],
    isHidden: Bool = false
  ) {
    let optionBindings = bindings.filter { $0.option != nil }
    let argumentBindings = bindings.filter { $0.option == nil }
    self.name = name
    self.abstract = abstract
    self.discussionText = discussion
    self.arguments = argumentBindings.flatMap(\.arguments)
    self.options = optionBindings.compactMap(\.option)
    self.subcommands = []
    self.examples = examples
    self.isHidden = isHidden
    self.build = { scanned throws(UsageError) in
      try CommandBuilder.command(
        Command(), options: optionBindings, arguments: argumentBindings, from: scanned)
    }
  }

  /// The subcommand called `name`, hidden ones included.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The subcommands a person may be shown.
  var visibleSubcommands: [CommandSpec] {
    subcommands.filter { !$0.isHidden }
  }
}

/// One example for help and the man page: what it does, then the command line.
///
/// ```swift
/// ExampleSpec("List the titles with jq:", "syncups list --json | jq -r '.[].title'")
/// ```
package struct ExampleSpec: Sendable {
  /// A sentence ending in a colon that says what the example does.
  package var explanation: String
  /// The shell command line, without a prompt.
  package var command: String

  package init(_ explanation: String, _ command: String) {
    self.explanation = explanation
    self.command = command
  }
}
