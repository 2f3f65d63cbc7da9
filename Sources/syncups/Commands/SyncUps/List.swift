import SyncUpsCore

struct ListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the sync-ups.",
    discussion: """
      Prints each sync-up's short id (the first 8 hex digits of its id, which any <syncup> \
      argument takes), title, number of attendees, length, theme and number of meetings, in \
      list order. With --json, prints an array of sync-up objects.
      """,
    runs: Self.self,
    examples: [ExampleSpec("Print the titles:", "syncups list --json | jq -r '.[].title'")]
  )

  @MainActor func run(in context: CommandContext) throws { try context.list() }
}
