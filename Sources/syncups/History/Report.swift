#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ReportCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "report",
    abstract: "Write a self-contained HTML report of how the stand-up went.",
    discussion: """
      Writes one HTML file that needs nothing else: no script to run, no other file, font \
      or request. For each sync-up named, or every sync-up, over the last 8 local weeks (or \
      --weeks), it draws as inline SVG charts, each with a title and a table of its \
      numbers: each meeting's length against its plan, how late meetings started (when \
      meetings record their planned instant), attendance by week and weekday, turn \
      lengths, blockers opened and resolved by week and the ages of those open, and with \
      --by-person each person's share of the time spoken against the even share (refused \
      for a sync-up of fewer than 3 attendees). Charts are drawn in the sync-up's theme \
      colour; attendees who left are marked (former); long names are cut in charts and \
      whole in tables. The figures are embedded once, as the JSON of 'stats --trend \
      --json' (an array, one object a sync-up), in a script element of type \
      application/json with the id syncups-data. The same data gives the same bytes: the \
      time of writing is added only with --stamp. With --until, the weeks end with the one \
      holding that day and the report is of the sync-up as it stood at the day's end: the \
      same bytes whenever it is written.
      """,
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "syncup",
            help: "A sync-up title or id, or a unique prefix of either; every sync-up when "
              + "left out.",
            completion: .syncUp, isOptional: true, isRepeating: true)
        ],
        \.syncUps, parse: { words, _ in words }),
      .option(
        OptionSpec(
          long: "output", valueName: "file",
          help: "Where to write the report, or - for standard output (required).",
          completion: .file),
        \.output, parse: { text, _, _ in text }),
      .option(
        OptionSpec(long: "weeks", valueName: "n", help: "The n newest local weeks (default: 8)."),
        \.weeks, parse: ValueParser.weekCount),
      .option(StatsCommand.untilOption(lead: "End"), \.until, parse: ValueParser.date),
      .flag(
        OptionSpec(
          long: "by-person",
          help: "Add each person's share of speaking time, attendance and turns over."),
        \.byPerson),
      .option(
        OptionSpec(
          long: "title", valueName: "text",
          help: "The report's title (default: Stand-up report)."),
        \.title, parse: { text, _, _ in text }),
      .flag(OptionSpec(long: "stamp", help: "Say when the report was written."), \.stamp),
    ],
    examples: [
      ExampleSpec(
        "A report of the last quarter to publish:",
        "syncups report eng --weeks 13 --output public/standup.html"),
      ExampleSpec(
        "The report of the quarter that ended with March, the same whenever written:",
        "syncups report eng --weeks 13 --until 2026-03-31 --output q1.html"),
    ]
  )

  var syncUps: [String] = []
  var output: String?
  var weeks: Int?
  /// The day whose week the report ends with; today when nil.
  var until: DateArgument?
  var byPerson = false
  var title: String?
  var stamp = false

  func validate(path: [String]) throws(UsageError) {
    guard output == nil else { return }
    throw UsageError("'--output' is required (a file, or - for standard output)", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    let all = try context.readSyncUps()
    var targets: [SyncUp] = []
    for name in syncUps {
      let found = try context.syncUp(name, in: all)
      if !targets.contains(where: { $0.id == found.id }) { targets.append(found) }
    }
    if syncUps.isEmpty { targets = all.elements }
    @Dependency(\.date.now) var now
    let trends = try StatsCommand.trends(
      of: targets, weeks: weeks ?? TrendRenderer.defaultWeeks, byPerson: byPerson,
      named: !syncUps.isEmpty, through: StatsCommand.lastDay(until), in: context)
    @Dependency(\.utcOffset) var utcOffset
    let html = ReportHTML.document(
      trends, title: title ?? ReportHTML.defaultTitle, byPerson: byPerson,
      stamp: stamp ? DateText.meeting(now, utcOffset: utcOffset(now)) : nil)
    guard let output, output != "-" else {
      Output.standard(html)
      return
    }
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    do throws(FileSystemError) {
      let path =
        output.hasPrefix("/") ? output : (CommandContext.workingDirectory ?? ".") + "/" + output
      _ = try fileSystem.write(Data(html.utf8), to: path)
    } catch {
      throw CommandFailure("cannot write the report '\(sanitize(output))': " + sanitize(error.reason))
    }
  }
}
