#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct NextCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "next",
    abstract: "Show the next meeting of a sync-up, or of every scheduled one.",
    discussion: """
      For each meeting: its date and time in the meetings' zone (and yours, where your clock \
      differs), how long until it, its facilitator (with a rota: 'edit --facilitators'; each \
      meeting listed takes the next on the rota after the one before, passing over anyone \
      away that day), who is away that day, and each attendee's local time \
      where their zone differs (see 'edit --attendee-zone'). Skipped meetings are left out \
      and moved ones are at their new time. Without a sync-up, lists the next meeting of \
      every sync-up with a schedule, in time order; --count N lists N meetings of each. \
      Warns of each attendee whose local time of the meeting changes within the next 60 \
      days.

      A sync-up named without a schedule says so (exit status 1); without one named, those \
      without a schedule are left out. With --json, prints an array of meeting objects: \
      syncup (the title), id (the sync-up's), start (ISO 8601 with the zone's offset), day \
      (the day the rule gives it), zone, in (seconds from now), facilitator (a name, or null \
      without a rota or when everyone on it is away), away (names), \
      skipped and moved.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.everySyncUpArgument, \.syncUp, parse: { text, _, _ in text }),
      .option(
        OptionSpec(
          long: "count", valueName: "n", help: "How many meetings of each sync-up to list (1)."),
        \.count, parse: { text, name, path throws(UsageError) in
          try ValueParser.count(text, of: "meetings", for: name, path: path)
        }),
    ],
    examples: [
      ExampleSpec("The next meeting of every scheduled sync-up:", "syncups next"),
      ExampleSpec("The next ten stand-ups of Engineering:", "syncups next eng --count 10"),
    ]
  )

  var syncUp: String?
  var count = 1

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    @Dependency(\.date.now) var now
    var targets: [SyncUp]
    if let syncUp {
      let target = try context.syncUp(syncUp, in: syncUps)
      _ = try context.schedule(of: target)
      targets = [target]
    } else {
      targets = syncUps.filter { $0.schedule != nil }
    }
    // Sorted as (occurrence, which sync-up) pairs: moving whole sync-ups, history and all,
    // through a sort of a thousand costs more than finding their meetings.
    var found: [(occurrence: ScheduleOccurrence, target: Int, facilitator: Attendee?)] = []
    for (index, target) in targets.enumerated() {
      let occurrences = target.schedule!.occurrences(after: now, count: count)
      let facilitators = target.facilitatorsInTurn(at: occurrences)
      for (occurrence, facilitator) in zip(occurrences, facilitators) {
        found.append((occurrence, index, facilitator))
      }
    }
    found.sort { ($0.occurrence.start, $0.target) < ($1.occurrence.start, $1.target) }
    let meetings = found.map {
      (syncUp: targets[$0.target], occurrence: $0.occurrence, facilitator: $0.facilitator)
    }
    for target in targets {
      for warning in ScheduleText.localTimeWarnings(target, now: now) { context.note(warning) }
    }
    if context.options.json {
      return Output.standard(
        JSONOutput.array(
          meetings.map {
            ScheduleText.occurrence(
              $0.occurrence, of: $0.syncUp, now: now, facilitator: $0.facilitator)
          }
        ).text())
    }
    guard !meetings.isEmpty else {
      return context.say(
        targets.isEmpty
          ? "No sync-up has a schedule; set one with 'syncups schedule set'."
          : syncUp == nil
            ? "No more meetings are scheduled."
            : "\(UserText.name(targets[0])) has no more meetings.")
    }
    Output.standard(
      meetings.map {
        Self.render($0.occurrence, of: $0.syncUp, now: now, facilitator: $0.facilitator)
      }.joined())
  }

  /// One meeting for people:
  ///
  /// ```text
  /// Engineering: Thu 3 Dec 2026, 09:30 CET (08:30 your time), in 42 min
  ///   Facilitator: Ana
  ///   Away: Ben
  ///   Local times: Cy 14:00 IST
  /// ```
  @MainActor static func render(
    _ occurrence: ScheduleOccurrence, of syncUp: SyncUp, now: Date, facilitator: Attendee? = nil
  ) -> String {
    let schedule = syncUp.schedule!
    var lines = [
      "\(syncUp.title.isBlank ? SyncUp.untitled : sanitize(syncUp.title)): \(ScheduleText.when(occurrence.start, of: schedule)), "
        + ScheduleText.until(occurrence.start, now: now)
        + (occurrence.isMoved ? " (moved from \(occurrence.day.longText))" : "")
    ]
    if let facilitator { lines.append("  Facilitator: " + UserText.attendee(facilitator)) }
    let away = ScheduleText.away(syncUp, at: occurrence.start)
    if !away.isEmpty {
      lines.append("  Away: " + away.map { UserText.attendee($0) }.joined(separator: ", "))
    }
    let offset = schedule.zoneRules.offset(at: occurrence.start)
    let elsewhere = syncUp.attendees.compactMap { attendee -> String? in
      guard let name = attendee.zone, let zone = ZoneRules.named(name),
        zone.offset(at: occurrence.start) != offset
      else { return nil }
      let fields = LocalCalendar(zone: zone).fields(of: occurrence.start)
      return "\(UserText.attendee(attendee)) "
        + "\(TimeOfDay(hour: fields.hour, minute: fields.minute).text) "
        + zone.abbreviation(at: occurrence.start)
    }
    if !elsewhere.isEmpty { lines.append("  Local times: " + elsewhere.joined(separator: ", ")) }
    return lines.joined(separator: "\n") + "\n"
  }
}
