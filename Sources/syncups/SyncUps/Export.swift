#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ExportCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write all sync-ups to stdout.",
    discussion: """
      With --format json (the default), writes the data file's format, which 'syncups \
      import' reads back. With --format app, writes the SyncUps app's own sync-ups.json \
      (durations as [high, low] attoseconds, dates in seconds since 2001), which the app and \
      'syncups import' read; it cannot hold blockers and action items, written updates or \
      time away, and a note says how many were left out. With --format markdown, writes every sync-up with its open items \
      and their age in working days, and its meetings, newest first, as 'meeting show \
      --format markdown' prints them; a sync-up with meetings starts with its trend lines \
      over the last 8 weeks in a code block, as 'stats --trend --format markdown' prints \
      them.
      """,
    runs: Self.self,
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

  var format = ExportFormat.json

  /// Prints the data file's contents in our format or the SyncUps app's, both of which
  /// `import` reads back, with the characters a terminal might act on escaped like `--json`
  /// output escapes them; or as Markdown.
  @MainActor func run(in context: CommandContext) throws {
    if format == .markdown {
      try context.checkJSONOption(format: format.rawValue, path: ["export"])
    }
    let syncUps = try context.readSyncUps()
    let json: String
    do {
      switch format {
      case .json: json = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
      case .app:
        // The app has no items, updates or time away: they are left out, and a note says
        // how many of each.
        var leftOut = syncUps
        for index in leftOut.indices {
          leftOut[index].items = []
          leftOut[index].updates = []
          for attendee in leftOut[index].attendees.ids { leftOut[index].attendees[id: attendee]?.away = [] }
        }
        json = String(decoding: try SyncUpsFile.encodeAppFormat(leftOut), as: UTF8.self)
        let counts = [
          (syncUps.reduce(0) { $0 + $1.items.count }, "item", "items"),
          (syncUps.reduce(0) { $0 + $1.updates.count }, "written update", "written updates"),
          (
            syncUps.reduce(0) { $0 + $1.attendees.reduce(0) { $0 + $1.away.count } },
            "time away", "times away"
          ),
        ]
        for (count, one, many) in counts where count > 0 {
          context.note(
            "Left out \(count) \(count == 1 ? one : many): the SyncUps app's format cannot "
              + "hold \(count == 1 ? "it" : "them").")
        }
      case .markdown:
        let age = context.itemAge()
        // A sync-up at a time, so that the text of a large file is never held whole.
        for (index, syncUp) in syncUps.enumerated() {
          let trend = syncUp.meetings.isEmpty
            ? nil : try? context.trend(of: syncUp, weeks: TrendRenderer.defaultWeeks, byPerson: false)
          Output.standard(
            (index > 0 ? "\n" : "")
              + SyncUpMarkdownRenderer.render(syncUp, age: age, trend: trend))
        }
        return
      }
    } catch {
      throw CommandFailure("cannot encode the sync-ups: \(readableDescription(of: error))")
    }
    Output.standard(terminalSafeJSON(json) + "\n")
  }
}

/// What `export --format` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The data file's format, which `import` reads back.
  case json
  /// The SyncUps app's own `sync-ups.json`, which `import` reads back too.
  case app
  /// Every sync-up and its meetings as Markdown, for people.
  case markdown
}

/// A sync-up and its meetings as Markdown, for `export --format markdown`: the title as a
/// heading, its trend lines when given (``TrendRenderer/markdownBlock(_:)``), its length and
/// attendees, its open items with their age in working days (`age`
/// of each), then each meeting, newest first, a level down
/// (``MeetingMarkdownRenderer``).
///
/// ```markdown
/// # Engineering
///
/// ```text
/// 8 weeks from Mon 5 Jan 2026
///   meetings  ▄▄▄▄▄▄▄▄  40
/// …
/// ```
///
/// **Length:** 10 min. **Attendees:** Blob, Blob Jr
///
/// ## Mon 9 Feb 2026, 09:15
///
/// **Attendees:** Blob, Blob Jr
/// …
/// ```
enum SyncUpMarkdownRenderer {
  /// The text, ending in a newline. Dates are shown `utcOffset(date)` seconds east of UTC.
  static func render(
    _ syncUp: SyncUp, age: @escaping (Item) -> Int, trend: SyncUpTrend? = nil,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    let attendees = syncUp.attendees.map { MeetingMarkdownRenderer.name($0.name) }
    var blocks = ["# " + MeetingMarkdownRenderer.title(syncUp)]
    if let trend { blocks.append(TrendRenderer.markdownBlock(trend)) }
    blocks += [
      "**Length:** \(DurationText.human(syncUp.duration)). **Attendees:** "
        + attendees.joined(separator: ", "),
    ]
    let open = syncUp.items.elements.filter(\.isOpen)
    if !open.isEmpty {
      blocks.append("**Open items:**")
      blocks.append(
        MeetingMarkdownRenderer.itemList(open, of: syncUp, resolutions: false, age: age))
    }
    if syncUp.meetings.isEmpty { blocks.append("No meetings yet.") }
    var text = blocks.joined(separator: "\n\n") + "\n"
    for meeting in syncUp.meetings {
      text +=
        "\n" + MeetingMarkdownRenderer.render(meeting, of: syncUp, level: 2, utcOffset: utcOffset)
    }
    return text
  }
}

/// JSON text with the characters a terminal might act on that JSON leaves raw (DEL, C1
/// controls, bidirectional formatting characters, U+2028/U+2029; see `needsEscaping`) written
/// as `\uXXXX`. Outside strings JSON holds only ASCII, and the encoder already escapes C0
/// controls inside them, so only strings change, and they decode to the same text.
func terminalSafeJSON(_ json: String) -> String {
  guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && needsEscaping($0) }) else {
    return json
  }
  var result = ""
  result.reserveCapacity(json.utf8.count + 16)
  for scalar in json.unicodeScalars {
    if scalar.value >= 0x7F && needsEscaping(scalar) {
      let digits = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
