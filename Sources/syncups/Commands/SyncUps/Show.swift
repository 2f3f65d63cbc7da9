import SyncUpsCore

struct ShowCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show a sync-up: details, attendees and past meetings.",
    discussion: """
      Shows the sync-up's short id with its details. Meetings are listed newest first, with \
      the position and id that 'meeting show' and 'meeting delete' take. With --json, prints \
      the sync-up object.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)],
    examples: [ExampleSpec("Show the sync-up titled Engineering:", "syncups show eng")]
  )

  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws { try context.show(syncUp) }
}
