#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct CalendarCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "calendar",
    abstract: "Write the scheduled sync-ups as an iCalendar file, for calendar programs.",
    discussion: """
      Writes RFC 5545 iCalendar text to stdout, or to --output: one recurring event for each \
      scheduled sync-up (every one, or those named), its UID the sync-up's id \
      (<id>@syncups, the same for ever, so that importing the file again updates the \
      events), DTSTART in the schedule's zone with the rule as RRULE, DURATION the \
      sync-up's length, EXDATE for each day skipped, an override event (RECURRENCE-ID) for \
      each meeting moved, SEQUENCE the schedule's revision, which every change raises, \
      SUMMARY the title and DESCRIPTION the attendees; and a VTIMEZONE for each zone used, \
      with its offsets over the meetings' range (ten years from the first meeting when a \
      rule has no end). Lines end in CRLF and are folded at 75 octets.

      The same sync-ups give the same bytes every time: DTSTAMP is when the schedule's \
      rule was last changed (1970-01-01 when that was not recorded), not when the file was \
      written. A sync-up named that has no schedule is an error (exit status 1); without \
      names, sync-ups without a schedule are left out, and if none has one that is an error.
      """,
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "syncup",
            help: "A sync-up title or id, or a unique prefix of either; every scheduled "
              + "sync-up when left out.",
            completion: .syncUp, isOptional: true, isRepeating: true)
        ],
        \.syncUps, parse: { words, _ in words }),
      .option(
        OptionSpec(
          long: "output", short: "o", valueName: "file",
          help: "Write the calendar to <file> (replacing it) instead of stdout.",
          completion: .file),
        \.output, parse: ValueParser.nonEmptyPath),
    ],
    examples: [
      ExampleSpec(
        "A calendar of every scheduled sync-up, to subscribe to or import:",
        "syncups calendar --output ~/standups.ics"),
      ExampleSpec("Only the design sync-up's meetings:", "syncups calendar design"),
    ]
  )

  var syncUps: [String] = []
  var output: String?

  @MainActor func run(in context: CommandContext) throws {
    let all = try context.readSyncUps()
    let chosen: [SyncUp]
    if syncUps.isEmpty {
      chosen = all.filter { $0.schedule != nil }
      guard !chosen.isEmpty else {
        throw CommandFailure(
          "no sync-up has a schedule: give one a schedule with 'syncups schedule set'")
      }
    } else {
      chosen = try syncUps.map { try context.syncUp($0, in: all) }
      if let unscheduled = chosen.first(where: { $0.schedule == nil }) {
        throw CommandFailure(
          "'\(sanitize(unscheduled.title))' has no schedule: give it one with 'syncups "
            + "schedule set'")
      }
    }
    let text = SyncUpCalendar.text(of: chosen)
    guard let path = output else {
      Output.standard(text)
      return
    }
    do {
      _ = try currentFileSystem.write(Data(text.utf8), to: path, durably: true)
    } catch {
      throw CommandFailure("cannot write '\(sanitize(path))': \(readableDescription(of: error))")
    }
    let events = chosen.count
    context.say("Wrote \(events) \(events == 1 ? "sync-up" : "sync-ups") to '\(sanitize(path))'.")
  }
}
