#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ScheduleShowCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show when a sync-up meets and its next meetings.",
    discussion: """
      Shows the rule in its normal form, the zone, the first day, the skipped and moved \
      meetings still to come, and the next five meetings. A sync-up without a schedule says \
      so (exit status 1). With --json, prints the schedule object: syncUp, title, schedule \
      (as stored), rule, rrule and next.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)],
    examples: [ExampleSpec("When does Engineering meet?", "syncups schedule show eng")]
  )

  var syncUp = ""

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    _ = try context.schedule(of: target)
    @Dependency(\.date.now) var now
    Output.standard(
      context.options.json
        ? ScheduleText.object(target, now: now, in: context).text()
        : ScheduleText.render(target, now: now, in: context))
  }
}
