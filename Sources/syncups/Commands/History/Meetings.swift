import SyncUpsCore

struct MeetingsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "meetings",
    abstract: "List a sync-up's past meetings, newest first.",
    discussion: """
      Each line holds the meeting's position (1 is the newest), its date, its short id and \
      the first line of its notes. 'meeting show' and 'meeting delete' take the position or \
      the id; the id stays the same when other meetings are deleted. With --json, prints an \
      array of meeting objects.
      """,
    runs: Self.self,
    bindings: [.argument(CommandTable.syncUpArgument, \.syncUp)]
  )

  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws { try context.meetings(syncUp) }
}
