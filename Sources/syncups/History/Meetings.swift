#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct MeetingsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "meetings",
    abstract: "List a sync-up's past meetings, newest first.",
    discussion: """
      Each line holds the meeting's position (1 is the newest), its date, its short id and \
      the first line of its notes. 'meeting show' and 'meeting delete' take the position or \
      the id; the id stays the same when other meetings are deleted. With --json, prints an \
      array of meeting objects.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)]
  )

  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    let syncUp = try context.syncUp(self.syncUp, in: syncUps)
    if context.options.json {
      Output.standard(JSONOutput.meetings(syncUp.meetings).text())
    } else if syncUp.meetings.isEmpty {
      let typed = shellReference(to: syncUp, in: syncUps)
      context.say(PastMeetingList.emptyMessage(reference: typed).trimmingSuffix("\n"))
    } else {
      Output.standard(
        PastMeetingList.render(
          syncUp.meetings, style: context.style, width: standardOutputColumns()))
    }
  }
}

/// The human output of `syncups meetings`: one line per meeting, newest first, numbered as
/// `meeting show` and `meeting delete` take them, with the date, the short id (which they take
/// too, and which does not change when other meetings are deleted), how long it lasted (once
/// meetings record it; `over` past the planned length, `early` when it ended before everyone
/// spoke) and the first line of notes.
///
/// ```text
/// 1  Mon 9 Feb 2026, 09:15  9A0C55D2  5:12 over   Blob: shipped the release
/// 2  Fri 6 Feb 2026, 17:40  41B7E0F3  4:40 early  (no notes)
/// 3  Thu 5 Feb 2026, 09:15  77E1C2AA              Blob: imported from the app
/// ```
///
/// The notes are cut with "…" to fit `width`.
enum PastMeetingList {
  /// What to tell the user, on standard error, when a sync-up has no meetings; `reference`
  /// names the sync-up as it can be typed back (see ``shellReference(to:in:)``).
  static func emptyMessage(reference: String) -> String {
    "No meetings yet. Run one with: syncups start \(reference)\n"
  }

  /// Columns the notes keep even when the terminal is too narrow.
  static let minimumNoteWidth = 10

  /// The lines, ending in a newline; empty for no meetings (print ``emptyMessage`` to standard
  /// error instead). Dates are shown `utcOffset(date)` seconds east of UTC.
  static func render(
    _ meetings: some Collection<Meeting>, style: TerminalStyle, width: Int? = nil,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    guard !meetings.isEmpty else { return "" }
    let numbers = (1...meetings.count).map { String($0) }
    let dates = meetings.map { DateText.meeting($0.date, utcOffset: utcOffset($0.date)) }
    let ids = meetings.map(\.id.shortID)
    // The length column only once some meeting recorded its length.
    let lengths = meetings.contains { $0.duration != nil } ? meetings.map(length) : nil
    let prefixWidth =
      (numbers.last?.count ?? 0) + 2 + (dates.map(displayWidth).max() ?? 0) + 2
      + (ids.map(\.count).max() ?? 0) + 2 + (lengths.map { ($0.map(\.width).max() ?? 0) + 2 } ?? 0)
    let noteWidth = width.map { max($0 - prefixWidth, minimumNoteWidth) }

    var table = TextTable(
      alignments: [.right, .left, .left] + (lengths == nil ? [] : [.left]) + [.left])
    for (index, meeting) in meetings.enumerated() {
      let note = UserText.cell(
        UserText.firstNoteLine(meeting), placeholder: UserText.noNotes, style: style,
        maxWidth: noteWidth)
      table.append(
        [
          TextTable.Cell(numbers[index]), TextTable.Cell(dates[index]),
          TextTable.Cell(ids[index]),
        ] + (lengths.map { [$0[index]] } ?? []) + [note])
    }
    return table.lines().joined(separator: "\n") + "\n"
  }

  /// How long `meeting` lasted, `5:12 over` when it ran past its planned length or
  /// `4:40 early` when it ended before everyone spoke; empty when it recorded no length.
  static func length(_ meeting: Meeting) -> TextTable.Cell {
    guard let duration = meeting.duration else { return TextTable.Cell("") }
    let text = DurationText.clock(duration)
    if let planned = meeting.plannedDuration, duration > planned {
      return TextTable.Cell(text + " over")
    }
    return TextTable.Cell(meeting.endedEarly == true ? text + " early" : text)
  }
}
