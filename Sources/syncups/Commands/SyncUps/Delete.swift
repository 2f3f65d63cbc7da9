import SyncUpsCore

struct DeleteCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a sync-up and its meetings.",
    discussion: """
      On a terminal, asks first, naming the sync-up and how many meetings go with it; \
      only y or yes deletes. Otherwise --yes is required. With --json, prints what was \
      deleted.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp), .flag(CommandTable.yesOption, \.yes),
    ]
  )

  var syncUp = ""
  var yes = false
  @MainActor func run(in context: CommandContext) throws { try context.delete(syncUp, yes: yes) }
}
