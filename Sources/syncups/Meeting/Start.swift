#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct StartCommand: RunnableCommand {
  static let spec = CommandSpec(
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
        s                skip: the speaker speaks last, the next one starts
        a                the speaker is absent: recorded so, the next one starts
        j                an absent attendee arrived: they speak last (with several \
      absent, type the name)
        space            pause or resume
        m                mute: no sound for the rest of the meeting
        t                type a note (Enter adds it to the transcript, Esc cancels)
        b, o             type a blocker or an action item for the speaker (@name first: \
      theirs), typed like a note
        r                resolve one of the speaker's open items: its number, then an \
      optional resolution
        e, q, Esc        end: save, discard or resume
        Ctrl-C           the same prompt; a second Ctrl-C discards

      A note belongs to the speaker whose turn it was when you started typing it, though the \
      turn changes before Enter. A note being typed when the meeting ends, however it ends, \
      is saved with it (printed on stderr with the other notes when the meeting is \
      discarded); a blocker, action or resolution being typed is saved as a note after its \
      label ('Blocker: waiting on keys'). Keys typed after the end are dropped, never passed \
      to the shell.

      The meeting keeps its own pace against its plan: once it drifts more than 10 seconds \
      from it (or under --pace rebalance or bank), the screen shows ahead 0:40 or behind 1:10 \
      and the projected end as a clock time (ends ~09:45); status --json gives both. \
      --pace fixed (the default) keeps the slots as planned; rebalance divides the time left \
      among the speakers left at each turn change, never below --min-slot (default 30s, or \
      the even share when the meeting is shorter): a meeting out of time runs the rest at \
      the minimum and runs over; bank keeps what a speaker leaves unused (+0:40 banked) and \
      spends it only on a speaker whose slot runs out, so later slots never shrink. Each \
      turn's record keeps the slot it was given.

      --warn 30s,10s (or 80%,95% of the slot; the warn setting, none by default) cues the \
      speaker: at the first the time turns to wrap-up, at the second to last, and when the \
      slot runs out to time up, each once per turn; the screen flashes once (reverse video \
      for a second) and the bell rings only when the bell setting is cues or all. m mutes \
      every sound for the rest of the meeting. A script gets a warn event, and the turn's \
      record keeps the last cue it reached (warned).

      When someone is absent, those after them share what is left of the meeting; when the \
      last speaker is absent, the meeting is saved. A skipped speaker goes to the end of the \
      order and keeps a slot: what is left of the meeting is divided equally among those \
      still to speak, them last, and what they said before the skip counts in their one \
      turn. A late joiner is saved as present and speaks last: what is left is divided \
      equally among the speaker (whose slot keeps what they have spoken; in overtime, their \
      slot stays as it was) and those after; what someone marked absent had said before \
      counts in their turn once they join. Either way the meeting still ends at its \
      planned length. A speaker skipped in overtime has used their slot and still gets a \
      share of what is left when they speak again: the others' slots shrink by that share. \
      The last speaker cannot be skipped; a script's skip then gets an error on stderr. With \
      overtime allowed, a speaker whose \
      slot runs out goes on: the screen shows +0:12 over, the bell rings once, and the turn \
      ends on next; the meeting ends on next from the last speaker or on e. Each speaker \
      gets a whole slot, counted from the instant their turn started. "Speaker 2 of 3" \
      counts those present who have had the floor (a skipped speaker speaking again counts \
      once) of those present.

      With a facilitator rota (edit --facilitators), the first screen (or a script's first \
      lines, the started event's facilitator) names the meeting's facilitator: the next on \
      the rota after the last meeting's, passing over anyone absent from the start (away \
      today, or --absent); the meeting is saved with it (facilitator). --facilitator NAME \
      names another for this meeting only. Without a rota or --facilitator, nobody is \
      named or saved.

      Those away today (syncups away) start absent, and the first screen (or a script's \
      absent event) says so: Ana is away until Fri 27 Nov; --present NAME counts one of them \
      in. When a turn starts, the speaker's written update (syncups update) for today, or the \
      newest written since the last meeting, shows with it. The update of someone absent is \
      read into the transcript a line a part (Name (written): Done: TEXT, then Next: TEXT and \
      Blocker: TEXT lines) when the \
      meeting passes their place in the order. A blocker written in an update became an item \
      when it was written: the meeting opens none.

      Blockers and action items outlive the meeting. The first screen (or a script's first \
      line) says what is open overall (2 open blockers, oldest 5 days; 3 actions), and each \
      turn starts with the speaker's open items numbered, with their age in working days \
      (blocked 3 days: waiting on API keys), counted in the local time zone by the workdays \
      setting (\(ConfigKey.workdays.defaultText) by default). An item raised or resolved also \
      goes into the transcript as a note; all of them are saved with the meeting, and a \
      discarded meeting takes them with it.

      With repositories set (--repositories, else the sync-up's own, config set repositories \
      PATH... --syncup NAME, else the repositories setting), each speaker's \
      commits since the sync-up's previous meeting (else since the start of the previous \
      working day; --since picks another start) are gathered in the background from the \
      meeting's start, and each turn shows the speaker's work card under their name (Work: 3 \
      commits in api, web, then the newest subjects, as many as fit; Work: no commits since \
      <day> when there are none, and Work: gathering… until it is ready); a repository not read in time is named after \
      'not read in time:' with an ellipsis, and repositories that are missing or not git \
      repositories are named on stderr once the meeting is over. Gathering never holds the timer back, and \
      nothing of the card is saved.

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

      When stdin or stdout is not a terminal, stdin lines are commands (next, skip, absent, \
      joined NAME, pause, resume, note TEXT, blocker TEXT, action [@NAME] TEXT, resolve ITEM \
      [TEXT] with ITEM the number the speaker's turn shows or the start of an open item's id, \
      save, discard) and stdout gets one line per event (a speaker's work card is a work \
      event, at their turn, or, for those whose turn has begun, when the cards arrive), or \
      JSON Lines events with --json. next on the last speaker ends the meeting and saves it: a terminal \
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
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .repeating(
        OptionSpec(
          long: "absent", valueName: "name-or-id",
          help: "Leave out the attendee with this name or id: the others share the meeting; "
            + "repeatable.",
          completion: .attendee),
        \.options.absent, parse: ValueParser.notBlank),
      .repeating(
        OptionSpec(
          long: "present", valueName: "name-or-id",
          help: "Count the attendee with this name or id present though their time away "
            + "includes today (naming someone not away only warns); repeatable.",
          completion: .attendee),
        \.options.present, parse: ValueParser.notBlank),
      .option(CommandTable.facilitatorOption, \.options.facilitator, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "order", valueName: "order",
          help: "Call the attendees listed, shuffled (a new order each meeting) or rotated "
            + "(starting one place further along than the previous meeting) (default: the "
            + "order setting, else \(ConfigKey.order.defaultText)).",
          completion: .choices(SpeakingOrder.allCases.map(\.rawValue))),
        \.options.order, parse: ValueParser.choice),
      .flag(
        OptionSpec(
          long: "overtime",
          help: "Let speakers run past their slot: the overtime shows and the bell rings once; "
            + "the turn ends on next (default: the overtime setting, else "
            + "\(ConfigKey.overtime.defaultText))."),
        \.options.overtime, value: true),
      .flag(
        OptionSpec(long: "no-overtime", help: "Move on when a slot runs out, as by default."),
        \.options.overtime, value: false),
      .option(
        OptionSpec(
          long: "pace", valueName: "mode",
          help: "Pace the slots fixed (as planned), rebalance (the time left divided among those "
            + "left at each turn) or bank (unused time kept for whoever runs over) (default: the "
            + "pace setting, else \(ConfigKey.pace.defaultText)).",
          completion: .choices(PaceMode.allCases.map(\.rawValue))),
        \.options.pace, parse: ValueParser.choice),
      .option(
        OptionSpec(
          long: "min-slot", valueName: "duration",
          help: "The shortest slot rebalance gives (a plain number is seconds; default: 30s, or "
            + "the even share when the meeting is shorter)."),
        \.options.minimumSlot, parse: ValueParser.seconds),
      .option(
        OptionSpec(
          long: "warn", valueName: "cues",
          help: "Cue the speaker at so much time left (30s,10s) or so much of the slot used "
            + "(80%,95%), or none (default: the warn setting, else "
            + "\(ConfigKey.warn.defaultText))."),
        \.options.warn, parse: ValueParser.cueWarnings),
      .option(WorkCards.sinceOption, \.options.since, parse: ValueParser.date),
      .repeating(
        WorkCards.repositoriesOption, \.options.repositories, parse: { text, _, _ in text }),
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

  var syncUp = ""
  /// What `start` was told beyond the sync-up.
  var options = Options()
  var observesOutsideChanges: Bool { true }

  /// Runs the meeting on the terminal (as lines when `TERM` is `dumb`), or from a script when
  /// standard input or output is not a terminal or `--json` is given. Never returns once the
  /// meeting runs: the ``LiveMeeting`` ends it and exits with its status; throws only for
  /// problems found before it starts.
  @MainActor func run(in context: CommandContext) throws {
    let timing = try Timing(environment: context.environment)
    // The meeting takes the data file's lock only to save, and then a short try at a time
    // (see LiveMeeting.save): another process holding it is said to be waited for at once,
    // and the meeting's last events are not held back meanwhile.
    let syncUps = try withDependencies {
      $0.fileStorageOptions.lockTimeout = LiveMeeting.lockTry
    } operation: {
      try context.loadSyncUps(writing: true)
    }

    // The sync-up, who is away, and whether it can be run.
    let target = try context.syncUp(syncUp, in: syncUps.wrappedValue)
    guard let shared = syncUps[id: target.id] else { return }
    let absent = try attendees(options.absent, of: target, in: context)
    let present = try attendees(options.present, of: target, in: context)
    if let both = target.attendees.first(where: { absent.contains($0.id) && present.contains($0.id) }) {
      throw CommandFailure(
        "--absent and --present both name '\(sanitize(both.name))'", status: .usage)
    }

    // The meeting, as the options and settings ask.
    @SharedReader(.speakingOrder) var order
    @SharedReader(.overtimeAllowed) var overtime
    @SharedReader(.workingDays) var workingDays
    @SharedReader(.paceMode) var pace
    @SharedReader(.cueWarnings) var warn
    var meeting = RecordMeeting.State(
      syncUp: shared, absent: absent, present: present, order: options.order ?? order,
      allowsOvertime: options.overtime ?? overtime, workingDays: workingDays,
      pacing: MeetingPacing.State(
        mode: options.pace ?? pace,
        minimumSlot: options.minimumSlot ?? MeetingPacing.State.defaultMinimumSlot,
        warnings: options.warn ?? warn))
    for attendee in target.attendees
    where present.contains(attendee.id) && meeting.day.flatMap(attendee.timeAway(on:)) == nil {
      context.say(
        "Warning: \(sanitize(attendee.name)) is not away today: --present changes nothing "
          + "for them.")
    }
    if let facilitator = options.facilitator {
      meeting.facilitator = Meeting.Facilitator(
        try context.attendee(facilitator, in: target.attendees, of: target, status: .usage))
    } else {
      meeting.facilitator = meeting.nextFacilitator()
    }
    try checkSomeoneSpeaks(meeting, of: target)
    try checkCanStart(target, present: meeting.speakers.count)
    // Each speaker's work since the previous meeting (or --since), from the repositories this
    // machine reads (or --repositories), gathered once the meeting starts.
    meeting.askForWork(
      since: WorkCards.window(of: target, since: options.since),
      in: SyncUpRepositories.of(target, given: options.repositories).paths)

    // Run on the terminal, or on a pipe.
    let isInteractive = !context.options.json && isatty(0) == 1 && isatty(1) == 1
    let frontEnd: any FrontEnd =
      isInteractive
      ? try TerminalFrontEnd(
        style: context.style,
        display: context.environment["TERM"] == "dumb" ? .lines : .fullScreen)
      : PipeFrontEnd(json: context.options.json, timerWaitsForInput: timing == .immediate)
    LiveMeeting(
      syncUps: syncUps, meeting: meeting, frontEnd: frontEnd, context: context,
      clock: timing.clock
    ).run(startsTimer: isInteractive || timing != .immediate)
  }

  /// The ids of the attendees `references` (`--absent` or `--present`) name, resolved as
  /// `edit` resolves `--remove-attendee`.
  ///
  /// - Throws: when a reference names nobody or several.
  @MainActor private func attendees(
    _ references: [String], of syncUp: SyncUp, in context: CommandContext
  ) throws -> Set<Attendee.ID> {
    var ids: Set<Attendee.ID> = []
    for reference in references {
      ids.insert(try context.attendee(reference, in: syncUp.attendees, of: syncUp).id)
    }
    return ids
  }

  /// Refuses a meeting nobody would speak in: everyone named `--absent`, or away today (which
  /// `--present` overrides).
  private func checkSomeoneSpeaks(_ meeting: RecordMeeting.State, of syncUp: SyncUp) throws {
    guard !syncUp.attendees.isEmpty, meeting.speakers.isEmpty else { return }
    let why = meeting.timeAway.isEmpty ? "absent" : "absent or away (--present NAME counts one in)"
    throw CommandFailure(
      "every attendee of '\(sanitize(syncUp.title))' is \(why): nobody is left to speak",
      status: .usage)
  }

  /// Refuses a sync-up stored with less than a second for each of the `present` attendees
  /// (written by an older version, an import or by hand): the data is at fault, not the
  /// command line, so the status is 65, and the message gives the `edit` that fixes it.
  private func checkCanStart(_ syncUp: SyncUp, present: Int) throws {
    do {
      try syncUp.checkDuration(present: present)
    } catch {
      let fix = "syncups edit \(syncUp.id.uuidString.prefix(8)) --duration "
        + DurationText.compact(error.minimumDuration)
      throw CommandFailure(
        "cannot start '\(sanitize(syncUp.title))': \(error.message); lengthen it with '\(fix)'",
        status: .dataError)
    }
  }

  /// How `start` runs the meeting; what is not given comes from the settings.
  struct Options: Sendable, Equatable {
    /// `--absent NAME|ID`, as typed, in order.
    var absent: [String] = []
    /// `--present NAME|ID`, as typed, in order.
    var present: [String] = []
    /// `--facilitator NAME|ID`, as typed: who facilitates instead of the rota's next.
    var facilitator: String?
    /// `--order`.
    var order: SpeakingOrder?
    /// `--overtime` (true) or `--no-overtime` (false).
    var overtime: Bool?
    /// `--pace`.
    var pace: PaceMode?
    /// `--min-slot`, in seconds.
    var minimumSlot: Int?
    /// `--warn`.
    var warn: CueWarnings?
    /// `--since`: the work cards' window starts then.
    var since: DateArgument?
    /// `--repositories PATH`, as typed, in order: read instead of the `repositories` setting.
    var repositories: [String] = []
  }

  /// The clock a meeting runs on: real time, or (`SYNCUPS_CLOCK=immediate`, for tests and
  /// demonstrations) no waiting at all, so a meeting of any length is over at once.
  enum Timing: Equatable {
    case live
    case immediate

    /// The clock `SYNCUPS_CLOCK` asks for: unset or empty is live time.
    ///
    /// - Throws: a usage failure for any other value.
    init(environment: [String: String]) throws {
      switch environment["SYNCUPS_CLOCK"] ?? "" {
      case "": self = .live
      case "immediate": self = .immediate
      case let other:
        throw CommandFailure(
          "SYNCUPS_CLOCK must be 'immediate' or unset, not '\(sanitize(other))'", status: .usage)
      }
    }

    /// The clock itself.
    var clock: any Clock<Duration> {
      switch self {
      case .live: DispatchClock()
      case .immediate: ImmediateClock()
      }
    }
  }
}
