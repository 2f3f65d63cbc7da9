#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct RemindFireCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "fire",
    abstract: "Remind of a sync-up's meeting now, if one is due: what a reminder's timer runs.",
    discussion: """
      Decides whether the meeting the schedule plans --before from now is to be reminded \
      of, and does so: it stays silent when no meeting is planned within 10 minutes of \
      then, when its day is skipped, when it was moved, or when you (the me setting) are \
      away that day. Otherwise it runs the reminder hooks (see HOOKS in syncups(1)), sends \
      a desktop notification through notify-send when it is on PATH, and writes one line \
      to stderr. With --dry-run, does none of that and prints what it would do and why; \
      with --json too, an object: syncUp (id, title), remind (true or false), reason (null, \
      or skipped, moved, away or none-due), meeting (ISO 8601 with the meeting zone's \
      offset, or null when none is due) and movedTo (the same, for a meeting moved).
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(RemindGroup.beforeOption, \.before, parse: RemindGroup.parseBefore),
      .flag(OptionSpec(long: "dry-run", help: "Say what it would do and why, and do nothing."), \.dryRun),
    ],
    examples: [
      ExampleSpec("Would a reminder five minutes from now remind?", "syncups remind fire eng --dry-run")
    ]
  )

  var syncUp = ""
  var before = RemindGroup.defaultBefore
  var dryRun = false

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    guard let (syncUp, schedule) = try context.scheduledSyncUps(syncUp, in: syncUps).first else {
      return
    }
    @Dependency(\.date.now) var now
    let away = Self.awayDays(of: syncUp)
    let decision = schedule.reminderDecision(now: now, before: before, isAway: away)
    let zoneText = { (date: Date) in
      DateText.meeting(date, utcOffset: schedule.calendar.utcOffset(date)) + " " + schedule.zone
    }
    if dryRun {
      if context.options.json {
        Output.standard(Self.dryRunObject(decision.outcome, of: syncUp, schedule: schedule).text())
      } else {
        Output.standard(
          Self.dryRunText(decision.outcome, title: sanitize(syncUp.title), now: now, zoneText: zoneText)
            + "\n")
      }
      return
    }
    guard case .remind(let start) = decision.outcome else { return }
    let object = Self.reminderObject(of: syncUp, schedule: schedule, start: start, now: now)
    context.hooks.fire(.reminder, object, syncUp: syncUp.id)
    let line =
      "\(sanitize(syncUp.title)): meeting at \(zoneText(start)), in "
      + DurationText.human(Int(start.timeIntervalSince(now).rounded()))
    if let notifySend = ProgramSearch.find("notify-send", environment: context.environment) {
      _ = try? Subprocess.run(
        notifySend, ["--app-name=syncups", "syncups: " + syncUp.title, line],
        environment: context.environment, timeLimit: .seconds(10))
    }
    context.say(line + ".")
  }

  /// Whether the user (the `me` setting) is away on a day, as an attendee of `syncUp`; never
  /// when the setting names none of its attendees.
  @MainActor static func awayDays(of syncUp: SyncUp) -> (CalendarDay) -> Bool {
    @SharedReader(.me) var me
    guard !me.isBlank, let attendee = try? resolveAttendee(me, in: syncUp.attendees, of: syncUp)
    else { return { _ in false } }
    return { attendee.timeAway(on: $0) != nil }
  }

  /// The `reminder` hook's object: `syncUp` (`id`, `title`), `start` (ISO 8601 with the
  /// meeting zone's offset), `zone` and `in` (whole seconds until it starts).
  static func reminderObject(
    of syncUp: SyncUp, schedule: Schedule, start: Date, now: Date
  ) -> JSONOutput {
    .object([
      "syncUp": .syncUpName(id: syncUp.id, title: syncUp.title),
      "start": .string(DateText.iso8601(start, utcOffset: schedule.calendar.utcOffset(start))),
      "zone": .string(schedule.zone),
      "in": .int(Int(start.timeIntervalSince(now).rounded())),
    ])
  }

  /// `--dry-run --json`'s object.
  static func dryRunObject(
    _ outcome: ReminderDecision.Outcome, of syncUp: SyncUp, schedule: Schedule
  ) -> JSONOutput {
    let iso = { (date: Date) in
      JSONOutput.string(DateText.iso8601(date, utcOffset: schedule.calendar.utcOffset(date)))
    }
    var reason = JSONOutput.null, meeting = JSONOutput.null, movedTo = JSONOutput.null
    switch outcome {
    case .remind(let start): meeting = iso(start)
    case .silent(.noMeetingDue): reason = .string("none-due")
    case .silent(.skipped(let start)): (reason, meeting) = (.string("skipped"), iso(start))
    case .silent(.moved(let from, let to)): (reason, meeting, movedTo) = (.string("moved"), iso(from), iso(to))
    case .silent(.away(let start)): (reason, meeting) = (.string("away"), iso(start))
    }
    let remind: Bool = if case .remind = outcome { true } else { false }
    return .object([
      "syncUp": .syncUpName(id: syncUp.id, title: syncUp.title),
      "remind": .bool(remind), "reason": reason, "meeting": meeting, "movedTo": movedTo,
    ])
  }

  /// What `--dry-run` says: `Would remind of Engineering's meeting at Wed 2 Jun 2027, 09:30
  /// Europe/Berlin, in 5 min.`, or why it would stay silent.
  static func dryRunText(
    _ outcome: ReminderDecision.Outcome, title: String, now: Date, zoneText: (Date) -> String
  ) -> String {
    switch outcome {
    case .remind(let start):
      return "Would remind of \(title)'s meeting at \(zoneText(start)), in "
        + DurationText.human(Int(start.timeIntervalSince(now).rounded())) + "."
    case .silent(.noMeetingDue(let nearest)):
      return "Would stay silent: no meeting of \(title) is due within 10 minutes of the reminder's time"
        + (nearest.map { " (the nearest is at \(zoneText($0)))" } ?? "") + "."
    case .silent(.skipped(let start)):
      return "Would stay silent: \(title)'s meeting at \(zoneText(start)) is skipped."
    case .silent(.moved(let from, let to)):
      return "Would stay silent: \(title)'s meeting at \(zoneText(from)) was moved to \(zoneText(to))."
    case .silent(.away(let start)):
      return "Would stay silent: you (the me setting) are away on the day of \(title)'s meeting at "
        + "\(zoneText(start))."
    }
  }
}
