import SyncUpsCore

struct ScheduleUnskipCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "unskip",
    abstract: "Hold a skipped meeting after all.",
    discussion: """
      A day that is not skipped says so (exit status 1). With --json, prints the schedule \
      object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingDayArgument, \.date, parse: ValueParser.date),
    ]
  )

  var syncUp = ""
  var date = DateArgument.relativeDay(0)

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let schedule = try context.schedule(of: target)
    let day = date.day(side: .future)
    guard schedule.skip(on: day) != nil else {
      throw CommandFailure(
        "the meeting of \(UserText.name(target)) on \(day.longText) is not skipped")
    }
    let stored = try context.changeSchedule(of: target, .unskipMeeting(day: day))
    context.report(
      stored, done: "The meeting of \(UserText.name(stored)) on \(day.longText) is held again.")
  }
}
