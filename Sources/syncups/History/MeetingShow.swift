#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct MeetingShowCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show a meeting's date and transcript.",
    discussion: """
      A meeting of the sync-up's schedule says when it started against its scheduled start \
      (Started  09:34, 4 min, 10 secs late for 09:30; on time up to 2 minutes after), and a \
      meeting with a facilitator says who ran it, in text and in Markdown; with --json, as \
      started, scheduled and facilitator.

      The items raised in the meeting and those resolved in it are listed with their kind, \
      owner, text and resolution; with --json, as itemsRaised and itemsResolved.

      With --format markdown, prints a Markdown page to paste into chat or a wiki: the \
      title and date as a heading, the attendees (absent ones struck through; Not recorded \
      for a meeting saved without its record, as the text says), a section per speaker \
      with their notes (transcript lines 'Name: text'; those of a name two speakers share \
      under the first of them) and, for a meeting recorded with \
      its timings, the time they spoke against their slot; then the items raised and \
      resolved, and the total against the planned length. Markdown characters in titles, \
      names, notes and items are escaped, so they show as typed.

      With --work, adds each attendee's commits made between the meeting before this one (or \
      the start of the working day before it) and this one, read from git now as standup \
      reads them; with --json, as work: since, until and attendees, as standup --json has \
      them without their items.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingArgument, \.meeting),
      .option(.format(OutputFormat.self), \.format, parse: ValueParser.choice),
      .flag(
        OptionSpec(
          long: "work", help: "Add each attendee's commits up to the meeting (see standup)."),
        \.work),
      .repeating(WorkCards.repositoriesOption, \.repositories, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec("Show the newest meeting:", "syncups meeting show eng 1"),
      ExampleSpec(
        "Copy the newest meeting as Markdown (Wayland):",
        "syncups meeting show eng 1 --format markdown | wl-copy"),
    ]
  )

  var syncUp = ""
  var meeting = ""
  var format = OutputFormat.text
  var work = false
  var repositories: [String] = []

  func validate(path: [String]) throws(UsageError) {
    guard !work, !repositories.isEmpty else { return }
    throw UsageError("'--repositories' is only read with '--work'", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    let format = try context.outputFormat(format, path: ["meeting", "show"])
    let syncUp = try context.syncUp(self.syncUp, in: context.readSyncUps())
    let meeting = try context.meeting(self.meeting, in: syncUp)
    let work = self.work ? workCards(for: meeting, of: syncUp, in: context) : nil
    @Dependency(\.utcOffset) var utcOffset
    switch format {
    case .json:
      Output.standard(
        JSONOutput.meeting(
          meeting, with: MeetingItems(meeting, of: syncUp), of: syncUp, age: context.itemAge(),
          work: work.map(JSONOutput.work)
        ).text())
    case .text:
      var page = PastMeetingPage.render(meeting, of: syncUp, style: context.style)
      if let work {
        let style = context.style
        page += "\n" + style.bold("Work " + StandupText.span(work.window, utcOffset: utcOffset)) + "\n"
        for (attendee, card) in work.cards {
          page += card.lines(of: attendee, style: style).map { "  " + $0 + "\n" }.joined()
        }
      }
      Output.standard(page)
    case .markdown:
      var page = MeetingMarkdownRenderer.render(meeting, of: syncUp)
      if let work {
        page += "\n### " + MarkdownText.escape("Work " + StandupText.span(work.window, utcOffset: utcOffset))
        for (attendee, card) in work.cards {
          page += "\n\n#### " + MarkdownText.escape(WorkCard.heading(of: attendee)) + "\n\n"
            + card.markdownBlocks().joined(separator: "\n\n")
        }
        page += "\n"
      }
      Output.standard(page)
    }
  }

  /// The cards of the meeting's attendees (as the sync-up knows them now, with their git
  /// identities; one who has left by the name the meeting kept) over the meeting's window.
  @MainActor private func workCards(
    for meeting: Meeting, of syncUp: SyncUp, in context: CommandContext
  ) -> WorkCards {
    @Dependency(\.utcOffset) var utcOffset
    @SharedReader(.workingDays) var workingDays
    let attendees =
      meeting.attendees?.map { syncUp.attendees[id: $0.id] ?? Attendee(id: $0.id, name: $0.name) }
      ?? syncUp.attendees.elements
    let window = WorkWindow.of(
      meetingAt: meeting.date, in: syncUp, isPast: true, workingDays: workingDays,
      utcOffset: utcOffset)
    return WorkCards.gather(
      for: attendees, of: syncUp, window: window, repositories: repositories, in: context)
  }
}

/// The human output of `syncups meeting show`: which sync-up and when, how long it lasted
/// against the plan, who was there and how long each spoke against their slot, and the whole
/// transcript.
///
/// ```text
/// Meeting
///   Sync-up      Engineering
///   Date         Mon 9 Feb 2026, 09:15
///   Started      09:10, on time for 09:10
///   Length       5 min, 12 secs of 5 min planned, 12 secs over
///   Facilitator  Ana
///
/// Attendees
///   Blob     2 min, 5 secs of 1 min, 40 secs  25 secs over
///   Blob Jr  1 min of 1 min, 40 secs
///   Blob Sr  absent
///
/// Transcript
///   Blob: shipped the release
///   Blob Jr: reviewing the docs
/// ```
///
/// `Started` shows only for a meeting that records the scheduled start it was held for, and
/// `Facilitator` only for one that records who ran it; without either the labels are as wide
/// as `Sync-up`. Items raised or resolved in the meeting are listed before the transcript, under `Items
/// raised` and `Items resolved` (kind, owner, text, and the resolution), when there are any.
///
/// A meeting saved before meetings kept a record (or imported from the app) has no length and
/// no attendees to show: it says so rather than show today's attendees. Lengths are written
/// for people (``DurationText/human(_:)``), as everywhere but a fixed-width table.
enum PastMeetingPage {
  /// The whole text, ending in a newline. The date is shown `utcOffset(date)` seconds east of
  /// UTC. Blank lines inside the transcript are kept; trailing ones are not.
  static func render(
    _ meeting: Meeting, of syncUp: SyncUp, style: TerminalStyle,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    let title = UserText.cell(syncUp.title, placeholder: SyncUp.untitled, style: style)
    var figures = TextTable(alignments: [.left, .left])
    figures.append(["Sync-up", title])
    figures.append(
      ["Date", TextTable.Cell(DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date)))])
    if let start = MeetingStart.text(of: meeting, utcOffset: utcOffset, late: style.warning) {
      figures.append(["Started", TextTable.Cell(start)])
    }
    if let length = length(of: meeting, style: style) {
      figures.append(["Length", TextTable.Cell(length)])
    }
    if let facilitator = meeting.facilitator {
      figures.append(
        ["Facilitator", UserText.cell(facilitator.name, placeholder: UserText.unnamed, style: style)])
    }
    var lines = [style.bold("Meeting")] + figures.lines().map { "  " + $0 }
    lines += ["", style.bold("Attendees")]
    lines += attendeeLines(meeting, style: style)
    let items = MeetingItems(meeting, of: syncUp)
    if !items.raised.isEmpty {
      lines += ["", style.bold("Items raised")]
      lines += itemLines(items.raised, of: syncUp, resolutions: false, style: style)
    }
    if !items.resolved.isEmpty {
      lines += ["", style.bold("Items resolved")]
      lines += itemLines(items.resolved, of: syncUp, resolutions: true, style: style)
    }
    lines += ["", style.bold("Transcript")]

    var transcript = sanitizedLines(meeting.transcript)
    while let last = transcript.last, last.isBlank {
      transcript.removeLast()
    }
    if transcript.isEmpty {
      lines.append("  " + style.dim("No notes were taken."))
    } else {
      lines += transcript.map { $0.isEmpty ? "" : "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `5 min, 12 secs of 5 min planned, 12 secs over`, or `…, ended early`; nil without a
  /// recorded length.
  static func length(of meeting: Meeting, style: TerminalStyle) -> String? {
    guard let duration = meeting.duration else { return nil }
    var text = DurationText.human(duration)
    if let planned = meeting.plannedDuration {
      text += " of " + DurationText.human(planned) + " planned"
      if duration > planned {
        text += ", " + style.warning(DurationText.human(duration - planned) + " over")
      }
    }
    if meeting.endedEarly == true { text += ", ended early" }
    return text
  }

  /// One line per attendee in calling order: the time spoken against the slot (`25 secs over`
  /// past it), `absent`, or `did not speak` for someone present whose turn never came.
  private static func attendeeLines(_ meeting: Meeting, style: TerminalStyle) -> [String] {
    guard let attendees = meeting.attendees else {
      return ["  " + style.dim("Not recorded for this meeting.")]
    }
    guard !attendees.isEmpty else { return ["  " + style.dim("Nobody.")] }
    var table = TextTable(alignments: [.left, .left])
    for attendee in attendees {
      let name = UserText.cell(attendee.name, placeholder: UserText.unnamed, style: style)
      table.append([name, TextTable.Cell(time(of: attendee, in: meeting, style: style))])
    }
    return table.lines().map { "  " + $0 }
  }

  /// A table of items: kind, owner (`nobody` without one) and text, and with `resolutions`
  /// the resolution after a dash when there is one.
  private static func itemLines(
    _ items: [Item], of syncUp: SyncUp, resolutions: Bool, style: TerminalStyle
  ) -> [String] {
    var table = TextTable(alignments: [.left, .left, .left])
    for item in items {
      let owner =
        syncUp.ownerName(of: item).map {
          UserText.cell($0, placeholder: UserText.unnamed, style: style)
        } ?? TextTable.Cell(style.dim("nobody"), width: 6)
      var text = UserText.cell(item.text, placeholder: "", style: style)
      if resolutions, let resolution = item.resolution, !resolution.isBlank {
        let said = UserText.cell(resolution, placeholder: "", style: style)
        text = TextTable.Cell(text.text + " — " + said.text, width: text.width + 3 + said.width)
      }
      table.append([TextTable.Cell(kindName(item.kind)), owner, text])
    }
    return table.lines().map { "  " + $0 }
  }

  /// `Blocker`, `Action`, or a later version's kind as written (``Item/Kind/label``).
  static func kindName(_ kind: Item.Kind) -> String { kind.label }

  private static func time(
    of attendee: MeetingAttendee, in meeting: Meeting, style: TerminalStyle
  ) -> String {
    if attendee.absent { return style.dim("absent") }
    let turns = meeting.turns?.filter { $0.attendee == attendee.id } ?? []
    guard !turns.isEmpty else { return style.dim("did not speak") }
    let seconds = turns.reduce(0) { $0 + $1.seconds }
    let slot = turns.reduce(0) { $0 + $1.slot }
    let over =
      seconds > slot ? "  " + style.warning(DurationText.human(seconds - slot) + " over") : ""
    return DurationText.human(seconds) + " of " + DurationText.human(slot) + over
  }
}
