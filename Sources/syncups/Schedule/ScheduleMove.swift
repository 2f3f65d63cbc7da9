#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

struct ScheduleMoveCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "move",
    abstract: "Hold one meeting of a sync-up at another time.",
    discussion: """
      The date is a day the rule gives a meeting, in the meetings' time zone; another is \
      refused (exit status 64). The new time is a date and time in the meetings' zone \
      (2026-12-02T10:00, or '2026-12-02 10:00'), a moment with its offset \
      (2026-12-02T10:00+01:00), or a time alone (10:00) on the same day. Moving it again \
      replaces the move. With --json, prints the schedule object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingDayArgument, \.date, parse: ValueParser.date),
      .argument(
        ArgumentSpec(
          name: "new-date-time",
          help: "When it is held instead: 2026-12-02T10:00 in the meetings' zone, or 10:00 that day."),
        \.newTime, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec(
        "Thursday's stand-up at 11:00 instead:", "syncups schedule move eng 2026-12-03 11:00")
    ]
  )

  var syncUp = ""
  var date = DateArgument.relativeDay(0)
  var newTime = ""

  @MainActor func run(in context: CommandContext) throws {
    let path = ["schedule", "move"]
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let schedule = try context.schedule(of: target)
    let day = try context.meetingDay(date, of: schedule, in: target, path: path)
    let to = try Self.moment(newTime, on: day, in: schedule, path: path)
    let stored = try context.changeSchedule(of: target, .moveMeeting(day: day, to: to))
    context.report(
      stored,
      done: "Moved the meeting of \(UserText.name(stored)) on \(day.longText) to "
        + "\(ScheduleText.when(to, of: schedule)).")
  }

  /// The moment `text` names: a time alone on `day`, a local date and time in the schedule's
  /// zone, or a moment with its offset.
  static func moment(
    _ text: String, on day: CalendarDay, in schedule: Schedule, path: [String]
  ) throws(UsageError) -> Date {
    if let time = try? TimeOfDay(parsing: text) {
      return schedule.calendar.date(
        on: day, hour: time.hour, minute: time.minute, repeated: .earlier)
    }
    switch DateArgument(parsing: text) {
    case .localTime(let year, let month, let date, let hour, let minute, let second)?:
      guard let newDay = CalendarDay(year: year, month: month, day: date) else { break }
      return schedule.calendar.date(
        on: newDay, hour: hour, minute: minute, second: second, repeated: .earlier)
    case .instant(let seconds)?:
      return Date(timeIntervalSince1970: Double(seconds))
    default:
      break
    }
    throw UsageError(
      "'\(text)' is not a date and time such as 2026-12-02T10:00, or a time such as 10:00",
      path: path)
  }
}
