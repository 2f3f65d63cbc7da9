import SyncUpsCore
import Testing

@testable import syncups

/// Parses `arguments`, failing the test on a usage error.
private func command(_ arguments: [String]) throws -> any RunnableCommand {
  try parse(arguments).command
}

/// Whether a parsed command is `expected`, arguments and all.
private func == <Expected: RunnableCommand>(
  parsed: any RunnableCommand, expected: Expected
) -> Bool {
  (parsed as? Expected) == expected
}

/// The rendered usage error for `arguments`, or nil when they parse.
private func usageError(_ arguments: [String]) -> String? {
  do {
    _ = try parse(arguments)
    return nil
  } catch {
    return error.render()
  }
}

@Suite("Parsing commands")
struct CommandParsingTests {
  @Test func bareProgramShowsTopLevelHelp() throws {
    #expect(try parse([]) == Invocation(command: HelpCommand(topic: [])))
  }

  @Test func listShowStartMeetings() throws {
    #expect(try command(["list"]) == ListCommand())
    #expect(try command(["show", "eng"]) == ShowCommand(syncUp: "eng"))
    #expect(try command(["start", "Daily Sync"]) == StartCommand(syncUp: "Daily Sync"))
    #expect(try command(["meetings", "eng"]) == MeetingsCommand(syncUp: "eng"))
    #expect(try command(["themes"]) == ThemesCommand())
    #expect(try command(["export"]) == ExportCommand())
  }

  @Test func addWithOnlyATitle() throws {
    #expect(
      try command(["add", "--title", "Design"])
        == AddCommand(title: "Design", attendees: [], duration: nil, theme: nil))
  }

  @Test func addWithEveryOptionInBothForms() throws {
    let arguments = [
      "add", "--title=Design", "--attendee", "Ana", "--attendee=Ben", "--duration", "1m30s",
      "--theme", "SeaFoam",
    ]
    #expect(
      try command(arguments)
        == AddCommand(
          title: "Design", attendees: ["Ana", "Ben"], duration: .seconds(90), theme: "seafoam"))
  }

  @Test func addAcceptsOptionsInAnyOrder() throws {
    #expect(
      try command(["add", "--theme", "TEAL", "--attendee", "Ana", "--title", "Design"])
        == AddCommand(title: "Design", attendees: ["Ana"], duration: nil, theme: "teal"))
  }

  @Test func theLastValueOfARepeatedSingleOptionWins() throws {
    #expect(
      try command(["add", "--title", "A", "--title", "B"])
        == AddCommand(title: "B", attendees: [], duration: nil, theme: nil))
  }

  @Test func editKeepsAttendeeChangesInOrder() throws {
    let arguments = [
      "edit", "eng", "--rename-attendee", "Ben=Benjamin", "--title", "New", "--add-attendee",
      "Cy", "--duration", "5", "--remove-attendee", "Ana", "--theme", "navy",
      "--add-attendee=Di",
    ]
    let edits = SyncUpEdits(
      title: "New", duration: .bareNumber(5), theme: "navy",
      attendeeChanges: [
        .rename(from: "Ben", to: "Benjamin"), .add(name: "Cy"), .remove(nameOrID: "Ana"),
        .add(name: "Di"),
      ])
    #expect(try command(arguments) == EditCommand(syncUp: "eng", edits: edits))
  }

  @Test func theLastValueOfASingleValuedOptionWinsAndOnlyItIsChecked() throws {
    #expect(
      try command(["add", "--title", "A", "--duration", "nope", "--title", "B", "--duration=5m"])
        == AddCommand(title: "B", attendees: [], duration: .seconds(300), theme: nil))
    let invocation = try parse(["--color", "bogus", "list", "--color", "never"])
    #expect(invocation == Invocation(options: GlobalOptions(color: .never), command: ListCommand()))
  }

  @Test func renameSplitsAtTheFirstEqualsSign() throws {
    #expect(
      try command(["edit", "eng", "--rename-attendee", "a=b=c"])
        == EditCommand(
          syncUp: "eng", edits: SyncUpEdits(attendeeChanges: [.rename(from: "a", to: "b=c")])))
  }

  @Test func deleteWithAndWithoutYes() throws {
    #expect(try command(["delete", "eng"]) == DeleteCommand(syncUp: "eng", yes: false))
    #expect(try command(["delete", "-y", "eng"]) == DeleteCommand(syncUp: "eng", yes: true))
    #expect(try command(["delete", "eng", "--yes"]) == DeleteCommand(syncUp: "eng", yes: true))
  }

  @Test func shortFlagsBundle() throws {
    let invocation = try parse(["delete", "eng", "-qy"])
    #expect(invocation.command == DeleteCommand(syncUp: "eng", yes: true))
    #expect(invocation.options == GlobalOptions(quiet: true))
  }

  @Test func meetingSubcommands() throws {
    #expect(
      try command(["meeting", "show", "eng", "1"]) == MeetingShowCommand(syncUp: "eng", meeting: "1"))
    #expect(
      try command(["meeting", "delete", "eng", "ABCD"])
        == MeetingDeleteCommand(syncUp: "eng", meeting: "ABCD", yes: false))
    #expect(
      try command(["meeting", "delete", "-y", "eng", "2"])
        == MeetingDeleteCommand(syncUp: "eng", meeting: "2", yes: true))
    #expect(
      try command(["meeting", "delete", "eng", "2", "--yes"])
        == MeetingDeleteCommand(syncUp: "eng", meeting: "2", yes: true))
  }

  @Test func configSubcommands() throws {
    #expect(try command(["config", "list"]) == ConfigListCommand())
    #expect(try command(["config", "get", "bell"]) == ConfigGetCommand(key: .bell))
    #expect(try command(["config", "unset", "default-theme"]) == ConfigUnsetCommand(key: .defaultTheme))
    #expect(
      try command(["config", "set", "bell", "off"])
        == ConfigSetCommand(setting: ConfigSetting(key: .bell, value: BellSetting.off)))
    #expect(
      try command(["config", "set", "bell", "ON"])
        == ConfigSetCommand(setting: ConfigSetting(key: .bell, value: BellSetting.change)))
    #expect(
      try command(["config", "set", "color", "always"])
        == ConfigSetCommand(setting: ConfigSetting(key: .color, value: ColorSetting.always)))
    #expect(
      try command(["config", "set", "default-duration", "10m"])
        == ConfigSetCommand(
          setting: ConfigSetting(key: .defaultDuration, value: DurationArgument.seconds(600))))
    #expect(
      try command(["config", "set", "default-theme", "Teal"])
        == ConfigSetCommand(setting: ConfigSetting(key: .defaultTheme, value: Theme.teal)))
  }

  @Test func settingValuesAndKeysAreReadInAnyCase() throws {
    #expect(
      try command(["config", "set", "order", "ROTATED"])
        == ConfigSetCommand(setting: ConfigSetting(key: .order, value: SpeakingOrder.rotated)))
    #expect(
      try command(["config", "set", "Color", "Never"])
        == ConfigSetCommand(setting: ConfigSetting(key: .color, value: ColorSetting.never)))
    #expect(try command(["config", "get", "DEFAULT-THEME"]) == ConfigGetCommand(key: .defaultTheme))
    #expect(
      try command(["start", "eng", "--order", "Shuffled"])
        == StartCommand(syncUp: "eng", options: StartCommand.Options(order: .shuffled)))
  }

  /// `start` takes the work cards' `--since` and `--repositories` as `standup` does.
  @Test func startTakesTheWorkCardsSinceAndRepositories() throws {
    #expect(
      try command([
        "start", "eng", "--since", "1w", "--repositories", "~/src/api", "--repositories", "web",
      ])
        == StartCommand(
          syncUp: "eng",
          options: StartCommand.Options(
            since: .ago(seconds: 604_800), repositories: ["~/src/api", "web"])))
    #expect(
      usageError(["start", "eng", "--since", "soon"])?.hasPrefix(
        "Error: invalid value 'soon' for '--since' (expected 2026-11-24 or 2026-11-24T10:00, ")
        == true)
  }

  @Test func aBareNumberOfMinutesIsKeptAsTypedForItsReaderToDecideTheUnit() throws {
    // `config set --json` reads it as seconds; up to 24 hours of seconds parse.
    #expect(
      try command(["config", "set", "default-duration", "3600"])
        == ConfigSetCommand(
          setting: ConfigSetting(key: .defaultDuration, value: DurationArgument.bareNumber(3600))))
    #expect(throws: UsageError.self) { try command(["config", "set", "default-duration", "86401"]) }
    #expect(throws: UsageError.self) { try command(["config", "set", "default-duration", "0"]) }
    // `--duration` reads minutes, so 24 hours is the most it takes.
    #expect(throws: UsageError.self) { try command(["add", "--title", "A", "--duration", "1441"]) }
    #expect(try DurationParser.argument("90").seconds(bareNumberUnit: 60) == 5400)
    #expect(try DurationParser.argument("90").seconds(bareNumberUnit: 1) == 90)
    #expect(throws: DurationParser.Failure.outOfRange) {
      try DurationParser.argument("2000").seconds(bareNumberUnit: 60)
    }
  }

  @Test func importFromAFileOrStandardInput() throws {
    #expect(try command(["import", "data.json"]) == ImportCommand(source: .file("data.json")))
    #expect(try command(["import", "-"]) == ImportCommand(source: .standardInput))
  }

  @Test func completionsForEachShell() throws {
    #expect(try command(["completions", "bash"]) == CompletionsCommand(shell: .bash))
    #expect(try command(["completions", "zsh"]) == CompletionsCommand(shell: .zsh))
    #expect(try command(["completions", "fish"]) == CompletionsCommand(shell: .fish))
  }

  @Test func hiddenCompletionHelper() throws {
    #expect(try command(["__complete", "syncups"]) == CompleteCommand(request: .syncUps))
    let invocation = try parse(["--file", "x.json", "__complete", "meetings", "eng"])
    #expect(
      invocation
        == Invocation(
          options: GlobalOptions(file: "x.json"), command: CompleteCommand(request: .meetings(syncUp: "eng"))))
  }

  @Test func helpInEveryForm() throws {
    #expect(try command(["help"]) == HelpCommand(topic: []))
    #expect(try command(["help", "add"]) == HelpCommand(topic: ["add"]))
    #expect(try command(["help", "meeting", "show"]) == HelpCommand(topic: ["meeting", "show"]))
    #expect(try command(["-h"]) == HelpCommand(topic: []))
    #expect(try command(["--help"]) == HelpCommand(topic: []))
    #expect(try command(["meeting", "show", "-h"]) == HelpCommand(topic: ["meeting", "show"]))
    #expect(try command(["meeting", "--help"]) == HelpCommand(topic: ["meeting"]))
    #expect(
      usageError(["meeting"])?.hasPrefix(
        "Error: 'syncups meeting' needs a command: show or delete\n") == true)
    #expect(try command(["config", "--help"]) == HelpCommand(topic: ["config"]))
  }

  @Test func helpWinsOverMissingAndUnknownOptions() throws {
    #expect(try command(["add", "--help"]) == HelpCommand(topic: ["add"]))
    #expect(try command(["add", "--bogus", "-h"]) == HelpCommand(topic: ["add"]))
    #expect(try command(["add", "--title", "--help"]) == HelpCommand(topic: ["add"]))
    #expect(try command(["delete", "-yh"]) == HelpCommand(topic: ["delete"]))
  }

  @Test func version() throws {
    #expect(try command(["--version"]) == VersionCommand())
    #expect(try command(["-V"]) == VersionCommand())
    #expect(try command(["version"]) == VersionCommand())
    #expect(try command(["list", "--version"]) == VersionCommand())
    #expect(CommandTable.version == "0.4.0")
  }

  @Test func aNegativeNumberIsAValueNotAnOption() {
    #expect(
      usageError(["add", "--title", "x", "--duration", "-5"])?.hasPrefix(
        "Error: duration '-5' for '--duration' is not positive (durations run from 1s to 24h)\n")
        == true)
    #expect(
      usageError(["config", "set", "default-duration", "-1m"])?.hasPrefix(
        "Error: duration '-1m' for 'default-duration' is not positive") == true)
  }

  @Test func globalOptionsBeforeTheCommand() throws {
    let invocation = try parse([
      "--file", "/tmp/x.json", "--json", "--color", "never", "-q", "--trace", "list",
    ])
    #expect(
      invocation
        == Invocation(
          options: GlobalOptions(
            file: "/tmp/x.json", json: true, color: .never, quiet: true, trace: true),
          command: ListCommand()))
  }

  @Test func globalOptionsAfterTheCommand() throws {
    let invocation = try parse(["show", "eng", "--json", "--file=/x.json", "--color=always"])
    #expect(
      invocation
        == Invocation(
          options: GlobalOptions(file: "/x.json", json: true, color: .always),
          command: ShowCommand(syncUp: "eng")))
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try command(["show", "--", "--weird title"]) == ShowCommand(syncUp: "--weird title"))
    #expect(try command(["show", "-"]) == ShowCommand(syncUp: "-"))
  }

  @Test func everyCommandInTheTableParses() throws {
    let samples: [String: [String]] = [
      "list": [], "show": ["a"], "add": ["--title", "a"], "edit": ["a", "--title", "b"],
      "delete": ["a"], "start": ["a"], "meetings": ["a"], "meeting show": ["a", "1"],
      "meeting delete": ["a", "1"], "stats": [], "report": ["--output", "-"], "standup": ["a"], "themes": [], "config list": [], "config get": ["bell"],
      "config set": ["bell", "on"], "config unset": ["bell"], "import": ["-"], "export": [],
      "merge-driver": ["a", "b", "c"], "completions": ["bash"], "help": [], "version": [], "sync": [],
      "doctor": ["--offline"], "migrate": ["--dry-run"],
      "status": [], "watch": ["eng", "--follow", "--compact", "--me", "Ana"], "items": [],
      "item add": ["a", "--blocker", "b"],
      "item resolve": ["a", "1"], "item reopen": ["a", "1"], "item edit": ["a", "1", "--text", "b"],
      "item delete": ["a", "1"], "hooks list": [], "hooks run": ["synced", "--sample"],
      "hooks trust": [], "hooks untrust": [], "update": ["a", "--done", "b"], "updates": ["a"],
      "away": ["--list"], "next": [], "schedule set": ["a", "weekdays", "09:30"],
      "schedule show": ["a"], "schedule clear": ["a"], "schedule skip": ["a", "2099-12-01"],
      "schedule unskip": ["a", "2099-12-01"], "schedule move": ["a", "2099-12-01", "10:00"],
      "calendar": [], "remind install": ["--before", "10m"],
      "remind status": [], "remind uninstall": [], "remind fire": ["a", "--dry-run"],
    ]
    for (path, spec) in CommandTable.visibleCommands where spec.subcommands.isEmpty {
      let name = path.joined(separator: " ")
      let sample = try #require(samples[name], "no sample arguments for '\(name)'")
      let parsed = try parse(path + sample)
      #expect(!(parsed.command == HelpCommand(topic: path)), "'\(name)' parsed as help")
    }
    #expect(
      samples.count == CommandTable.visibleCommands.filter { $0.command.subcommands.isEmpty }.count)
  }
}

@Suite("Usage errors")
struct UsageErrorTests {
  @Test func exitCodeIs64() {
    #expect(UsageError.exitCode == 64)
  }

  @Test func unknownCommandSuggestsTheNearestOne() {
    #expect(
      usageError(["lst"]) == """
        Error: unknown command 'lst'. Did you mean 'list'?
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
  }

  @Test func unknownSubcommandNamesItsGroup() {
    #expect(
      usageError(["meeting", "shwo", "eng", "1"]) == """
        Error: unknown command 'meeting shwo'. Did you mean 'meeting show'?
        Usage: syncups meeting <subcommand>
        See 'syncups meeting --help' for more information.

        """)
  }

  @Test func unknownCommandWithoutANearMiss() {
    #expect(
      usageError(["frobnicate"]) == """
        Error: unknown command 'frobnicate'
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
    // Hidden commands are never suggested.
    #expect(usageError(["__complet"])?.hasPrefix("Error: unknown command '__complet'\n") == true)
  }

  @Test func unknownOptionSuggestsTheNearestOne() {
    #expect(
      usageError(["add", "--titel", "Design"]) == """
        Error: unknown option '--titel'. Did you mean '--title'?
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
    #expect(
      usageError(["delete", "eng", "--yse"]) == """
        Error: unknown option '--yse'. Did you mean '--yes'?
        Usage: syncups delete <syncup> [--yes]
        See 'syncups delete --help' for more information.

        """)
  }

  @Test func singleDashLongOptionSuggestsTheDoubleDash() {
    #expect(
      usageError(["add", "-title", "Design"]) == """
        Error: unknown option '-title'. Did you mean '--title'?
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
  }

  @Test func anUnknownOptionIsReportedWhateverFollowsIt() {
    // 'never' is the misspelt option's value, not a command.
    #expect(
      usageError(["--colour", "never", "list"]) == """
        Error: unknown option '--colour'. Did you mean '--color'?
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
    #expect(
      usageError(["list", "--colour", "never"])?.hasPrefix(
        "Error: unknown option '--colour'. Did you mean '--color'?\n") == true)
  }

  @Test func wordsWhereARequiredOptionBelongsSuggestIt() {
    #expect(
      usageError(["add", "Foo"]) == """
        Error: unexpected argument 'Foo'. Did you mean --title 'Foo'?
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
    #expect(
      usageError(["add", "Daily", "Sync"])?.hasPrefix(
        "Error: unexpected argument 'Daily'. Did you mean --title 'Daily Sync'?\n") == true)
    #expect(
      usageError(["add", "Ops'", "--attendee", "Ana"])?.hasPrefix(
        #"Error: unexpected argument 'Ops''. Did you mean --title 'Ops'\'''?"#) == true)
    // With the option given, an extra word is only unexpected.
    #expect(
      usageError(["add", "--title", "A", "B"])?.hasPrefix("Error: unexpected argument 'B'\n")
        == true)
  }

  @Test func anEmptyPathIsAUsageError() {
    #expect(
      usageError(["--file", "", "list"]) == """
        Error: '--file' needs a file path, not an empty string
        Usage: syncups list
        See 'syncups list --help' for more information.

        """)
    #expect(
      usageError(["list", "--file="])?.hasPrefix(
        "Error: '--file' needs a file path, not an empty string\n") == true)
    #expect(
      usageError(["import", ""])?.hasPrefix(
        "Error: '<file>' needs a file path, not an empty string\n") == true)
  }

  @Test func blankTitlesAndNamesAreRefused() {
    for (arguments, option) in [
      (["add", "--title", ""], "--title"), (["add", "--title", " \t"], "--title"),
      (["add", "--title", "A", "--attendee", "Ana", "--attendee", "  "], "--attendee"),
      (["edit", "eng", "--title", ""], "--title"),
      (["edit", "eng", "--add-attendee", ""], "--add-attendee"),
    ] {
      #expect(
        usageError(arguments)?.hasPrefix("Error: '\(option)' cannot be blank\n") == true,
        "\(arguments)")
    }
    for value in ["Blob=", "Blob= "] {
      #expect(
        usageError(["edit", "eng", "--rename-attendee", value])?.hasPrefix(
          "Error: the new name in '\(value)' for '--rename-attendee' is blank (expected OLD=NEW)\n")
          == true)
    }
    // Removing by a blank name still reaches the blank attendee a sync-up may have.
    #expect(usageError(["edit", "eng", "--remove-attendee", ""]) == nil)
  }

  @Test func unknownShortOption() {
    #expect(
      usageError(["list", "-qx"]) == """
        Error: unknown option '-x'
        Usage: syncups list
        See 'syncups list --help' for more information.

        """)
  }

  @Test func commandOptionBeforeTheCommandIsUnknown() {
    #expect(
      usageError(["--yes", "delete", "eng"]) == """
        Error: unknown option '--yes'
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
  }

  @Test func missingRequiredOption() {
    #expect(
      usageError(["add", "--attendee", "Ana"]) == """
        Error: missing option '--title <title>'
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
  }

  @Test func missingArgument() {
    #expect(
      usageError(["meeting", "show", "eng"]) == """
        Error: missing argument '<meeting>'
        Usage: syncups meeting show <syncup> <meeting> [--format <format>] [--work] \
        [--repositories <path> ...]
        See 'syncups meeting show --help' for more information.

        """)
  }

  @Test func extraArgument() {
    #expect(
      usageError(["show", "eng", "extra"]) == """
        Error: unexpected argument 'extra'
        Usage: syncups show <syncup>
        See 'syncups show --help' for more information.

        """)
    #expect(
      usageError(["list", "--", "--json"]) == """
        Error: unexpected argument '--json'
        Usage: syncups list
        See 'syncups list --help' for more information.

        """)
  }

  @Test func missingValue() {
    let expected = """
      Error: missing value for option '--title'
      Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
      See 'syncups add --help' for more information.

      """
    #expect(usageError(["add", "--title"]) == expected)
    #expect(usageError(["add", "--title", "--json"]) == expected)
  }

  @Test func flagWithAValue() {
    #expect(
      usageError(["list", "--json=yes"]) == """
        Error: option '--json' does not take a value
        Usage: syncups list
        See 'syncups list --help' for more information.

        """)
  }

  @Test func invalidDuration() {
    #expect(
      usageError(["add", "--title", "x", "--duration", "5x"]) == """
        Error: invalid duration '5x' for '--duration' (use e.g. 90s, 5m, 1m30s, 1:30, 1h or plain minutes)
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
  }

  /// A plain number is seconds for `hook-timeout`, and its message says so.
  @Test func invalidHookTimeoutSuggestsPlainSeconds() {
    #expect(
      usageError(["config", "set", "hook-timeout", "abc"])?.hasPrefix(
        "Error: invalid duration 'abc' for 'hook-timeout' (use e.g. 90s, 5m, 1m30s, 1:30, 1h or "
          + "plain seconds)\n") == true)
  }

  @Test func durationOutOfRange() {
    #expect(
      usageError(["edit", "eng", "--duration", "25h"]) == """
        Error: duration '25h' for '--duration' is out of range (1s to 24h)
        Usage: syncups edit <syncup> [--title <title>] [--duration <duration>] [--theme <theme>] \
        [--add-attendee <name> ...] [--remove-attendee <name-or-id> ...] [--rename-attendee <old=new> ...] \
        [--git-author <name=author> ...] [--no-git-author <name[=author]> ...] \
        [--attendee-zone <name=zone> ...] [--facilitators <rotate|names>] [--no-facilitators]
        See 'syncups edit --help' for more information.

        """)
  }

  @Test func unknownThemeSuggestsTheNearestOne() {
    #expect(
      usageError(["add", "--title", "x", "--theme", "bubblgum"]) == """
        Error: unknown theme 'bubblgum' for '--theme'. Did you mean 'bubblegum'?
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
    #expect(
      usageError(["edit", "eng", "--theme", "Peri"])?.hasPrefix(
        "Error: unknown theme 'Peri' for '--theme'. Did you mean 'periwinkle'?\n") == true)
  }

  @Test func unknownThemeWithoutANearMissPointsToTheList() {
    #expect(
      usageError(["config", "set", "default-theme", "blue"]) == """
        Error: unknown theme 'blue' for 'default-theme' (see 'syncups themes')
        Usage: syncups config set <key> <value> ... [--syncup <syncup>]
        See 'syncups config set --help' for more information.

        """)
  }

  @Test func invalidColor() {
    #expect(
      usageError(["--color", "sometimes", "list"]) == """
        Error: invalid value 'sometimes' for '--color' (expected auto, always or never)
        Usage: syncups list
        See 'syncups list --help' for more information.

        """)
    #expect(
      usageError(["--color=alway"])
        == """
        Error: invalid value 'alway' for '--color' (expected auto, always or never). Did you mean 'always'?
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
  }

  @Test func invalidShell() {
    #expect(
      usageError(["completions", "tcsh"]) == """
        Error: invalid value 'tcsh' for '<shell>' (expected bash, zsh or fish)
        Usage: syncups completions <shell>
        See 'syncups completions --help' for more information.

        """)
    #expect(
      usageError(["completions", "fihs"]) == """
        Error: invalid value 'fihs' for '<shell>' (expected bash, zsh or fish). Did you mean 'fish'?
        Usage: syncups completions <shell>
        See 'syncups completions --help' for more information.

        """)
  }

  @Test func invalidSettingNameAndValue() {
    #expect(
      usageError(["config", "get", "colour"]) == """
        Error: invalid value 'colour' for '<key>' (expected bell, color, default-duration, default-theme, hook-timeout, order, overtime, pace, repositories, warn, workdays or me). Did you mean 'color'?
        Usage: syncups config get <key> [--syncup <syncup>]
        See 'syncups config get --help' for more information.

        """)
    #expect(
      usageError(["config", "set", "bell", "maybe"]) == """
        Error: invalid value 'maybe' for 'bell' (expected off, change (or on), cues or all)
        Usage: syncups config set <key> <value> ... [--syncup <syncup>]
        See 'syncups config set --help' for more information.

        """)
    #expect(
      usageError(["config", "set", "default-duration", "0"]) == """
        Error: duration '0' for 'default-duration' is not positive (durations run from 1s to 24h)
        Usage: syncups config set <key> <value> ... [--syncup <syncup>]
        See 'syncups config set --help' for more information.

        """)
  }

  @Test func editWithoutChanges() {
    #expect(
      usageError(["edit", "eng"]) == """
        Error: nothing to change (give --title, --duration, --theme, --add-attendee, --remove-attendee, --rename-attendee, --git-author, --no-git-author, --attendee-zone, --facilitators or --no-facilitators)
        Usage: syncups edit <syncup> [--title <title>] [--duration <duration>] [--theme <theme>] \
        [--add-attendee <name> ...] [--remove-attendee <name-or-id> ...] [--rename-attendee <old=new> ...] \
        [--git-author <name=author> ...] [--no-git-author <name[=author]> ...] \
        [--attendee-zone <name=zone> ...] [--facilitators <rotate|names>] [--no-facilitators]
        See 'syncups edit --help' for more information.

        """)
  }

  @Test func renameWithoutEqualsSign() {
    for value in ["Ben", "=Benjamin"] {
      #expect(
        usageError(["edit", "eng", "--rename-attendee", value])?.hasPrefix(
          "Error: invalid value '\(value)' for '--rename-attendee' (expected OLD=NEW)\n") == true)
    }
  }

  @Test func helpForAnUnknownCommand() {
    #expect(
      usageError(["help", "lst"]) == """
        Error: unknown command 'lst'. Did you mean 'list'?
        Usage: syncups help [<command> ...]
        See 'syncups help --help' for more information.

        """)
    #expect(
      usageError(["help", "meeting", "delet"]) == """
        Error: unknown command 'meeting delet'. Did you mean 'meeting delete'?
        Usage: syncups help [<command> ...]
        See 'syncups help --help' for more information.

        """)
  }

  @Test func completionHelperNeedsASyncUpForMeetings() {
    #expect(
      usageError(["__complete", "meetings"]) == """
        Error: missing argument '<syncup>'
        Usage: syncups __complete <kind> [<syncup>]
        See 'syncups __complete --help' for more information.

        """)
  }

  @Test func renderUsesTheGivenProgramName() {
    let error = UsageError("unexpected argument 'x'", path: ["list"])
    #expect(
      error.render(programName: "su") == """
        Error: unexpected argument 'x'
        Usage: su list
        See 'su list --help' for more information.

        """)
  }
}

@Suite("Did you mean")
struct SuggestionTests {
  @Test(
    arguments: [
      ("lsit", ["list", "show"], "list"),
      ("sho", ["list", "show"], "show"),
      ("meet", ["meetings", "meeting"], nil),
      ("tcsh", ["bash", "zsh", "fish"], nil),
      ("SEA", Theme.allCases.map(\.rawValue), "seafoam"),
      ("purpel", Theme.allCases.map(\.rawValue), "purple"),
      ("p", Theme.allCases.map(\.rawValue), nil),
      ("", ["list"], nil),
    ] as [(String, [String], String?)])
  func closest(word: String, candidates: [String], expected: String?) {
    #expect(Suggestion.closest(to: word, among: candidates) == expected)
  }

  @Test func editDistance() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("lsit", "list") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("same", "same") == 0)
  }
}

@Suite("Durations")
struct DurationParsingTests {
  @Test(arguments: [
    ("90s", 90), ("5m", 300), ("1m30s", 90), ("1h", 3600), ("1h30m", 5400), ("5", 300),
    ("1h0m15s", 3615), ("1s", 1), ("0h0m1s", 1), ("24h", 86400), ("1440", 86400),
    ("90m", 5400), ("007s", 7), ("5min", 300), ("30sec", 30), ("1m 30s", 90), ("1:30", 90),
    ("0:45", 45), ("1:30:00", 5400), ("24:00:00", 86400), ("5 m", 300), (" 5", 300),
    ("1 hour 5 mins", 3900), ("2 hours", 7200), ("1hr 30min", 5400), ("10 minutes", 600),
    ("1 second", 1), ("90 secs", 90), ("5M", 300), ("1H30M", 5400), ("2 Hours", 7200),
  ])
  func accepted(text: String, seconds: Int) throws {
    #expect(try DurationParser.seconds(text) == seconds)
  }

  @Test(arguments: [
    "", "m", "5x", "1.5m", "+5", "1s30m", "1m1m", "1m30", "h1", "1d", "\u{0665}",
    "1:5", "1:60", ":30", "1:", "1:30:00:00", "1::30", "1m:30", "5 mins 5 mins", "-", "--5",
    "1 m i n", "5min30", "1h 1hr",
  ])
  func invalid(text: String) {
    #expect(throws: DurationParser.Failure.invalid) { try DurationParser.seconds(text) }
  }

  @Test(arguments: ["24h1s", "1441", "86401s", "99999999999999999999h", "24:00:01", "1441:00"])
  func outOfRange(text: String) {
    #expect(throws: DurationParser.Failure.outOfRange) { try DurationParser.seconds(text) }
  }

  @Test(arguments: ["0", "0s", "0h0m0s", "0:00", "-5", "-1m30s", "-1:30", "-0"])
  func notPositive(text: String) {
    #expect(throws: DurationParser.Failure.notPositive) { try DurationParser.seconds(text) }
  }

  @Test(arguments: [
    ("30m", 1_800), ("12h", 43_200), ("7d", 604_800), ("1w2d", 777_600), ("2 weeks", 1_209_600),
    ("1w 2d 3h", 788_400), ("3 days", 259_200), ("1 day 2 hours", 93_600), ("90s", 90),
    ("5", 300), ("1:30", 90), ("100d", 8_640_000),
  ])
  func spansTakeDaysAndWeeksAndHaveNoDailyLimit(text: String, seconds: Int) throws {
    #expect(try DurationParser.spanSeconds(text) == seconds)
  }

  @Test func spansRefuseWhatIsNoSpan() {
    for text in ["", "d", "2d1w", "1y", "1.5d", "w2"] {
      #expect(throws: DurationParser.Failure.invalid, "\(text)") { try DurationParser.spanSeconds(text) }
    }
    #expect(throws: DurationParser.Failure.notPositive) { try DurationParser.spanSeconds("0d") }
    #expect(throws: DurationParser.Failure.notPositive) { try DurationParser.spanSeconds("-1d") }
    #expect(throws: DurationParser.Failure.outOfRange) {
      try DurationParser.spanSeconds("99999999999999999w")
    }
  }
}
