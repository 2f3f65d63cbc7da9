import SharedState
import Testing

@testable import ManPageGenerator
@testable import syncups

@Suite("Help")
struct HelpTests {
  /// The table of settings in `config --help` keeps its columns at 80 columns: each setting's
  /// line starts with its name and its description in the second column.
  @Test func configHelpListsEverySettingInTwoColumns() {
    let lines = HelpRenderer.render(path: ["config"]).split(separator: "\n")
    for key in ConfigKey.allCases {
      let start = "  " + key.rawValue + String(repeating: " ", count: 19 - key.rawValue.count)
      #expect(lines.contains { $0.hasPrefix(start) && $0.dropFirst(start.count).first != " " }, "\(key)")
    }
    #expect(lines.allSatisfy { $0.count <= 80 })
  }

  /// The command table is built whenever syncups starts, but its text and an argument's
  /// completions only when help, the man page or a completion script shows them: some of it
  /// states the defaults or names of settings, which a command that is run does not need.
  @Test func helpTextIsMadeOnlyWhenShown() {
    let made = LockIsolated<[String]>([])
    let text: @Sendable (String) -> String = { name in
      made.withValue { $0.append(name) }
      return "The \(name)."
    }
    let option = OptionSpec(long: "when", valueName: "when", help: text("option"))
    let argument = ArgumentSpec(
      name: "what", help: text("argument"), completion: .choices([text("choice")]))
    let group = CommandSpec(
      name: "group", abstract: "A group.", discussion: text("group"), subcommands: [])
    #expect(made.value == [])

    #expect(option.help == "The option.")
    #expect(argument.help == "The argument.")
    #expect(argument.completion == .choices(["The choice."]))
    #expect(group.discussion == "The group.")
    #expect(made.value == ["option", "argument", "choice", "group"])
  }

  @Test func topLevelHelp() {
    #expect(
      HelpRenderer.render(path: []) == """
        OVERVIEW: A meeting manager for daily stand-ups.

        Keep a list of sync-ups (title, attendees, length, colour theme), run a timed
        meeting that rotates through the speakers, keep notes that become the meeting's
        transcript, and browse each sync-up's meeting history. Everything is scriptable
        with --json.

        A <syncup> argument is a title (case-insensitive, exact, else a unique prefix)
        or an id (full, or a unique prefix of at least 4 hex digits). Global options may
        come before or after the command.

        USAGE: syncups [<options>] <command>

        OPTIONS:
          --file <path>           Use the data file at <path> instead of $SYNCUPS_FILE
                                  or the default location.
          --json                  Print data as JSON; the shapes are documented in
                                  syncups(1).
          --color <when>          Colour the output: auto, always or never (default: the
                                  color setting, else auto; auto is off when NO_COLOR is
                                  set, TERM is dumb or the output is not a terminal).
          -q, --quiet             Print only errors and hook warnings to stderr.
          --trace                 Print every action and the state changes it caused to
                                  stderr.
          --no-hooks              Run no hooks, as SYNCUPS_NO_HOOKS=1 does; see HOOKS in
                                  syncups(1).
          -h, --help              Show help information.
          -V, --version           Show the version; see 'syncups help version'.

        SYNC-UP COMMANDS:
          list                    List the sync-ups.
          show                    Show a sync-up: details, attendees and past meetings.
          add                     Add a sync-up at the end of the list.
          edit                    Change a sync-up.
          delete                  Delete a sync-up and its meetings.
          themes                  List the 16 colour themes with swatches.
          import                  Import sync-ups from a JSON file.
          export                  Write all sync-ups to stdout.

        MEETING COMMANDS:
          start                   Run a timed meeting that rotates through the
                                  attendees.
          status                  Show running meetings: who speaks and the time left.
          watch                   Follow a running meeting, live and read-only.
          meetings                List a sync-up's past meetings, newest first.
          meeting show            Show a meeting's date and transcript.
          meeting delete          Delete a meeting from a sync-up's history.
          stats                   Show how meetings went: lengths, attendance and
                                  speaking time.
          report                  Write a self-contained HTML report of how the stand-up
                                  went.
          standup                 Print each attendee's commits since the last meeting
                                  and their open items.

        CALENDAR COMMANDS:
          next                    Show the next meeting of a sync-up, or of every
                                  scheduled one.
          schedule set            Set when a sync-up meets.
          schedule show           Show when a sync-up meets and its next meetings.
          schedule clear          Remove a sync-up's schedule.
          schedule skip           Skip one meeting of a sync-up.
          schedule unskip         Hold a skipped meeting after all.
          schedule move           Hold one meeting of a sync-up at another time.
          calendar                Write the scheduled sync-ups as an iCalendar file, for
                                  calendar programs.
          remind install          Install a reminder before each meeting of a scheduled
                                  sync-up.
          remind status           List the reminders installed, when each next reminds,
                                  and those out of date.
          remind uninstall        Remove the reminders of a sync-up, or every reminder.
          remind fire             Remind of a sync-up's meeting now, if one is due: what
                                  a reminder's timer runs.

        FOLLOW-THROUGH COMMANDS:
          items                   List the blockers and actions a sync-up follows
                                  through.
          item add                Raise a blocker or an action outside a meeting.
          item resolve            Resolve a blocker or an action.
          item reopen             Open a resolved blocker or action again.
          item edit               Change a blocker's or an action's text or owner.
          item delete             Delete a blocker or an action.
          update                  Write an attendee's update for a day: done, next and
                                  blockers.
          updates                 Show the updates written for a day: who wrote what,
                                  and who has not yet.
          away                    Say when an attendee is away, list who is, or cancel
                                  it.

        TEAM COMMANDS:
          sync                    Share the sync-ups with a team through git.
          doctor                  Check the data file and its git repository, and say
                                  how to fix what is wrong.
          migrate                 Move the data file to format 2, which declares what it
                                  requires.
          merge-driver            Merge three versions of the data file by id (a git
                                  merge driver).

        SETTINGS COMMANDS:
          config list             List every setting and its value.
          config get              Print one setting's value.
          config set              Change a setting.
          config unset            Restore a setting's default.
          hooks list              List the hooks that would run, and the repository's
                                  untrusted ones.
          hooks run               Run an event's hooks now, to try them.
          hooks trust             Let the data repository's hooks run, as they are now.
          hooks untrust           Stop the data repository's hooks from running.

        SHELL COMMANDS:
          completions             Print a shell completion script.
          help                    Show help for a command.
          version                 Show the version.

        EXAMPLES:
          Add a sync-up with two attendees and a ten-minute meeting:
            $ syncups add --title Design --attendee Ana --attendee Ben --duration 10m

          Run its meeting:
            $ syncups start design

          Print every title with jq:
            $ syncups list --json | jq -r '.[].title'

        See 'syncups help <command>' for detailed help. A program named 'syncups-NAME'
        on PATH adds the command NAME (see EXTENSIONS in syncups(1)).

        """)
  }

  @Test func commandHelp() {
    #expect(
      HelpRenderer.render(path: ["add"]) == """
        OVERVIEW: Add a sync-up at the end of the list.

        The title and attendee names may not be blank. Without --attendee, the sync-up
        gets one blank attendee, as in the SyncUps app. Attendees who share a name (in
        any case) are warned about, with their ids, which tell them apart. --git-author
        names one of the attendees given (see edit). With --json, prints the new sync-up
        object.

        USAGE: syncups add --title <title> [--attendee <name> ...]
                           [--duration <duration>] [--theme <theme>]
                           [--git-author <name=author> ...]

        OPTIONS:
          --title <title>         The sync-up's title.
          --attendee <name>       Add an attendee; repeat for more.
          --duration <duration>   The meeting's length: 90s, 5m, 1m30s, 1m 30s, 5min,
                                  1:30, 1h or plain minutes (a warning when over 60),
                                  from 1s to 24h, and at least 1s per attendee (default:
                                  the default-duration setting, else 5m).
          --theme <theme>         The colour theme (default: the default-theme setting,
                                  else bubblegum).
          --git-author <name=author>
                                  Give an attendee a git identity their commits are
                                  found by (split at the first '='): an e-mail address
                                  or a name, as git log --author matches it; repeatable,
                                  several per attendee. Without one, only commits whose
                                  author has the attendee's whole name are theirs, and
                                  their card says (by name).
          -h, --help              Show help information.

        GLOBAL OPTIONS:
          --file <path>           Use the data file at <path> instead of $SYNCUPS_FILE
                                  or the default location.
          --json                  Print data as JSON; the shapes are documented in
                                  syncups(1).
          --color <when>          Colour the output: auto, always or never (default: the
                                  color setting, else auto; auto is off when NO_COLOR is
                                  set, TERM is dumb or the output is not a terminal).
          -q, --quiet             Print only errors and hook warnings to stderr.
          --trace                 Print every action and the state changes it caused to
                                  stderr.
          --no-hooks              Run no hooks, as SYNCUPS_NO_HOOKS=1 does; see HOOKS in
                                  syncups(1).
          -V, --version           Show the version; see 'syncups help version'.

        EXAMPLES:
          Add a fifteen-minute sync-up with a teal theme:
            $ syncups add --title Design --attendee Ana --duration 15m --theme teal

        """)
  }

  @Test func groupHelpListsItsSubcommands() {
    #expect(
      HelpRenderer.render(path: ["meeting"]) == """
        OVERVIEW: Show or delete one past meeting.

        USAGE: syncups meeting <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        GLOBAL OPTIONS:
          --file <path>           Use the data file at <path> instead of $SYNCUPS_FILE
                                  or the default location.
          --json                  Print data as JSON; the shapes are documented in
                                  syncups(1).
          --color <when>          Colour the output: auto, always or never (default: the
                                  color setting, else auto; auto is off when NO_COLOR is
                                  set, TERM is dumb or the output is not a terminal).
          -q, --quiet             Print only errors and hook warnings to stderr.
          --trace                 Print every action and the state changes it caused to
                                  stderr.
          --no-hooks              Run no hooks, as SYNCUPS_NO_HOOKS=1 does; see HOOKS in
                                  syncups(1).
          -V, --version           Show the version; see 'syncups help version'.

        SUBCOMMANDS:
          show                    Show a meeting's date and transcript.
          delete                  Delete a meeting from a sync-up's history.

        """)
  }

  @Test func narrowHelpMovesTheDescriptionColumn() {
    #expect(
      HelpRenderer.render(path: ["delete"], width: 40) == """
        OVERVIEW: Delete a sync-up and its
        meetings.

        On a terminal, asks first, naming the
        sync-up and what goes with it (its
        meetings, open and resolved items,
        written updates and time away); only y
        or yes deletes. Otherwise --yes is
        required. Says what was deleted; with
        --json, prints it.

        USAGE: syncups delete <syncup> [--yes]

        ARGUMENTS:
          <syncup>      A sync-up title or id,
                        or a unique prefix of
                        either.

        OPTIONS:
          -y, --yes     Delete without asking.
          -h, --help    Show help information.

        GLOBAL OPTIONS:
          --file <path>
                        Use the data file at
                        <path> instead of
                        $SYNCUPS_FILE or the
                        default location.
          --json        Print data as JSON; the
                        shapes are documented in
                        syncups(1).
          --color <when>
                        Colour the output: auto,
                        always or never
                        (default: the color
                        setting, else auto; auto
                        is off when NO_COLOR is
                        set, TERM is dumb or the
                        output is not a
                        terminal).
          -q, --quiet   Print only errors and
                        hook warnings to stderr.
          --trace       Print every action and
                        the state changes it
                        caused to stderr.
          --no-hooks    Run no hooks, as
                        SYNCUPS_NO_HOOKS=1 does;
                        see HOOKS in syncups(1).
          -V, --version
                        Show the version; see
                        'syncups help version'.

        """)
  }

  @Test func widthsBelowTheMinimumAreTreatedAsTheMinimum() {
    #expect(
      HelpRenderer.render(path: ["edit"], width: 10)
        == HelpRenderer.render(path: ["edit"], width: 40))
  }

  @Test(arguments: [40, 60, 80, 100, 132])
  func everyLineFitsTheWidth(width: Int) {
    for path in [[]] + CommandTable.visibleCommands.map(\.path) {
      let text = HelpRenderer.render(path: path, width: width)
      for line in text.split(separator: "\n") where !line.hasPrefix("    $ ") {
        #expect(line.count <= width, "\(path) at \(width): \(line)")
      }
    }
  }

  @Test func exampleCommandsFitEightyColumns() {
    for path in [[]] + CommandTable.visibleCommands.map(\.path) {
      for line in HelpRenderer.render(path: path).split(separator: "\n") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
    }
  }

  @Test func unknownPathRendersTopLevelHelp() {
    #expect(HelpRenderer.render(path: ["nope"]) == HelpRenderer.render(path: []))
  }

  @Test func parsedHelpRendersTheSameText() throws {
    let path = try #require(parse(["meeting", "show", "--help"]).command as? HelpCommand).topic
    let other = try #require(parse(["help", "meeting", "show"]).command as? HelpCommand).topic
    #expect(HelpRenderer.render(path: path) == HelpRenderer.render(path: other))
    #expect(
      HelpRenderer.render(path: path).hasPrefix("OVERVIEW: Show a meeting's date and transcript.\n")
    )
  }
}

@Suite("Text wrapping")
struct TextWrapperTests {
  @Test func greedyFill() {
    #expect(TextWrapper.wrap("one two three", width: 8) == ["one two", "three"])
  }

  @Test func linesThatFitKeepTheirSpacing() {
    #expect(TextWrapper.wrap("  n   next\nlast", width: 20) == ["  n   next", "last"])
  }

  @Test func indentedLinesContinueAtTheirIndent() {
    #expect(TextWrapper.wrap("  aaa bbb ccc", width: 9) == ["  aaa bbb", "  ccc"])
    #expect(
      TextWrapper.wrap("  aaa bbb ccc", width: 9, hangingIndent: 2) == ["  aaa bbb", "    ccc"])
  }

  /// A row of an indented table (a term, two spaces or more, its description) too long for
  /// the width wraps its description in the description's column, the gap kept.
  @Test func aTableRowTooLongWrapsInItsColumn() {
    #expect(
      TextWrapper.wrap("  a    one two three\n  bb   four", width: 16) == [
        "  a    one two", "       three", "  bb   four",
      ])
    // Too little room beside the term: the description goes under it, further in.
    #expect(
      TextWrapper.wrap("  a-long-term   one two three", width: 22) == [
        "  a-long-term", "      one two three",
      ])
    // A row wrapped by hand wraps again as a whole.
    #expect(
      TextWrapper.wrap("  a    one two\n       three four\nfive", width: 30) == [
        "  a    one two three four", "five",
      ])
    #expect(
      TextWrapper.wrap("  a    one two\n       three four", width: 16) == [
        "  a    one two", "       three", "       four",
      ])
    // Prose is not a table.
    #expect(TextWrapper.wrap("one  two three", width: 9) == ["one two", "three"])
  }

  /// The keys of `help start` and the settings of `config --help` keep their columns when a
  /// row wraps.
  @Test func helpTablesKeepTheirColumns() throws {
    let start = HelpRenderer.render(path: ["start"], width: 80)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let keys = try #require(start.firstIndex { $0.hasPrefix("  n, right arrow") })
    #expect(
      Array(start[keys..<(keys + 17)]) == [
        "  n, right arrow   next speaker",
        "  s                skip: the speaker speaks last, the next one starts",
        "  a                the speaker is absent: recorded so, the next one starts",
        "  j                an absent attendee arrived: they speak last (with several",
        "                   absent, type the name)",
        "  space            pause or resume",
        "  m                mute: no sound for the rest of the meeting",
        "  t                type a note (Enter adds it to the transcript, Esc cancels)",
        "  b, o             type a blocker or an action item for the speaker (@name",
        "                   first: theirs), typed like a note",
        "  r                resolve one of the speaker's open items: its number, then an",
        "                   optional resolution",
        "  e, q, Esc        end: save, discard or resume",
        "  Ctrl-C           the same prompt; a second Ctrl-C discards",
        "",
        "A note belongs to the speaker whose turn it was when you started typing it,",
        "though the turn changes before Enter. A note being typed when the meeting ends,",
      ])
    let config = HelpRenderer.render(path: ["config"], width: 80)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let workdays = try #require(config.firstIndex { $0.hasPrefix("  workdays") })
    #expect(
      Array(config[workdays..<(workdays + 3)]) == [
        "  workdays           the days an item's age counts: mon-fri, sun-thu,",
        "                     mon,tue,thu (default: mon-fri)",
        "  me                 which attendee you are, by name, for update without --as",
      ])
  }

  @Test func longWordsAreNotBroken() {
    #expect(TextWrapper.wrap("a verylongword b", width: 5) == ["a", "verylongword", "b"])
  }

  @Test func columnPutsALongLabelOnItsOwnLine() {
    #expect(
      TextWrapper.column("  --json", "Print JSON.", indent: 12, width: 40) == [
        "  --json    Print JSON."
      ])
    #expect(
      TextWrapper.column("  --a-long-label", "Text here.", indent: 12, width: 40)
        == ["  --a-long-label", "            Text here."])
  }
}

@Suite("Man page")
struct ManPageTests {
  @Test(
    .enabled(
      if: ExternalProgram.path("mandoc") != nil, "mandoc is not installed: skipping the lint"))
  func lintIsClean() throws {
    let result = try ExternalProgram.run("mandoc", ["-T", "lint", "-W", "style"], input: manPage())
    // A stale system mandoc.db is reported on some machines; it says nothing about the page.
    let messages = result.standardError.split(separator: "\n").filter { !$0.contains("mandoc.db") }
    #expect(messages == [])
    #expect(result.standardOutput == "")
    #expect(result.status == 0)
  }

  @Test func sectionsInOrder() {
    let sections = manPage().split(separator: "\n").filter { $0.hasPrefix(".Sh ") }
    #expect(
      sections == [
        ".Sh NAME", ".Sh SYNOPSIS", ".Sh DESCRIPTION", ".Sh COMMANDS", ".Sh OPTIONS",
        ".Sh SETTINGS", ".Sh JSON OUTPUT", ".Sh DATES AND TIMES", ".Sh TEAMS", ".Sh HOOKS", ".Sh EXTENSIONS", ".Sh ENVIRONMENT", ".Sh FILES", ".Sh EXIT STATUS", ".Sh EXAMPLES",
        ".Sh SEE ALSO",
      ])
  }

  /// SETTINGS has an entry for every setting, in the order config list prints them, saying
  /// its default as config get prints it.
  @Test func settingsListsEverySettingWithItsDefault() throws {
    let lines = manPage().split(separator: "\n")
    let start = try #require(lines.firstIndex(of: ".Sh SETTINGS"))
    let end = try #require(lines.firstIndex(of: ".Sh JSON OUTPUT"))
    let entries = lines[start..<end].joined(separator: " ").split(separator: ".It Li ").dropFirst()
    let defaults = entries.map { entry in
      let name = entry.prefix { $0 != " " }
      let value = entry.split(separator: "(default: ", maxSplits: 1).last?.prefix { $0 != ")" }
      return "\(name) \(value ?? "")"
    }
    #expect(
      defaults == [
        "bell change", "color auto", "default-duration 5m", "default-theme bubblegum",
        "hook-timeout 10s", "order listed", "overtime off", "pace fixed", "repositories none",
        "warn none", "workdays mon-fri", "me unset",
      ])
  }

  @Test func headerAndName() {
    let lines = manPage().split(separator: "\n").prefix(6)
    #expect(
      Array(lines) == [
        ".Dd November 23, 2026", ".Dt SYNCUPS 1", ".Os", ".Sh NAME", ".Nm syncups",
        ".Nd \"a meeting manager for daily stand-ups\"",
      ])
  }

  @Test func documentsTheReferenceSections() {
    let page = manPage()
    for status in ["0", "1", "64", "65", "75", "129", "130", "143"] {
      #expect(page.contains("\n.It Li \(status)\n"), "exit status \(status)")
    }
    for variable in [
      "SYNCUPS", "SYNCUPS_FILE", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM",
      "SYNCUPS_CLOCK",
    ] {
      #expect(page.contains("\n.It Ev \(variable)\n"), "environment variable \(variable)")
    }
    for event in ["started", "speaker", "note", "\"paused, resumed\"", "ended"] {
      #expect(page.contains("\n.It Li \(event)\n"), "meeting event \(event)")
    }
    for key in [
      "id", "title", "theme", "duration", "durationPerAttendee", "attendees", "meetings", "date",
      "transcript", "name", "displayName", "hex", "textColor", "bell", "color",
      "default-duration", "default-theme", "version",
    ] {
      #expect(page.contains("\n.It Li \(key)\n"), "JSON key \(key)")
    }
    #expect(page.contains("\n.It Pa .sync-ups.json.lock\n"))
    #expect(page.contains("jq -r '.[].title'"))
    #expect(page.hasSuffix(".Sh SEE ALSO\n.Xr jq 1\n"))
  }

  @Test func optionsUseFlagMacros() {
    let page = manPage()
    #expect(page.contains("\n.It Fl q , Fl \\-quiet\n"))
    #expect(page.contains("\n.It Fl \\-file Ar path\n"))
    #expect(page.contains("\n.Op Fl \\-attendee Ar name ...\n"))
  }

  @Test func textLinesAreEscaped() {
    #expect(Mdoc.text(".lock files") == "\\&.lock files")
    #expect(Mdoc.text("a\\b") == "a\\eb")
    #expect(Mdoc.text("One. Two? three. e.g. Four") == "One.\nTwo? three. e.g. Four")
    #expect(Mdoc.argument("a b") == "\"a b\"")
  }
}
