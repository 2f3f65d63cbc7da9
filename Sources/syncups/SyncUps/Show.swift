#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ShowCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show a sync-up: details, attendees and past meetings.",
    discussion: """
      Shows the sync-up's short id with its details (and its facilitator rota, when it has \
      one: see 'edit --facilitators'). Meetings are listed newest first, with \
      the position and id that 'meeting show' and 'meeting delete' take. Then, when there \
      are any, its open items (see 'syncups items'), today's written updates (see 'syncups \
      updates') and who is away today or later (see 'syncups away'). With --json, prints \
      the sync-up object.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)],
    examples: [ExampleSpec("Show the sync-up titled Engineering:", "syncups show eng")]
  )

  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws {
    let syncUp = try context.syncUp(syncUp, in: context.readSyncUps())
    Output.standard(
      context.options.json
        ? JSONOutput.syncUp(syncUp).text()
        : SyncUpDetailRenderer.render(
          syncUp, style: context.style, today: LocalCalendar.current.today, age: context.itemAge()))
  }
}

/// The human output of `syncups show`: the sections "Sync-up Info" (with the short id, which a
/// reference takes when titles are alike), "Past meetings" (newest first, with the position and
/// short id `meeting show` takes) and "Attendees".
///
/// ```text
/// Sync-up Info
///   Title         Engineering
///   ID            3F2A9C1E
///   Length        10 min
///   Theme         Bubblegum
///   Per attendee  3 min, 20 secs
///   Facilitators  Blob, Blob Jr, Blob Sr (rotating)
///
/// Past meetings
///   1  Mon 9 Feb 2026, 09:15  9A0C55D2
///   2  Fri 6 Feb 2026, 17:40  41B7E0F3
///
/// Attendees
///   Blob
///   Blob Jr
///   Blob Sr
///
/// Open items
///   1 open blocker, 3 days; 2 actions
///
/// Today
///   Updates from Blob, Blob Jr
///   Blob Sr away until Fri 27 Nov (holiday)
/// ```
///
/// The last two sections only when there is something to say. With colour on, headings are bold, the theme has a swatch and placeholders are dim.
enum SyncUpDetailRenderer {
  /// The whole text, ending in a newline. Dates are shown `utcOffset(date)` seconds east of
  /// UTC, by default in the local time zone.
  static func render(
    _ syncUp: SyncUp, style: TerminalStyle,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset,
    today: CalendarDay? = nil, age: (Item) -> Int = { _ in 0 }
  ) -> String {
    var lines = [style.bold("Sync-up Info")]
    let title = UserText.cell(syncUp.title, placeholder: SyncUp.untitled, style: style)
    lines += [
      "  Title         " + title.text,
      "  ID            " + syncUp.id.shortID,
      "  Length        " + DurationText.human(syncUp.duration),
      "  Theme         " + UserText.theme(syncUp.theme, style: style).text,
      "  Per attendee  " + DurationText.human(syncUp.slotLengths),
    ]
    if let rota = syncUp.rotaText { lines.append("  Facilitators  " + sanitize(rota)) }

    lines += ["", style.bold("Past meetings")]
    if syncUp.meetings.isEmpty {
      lines.append("  " + style.dim("No meetings yet."))
    } else {
      var table = TextTable(alignments: [.right, .left, .left])
      for (index, meeting) in syncUp.meetings.enumerated() {
        let date = DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date))
        table.append([
          TextTable.Cell(String(index + 1)), TextTable.Cell(date),
          TextTable.Cell(meeting.id.shortID),
        ])
      }
      lines += table.lines().map { "  " + $0 }
    }

    lines += ["", style.bold("Attendees")]
    lines += AttendeeLines.render(syncUp.attendees, style: style)
    if let summary = OpenItemsSummary(syncUp.items, age: age) {
      lines += ["", style.bold("Open items"), "  " + summary.text]
    }
    if let today {
      let day = dayLines(of: syncUp, on: today)
      if !day.isEmpty { lines += ["", style.bold("Today")] + day }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `  Updates from Ana, Ben` (those written for `day`), then a line for each attendee away
  /// on `day`: `  Cy away until Fri 27 Nov (holiday)`.
  private static func dayLines(of syncUp: SyncUp, on day: CalendarDay) -> [String] {
    let written = syncUp.attendees.filter { syncUp.update(of: $0.id, for: day) != nil }
    let away = syncUp.attendees.compactMap { attendee in
      attendee.timeAway(on: day).map { (attendee, $0) }
    }
    var lines: [String] = []
    if !written.isEmpty {
      lines.append("  Updates from " + written.map(UserText.attendee).joined(separator: ", "))
    }
    return lines + away.map { "  \(UserText.attendee($0)) \(sanitize($1.untilText))" }
  }
}

/// The attendee list of `show`: one name per line, indented two spaces, in speaking order; a
/// blank name shows as a dim "(no name)". A name that several attendees have is followed by
/// each one's short id, which a reference to one of them takes; an attendee's git identities
/// follow, dim.
///
/// ```swift
/// AttendeeLines.render(syncUp.attendees, style: .plain)  // ["  Blob", "  Blob Jr"]
/// AttendeeLines.render(twoBlobs, style: .plain)
/// // ["  Blob     1A2B3C4D", "  Blob Jr", "  blob     5E6F7A8B"]
/// AttendeeLines.render(withIdentities, style: .plain)
/// // ["  Blob     git: blob@example.com, blob@work.example", "  Ana"]
/// ```
enum AttendeeLines {
  static func render(_ attendees: some Collection<Attendee>, style: TerminalStyle) -> [String] {
    let alike = Set(attendees.sharingNames.joined().map(\.id))
    let names = attendees.map {
      UserText.cell($0.name, placeholder: UserText.unnamed, style: style)
    }
    let width = names.map(\.width).max() ?? 0
    return zip(attendees, names).map { attendee, name in
      var columns: [String] = []
      if alike.contains(attendee.id) { columns.append(attendee.id.shortID) }
      if !attendee.gitAuthors.isEmpty {
        columns.append(
          style.dim("git: " + attendee.gitAuthors.map { sanitize($0) }.joined(separator: ", ")))
      }
      guard !columns.isEmpty else { return "  " + name.text }
      return "  " + name.text + String(repeating: " ", count: width - name.width + 2)
        + columns.joined(separator: "  ")
    }
  }
}
