import SharedState
import SyncUpsCore

/// The trend lines of `stats --trend` and of `export --format markdown`: one line per measure,
/// one bar per week, oldest first, a space for a week without meetings, then the figures over
/// all the weeks.
///
/// ```text
/// Design  1A2B3C4D  8 weeks from Mon 5 Oct 2026
///   meetings  ▄▄▄ ▄▄▄▄  28
///   length    ▃▄▅ ▆▇▅▄  avg 13:40 of 15:00 · over 3× · longest 19:02 (3 Mar)
///   starts    ▁▁▃ ▁▁▁▁  on time 25 · late 3, avg 2:10 late
///   attended  ▇▇▆ ██▇▇  94% of 160 places
///   over      ▁▂▁ ▃▁▁▁  14 of 160 turns ran over · warned 9
///   opened    ▁▂▁ ▁▁▁▁  5 blockers
///   resolved  ▁▁▂ ▁▁▁▁  4 blockers
///   ages      ▁▁▃▇      7 open: 0–2 days 1, 3–5 1, 6–10 2, over 10 3 · oldest 14 days: keys
/// ```
///
/// The rows about starts appear only when meetings record their planned instant, the warned
/// count only when turns record their warning; those about blockers only when the sync-up
/// has blockers. `bars` draw each line (``Sparkline/blocks``, or ``Sparkline/ascii``).
enum TrendRenderer {
  /// How many weeks the lines cover unless asked (`--weeks`).
  static let defaultWeeks = 8

  /// One measure: its label, its bars and its figures.
  struct Row: Equatable {
    var label: String
    var bars: String
    var figures: String
  }

  /// The rows of `trend`, drawn with `bars`.
  static func rows(_ trend: SyncUpTrend, bars: [Character]) -> [Row] {
    let weeks = trend.weeks
    func line(_ value: (SyncUpTrend.Week) -> Int?, fromZero: Bool = true) -> String {
      Sparkline.line(weeks.map { $0.meetings == 0 ? nil : value($0) }, bars: bars, fromZero: fromZero)
    }
    let held = weeks.reduce(0) { $0 + $1.meetings }
    var rows = [Row(label: "meetings", bars: line({ $0.meetings }), figures: "\(held)")]
    guard held > 0 else { return rows }
    if let mean = trend.lengthMean, let planned = trend.plannedMean {
      var figures = "avg \(DurationText.clock(mean)) of \(DurationText.clock(planned))"
      figures += " · over \(trend.overran)×"
      if let longest = trend.longest {
        figures += " · longest \(DurationText.clock(longest.seconds)) (\(dayMonth(longest.day)))"
      }
      rows.append(Row(label: "length", bars: line({ $0.lengthMean }, fromZero: false), figures: figures))
    }
    if trend.recordsSchedule {
      let late = weeks.compactMap(\.late).reduce(0, +)
      let onTime = weeks.compactMap(\.onTime).reduce(0, +)
      var figures = "on time \(onTime) · late \(late)"
      if let mean = trend.lateMean {
        figures += ", avg \(DurationText.clock(mean)) late"
      }
      rows.append(Row(label: "starts", bars: line({ $0.late }), figures: figures))
    }
    let expected = weeks.reduce(0) { $0 + $1.expected }
    if expected > 0 {
      let attended = weeks.reduce(0) { $0 + $1.attended }
      let percent = (attended * 200 + expected) / (expected * 2)
      rows.append(
        Row(
          label: "attended", bars: line({ $0.attendancePercent }, fromZero: false),
          figures: "\(percent)% of \(expected) places"))
    }
    let turns = weeks.reduce(0) { $0 + $1.turns }
    if turns > 0 {
      var figures = "\(weeks.reduce(0) { $0 + $1.turnsOver }) of \(turns) turns ran over"
      if trend.recordsWarnings {
        figures += " · warned \(weeks.compactMap(\.warned).reduce(0, +))"
      }
      rows.append(Row(label: "over", bars: line({ $0.turnsOver }), figures: figures))
    }
    let opened = weeks.reduce(0) { $0 + $1.blockersOpened }
    let resolved = weeks.reduce(0) { $0 + $1.blockersResolved }
    if opened > 0 || resolved > 0 || trend.ages.open > 0 {
      rows.append(Row(label: "opened", bars: line({ $0.blockersOpened }), figures: blockers(opened)))
      rows.append(
        Row(label: "resolved", bars: line({ $0.blockersResolved }), figures: blockers(resolved)))
      rows.append(
        Row(
          label: "ages", bars: Sparkline.line(trend.ages.counts, bars: bars, fromZero: true),
          figures: ageFigures(trend.ages)))
    }
    return rows
  }

  /// `7 open: 0–2 days 1, 3–5 1, 6–10 2, over 10 3 · oldest 14 days: keys`, or `none open`.
  static func ageFigures(_ ages: SyncUpTrend.Ages) -> String {
    guard let oldest = ages.oldest else { return "none open" }
    let names = bucketNames
    let counts = zip(names, ages.counts).map { "\($0) \($1)" }.joined(separator: ", ")
    return "\(ages.open) open: \(counts) · oldest \(Item.daysText(oldest.age)): "
      + sanitize(oldest.text)
  }

  /// The age buckets as the lines and the report name them.
  static let bucketNames = SyncUpTrend.ageBuckets.enumerated().map {
    index, bucket -> String in
    let days = index == 0 ? " days" : ""
    return bucket.upperBound == .max
      ? "over \(bucket.lowerBound - 1)" : "\(bucket.lowerBound)–\(bucket.upperBound)\(days)"
  }

  private static func blockers(_ count: Int) -> String {
    "\(count) blocker" + (count == 1 ? "" : "s")
  }

  /// `3 Mar`: a day in a line, its weekday and year left out.
  static func dayMonth(_ day: CalendarDay) -> String {
    day.longText.split(separator: " ").dropFirst().prefix(2).joined(separator: " ")
  }

  /// The heading's tail: `8 weeks from Mon 5 Oct 2026`.
  static func span(_ trend: SyncUpTrend) -> String {
    let count = trend.weeks.count
    return "\(count) week" + (count == 1 ? "" : "s") + " from "
      + (trend.weeks.first?.start.longText ?? "")
  }

  /// The rows as text lines, indented two spaces, labels padded to one column; in colour
  /// the labels bold and the bars in the sync-up's theme colour.
  static func lines(_ trend: SyncUpTrend, bars: [Character], style: TerminalStyle) -> [String] {
    let rows = Self.rows(trend, bars: bars)
    let width = rows.map(\.label.count).max() ?? 0
    let barsWidth = rows.map(\.bars.count).max() ?? 0
    return rows.map { row in
      let label = row.label + String(repeating: " ", count: width - row.label.count)
      let bars = row.bars + String(repeating: " ", count: barsWidth - row.bars.count)
      return "  " + style.bold(label) + "  " + style.themed(bars, trend.theme) + "  " + row.figures
    }
  }

  /// The people's table and its footer, indented: each person's share of the time spoken
  /// against the even share, meetings attended of those they were on the sync-up for, and
  /// turns that ran over. People who left are marked `(former)`.
  static func peopleLines(_ people: [SyncUpTrend.Person], style: TerminalStyle) -> [String] {
    var table = TextTable(alignments: [.left, .right, .right, .right, .right])
    table.append(["PERSON", "SHARE", "EVEN", "ATTENDED", "TURNS OVER"])
    for person in people {
      let name = personName(person)
      table.append([
        UserText.cell(name, placeholder: UserText.unnamed, style: style),
        TextTable.Cell("\(person.sharePercent)%"), TextTable.Cell("\(person.evenPercent)%"),
        TextTable.Cell("\(person.attended) of \(person.expected)"),
        TextTable.Cell("\(person.turnsOver) of \(person.turns)"),
      ])
    }
    var lines = table.lines()
    lines[0] = style.bold(lines[0])
    return lines.map { "  " + $0 } + ["", "  " + peopleFooter]
  }

  /// A person as the table names them: `Dee (former)` for someone who left.
  static func personName(_ person: SyncUpTrend.Person) -> String {
    let name = person.name.isBlank ? UserText.unnamed : person.name
    return person.former ? name + " (former)" : name
  }

  static let peopleFooter =
    "These are signals for facilitating the meeting, not measures of anyone's performance."

  /// Said in place of the people's table of a sync-up with too few attendees.
  static let tooFewPeople =
    "Per-person figures need a sync-up of \(SyncUpTrend.minimumPeople) attendees or more."

  /// The text of one sync-up's trend: the title, short id and span, then its lines, then the
  /// people's table when asked for (or why it is left out).
  static func render(
    _ trend: SyncUpTrend, bars: [Character], style: TerminalStyle, byPerson: Bool
  ) -> String {
    let title = UserText.cell(trend.title, placeholder: SyncUp.untitled, style: style)
    var lines = [style.bold(title.text) + "  " + trend.syncUpID.shortID + "  " + span(trend)]
    lines += self.lines(trend, bars: bars, style: style)
    if byPerson {
      lines.append("")
      lines += trend.people.map { peopleLines($0, style: style) } ?? ["  " + tooFewPeople]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines in a Markdown code block, for `stats --trend --format markdown` and
  /// `export --format markdown`: drawn with block characters, without colour.
  static func markdownBlock(_ trend: SyncUpTrend) -> String {
    let text = Self.lines(trend, bars: Sparkline.blocks, style: .plain)
    return "```text\n" + span(trend) + "\n" + text.joined(separator: "\n") + "\n```"
  }

  /// Whether output should be drawn in ASCII: asked for, or a locale that is not UTF-8 (the
  /// first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set; none set is the C locale).
  static func usesASCII(asked: Bool, environment: [String: String]) -> Bool {
    if asked { return true }
    let locale =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
      ?? ""
    let lowered = locale.lowercased()
    return !(lowered.contains("utf-8") || lowered.contains("utf8"))
  }
}

/// The trend object of `stats --trend --json` and of the data a report embeds, documented in
/// syncups(1): keys are stable, later versions may only add keys.
extension JSONOutput {
  /// `syncUp` (`id`, `title`); `weeks`, oldest first, each `start` (its first day),
  /// `meetings`, `timed`, `lengthMean`, `plannedMean`, `longest` (seconds or null), `overran`,
  /// `scheduled`, `onTime`, `late`, `lateMean` (null when no meeting records its planned
  /// instant), `expected`, `attended`, `attendance` (a percentage or null), `turns`,
  /// `turnsOver`, `warned` (null when no turn records its warning), `blockersOpened`,
  /// `blockersResolved`; `length` over all the weeks (`mean`, `planned`, `overran`,
  /// `longest` with `seconds` and `day`, or null); `blockerAges` (`buckets`, each `from`, `to`
  /// (null for the last) and `open`; `oldest` with `id`, `text`, `age`, or null); with
  /// `--by-person`, `people` (each `id`, `name`, `former`, `spoken`, `share`, `even`,
  /// `expected`, `attended`, `turns`, `turnsOver`), null when the sync-up has too few
  /// attendees.
  static func trend(_ trend: SyncUpTrend, byPerson: Bool) -> JSONOutput {
    func number(_ value: Int?) -> JSONOutput { value.map(JSONOutput.int) ?? .null }
    var object: [String: JSONOutput] = [
      "syncUp": .object(["id": .string(trend.syncUpID.uuidString), "title": .string(trend.title)]),
      "weeks": .array(
        trend.weeks.map { week in
          JSONOutput.object([
            "start": .string(week.start.text), "meetings": .int(week.meetings),
            "timed": .int(week.timed), "lengthMean": number(week.lengthMean),
            "plannedMean": number(week.plannedMean), "longest": number(week.longest),
            "overran": .int(week.overran), "scheduled": .int(week.scheduled),
            "onTime": number(week.onTime), "late": number(week.late),
            "lateMean": number(week.lateMean), "expected": .int(week.expected),
            "attended": .int(week.attended), "attendance": number(week.attendancePercent),
            "turns": .int(week.turns), "turnsOver": .int(week.turnsOver),
            "warned": number(week.warned), "blockersOpened": .int(week.blockersOpened),
            "blockersResolved": .int(week.blockersResolved),
          ])
        }),
      "length": .object([
        "mean": number(trend.lengthMean), "planned": number(trend.plannedMean),
        "overran": .int(trend.overran),
        "longest": trend.longest.map {
          JSONOutput.object(["seconds": .int($0.seconds), "day": .string($0.day.text)])
        } ?? .null,
      ]),
      "blockerAges": .object([
        "buckets": .array(
          zip(SyncUpTrend.ageBuckets, trend.ages.counts).map { bucket, count in
            JSONOutput.object([
              "from": .int(bucket.lowerBound),
              "to": bucket.upperBound == .max ? .null : .int(bucket.upperBound),
              "open": .int(count),
            ])
          }),
        "oldest": trend.ages.oldest.map {
          JSONOutput.object([
            "id": .string($0.id.uuidString), "text": .string($0.text), "age": .int($0.age),
          ])
        } ?? .null,
      ]),
    ]
    if byPerson {
      object["people"] =
        trend.people.map { people in
          JSONOutput.array(
            people.map { person in
              JSONOutput.object([
                "id": .string(person.id.uuidString), "name": .string(person.name),
                "former": .bool(person.former), "spoken": .int(person.spoken),
                "share": .int(person.sharePercent), "even": .int(person.evenPercent),
                "expected": .int(person.expected), "attended": .int(person.attended),
                "turns": .int(person.turns), "turnsOver": .int(person.turnsOver),
              ])
            })
        } ?? .null
    }
    return .object(object)
  }
}
