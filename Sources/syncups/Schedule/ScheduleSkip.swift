import SyncUpsCore

struct ScheduleSkipCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "skip",
    abstract: "Skip one meeting of a sync-up.",
    discussion: """
      The date is a day the rule gives a meeting, in the meetings' time zone; another is \
      refused (exit status 64). Skipping a day again replaces its reason. 'next' and the \
      calendar leave the meeting out. With --json, prints the schedule object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingDayArgument, \.date, parse: ValueParser.date),
      .option(
        OptionSpec(long: "reason", valueName: "text", help: "Why: a holiday, an offsite."),
        \.reason, parse: ValueParser.line),
    ],
    examples: [
      ExampleSpec(
        "No stand-up on Christmas Eve:", "syncups schedule skip eng 2026-12-24 --reason holiday")
    ]
  )

  var syncUp = ""
  var date = DateArgument.relativeDay(0)
  var reason: String?

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let schedule = try context.schedule(of: target)
    let day = try context.meetingDay(date, of: schedule, in: target, path: ["schedule", "skip"])
    let stored = try context.changeSchedule(of: target, .skipMeeting(day: day, reason: reason))
    context.report(
      stored, done: "Skipped the meeting of \(UserText.name(stored)) on \(day.longText).")
  }
}
