import SharedState
import SyncUpsCore

struct StatsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract: "Show how meetings went: lengths, attendance and speaking time.",
    discussion: """
      For each sync-up, or the one named: how many meetings were held and how many have \
      timings; the median, mean and longest length against the planned length; how many \
      ran over their planned length and how many ended early; a line of the recent lengths \
      (oldest first, the shortest as the lowest bar); then per attendee the meetings \
      attended and missed, the median and total time spoken and the turns that ran past \
      their slot; attendees who share a name are followed by their short ids, as in show.

      For a sync-up whose meetings record the scheduled meeting they were held for (a \
      meeting begun within 2 hours of a meeting of the sync-up's schedule records its start; \
      see schedule): the starts on time (early, or at most 2 minutes after the scheduled \
      start) and late, with the median lateness of the late ones, as minutes:seconds.

      For a sync-up with blockers or action items: how many of each are open, with their \
      median and oldest age in working days (the days of the workdays setting, counted in \
      the local time zone from the day an item was opened to today), how many items were \
      resolved in the meetings covered and how many a meeting, and per attendee the items \
      they own, open and resolved.

      For a sync-up where someone announced time away (see away): per attendee, the \
      meetings missed on a day they were away (AWAY; away in --json) apart from those \
      missed otherwise (MISSED; absent), by the local date of each meeting.

      Only meetings recorded with their timings enter these figures; meetings saved before \
      meetings were timed, or imported from the SyncUps app, count as held and the output \
      says how many were left out. A meeting's planned length is the sync-up's length when \
      it was held (as recorded), else its length now; the planned figure shown is the \
      median of those. A median of an even number of values is the mean of the two middle \
      ones; medians and means are whole seconds, halves rounded up.

      The line of recent lengths is drawn with the eight Unicode block characters from \
      U+2581 to U+2588 when output is coloured, and with .:-=+*#@ otherwise. With --format \
      markdown, prints the same as Markdown (a heading, a list of the figures, a table of \
      the attendees), to paste into chat or a wiki. With --json (or --format json), prints \
      a stats object, or an array of them without <syncup> (see JSON OUTPUT in syncups(1)).

      With --trend, shows instead how the stand-up went week by week: one line per measure \
      with one bar per week, oldest first, over the last 8 local weeks (or --weeks, ending \
      with the week --until names, as things stood at its end), each \
      starting on the first day of the workdays setting (Monday for mon-fri). The lines: \
      meetings held; their mean length against the planned length (the mean over all the \
      weeks, how many ran over, the longest); starts on time and late (more than 2 minutes \
      after the scheduled start), when meetings record it; the places attended; turns that \
      ran past their slot (and those warned, when turns record it); blockers opened and \
      resolved, and the ages of those open in working days (0-2, 3-5, 6-10, over 10), the \
      oldest named. A week without meetings is a space, not a zero. The bars are the Unicode \
      block characters, or _.-=# with --ascii or in a locale that is not UTF-8 (LC_ALL, \
      LC_CTYPE, LANG). With --by-person, a table adds each person's share of the time spoken \
      against the even share, meetings attended and turns over: signals for facilitating \
      the meeting, never a ranking, refused for a sync-up of fewer than 3 attendees. With \
      --json, prints the weekly series instead of bars (see JSON OUTPUT in syncups(1)); with \
      --format markdown, the lines in a code block.
      """,
    runs: Self.self,
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
          help: "Only meetings held since <date>, a day from its local midnight: "
            + "\(DateArgument.forms). Not with --last.",
          completion: .choices(DateArgument.names)),
        \.since, parse: ValueParser.date),
      .option(.format(OutputFormat.self), \.format, parse: ValueParser.choice),
      .flag(
        OptionSpec(long: "trend", help: "Show the weekly trend lines instead of the figures."),
        \.trend),
      .option(
        OptionSpec(
          long: "weeks", valueName: "n",
          help: "With --trend: the n newest local weeks (default: 8)."),
        \.weeks, parse: ValueParser.weekCount),
      .option(Self.untilOption(lead: "With --trend: end"), \.until, parse: ValueParser.date),
      .flag(
        OptionSpec(
          long: "by-person",
          help: "With --trend: each person's share of speaking time, attendance and turns "
            + "over (3 attendees or more)."),
        \.byPerson),
      .flag(
        OptionSpec(long: "ascii", help: "With --trend: draw the bars with _.-=# only."),
        \.ascii),
    ],
    examples: [
      ExampleSpec(
        "How the last twelve weeks of a sync-up went, week by week:",
        "syncups stats eng --trend --weeks 12"),
      ExampleSpec("The last ten meetings of a sync-up:", "syncups stats eng --last 10"),
      ExampleSpec(
        "Each sync-up's median meeting length, in seconds, over the last four weeks:",
        "syncups stats --since 4w --json | jq '.[].duration.median'"),
    ]
  )

  /// The sync-up to report on; every sync-up when nil.
  var syncUp: String?
  var last: Int?
  var since: DateArgument?
  var format = OutputFormat.text
  var trend = false
  var weeks: Int?
  var until: DateArgument?
  var byPerson = false
  var ascii = false

  /// `--until`, as `stats --trend` and `report` take it; `lead` begins its help.
  static func untilOption(lead: String) -> OptionSpec {
    OptionSpec(
      long: "until", valueName: "date",
      help: lead + " with the week holding <date>, as things stood at its end (default: "
        + "today): \(DateArgument.forms).",
      completion: .choices(DateArgument.names))
  }

  func validate(path: [String]) throws(UsageError) {
    if trend, let other = last != nil ? "--last" : since != nil ? "--since" : nil {
      throw UsageError("'--trend' and '\(other)' cannot be used together", path: path)
    }
    let needsTrend = [("--weeks", weeks != nil), ("--until", until != nil), ("--by-person", byPerson), ("--ascii", ascii)]
    if !trend, let other = needsTrend.first(where: \.1)?.0 {
      throw UsageError("'\(other)' needs '--trend'", path: path)
    }
    guard last != nil && since != nil else { return }
    throw UsageError("'--last' and '--since' cannot be used together", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    let format = try context.outputFormat(format, path: ["stats"])
    if syncUp == nil && syncUps.isEmpty && format != .json {
      context.say(UserText.noSyncUps.trimmingSuffix("\n"))
      return
    }
    Output.standard(try answer(from: syncUps, in: context))
  }

  /// What `stats` prints on standard output for `syncUps`: the figures of the sync-up named,
  /// or of each one (a blank line between them; a JSON array), over the meetings `--last` or
  /// `--since` select, `--since` counted back from the `date` dependency's now, and items'
  /// ages up to it.
  @MainActor func answer(
    from syncUps: IdentifiedArrayOf<SyncUp>, in context: CommandContext
  ) throws -> String {
    if trend { return try trendAnswer(from: syncUps, in: context) }
    @Dependency(\.date.now) var now
    let selection: SyncUpStats.Selection =
      if let last {
        .last(last)
      } else if let since {
        .since(since.date(now: now))
      } else {
        .all
      }
    let format = try context.outputFormat(format, path: ["stats"])
    let age = context.itemAge()
    @Dependency(\.utcOffset) var utcOffset
    let targets = try syncUp.map { [try context.syncUp($0, in: syncUps)] } ?? syncUps.elements
    let stats = targets.map {
      SyncUpStats($0, selection: selection, age: age, utcOffset: utcOffset)
    }
    switch format {
    case .json where syncUp != nil:
      return JSONOutput.stats(stats[0]).text()
    case .json:
      return JSONOutput.array(stats.map(JSONOutput.stats)).text()
    case .markdown:
      return stats.map(StatsRenderer.markdown).joined(separator: "\n")
    case .text:
      let style = context.style
      return stats.map { StatsRenderer.render($0, style: style) }.joined(separator: "\n")
    }
  }
}

extension StatsCommand {
  /// What `stats --trend` prints: the trend lines of the sync-up named, or of each one. A
  /// sync-up named with `--by-person` and too few attendees is refused; of every sync-up,
  /// those with too few say so in place of the table (`people` is null in JSON).
  @MainActor func trendAnswer(
    from syncUps: IdentifiedArrayOf<SyncUp>, in context: CommandContext
  ) throws -> String {
    let format = try context.outputFormat(format, path: ["stats"])
    let targets = try syncUp.map { [try context.syncUp($0, in: syncUps)] } ?? syncUps.elements
    let trends = try Self.trends(
      of: targets, weeks: weeks ?? TrendRenderer.defaultWeeks, byPerson: byPerson,
      named: syncUp != nil, through: Self.lastDay(until), in: context)
    switch format {
    case .json where syncUp != nil:
      return JSONOutput.trend(trends[0], byPerson: byPerson).text()
    case .json:
      return JSONOutput.array(trends.map { JSONOutput.trend($0, byPerson: byPerson) }).text()
    case .markdown:
      return trends.map {
        "## " + MarkdownText.escape(SyncUp.shownTitle($0.title)) + "\n\n"
          + TrendRenderer.markdownBlock($0) + "\n"
      }.joined(separator: "\n")
    case .text:
      let bars =
        TrendRenderer.usesASCII(asked: ascii, environment: context.environment)
        ? Sparkline.ascii : Sparkline.blocks
      let style = context.style
      return trends.map {
        TrendRenderer.render($0, bars: bars, style: style, byPerson: byPerson)
      }.joined(separator: "\n")
    }
  }

  /// The trends of `targets` over `weeks` weeks, with each person's figures when `byPerson`:
  /// a sync-up `named` on the command line with too few attendees for them is refused; of
  /// every sync-up, those have none (their `people` is null), the others keep theirs.
  @MainActor static func trends(
    of targets: [SyncUp], weeks: Int, byPerson: Bool, named: Bool,
    through lastDay: CalendarDay? = nil, in context: CommandContext
  ) throws -> [SyncUpTrend] {
    try targets.map { target in
      do throws(SyncUpTrend.TooFewPeople) {
        return try context.trend(of: target, weeks: weeks, byPerson: byPerson, through: lastDay)
      } catch where !named {
        return try! context.trend(of: target, weeks: weeks, byPerson: false, through: lastDay)
      } catch {
        throw CommandFailure(Self.tooFewPeople(target, attendees: error.attendees))
      }
    }
  }

  /// The last local day of the weeks shown: that of `until`, else nil (today's).
  static func lastDay(_ until: DateArgument?) -> CalendarDay? {
    @Dependency(\.date.now) var now
    return until.map { LocalCalendar.current.day(of: $0.date(now: now)) }
  }

  /// Why `--by-person` is refused for `syncUp`.
  static func tooFewPeople(_ syncUp: SyncUp, attendees: Int) -> String {
    "per-person figures need a sync-up of \(SyncUpTrend.minimumPeople) attendees or more; "
      + "\(UserText.name(syncUp)) has \(attendees)"
  }
}

/// The stats object of `stats --json`, documented in syncups(1) (``ManPageReference``): keys
/// are stable, later versions may only add keys.
extension JSONOutput {
  /// `syncUp` (`id`, `title`), `meetings` (held), `timed` (with timings), `duration`
  /// (`planned`, `median`, `mean`, `max` in whole seconds or null without timed meetings;
  /// `overran`, `endedEarly` counts) and `attendees` (each `id`, `name`, `attended`, `absent`,
  /// `away` (missed while away, apart from `absent`),
  /// `speaking` with `median` (seconds or null) and `total` (seconds), `overSlot`, and
  /// `items` with the counts of the items they own, `open` and `resolved`); `items`: open
  /// `blockers` and `actions` (each `open`, `medianAge`, `oldestAge` in working days or null
  /// when none is open), `resolved` (items resolved in the meetings covered) and
  /// `resolvedPerMeeting` (to a tenth; null without meetings); `starts`, only when a meeting
  /// records its scheduled start: `onTime`, `late` and `medianLateness` (seconds or null).
  static func stats(_ stats: SyncUpStats) -> JSONOutput {
    let duration = stats.duration
    var members: [String: JSONOutput] = [
      "syncUp": .object(["id": .string(stats.syncUpID.uuidString), "title": .string(stats.title)]),
      "meetings": .int(stats.meetings),
      "timed": .int(stats.timed),
      "duration": .object([
        "planned": seconds(duration.planned),
        "median": seconds(duration.median),
        "mean": seconds(duration.mean),
        "max": seconds(duration.max),
        "overran": .int(duration.overran),
        "endedEarly": .int(duration.endedEarly),
      ]),
      "attendees": .array(
        stats.attendees.map { attendee in
          .object([
            "id": .string(attendee.id.uuidString),
            "name": .string(attendee.name),
            "attended": .int(attendee.attended),
            "absent": .int(attendee.absent),
            "away": .int(attendee.away),
            "speaking": .object([
              "median": seconds(attendee.medianSpeaking),
              "total": .int(attendee.totalSpeaking),
            ]),
            "overSlot": .int(attendee.overSlot),
            "items": .object([
              "open": .int(attendee.openItems), "resolved": .int(attendee.resolvedItems),
            ]),
          ])
        }),
      "items": .object([
        "blockers": openItems(stats.items.blockers),
        "actions": openItems(stats.items.actions),
        "resolved": .int(stats.items.resolvedInMeetings),
        "resolvedPerMeeting": stats.items.resolvedPerMeetingTenths
          .map { .double(Double($0) / 10) } ?? .null,
      ]),
    ]
    // Only when a meeting records the scheduled meeting it was held for.
    members["starts"] = stats.starts.map { starts in
      .object([
        "onTime": .int(starts.onTime), "late": .int(starts.late),
        "medianLateness": seconds(starts.medianLateness),
      ])
    }
    return .object(members)
  }

  /// `open` (a count), `medianAge` and `oldestAge` (working days, or null when none is open).
  private static func openItems(_ figures: SyncUpStats.OpenItems) -> JSONOutput {
    .object([
      "open": .int(figures.count),
      "medianAge": figures.medianAge.map(JSONOutput.int) ?? .null,
      "oldestAge": figures.oldestAge.map(JSONOutput.int) ?? .null,
    ])
  }

  private static func seconds(_ value: Int?) -> JSONOutput {
    value.map(JSONOutput.int) ?? .null
  }
}

/// The human output of `syncups stats` for one sync-up: the title and short id, the length
/// figures, a sparkline of recent lengths, the attendee table, and how many meetings were
/// left out for having no timings.
///
/// ```text
/// Design  1A2B3C4D
///   Meetings     4 held, 3 with timings
///   Planned      5 min
///   Median       5 min, 5 secs
///   Mean         4 min, 58 secs
///   Longest      5 min, 10 secs
///   Ran over     2
///   Ended early  1
///   Recent       =.@  oldest first
///
///   ATTENDEE  ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT
///   Ana              3       0  1 min, 40 secs  5 min, 30 secs          2
///   Cy               1       1  1 min, 30 secs  1 min, 30 secs          0
///
///   1 meeting without timings is left out of the figures.
/// ```
///
/// Without timed meetings only the first line and the count of meetings left out are shown.
/// With colour on, the title and the table's header are bold and the sparkline is drawn with
/// block characters (``Sparkline``).
enum StatsRenderer {
  /// How many of the newest lengths the sparkline shows.
  static let recentCount = 20

  /// The text, ending in a newline.
  static func render(_ stats: SyncUpStats, style: TerminalStyle) -> String {
    let title = UserText.cell(stats.title, placeholder: SyncUp.untitled, style: style)
    var lines = [style.bold(title.text) + "  " + stats.syncUpID.shortID]
    for (label, value) in figures(stats, sparkline: { Sparkline.text($0, unicode: style.isColored) }) {
      lines.append("  " + label + String(repeating: " ", count: max(11 - label.count, 0)) + "  " + value)
    }
    if let columns = attendeeColumns(stats) {
      lines.append("")
      var table = TextTable(alignments: columns.alignments)
      table.append(columns.header.map { TextTable.Cell($0.uppercased()) })
      // A name several attendees have is followed by each one's short id, as in `show`.
      for (attendee, row) in zip(stats.attendees, columns.rows) {
        var name = UserText.cell(attendee.name, placeholder: UserText.unnamed, style: style)
        if let id = row.id {
          name = TextTable.Cell(name.text + "  " + id, width: name.width + 2 + id.utf8.count)
        }
        table.append([name] + row.figures.map(asciiCell))
      }
      var tableLines = table.lines()
      tableLines[0] = style.bold(tableLines[0])
      lines += tableLines.map { "  " + $0 }
    }
    if let leftOut = leftOut(stats) {
      lines += ["", "  " + leftOut]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The figures as Markdown, to paste into chat or a wiki: the title as a heading, a bulleted
  /// list of the figures, a table of the attendees, escaped.
  ///
  /// ```markdown
  /// ## Design
  ///
  /// - **Meetings:** 4 held, 3 with timings
  /// - **Planned:** 5 min
  ///
  /// | Attendee | Attended | Missed | Median turn | Total | Over slot |
  /// | --- | ---: | ---: | ---: | ---: | ---: |
  /// | Ana | 3 | 0 | 1 min, 40 secs | 5 min, 30 secs | 2 |
  /// ```
  static func markdown(_ stats: SyncUpStats) -> String {
    var blocks = ["## " + MarkdownText.escape(SyncUp.shownTitle(stats.title))]
    blocks.append(
      figures(stats, sparkline: { "`" + Sparkline.text($0, unicode: true) + "`" })
        .map { "- **\($0.label):** \($0.value)" }.joined(separator: "\n"))
    if let columns = attendeeColumns(stats) {
      var rows = ["| " + columns.header.joined(separator: " | ") + " |"]
      rows.append(
        "| " + columns.alignments.map { $0 == .right ? "---:" : "---" }
          .joined(separator: " | ") + " |")
      for (attendee, row) in zip(stats.attendees, columns.rows) {
        let name =
          MarkdownText.escape(attendee.name.isBlank ? UserText.unnamed : attendee.name)
          + (row.id.map { " (\($0))" } ?? "")
        rows.append("| " + ([name] + row.figures).joined(separator: " | ") + " |")
      }
      blocks.append(rows.joined(separator: "\n"))
    }
    if let leftOut = leftOut(stats) { blocks.append(leftOut) }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The labelled figures both forms show: the meetings held, the length figures and the
  /// recent lengths (drawn by `sparkline`) when any meeting has timings, the items' figures
  /// when the sync-up has items.
  private static func figures(_ stats: SyncUpStats, sparkline: ([Int]) -> String)
    -> [(label: String, value: String)]
  {
    var figures = [("Meetings", "\(stats.meetings) held, \(stats.timed) with timings")]
    if stats.timed > 0 {
      let lengths = stats.duration
      let recent = Array(stats.lengths.suffix(recentCount))
      let which =
        recent.count < stats.lengths.count ? "last \(recent.count), oldest first" : "oldest first"
      figures += [
        ("Planned", seconds(lengths.planned)), ("Median", seconds(lengths.median)),
        ("Mean", seconds(lengths.mean)), ("Longest", seconds(lengths.max)),
        ("Ran over", "\(lengths.overran)"), ("Ended early", "\(lengths.endedEarly)"),
        ("Recent", sparkline(recent) + "  " + which),
      ]
    }
    if let starts = stats.starts { figures.append(("Starts", startsText(starts))) }
    if stats.hasItems { figures += itemFigures(stats.items, meetings: stats.meetings) }
    return figures
  }

  /// `12 on time, 3 late, median 4:10 late`; without late starts, `5 on time, 0 late`.
  static func startsText(_ starts: SyncUpStats.Starts) -> String {
    "\(starts.onTime) on time, \(starts.late) late"
      + (starts.medianLateness.map { ", median \(DurationText.clock($0)) late" } ?? "")
  }

  /// `Blockers: 2 open, median 3 days, oldest 5 days`, the same for actions, and
  /// `Resolved: 3 in 4 meetings, 0.8 a meeting` (the meetings covered).
  private static func itemFigures(_ items: SyncUpStats.Items, meetings: Int)
    -> [(label: String, value: String)]
  {
    func open(_ figures: SyncUpStats.OpenItems) -> String {
      guard let median = figures.medianAge, let oldest = figures.oldestAge else {
        return "none open"
      }
      return "\(figures.count) open, median \(Item.daysText(median)), oldest "
        + Item.daysText(oldest)
    }
    var resolved = "\(items.resolvedInMeetings) in \(meetings) meeting" + (meetings == 1 ? "" : "s")
    if let tenths = items.resolvedPerMeetingTenths {
      resolved += ", \(tenths / 10).\(tenths % 10) a meeting"
    }
    return [
      ("Blockers", open(items.blockers)), ("Actions", open(items.actions)),
      ("Resolved", resolved),
    ]
  }

  /// The attendee table's columns, header and figures (the name column's text is each form's
  /// own): with items, each person's open and resolved items too; with time away, the
  /// meetings missed while away beside those missed otherwise. Each row carries the short id
  /// of an attendee whose name another one has. Nil when neither timings nor items have
  /// anything to show.
  private static func attendeeColumns(_ stats: SyncUpStats) -> (
    header: [String], alignments: [TextTable.Alignment],
    rows: [(id: String?, figures: [String])]
  )? {
    guard stats.timed > 0 || stats.hasItems else { return nil }
    let (items, away) = (stats.hasItems, stats.hasTimeAway)
    let header =
      ["Attendee", "Attended", "Missed"] + (away ? ["Away"] : [])
      + ["Median turn", "Total", "Over slot"] + (items ? ["Open items", "Resolved"] : [])
    let alignments: [TextTable.Alignment] =
      [.left, .right, .right] + (away ? [.right] : []) + [.left, .left, .right]
      + (items ? [.right, .right] : [])
    let alike = Set(
      stats.attendees.map { Attendee(id: $0.id, name: $0.name) }.sharingNames.joined().map(\.id))
    let rows = stats.attendees.map { attendee -> (id: String?, figures: [String]) in
      var figures = [String(attendee.attended), String(attendee.absent)]
      if away { figures.append(String(attendee.away)) }
      figures += [
        seconds(attendee.medianSpeaking), DurationText.human(attendee.totalSpeaking),
        String(attendee.overSlot),
      ]
      if items { figures += [String(attendee.openItems), String(attendee.resolvedItems)] }
      return (alike.contains(attendee.id) ? attendee.id.shortID : nil, figures)
    }
    return (header, alignments, rows)
  }

  /// How many meetings were left out for having no timings, or nil when none was.
  private static func leftOut(_ stats: SyncUpStats) -> String? {
    switch stats.untimed {
    case 0: nil
    case 1: "1 meeting without timings is left out of the figures."
    default: "\(stats.untimed) meetings without timings are left out of the figures."
    }
  }

  /// A cell of numbers and durations, which are ASCII: one column a byte, without measuring
  /// each character's width as user text needs (`stats` of every sync-up has many cells).
  private static func asciiCell(_ text: String) -> TextTable.Cell {
    TextTable.Cell(text, width: text.utf8.count)
  }

  /// A figure in seconds for people, or "-" when there is none.
  private static func seconds(_ value: Int?) -> String {
    value.map(DurationText.human) ?? "-"
  }
}

/// The values of `stats`' options.
extension ValueParser {
  /// `--last N`: a whole number of meetings, 1 or more.
  static func meetingCount(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> Int
  {
    try count(text, of: "meetings", for: name, path: path)
  }

  /// `--weeks N`: a whole number of weeks, 1 or more.
  static func weekCount(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> Int
  {
    try count(text, of: "weeks", for: name, path: path)
  }
}
