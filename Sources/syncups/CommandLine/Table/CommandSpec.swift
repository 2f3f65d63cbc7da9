/// The description of one command: what help, errors, the man page and the completion
/// scripts say about it, and what the parser accepts.
///
/// A command either has `subcommands` (a group such as `meeting`) or runs by itself (a leaf
/// such as `list`). The whole tool is one tree of these rooted at ``CommandTable/root``.
///
/// ```swift
/// CommandSpec(
///   name: "show",
///   abstract: "Show a sync-up.",
///   arguments: [ArgumentSpec(name: "syncup", help: "…", completion: .syncUp)]
/// )
/// ```
struct CommandSpec: Sendable {
  /// The word that selects the command, e.g. `show`.
  var name: String
  /// One sentence for listings and the `OVERVIEW:` line.
  var abstract: String
  /// Longer text for help and the man page; paragraphs are separated by blank lines, and a
  /// single newline starts a new line.
  var discussion: String
  /// Positional arguments, in order.
  var arguments: [ArgumentSpec]
  /// The command's own options (the global options are not repeated here).
  var options: [OptionSpec]
  /// Subcommands; a command with subcommands takes no arguments of its own.
  var subcommands: [CommandSpec]
  /// Example invocations, shown in help and the man page.
  var examples: [ExampleSpec]
  /// Hidden commands are parsed but never listed, documented or suggested.
  var isHidden: Bool

  init(
    name: String,
    abstract: String,
    discussion: String = "",
    arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [],
    subcommands: [CommandSpec] = [],
    examples: [ExampleSpec] = [],
    isHidden: Bool = false
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.examples = examples
    self.isHidden = isHidden
  }

  /// The subcommand called `name`, hidden ones included.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The subcommands a person may be shown.
  var visibleSubcommands: [CommandSpec] {
    subcommands.filter { !$0.isHidden }
  }

  /// The option whose long name is `long` (without dashes).
  func option(long: String) -> OptionSpec? {
    options.first { $0.long == long }
  }

  /// The option whose short name is `short`.
  func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
