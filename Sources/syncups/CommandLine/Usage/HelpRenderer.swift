/// Renders the help screen of a command from the ``CommandTable``: the sections OVERVIEW,
/// USAGE, ARGUMENTS, OPTIONS, GLOBAL OPTIONS (below the top level, which lists them as its
/// OPTIONS), SUBCOMMANDS (at the top level, a heading per section of the table: SYNC-UP
/// COMMANDS, MEETING COMMANDS, …) and EXAMPLES, each only when it has something.
///
/// ```swift
/// print(HelpRenderer.render(path: ["add"], width: 80), terminator: "")
/// ```
///
/// Text is wrapped to the width (at least ``minimumWidth``); example command lines are kept
/// whole so they can be copied.
enum HelpRenderer {
  /// Narrower widths are treated as this.
  static let minimumWidth = 40
  /// The column where option and argument descriptions start at widths of 60 and more;
  /// narrower screens move it left.
  static let descriptionColumn = 26

  /// The description column for a width.
  static func descriptionColumn(width: Int) -> Int {
    min(descriptionColumn, width / 2 - 4)
  }

  /// The help text for the command at `path` (`[]` for the top level), ending in a newline.
  /// An unknown path renders the top-level help; the top level lists the `extensions` found
  /// (``Extensions``), when there are any.
  static func render(
    path: [String], width: Int = 80, programName: String = CommandTable.programName,
    extensions: [String] = []
  ) -> String {
    let width = max(width, minimumWidth)
    let known = CommandTable.command(at: path) != nil
    let path = known ? path : []
    let command = CommandTable.command(at: path) ?? CommandTable.root
    var sections: [[String]] = []

    var overview = TextWrapper.wrap("OVERVIEW: " + command.abstract, width: width)
    if !command.discussion.isEmpty {
      overview.append("")
      overview += paragraphs(command.discussion, width: width)
    }
    sections.append(overview)
    sections.append(usage(path, programName: programName, width: width))

    if !command.arguments.isEmpty {
      sections.append(
        ["ARGUMENTS:"]
          + command.arguments.flatMap { entry("<\($0.name)>", $0.help, width: width) })
    }
    let options =
      path.isEmpty ? CommandTable.globalOptions : command.options + [CommandTable.helpOption]
    sections.append(["OPTIONS:"] + options.flatMap { entry($0.label, $0.help, width: width) })
    if !path.isEmpty {
      // They work after any command, so a command's help is where people look for them.
      let global = CommandTable.globalOptions.filter { $0.long != CommandTable.helpOption.long }
      sections.append(
        ["GLOBAL OPTIONS:"] + global.flatMap { entry($0.label, $0.help, width: width) })
    }

    for (heading, subcommands) in listedSubcommands(of: path) where !subcommands.isEmpty {
      sections.append(
        [heading + ":"] + subcommands.flatMap { entry($0.name, $0.abstract, width: width) })
    }
    if !command.examples.isEmpty {
      sections.append(
        ["EXAMPLES:"]
          + command.examples.flatMap { example in
            [""] + TextWrapper.wrap("  " + example.explanation, width: width)
              + ["    $ " + example.command]
          }.dropFirst())
    }
    if path.isEmpty && !extensions.isEmpty {
      sections.append(
        ["EXTENSIONS (\(Extensions.prefix)NAME on PATH):"]
          + extensions.flatMap { entry($0, "Runs '\(Extensions.prefix)\($0)'.", width: width) })
    }
    if path.isEmpty {
      sections.append(
        TextWrapper.wrap(
          "See '\(programName) help <command>' for detailed help. A program named "
            + "'\(Extensions.prefix)NAME' on PATH adds the command NAME (see EXTENSIONS in "
            + "\(programName)(1)).", width: width))
    }
    return sections.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
  }

  /// The commands listed, under their headings: for the top level, every visible command
  /// (by relative path, e.g. `meeting show`; groups themselves are not listed) under its
  /// section's heading (`MEETING COMMANDS`), else the group's own subcommands under
  /// SUBCOMMANDS.
  static func listedSubcommands(
    of path: [String]
  ) -> [(heading: String, commands: [(name: String, abstract: String)])] {
    guard let command = CommandTable.command(at: path) else { return [] }
    if path.isEmpty {
      return CommandTable.sections.map { section in
        (
          section.heading,
          section.listedCommands.map { ($0.path.joined(separator: " "), $0.command.abstract) }
        )
      }
    }
    return [("SUBCOMMANDS", command.visibleSubcommands.map { ($0.name, $0.abstract) })]
  }

  private static func usage(_ path: [String], programName: String, width: Int) -> [String] {
    let tokens = UsageLine.tokens(for: path, programName: programName)
    let head = "USAGE: " + tokens.prefix(path.count + 1).joined(separator: " ")
    // Continuation lines line up after the command, or further left when the longest piece
    // would not fit there.
    let longest = tokens.map(\.count).max() ?? 0
    let indent = max(min(head.count + 1, width - longest), 2)
    var lines = [head]
    for token in tokens.dropFirst(path.count + 1) {
      // A line that ends before the indent gains nothing from a wrap: the piece would start
      // no further left.
      if lines[lines.count - 1].count + 1 + token.count <= width
        || lines[lines.count - 1].count < indent
      {
        lines[lines.count - 1] += " " + token
      } else {
        lines.append(String(repeating: " ", count: indent) + token)
      }
    }
    return lines
  }

  private static func paragraphs(_ text: String, width: Int) -> [String] {
    TextWrapper.wrap(text, width: width)
  }

  private static func entry(_ label: String, _ help: String, width: Int) -> [String] {
    TextWrapper.column("  " + label, help, indent: descriptionColumn(width: width), width: width)
  }
}
