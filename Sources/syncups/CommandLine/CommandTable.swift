import SyncUpsCore

/// The one description of the `syncups` command line. The parser, help, usage errors, the
/// man page and the completion scripts are all generated from it, so they cannot drift apart.
///
/// ```swift
/// let add = CommandTable.root.subcommand(named: "add")!
/// print(add.abstract)  // "Add a sync-up at the end of the list."
/// ```
///
/// Each command's entry binds its options and arguments to the fields of the command type it
/// runs, so adding an option is one entry here plus its handling in that command.
package enum CommandTable {
  /// The program's name as shown in usage lines and scripts.
  package static let programName = "syncups"

  /// The version printed by `--version`.
  package static let version = "0.1.0"

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
    subcommands: [
      list, show, add, edit, delete, start, status, meetings, meeting, stats, themes, config,
      importCommand, export, mergeDriver, sync, completions, help, versionCommand, complete,
    ],
    examples: [
      ExampleSpec(
        "Add a sync-up with two attendees and a ten-minute meeting:",
        "syncups add --title Design --attendee Ana --attendee Ben --duration 10m"),
      ExampleSpec("Run its meeting:", "syncups start design"),
      ExampleSpec("Print every title with jq:", "syncups list --json | jq -r '.[].title'"),
    ]
  )

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
          + "auto; auto is off when NO_COLOR is set, TERM is dumb or the output is not a "
          + "terminal).",
        completion: .choices(ColorSetting.allCases.map(\.rawValue))),
      \.color, parse: ValueParser.choice),
    .flag(
      OptionSpec(
        long: "quiet", short: "q", help: "Print no messages to stderr other than errors."),
      \.quiet),
    .flag(
      OptionSpec(
        long: "trace", help: "Print every action and the state changes it caused to stderr."),
      \.trace),
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

  // MARK: - Commands

  static let list = CommandSpec(
    name: "list",
    abstract: "List the sync-ups.",
    discussion: """
      Prints each sync-up's short id (the first 8 hex digits of its id, which any <syncup> \
      argument takes), title, number of attendees, length, theme and number of meetings, in \
      list order. With --json, prints an array of sync-up objects.
      """,
    runs: ListCommand.self,
    examples: [ExampleSpec("Print the titles:", "syncups list --json | jq -r '.[].title'")]
  )

  static let show = CommandSpec(
    name: "show",
    abstract: "Show a sync-up: details, attendees and past meetings.",
    discussion: """
      Shows the sync-up's short id with its details. Meetings are listed newest first, with \
      the position and id that 'meeting show' and 'meeting delete' take. With --json, prints \
      the sync-up object.
      """,
    runs: ShowCommand.self,
    bindings: [.argument(syncUpArgument, \.syncUp)],
    examples: [ExampleSpec("Show the sync-up titled Engineering:", "syncups show eng")]
  )

  static let add = CommandSpec(
    name: "add",
    abstract: "Add a sync-up at the end of the list.",
    discussion: """
      The title and attendee names may not be blank. Without --attendee, the sync-up gets \
      one blank attendee, as in the SyncUps app. Attendees who share a name (in any case) \
      are warned about, with their ids, which tell them apart. With --json, prints the new \
      sync-up object.
      """,
    runs: AddCommand.self,
    bindings: [
      .option(
        OptionSpec(
          long: "title", valueName: "title", help: "The sync-up's title.", isRequired: true),
        \.title, parse: ValueParser.notBlank),
      .repeating(
        OptionSpec(long: "attendee", valueName: "name", help: "Add an attendee; repeat for more."),
        \.attendees, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The meeting's length: \(durationHelp), and at least 1s per attendee (default: "
            + "the default-duration setting, else 5m)."),
        \.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme",
          help: "The colour theme (default: the default-theme setting, else bubblegum).",
          completion: .theme),
        \.theme, parse: ValueParser.themeName),
    ],
    examples: [
      ExampleSpec(
        "Add a fifteen-minute sync-up with a teal theme:",
        "syncups add --title Design --attendee Ana --duration 15m --theme teal")
    ]
  )

  static let edit = CommandSpec(
    name: "edit",
    abstract: "Change a sync-up.",
    discussion: """
      Attendee changes are applied in the order given. The title and new names may not be \
      blank. Removing the last attendee leaves one blank attendee. A new length or a change of \
      attendees must give each attendee at least a second; other changes are made even to a \
      sync-up stored shorter. A name an attendee shares with another (in any case) is warned \
      about, with their ids, which tell them apart. With --json, prints the changed sync-up \
      object.
      """,
    runs: EditCommand.self,
    bindings: [
      .argument(syncUpArgument, \.syncUp),
      .option(
        OptionSpec(long: "title", valueName: "title", help: "The new title."),
        \.edits.title, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The new length: \(durationHelp), and at least 1s per attendee once the "
            + "attendee changes are made."),
        \.edits.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme", help: "The new colour theme.", completion: .theme),
        \.edits.theme, parse: ValueParser.themeName),
      .repeating(
        OptionSpec(long: "add-attendee", valueName: "name", help: "Add an attendee; repeatable."),
        \.edits.attendeeChanges, parse: ValueParser.addedAttendee),
      .repeating(
        OptionSpec(
          long: "remove-attendee", valueName: "name-or-id",
          help: "Remove the attendee with this name or id; repeatable.", completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.removedAttendee),
      .repeating(
        OptionSpec(
          long: "rename-attendee", valueName: "old=new",
          help: "Rename an attendee (split at the first '='); repeatable.",
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.renamedAttendee),
    ],
    examples: [
      ExampleSpec(
        "Rename an attendee and lengthen the meeting:",
        "syncups edit eng --rename-attendee Blob=Blobby --duration 12m")
    ]
  )

  static let delete = CommandSpec(
    name: "delete",
    abstract: "Delete a sync-up and its meetings.",
    discussion: """
      On a terminal, asks first, naming the sync-up and how many meetings go with it; \
      only y or yes deletes. Otherwise --yes is required. With --json, prints what was \
      deleted.
      """,
    runs: DeleteCommand.self,
    bindings: [.argument(syncUpArgument, \.syncUp), .flag(yesOption, \.yes)]
  )

  static let start = CommandSpec(
    name: "start",
    abstract: "Run a timed meeting that rotates through the attendees.",
    discussion: """
      Each attendee present gets an equal share of the meeting; when time is up the meeting \
      is saved to the sync-up's history with its record: when it started, how long it really \
      took (pauses left out) against the planned length, who was there in the order they were \
      called, and each turn's seconds against its slot. The screen shows real time elapsed, \
      what is left of the slots, who is next and the notes taken. A sync-up shorter than one \
      second for each attendee present (stored by hand or imported) is refused with status \
      65; lengthen it with 'syncups edit <syncup> --duration', or mark someone --absent. On a \
      terminal the keys are:
        n, right arrow   next speaker
        a                the speaker is absent: recorded so, the next one starts
        space            pause or resume
        t                type a note (Enter adds it to the transcript, Esc cancels)
        e, q, Esc        end: save, discard or resume
        Ctrl-C           the same prompt; a second Ctrl-C discards

      A note belongs to the speaker whose turn it was when you started typing it, though the \
      turn changes before Enter. A note being typed when the meeting ends, however it ends, \
      is saved with it (printed on stderr with the other notes when the meeting is \
      discarded); keys typed after the end are dropped, never passed to the shell.

      When someone is absent, those after them share what is left of the meeting; when the \
      last speaker is absent, the meeting is saved. With overtime allowed, a speaker whose \
      slot runs out goes on: the screen shows +0:12 over, the bell rings once, and the turn \
      ends on next; the meeting ends on next from the last speaker or on e. Each speaker \
      gets a whole slot, counted from the instant their turn started.

      A meeting ends early when you end it (e, a signal, save from a script) while the \
      speaker still has time in their slot or someone present has not spoken yet; the \
      prompt then says so, and the record stores endedEarly. Time running out, next on the \
      last speaker and any end in overtime are not early.

      Times are measured to the instant and shown, reported and saved in whole seconds \
      rounded to the nearest (a half second up), so the screen, status, the events, the \
      closing message and the record agree; the time left is the slot (or the planned \
      length) less the time elapsed so rounded, so the two add up.

      When TERM is dumb the screen is not redrawn: the meeting is written line by line, as \
      for a script, and the keys still work.

      When stdin or stdout is not a terminal, stdin lines are commands (next, absent, pause, \
      resume, note TEXT, save, discard) and stdout gets one line per event, or JSON Lines \
      events with --json. next on the last speaker ends the meeting and saves it: a terminal \
      asks first, offering only Save and end or Resume, and a script has no one to answer. \
      Once stdin ends, a speaker in overtime is moved on, as nobody can say next. A line that \
      is not a command is reported on stderr and ignored; nothing after the meeting ended \
      (save, discard, next on the last speaker, time up) is read. A meeting discarded with \
      notes prints them on stderr.

      A meeting that ends while another process holds the data file's lock (a sync on a slow \
      network) says so on stderr at once and waits for it, up to ten minutes, then saves onto \
      what that process wrote; its events are written as they happen meanwhile. When the \
      sync-up was deleted during the meeting (by another command, or a teammate's delete \
      merged by sync), the meeting brings it back: a change wins over a delete. stderr says \
      so, and the ended event has restored: true.
      """,
    runs: StartCommand.self,
    bindings: [
      .argument(syncUpArgument, \.syncUp),
      .repeating(
        OptionSpec(
          long: "absent", valueName: "name-or-id",
          help: "Leave out the attendee with this name or id: the others share the meeting; "
            + "repeatable.",
          completion: .attendee),
        \.options.absent, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "order", valueName: "order",
          help: "Call the attendees listed, shuffled (a new order each meeting) or rotated "
            + "(starting one place further along than the previous meeting) (default: the "
            + "order setting, else listed).",
          completion: .choices(SpeakingOrder.allCases.map(\.rawValue))),
        \.options.order, parse: ValueParser.choice),
      .flag(
        OptionSpec(
          long: "overtime",
          help: "Let speakers run past their slot: the overtime shows and the bell rings once; "
            + "the turn ends on next (default: the overtime setting, else off)."),
        \.options.overtime, value: true),
      .flag(
        OptionSpec(long: "no-overtime", help: "Move on when a slot runs out, as by default."),
        \.options.overtime, value: false),
    ],
    examples: [
      ExampleSpec(
        "Run a meeting from a script and save it at once:",
        "printf 'note Shipped it\\nsave\\n' | syncups start eng"),
      ExampleSpec(
        "Start with Blob away, the attendees in a new order:",
        "syncups start eng --absent Blob --order shuffled"),
    ]
  )

  static let status = CommandSpec(
    name: "status",
    abstract: "Show running meetings: who speaks and the time left.",
    discussion: """
      Prints a line for each meeting running now, from any shell of the same user: \
      'Eng: Blob Jr speaking, 0:45 left (meeting 4:10 left)', with '+0:12 over' while the \
      speaker runs past their slot and ', paused' or ', ending' (the end prompt is open) \
      when so. Times are m:ss, as on the meeting screen; the time left is what is left of \
      the slots. With --json, prints an array of status objects, one per meeting (see JSON \
      OUTPUT in syncups(1)); with --format, the template for each meeting instead.

      When no meeting is running, prints nothing on stdout (but an empty array, [], with \
      --json), says so on stderr (unless -q) and exits 1. It never reads the data file: meetings publish their state in a private \
      directory, $XDG_RUNTIME_DIR/syncups, else syncups/run in the data directory (see \
      FILES in syncups(1)), whatever data file each uses. A meeting rewrites its state when \
      the speaker changes, on a pause or the end prompt, and when overtime starts, and \
      removes it when it ends; status works the times of now out from it. A state left by \
      a meeting that was killed is recognised (its process is gone) and removed. A status directory not private to the user is \
      refused (status 1).
      """,
    runs: StatusCommand.self,
    bindings: [
      .option(
        OptionSpec(
          long: "format", valueName: "template",
          help: "Print each meeting as <template>, placeholders in braces: "
            + StatusTemplate.Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
            + "; {{ and }} are literal braces. {turnLeft} is +m:ss when over; {state} is "
            + "ending, paused, over or empty; {next} is the next speaker."),
        \.format, parse: ValueParser.statusTemplate)
    ],
    examples: [
      ExampleSpec("What the meeting in another window is at:", "syncups status"),
      ExampleSpec(
        "Show the speaker and their time left in tmux's status bar:",
        "set -g status-right '#(syncups status -q --format \"{speaker} {turnLeft}\")'"),
      ExampleSpec("The seconds the speaker has left, for a script:", "syncups status --json | jq '.[0].turnLeft'"),
    ]
  )

  static let meetings = CommandSpec(
    name: "meetings",
    abstract: "List a sync-up's past meetings, newest first.",
    discussion: """
      Each line holds the meeting's position (1 is the newest), its date, its short id and \
      the first line of its notes. 'meeting show' and 'meeting delete' take the position or \
      the id; the id stays the same when other meetings are deleted. With --json, prints an \
      array of meeting objects.
      """,
    runs: MeetingsCommand.self,
    bindings: [.argument(syncUpArgument, \.syncUp)]
  )

  static let meeting = CommandSpec(
    name: "meeting",
    abstract: "Show or delete one past meeting.",
    subcommands: [
      CommandSpec(
        name: "show",
        abstract: "Show a meeting's date and transcript.",
        discussion: """
          With --format markdown, prints a Markdown page to paste into chat or a wiki: the \
          title and date as a heading, the attendees (absent ones struck through; Not recorded \
          for a meeting saved without its record, as the text says), a section per speaker \
          with their notes (transcript lines 'Name: text'; those of a name two speakers share \
          under the first of them) and, for a meeting recorded with \
          its timings, the time they spoke against their slot, then the total against the \
          planned length. Markdown characters in titles, names and notes are \
          escaped, so they show as typed.
          """,
        runs: MeetingShowCommand.self,
        bindings: [
          .argument(syncUpArgument, \.syncUp), .argument(meetingArgument, \.meeting),
          .option(
            OptionSpec(
              long: "format", valueName: "format",
              help: "What to print: \(Prose.alternatives(MeetingFormat.allCases.map(\.rawValue))) "
                + "(default: text).",
              completion: .choices(MeetingFormat.allCases.map(\.rawValue))),
            \.format, parse: ValueParser.choice),
        ],
        examples: [
          ExampleSpec("Show the newest meeting:", "syncups meeting show eng 1"),
          ExampleSpec(
            "Copy the newest meeting as Markdown (Wayland):",
            "syncups meeting show eng 1 --format markdown | wl-copy"),
        ]
      ),
      CommandSpec(
        name: "delete",
        abstract: "Delete a meeting from a sync-up's history.",
        discussion: """
          On a terminal, asks first, naming the meeting's date and the first line of its \
          notes; only y or yes deletes. Otherwise --yes is required: positions change as \
          meetings are deleted, so a script is safer naming the meeting by id. With --json, \
          prints what was deleted.
          """,
        runs: MeetingDeleteCommand.self,
        bindings: [
          .argument(syncUpArgument, \.syncUp), .argument(meetingArgument, \.meeting),
          .flag(yesOption, \.yes),
        ],
        examples: [
          ExampleSpec(
            "Delete a meeting by the id 'syncups meetings' shows:",
            "syncups meeting delete eng 1A2B3C4D --yes")
        ]
      ),
    ]
  )

  static let stats = CommandSpec(
    name: "stats",
    abstract: "Show how meetings went: lengths, attendance and speaking time.",
    discussion: """
      For each sync-up, or the one named: how many meetings were held and how many have \
      timings; the median, mean and longest length against the planned length; how many \
      ran over their planned length and how many ended early; a line of the recent lengths \
      (oldest first, the shortest as the lowest bar); then per attendee the meetings \
      attended and missed, the median and total time spoken and the turns that ran past \
      their slot; attendees who share a name are followed by their short ids, as in show.

      Only meetings recorded with their timings enter these figures; meetings saved before \
      meetings were timed, or imported from the SyncUps app, count as held and the output \
      says how many were left out. A meeting's planned length is the sync-up's length when \
      it was held (as recorded), else its length now; the planned figure shown is the \
      median of those. A median of an even number of values is the mean of the two middle \
      ones; medians and means are whole seconds, halves rounded up.

      The line of recent lengths is drawn with the eight Unicode block characters from \
      U+2581 to U+2588 when output is coloured, and with .:-=+*#@ otherwise. With --json, \
      prints a stats object, or an array of them without <syncup> (see JSON OUTPUT in \
      syncups(1)).
      """,
    runs: StatsCommand.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "syncup",
          help: "A sync-up title or id, or a unique prefix of either; every sync-up when left "
            + "out.",
          completion: .syncUp, isOptional: true),
        \.syncUp, parse: { text, _, _ in text }),
      .option(
        OptionSpec(
          long: "last", valueName: "n", help: "Only the n newest meetings (n is 1 or more)."),
        \.last, parse: ValueParser.meetingCount),
      .option(
        OptionSpec(
          long: "since", valueName: "date",
          help: "Only meetings held since <date>: a day (YYYY-MM-DD, from local midnight), a "
            + "local time (2026-11-24T10:00, or with Z or an offset such as +01:00), today, "
            + "yesterday, or a time before now as a duration with days and weeks too (30m, 12h, "
            + "7d, 1w2d) or git's '2 weeks ago' and '3 months ago'. Not with --last."),
        \.since, parse: ValueParser.since),
    ],
    examples: [
      ExampleSpec("The last ten meetings of a sync-up:", "syncups stats eng --last 10"),
      ExampleSpec(
        "Each sync-up's median meeting length, in seconds, over the last four weeks:",
        "syncups stats --since 4w --json | jq '.[].duration.median'"),
    ]
  )

  static let themes = CommandSpec(
    name: "themes",
    abstract: "List the 16 colour themes with swatches.",
    runs: ThemesCommand.self
  )

  static let config = CommandSpec(
    name: "config",
    abstract: "Read and change settings.",
    discussion: """
      Settings:
        bell               on or off: ring on each speaker change (default: on)
        color              auto, always or never (default: auto)
        default-duration   the length of new sync-ups (default: 5m)
        default-theme      the theme of new sync-ups (default: bubblegum)
        order              listed, shuffled or rotated: the order meetings call the
                           attendees in (default: listed)
        overtime           on or off: let speakers run past their slot (default: off)
      """,
    subcommands: [
      CommandSpec(
        name: "list", abstract: "List every setting and its value.", runs: ConfigListCommand.self
      ),
      CommandSpec(
        name: "get", abstract: "Print one setting's value.", runs: ConfigGetCommand.self,
        bindings: [.argument(configKeyArgument, \.key, parse: ValueParser.choice)]),
      CommandSpec(
        name: "set",
        abstract: "Change a setting.",
        runs: ConfigSetCommand.self,
        bindings: [
          .arguments(
            [
              configKeyArgument,
              ArgumentSpec(
                name: "value",
                help: "on or off for bell and overtime; auto, always or never for color; a "
                  + "duration for default-duration (e.g. 10m; a plain number is minutes, but "
                  + "seconds with --json, as config get --json prints it); a theme for "
                  + "default-theme; listed, shuffled or rotated for order. Any case will do.",
                completion: .settingValue),
            ],
            \.setting, parse: ValueParser.setting)
        ],
        examples: [
          ExampleSpec(
            "Make new sync-ups ten minutes long:", "syncups config set default-duration 10m"),
          ExampleSpec(
            "A minute and a half, in seconds as config get --json prints it:",
            "syncups config set --json default-duration 90"),
        ]
      ),
      CommandSpec(
        name: "unset", abstract: "Restore a setting's default.", runs: ConfigUnsetCommand.self,
        bindings: [.argument(configKeyArgument, \.key, parse: ValueParser.choice)]),
    ]
  )

  static let importCommand = CommandSpec(
    name: "import",
    abstract: "Import sync-ups from a JSON file.",
    discussion: """
      Reads the format written by 'syncups export' or the SyncUps app's own sync-ups.json. \
      A sync-up with an id already here is skipped, unless --merge is given. An imported \
      sync-up without attendees gets one blank attendee, as in the app. Attendees of one \
      sync-up who share a name are warned about.

      With --merge, each sync-up with an id already here is merged with it by id, as sync \
      merges a teammate's changes, but from no common version: whatever either holds is \
      kept, so a backup brings back the sync-ups, meetings and attendees deleted since it \
      was made, and where both hold the same thing differently (a title, a name, a length), \
      the version here is kept. It names each sync-up it added and what it added to each \
      sync-up here; a file keeps no history, so whatever is not here now is said to be added, \
      whether it was deleted since or never here.
      """,
    runs: ImportCommand.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "file", help: "The file to read, or '-' for standard input.", completion: .file),
        \.source, parse: ValueParser.importSource),
      .flag(
        OptionSpec(
          long: "merge",
          help: "Merge sync-ups already here with the file's by id, bringing back what was "
            + "deleted since."),
        \.merge),
    ],
    examples: [
      ExampleSpec(
        "Copy all data to another file:", "syncups export | syncups --file copy.json import -"),
      ExampleSpec(
        "Bring back what was deleted since a backup:", "syncups import --merge backup.json"),
    ]
  )

  static let export = CommandSpec(
    name: "export",
    abstract: "Write all sync-ups to stdout.",
    discussion: """
      With --format json (the default), writes the data file's format, which 'syncups \
      import' reads back. With --format app, writes the SyncUps app's own sync-ups.json \
      (durations as [high, low] attoseconds, dates in seconds since 2001), which the app and \
      'syncups import' read. With --format markdown, writes every sync-up and its meetings, \
      newest first, as 'meeting show --format markdown' prints them.
      """,
    runs: ExportCommand.self,
    bindings: [
      .option(
        OptionSpec(
          long: "format", valueName: "format",
          help: "What to write: \(Prose.alternatives(ExportFormat.allCases.map(\.rawValue))) "
            + "(default: json).",
          completion: .choices(ExportFormat.allCases.map(\.rawValue))),
        \.format, parse: ValueParser.choice)
    ],
    examples: [
      ExampleSpec(
        "Copy everything to a new file through the app's format:",
        "syncups export --format app | syncups --file new.json import -")
    ]
  )

  static let mergeDriver = CommandSpec(
    name: "merge-driver",
    abstract: "Merge three versions of the data file by id (a git merge driver).",
    discussion: """
      Git runs it as 'syncups merge-driver %O %A %B %P' to merge the data file: <base> is the \
      common ancestor, <ours> the version being merged into, <theirs> the version being \
      merged in, and <path> the data file's path in the repository. It merges them by id, \
      never line by line: a sync-up, attendee or meeting added on either side is kept; one \
      deleted on one side is deleted, unless the other side changed it, which keeps it; meetings are the union of both histories, newest first; \
      each field (title, duration, theme, an attendee's name, keys from newer versions) \
      changed on one side takes that change. A field changed on both sides to different \
      values is a conflict, resolved by taking the newer side's value ($SYNCUPS_MERGE_NEWER: \
      ours or theirs; ours when unset). Either way it is reported on stderr as 'syncups: \
      conflict: <message>' and, when $SYNCUPS_MERGE_REPORT names a file, appended to it as a \
      line of JSON.

      A sync-up both sides keep that <base> lacks (each side kept it when merging a \
      teammate's delete) is merged against the last version both sides had in common: with \
      <path>, during a 'git merge', the newest version of the data file in the merge base's \
      history that holds it. So one teammate's rename and another's removed attendee both \
      survive a third's delete. Without one, each field that differs is a conflict.

      The result is written over <ours> in the data file's format, atomically and keeping its \
      mode, and the status is 0: git never sees a conflict, and the file never holds conflict \
      markers. A missing or empty <base> holds no sync-ups. A side that is not a data file \
      (ours, or the SyncUps app's) fails with status 65 and leaves <ours> as it was, so git \
      reports that the merge failed. It never reads or changes the data file in the work tree.
      """,
    runs: MergeDriverCommand.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "base", help: "The common ancestor's version (git's %O).", completion: .file),
        \.base),
      .argument(
        ArgumentSpec(
          name: "ours", help: "Our version (git's %A); the merge is written here.",
          completion: .file),
        \.ours),
      .argument(
        ArgumentSpec(name: "theirs", help: "Their version (git's %B).", completion: .file),
        \.theirs),
      .argument(
        ArgumentSpec(
          name: "path",
          help: "The data file's path from the top of the repository (git's %P), to look in "
            + "its history.",
          isOptional: true),
        \.path, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec(
        "Merge the data file with it in a git repository:",
        "git config merge.syncups.driver 'syncups merge-driver %O %A %B %P'"),
      ExampleSpec(
        "Then tell git which file to merge with it:",
        "echo 'sync-ups.json merge=syncups' >> .gitattributes"),
    ]
  )

  static let sync = CommandSpec(
    name: "sync",
    abstract: "Share the sync-ups with a team through git.",
    discussion: """
      Without arguments: takes the data file's lock, commits local changes with a message \
      saying what changed, fetches, merges the team's branch with the syncups merge driver \
      (by id, never with conflict markers), pushes, and says what arrived. With --json, \
      prints an object saying the same, also when it fails. Offline, the changes are committed \
      and the push is pending (status 1); the next sync pushes them. A push that loses a race \
      is retried; what a killed sync left behind is put right by the next one.

      sync init makes the data file's directory a git repository (or uses the one it is in), \
      registers the merge driver, commits the data file and, given <remote>, sets it as \
      origin; an origin it has already synced with is replaced only with --force. \
      sync init --clone <url> starts from the team's repository instead, merging in \
      any sync-ups already here. Running sync init again is harmless; with --json it prints \
      its object too, also when it fails. See TEAMS in syncups(1).
      """,
    runs: SyncCommand.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: SyncAction.initWord,
            help: "The word init: set up sharing instead of syncing.",
            completion: .choices([SyncAction.initWord]), isOptional: true),
          ArgumentSpec(
            name: "remote",
            help: "With init: the team's repository (a URL or a path git can push to), set "
              + "as origin.",
            isOptional: true),
        ],
        \.action, parse: SyncAction.parse),
      .option(
        OptionSpec(
          long: "clone", valueName: "url",
          help: "With init: start from the team's repository at <url>, keeping the sync-ups "
            + "already here."),
        \.clone, parse: ValueParser.nonEmptyPath),
      .flag(
        OptionSpec(
          long: "force",
          help: "With init <remote>: replace an origin this repository has already synced "
            + "with."),
        \.force),
    ],
    examples: [
      ExampleSpec(
        "Share the sync-ups through a repository on a server:",
        "syncups sync init ssh://git.example.com/syncups.git && syncups sync"),
      ExampleSpec(
        "Join a team's repository, keeping the sync-ups already here:",
        "syncups sync init --clone ssh://git.example.com/syncups.git"),
      ExampleSpec("Sync before and after a meeting:", "syncups sync"),
    ]
  )

  static let completions = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script.",
    discussion: """
      Sync-up titles complete by running syncups itself, honouring --file and $SYNCUPS_FILE.
      """,
    runs: CompletionsCommand.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "shell",
          help: "The shell: \(Prose.alternatives(Shell.allCases.map(\.rawValue))).",
          completion: .choices(Shell.allCases.map(\.rawValue))),
        \.shell, parse: ValueParser.choice)
    ],
    examples: [
      ExampleSpec(
        "Load for this bash session (add the line to ~/.bashrc to keep it):",
        "source <(syncups completions bash)"),
      ExampleSpec(
        "Install for zsh (a directory in $fpath):", "syncups completions zsh > ~/.zfunc/_syncups"),
      ExampleSpec(
        "Install for fish:", "syncups completions fish > ~/.config/fish/completions/syncups.fish"),
    ]
  )

  static let help = CommandSpec(
    name: "help",
    abstract: "Show help for a command.",
    runs: HelpCommand.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "command", help: "The command, e.g. 'add' or 'meeting show'.",
            completion: .command, isOptional: true, isRepeating: true)
        ],
        \.topic, parse: ValueParser.helpTopic)
    ]
  )

  static let versionCommand = CommandSpec(
    name: "version",
    abstract: "Show the version.",
    discussion: """
      Prints '\(programName) \(version)', as --version does. With --json, prints an object \
      whose version is the number alone, for scripts.
      """,
    runs: VersionCommand.self,
    examples: [
      ExampleSpec("Print the version number alone:", "syncups version --json | jq -r .version")
    ]
  )

  /// The hidden helper the completion scripts call: `syncups [--file PATH] __complete syncups`
  /// prints one sync-up title per line; `__complete meetings <syncup>` prints that sync-up's
  /// meetings, newest first, one per line as the position, a tab and the date;
  /// `__complete attendees <syncup>` prints its attendees' names. It prints nothing (and exits
  /// 0) when the data cannot be read, so a completion never shows an error.
  static let complete = CommandSpec(
    name: "__complete",
    abstract: "Print completion candidates.",
    runs: CompleteCommand.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "kind", help: "What to list.", completion: .choices(CompletionRequest.kinds)),
          ArgumentSpec(
            name: "syncup", help: "The sync-up whose meetings or attendees to list.",
            isOptional: true),
        ],
        \.request, parse: ValueParser.completionRequest)
    ],
    isHidden: true
  )
}
