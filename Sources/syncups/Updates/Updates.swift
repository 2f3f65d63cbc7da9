import SyncUpsCore

struct UpdatesCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "updates",
    abstract: "Show the updates written for a day: who wrote what, and who has not yet.",
    discussion: """
      For today unless --date names another day, or for each day from --since on that has \
      an update, days ahead included (an update written before time away). Each update \
      shows what was done, what is next and each blocker, in speaking order; then who has not written one yet, and who is away that day (with \
      'syncups away'), who is not counted as missing.

      With --since and no update since, says so (on standard error) in text and Markdown. \
      With --format markdown, prints the same as Markdown, to paste into chat or a wiki. \
      With --format json (or --json, or both), prints an array with an object for each day: day, \
      updates (update objects with the attendee's name), notWritten (attendee objects) and \
      away (time away objects with the attendee's id and name).
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(
        OptionSpec.date("date", help: "The day to show, today by default"), \.date,
        parse: ValueParser.date),
      .option(
        OptionSpec.date(
          "since", help: "Every day from this one on that has an update, written ahead included"),
        \.since, parse: ValueParser.date),
      .option(.format(OutputFormat.self), \.format, parse: ValueParser.choice),
    ],
    examples: [
      ExampleSpec("Today's updates:", "syncups updates eng"),
      ExampleSpec(
        "The week's, for the team's wiki:", "syncups updates eng --since 2026-11-23 --format markdown"),
    ]
  )

  var syncUp = ""
  var date: DateArgument?
  var since: DateArgument?
  var format = OutputFormat.text

  func validate(path: [String]) throws(UsageError) {
    if date != nil && since != nil {
      throw UsageError("'--date' and '--since' cannot be used together", path: path)
    }
  }

  @MainActor func run(in context: CommandContext) throws {
    let format = try context.outputFormat(format, path: ["updates"])
    let syncUp = try context.syncUp(self.syncUp, in: context.readSyncUps())
    let days: [DayOfUpdates]
    let first = since?.day(side: .past)
    if let first {
      days = Set(syncUp.updates.map(\.day).filter { $0 >= first }).sorted()
        .map { DayOfUpdates($0, of: syncUp) }
    } else {
      days = [DayOfUpdates((date ?? .relativeDay(0)).day(side: .past), of: syncUp)]
    }
    if format != .json, days.isEmpty {
      return context.say("No updates since \(first?.longText ?? "").")
    }
    switch format {
    case .json:
      Output.standard(JSONOutput.array(days.map { $0.json(of: syncUp) }).text())
    case .text:
      Output.standard(days.map { $0.text(of: syncUp) }.joined(separator: "\n"))
    case .markdown:
      Output.standard(days.map { $0.markdown(of: syncUp) }.joined(separator: "\n"))
    }
  }
}


/// One day of a sync-up's written updates: those written, in speaking order, who has not
/// written one, and who is away.
///
/// ```text
/// Eng: Wed 25 Nov 2026
///   Blob
///     Done: the login page
///     Blocker: waiting on API keys
///   Not written yet: Ana
///   Away: Cy (holiday, to Fri 27 Nov 2026)
/// ```
struct DayOfUpdates {
  var day: CalendarDay
  var updates: [WrittenUpdate]
  /// Those present that day without an update, in speaking order.
  var notWritten: [Attendee]
  /// Those away that day, with their time away, in speaking order.
  var away: [(attendee: Attendee, away: TimeAway)]

  init(_ day: CalendarDay, of syncUp: SyncUp) {
    self.day = day
    updates = syncUp.updates(for: day)
    let wrote = Set(updates.map(\.attendee))
    away = syncUp.attendees.compactMap { attendee in
      attendee.timeAway(on: day).map { (attendee, $0) }
    }
    let awayIDs = Set(away.map(\.attendee.id))
    notWritten = syncUp.attendees.filter { !wrote.contains($0.id) && !awayIDs.contains($0.id) }
  }

  /// The name an update is shown under: its attendee's, or the short id of one since removed.
  private func name(_ update: WrittenUpdate, of syncUp: SyncUp) -> String {
    syncUp.attendees[id: update.attendee].map(UserText.attendee) ?? update.attendee.shortID
  }

  /// `holiday, to Fri 27 Nov 2026`: the note and the last day, for the away line.
  private static func detail(_ away: TimeAway) -> String {
    let parts = [away.note.map(sanitize), away.to.map { "to \($0.longText)" }].compactMap { $0 }
    return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
  }

  func text(of syncUp: SyncUp) -> String {
    let title = syncUp.title.isBlank ? SyncUp.untitled : sanitize(syncUp.title)
    var lines = ["\(title): \(day.longText)"]
    for update in updates {
      lines.append("  " + name(update, of: syncUp))
      for (label, text) in update.parts {
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
          .map { sanitize(String($0)) }
        lines.append("    \(label): \(textLines[0])")
        lines += textLines.dropFirst().map { "      \($0)" }
      }
    }
    if updates.isEmpty { lines.append("  No updates written.") }
    if !notWritten.isEmpty {
      lines.append("  Not written yet: " + notWritten.map(UserText.attendee).joined(separator: ", "))
    }
    if !away.isEmpty {
      lines.append(
        "  Away: "
          + away.map { UserText.attendee($0.attendee) + Self.detail($0.away) }
          .joined(separator: ", "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func markdown(of syncUp: SyncUp) -> String {
    let title = syncUp.title.isBlank ? SyncUp.untitled : syncUp.title
    var blocks = ["## \(MarkdownText.escape(title)): \(day.longText)"]
    for update in updates {
      let items = update.parts.map { label, text in
        "- \(label): " + text.split(separator: "\n").map { MarkdownText.escape(String($0)) }
          .joined(separator: " ")
      }
      let name = syncUp.attendees[id: update.attendee].map(\.name) ?? update.attendee.shortID
      blocks.append(([("**\(MarkdownText.escape(name))**")] + items).joined(separator: "\n"))
    }
    if updates.isEmpty { blocks.append("No updates written.") }
    if !notWritten.isEmpty {
      blocks.append(
        "Not written yet: " + notWritten.map { MarkdownText.escape($0.name) }.joined(separator: ", "))
    }
    if !away.isEmpty {
      blocks.append(
        "Away: "
          + away.map { MarkdownText.escape($0.attendee.name + Self.detail($0.away)) }
          .joined(separator: ", "))
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  func json(of syncUp: SyncUp) -> JSONOutput {
    .object([
      "day": .string(day.text),
      "updates": .array(updates.map { JSONOutput.update($0, of: syncUp) }),
      "notWritten": .array(notWritten.map(JSONOutput.attendee)),
      "away": .array(away.map { JSONOutput.timeAway($0.away, of: $0.attendee) }),
    ])
  }
}
