import SyncUpsCore

struct ListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the sync-ups.",
    discussion: """
      Prints each sync-up's short id (the first 8 hex digits of its id, which any <syncup> \
      argument takes), title, number of attendees, length, theme and number of meetings, in \
      list order. With --json, prints an array of sync-up objects.
      """,
    runs: Self.self,
    examples: [ExampleSpec("Print the titles:", "syncups list --json | jq -r '.[].title'")]
  )

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    if context.options.json {
      Output.standardJSON { $0.syncUps(syncUps.elements) }
    } else if syncUps.isEmpty {
      context.say(UserText.noSyncUps.trimmingSuffix("\n"))
    } else {
      Output.standard(
        SyncUpListRenderer.render(syncUps, style: context.style, width: standardOutputColumns()))
    }
  }
}

/// The human output of `syncups list`: a table with the columns ID (the short id, which a
/// reference takes when titles are alike), TITLE, ATTENDEES, LENGTH, THEME and MEETINGS.
///
/// ```text
/// ID        TITLE        ATTENDEES  LENGTH          THEME      MEETINGS
/// 3F2A9C1E  Engineering          3  10 min          Bubblegum         2
/// B80D44A7  Design               2  1 min, 30 secs  Seafoam           0
/// ```
///
/// Titles longer than the room left by the other columns are cut with "…" so that lines fit
/// `width`. With colour on, the header is bold and each theme has a swatch.
enum SyncUpListRenderer {
  /// Columns the title keeps even when the terminal is too narrow for the table.
  static let minimumTitleWidth = 5

  /// The title's place among the columns: the one cut to fit the width.
  private static let titleColumn = 1

  /// The table, one line per sync-up after the header, ending in a newline; empty for no
  /// sync-ups (print ``UserText/noSyncUps`` to standard error instead). `width` is the terminal's
  /// width, or `nil` for no limit.
  static func render(
    _ syncUps: some Collection<SyncUp>, style: TerminalStyle, width: Int? = nil
  ) -> String {
    guard !syncUps.isEmpty else { return "" }
    var table = TextTable(alignments: [.left, .left, .right, .left, .left, .right])
    table.append(["ID", "TITLE", "ATTENDEES", "LENGTH", "THEME", "MEETINGS"])
    for syncUp in syncUps {
      table.append([
        TextTable.Cell(syncUp.id.shortID),
        UserText.cell(syncUp.title, placeholder: SyncUp.untitled, style: style),
        TextTable.Cell(String(syncUp.attendees.count)),
        TextTable.Cell(DurationText.human(syncUp.duration)),
        UserText.theme(syncUp.theme, style: style),
        TextTable.Cell(String(syncUp.meetings.count)),
      ])
    }

    if let width {
      let widths = table.columnWidths
      let room = width - widths.reduce(0, +) + widths[titleColumn] - 2 * (widths.count - 1)
      let titleWidth = max(room, minimumTitleWidth)
      if widths[titleColumn] > titleWidth {
        var fitted = TextTable(alignments: table.alignments)
        fitted.append(table.rows[0])
        for (syncUp, row) in zip(syncUps, table.rows.dropFirst()) {
          var row = row
          row[titleColumn] = UserText.cell(
            syncUp.title, placeholder: SyncUp.untitled, style: style, maxWidth: titleWidth)
          fitted.append(row)
        }
        table = fitted
      }
    }

    var lines = table.lines()
    lines[0] = style.bold(lines[0])
    return lines.joined(separator: "\n") + "\n"
  }
}
