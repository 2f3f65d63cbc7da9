import SyncUpsCore

/// The one description of the `syncups` command line. The parser, help, usage errors, the
/// man page and the completion scripts are all generated from it, so they cannot drift apart.
///
/// ```swift
/// let add = CommandTable.root.subcommand(named: "add")!
/// print(add.abstract)  // "Add a sync-up at the end of the list."
/// ```
///
/// Each command is one type in its concept's folder (`SyncUps/`, `Meeting/`, `Team/`, …)
/// whose ``DescribedCommand/spec`` binds its options and arguments to its fields; this table
/// is the list of those types, in the order help lists them under the heading of its
/// ``sections``, and the one file that names every concept. Adding a command is one file there
/// plus one entry in a section.
package enum CommandTable {
  /// The program's name as shown in usage lines and scripts.
  package static let programName = "syncups"

  /// The version printed by `--version`.
  package static let version = SyncUpsFile.writerVersion

  /// The root of the tree: the global options and every command.
  package static let root = CommandSpec(
    name: programName,
    abstract: "A meeting manager for daily stand-ups.",
    discussion: """
      Keep a list of sync-ups (title, attendees, length, colour theme), run a timed meeting \
      that rotates through the speakers, keep notes that become the meeting's transcript, and \
      browse each sync-up's meeting history. Everything is scriptable with --json.

      A <syncup> argument is a title (case-insensitive, exact, else a unique prefix) or an id \
      (full, or a unique prefix of at least 4 hex digits). Global options may come before or \
      after the command.
      """,
    options: globalOptions,
    subcommands: commands.map { $0.spec },
    examples: [
      ExampleSpec(
        "Add a sync-up with two attendees and a ten-minute meeting:",
        "syncups add --title Design --attendee Ana --attendee Ben --duration 10m"),
      ExampleSpec("Run its meeting:", "syncups start design"),
      ExampleSpec("Print every title with jq:", "syncups list --json | jq -r '.[].title'"),
    ]
  )

  /// The headings `syncups --help` lists the commands under, as gh does, each with its
  /// commands in the order help lists them. A hidden command sits in a group too, and is not
  /// shown.
  package static let sections: [CommandSection] = [
    CommandSection(
      "sync-up", [
        ListCommand.self, ShowCommand.self, AddCommand.self, EditCommand.self,
        DeleteCommand.self, ThemesCommand.self, ImportCommand.self, ExportCommand.self,
      ]),
    CommandSection(
      "meeting", [
        StartCommand.self, StatusCommand.self, WatchCommand.self, MeetingsCommand.self,
        MeetingGroup.self, StatsCommand.self, ReportCommand.self, StandupCommand.self,
      ]),
    CommandSection(
      "calendar", [NextCommand.self, ScheduleGroup.self, CalendarCommand.self, RemindGroup.self]),
    CommandSection(
      "follow-through", [
        ItemsCommand.self, ItemGroup.self, UpdateCommand.self, UpdatesCommand.self,
        AwayCommand.self,
      ]),
    CommandSection(
      "team", [
        SyncCommand.self, DoctorCommand.self, MigrateCommand.self, MergeDriverCommand.self,
      ]),
    CommandSection("settings", [ConfigGroup.self, HooksGroup.self]),
    CommandSection(
      "shell", [
        CompletionsCommand.self, HelpCommand.self, VersionCommand.self, CompleteCommand.self,
      ]),
  ]

  /// Every command, in the order help lists them.
  static let commands: [any DescribedCommand.Type] = sections.flatMap(\.commands)

  /// What `-h`/`--help` anywhere, a group named alone and the program named alone run: the
  /// help on `topic`.
  static func help(topic: [String]) -> any RunnableCommand { HelpCommand(topic: topic) }

  /// What `-V`/`--version` runs.
  static func versionCommand() -> any RunnableCommand { VersionCommand() }

  /// The options every command accepts, before or after the command name.
  static let globalBindings: [CommandBinding<GlobalOptions>] = [
    .option(
      OptionSpec(
        long: "file", valueName: "path",
        help: "Use the data file at <path> instead of $SYNCUPS_FILE or the default location.",
        completion: .file),
      \.file, parse: ValueParser.nonEmptyPath),
    .flag(
      OptionSpec(
        long: "json", help: "Print data as JSON; the shapes are documented in syncups(1)."),
      \.json),
    .option(
      OptionSpec(
        long: "color", valueName: "when",
        help: "Colour the output: auto, always or never (default: the color setting, else "
          + "\(ConfigKey.color.defaultText); auto is off when NO_COLOR is set, TERM is dumb or the output is not a "
          + "terminal).",
        completion: .choices(ColorSetting.allCases.map(\.rawValue))),
      \.color, parse: ValueParser.choice),
    .flag(
      OptionSpec(
        long: "quiet", short: "q", help: "Print only errors and hook warnings to stderr."),
      \.quiet),
    .flag(
      OptionSpec(
        long: "trace", help: "Print every action and the state changes it caused to stderr."),
      \.trace),
    .flag(
      OptionSpec(
        long: "no-hooks", help: "Run no hooks, as SYNCUPS_NO_HOOKS=1 does; see HOOKS in syncups(1)."),
      \.noHooks),
    .scannerFlag(helpOption),
    .flag(OptionSpec(long: "version", short: "V", help: versionHelp), \.version),
  ]

  /// The global options as help, the man page and the completion scripts list them.
  package static let globalOptions = globalBindings.compactMap(\.option)

  /// `-h, --help`, which the scanner answers before anything else is checked.
  static let helpOption = OptionSpec(long: "help", short: "h", help: "Show help information.")

  // MARK: - Arguments and options shared by several commands

  static let versionHelp = "Show the version; see '\(programName) help version'."

  static let syncUpArgument = ArgumentSpec(
    name: "syncup", help: "A sync-up title or id, or a unique prefix of either.",
    completion: .syncUp)

  /// `[<syncup>]` of the commands that take every sync-up without one.
  static let everySyncUpArgument = ArgumentSpec(
    name: "syncup",
    help: "A sync-up title or id, or a unique prefix of either; every sync-up when left out.",
    completion: .syncUp, isOptional: true)

  static let meetingArgument = ArgumentSpec(
    name: "meeting",
    help: "The meeting's position in 'syncups meetings' (1 is newest), or an id prefix.",
    completion: .meeting)

  static let configKeyArgument = ArgumentSpec(
    name: "key",
    help: "The setting: \(Prose.alternatives(ConfigKey.allCases.map(\.rawValue))).",
    completion: .choices(ConfigKey.allCases.map(\.rawValue)))

  static let yesOption = OptionSpec(long: "yes", short: "y", help: "Delete without asking.")

  static let durationHelp =
    "90s, 5m, 1m30s, 1m 30s, 5min, 1:30, 1h or plain minutes (a warning when over 60), from 1s "
    + "to 24h"
}

/// One heading of `syncups --help` (`SYNC-UP COMMANDS:`) and the commands it lists.
package struct CommandSection: Sendable {
  /// What the commands are about, lower case: `sync-up`, `follow-through`.
  package let name: String
  let commands: [any DescribedCommand.Type]

  init(_ name: String, _ commands: [any DescribedCommand.Type]) {
    self.name = name
    self.commands = commands
  }

  /// The heading help prints: `SYNC-UP COMMANDS`.
  package var heading: String { name.uppercased() + " COMMANDS" }

  /// The commands it lists, as help and the man page list them: each visible command that
  /// is not a group, by its path (`["meeting", "show"]`), in the table's order.
  package var listedCommands: [(path: [String], command: CommandSpec)] {
    let names = Set(commands.map { $0.spec.name })
    return CommandTable.visibleCommands.filter {
      names.contains($0.path[0]) && $0.command.subcommands.isEmpty
    }
  }
}
