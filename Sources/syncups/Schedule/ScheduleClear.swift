import SyncUpsCore

struct ScheduleClearCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "clear",
    abstract: "Remove a sync-up's schedule.",
    discussion: """
      Forgets the rule, its skipped and its moved meetings; the meetings held stay. A \
      sync-up without a schedule says so (exit status 1). With --json, prints the schedule \
      object, its schedule null.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)]
  )

  var syncUp = ""

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    _ = try context.schedule(of: target)
    let stored = try context.changeSchedule(of: target, .clearSchedule)
    context.report(stored, done: "Cleared the schedule of \(UserText.name(stored)).")
  }
}
