import SyncUpsCore

struct ItemResolveCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "resolve",
    abstract: "Resolve a blocker or an action.",
    discussion: """
      Marks the item resolved today, with --note saying how. Resolving a resolved item \
      resolves it anew. With --json, prints the item object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.itemArgument, \.item),
      .option(
        OptionSpec(long: "note", valueName: "text", help: "How it was resolved."),
        \.note, parse: ValueParser.line),
    ],
    examples: [
      ExampleSpec("The keys came:", "syncups item resolve eng 1 --note 'keys arrived'")
    ]
  )

  var syncUp = ""
  var item = ""
  var note: String?

  @MainActor func run(in context: CommandContext) throws {
    let (target, item) = try context.item(item, of: syncUp)
    let resolved = try context.change(
      item, of: target, .resolveItem(id: item.id, resolution: note), done: "Resolved")
    context.hooks.fire(.itemResolved, context.itemObject(resolved, of: target), syncUp: target.id)
  }
}
