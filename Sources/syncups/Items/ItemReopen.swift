import SyncUpsCore

struct ItemReopenCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "reopen",
    abstract: "Open a resolved blocker or action again.",
    discussion: """
      The item keeps its age, counted from when it was first opened, and loses its \
      resolution. With --json, prints the item object. The item-opened hooks run, as for a \
      new item.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.itemArgument, \.item),
    ]
  )

  var syncUp = ""
  var item = ""

  @MainActor func run(in context: CommandContext) throws {
    let (target, item) = try context.item(item, of: syncUp)
    guard !item.isOpen else {
      throw CommandFailure("\(item.kind) \(self.item) of \(UserText.name(target)) is open already")
    }
    let reopened = try context.change(
      item, of: target, .reopenItem(id: item.id), done: "Reopened")
    context.hooks.fire(.itemOpened, context.itemObject(reopened, of: target), syncUp: target.id)
  }
}
