import SyncUpsCore

struct ItemDeleteCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a blocker or an action.",
    discussion: """
      On a terminal, asks first, naming the item; only y or yes deletes. Otherwise --yes is \
      required: positions change as items are deleted, so a script is safer naming the item \
      by id. Resolving keeps an item in the record; deleting forgets it. With --json, prints \
      the deleted item object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.itemArgument, \.item),
      .flag(CommandTable.yesOption, \.yes),
    ]
  )

  var syncUp = ""
  var item = ""
  var yes = false

  @MainActor func run(in context: CommandContext) throws {
    let (target, item) = try context.item(item, of: syncUp)
    let name = "the \(item.kind) '\(sanitize(item.text))'"
    guard
      try context.confirmDeletion(
        of: name, asking: "Delete \(name) from \(UserText.name(target))?", yes: yes,
        path: ["item", "delete"])
    else {
      context.say("Nothing deleted.")
      return
    }
    try context.changeSyncUps { syncUps in
      guard let shared = syncUps[id: target.id], shared.wrappedValue.items[id: item.id] != nil
      else {
        throw CommandFailure(context.deletedMeanwhile(name))
      }
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.deleteItem(id: item.id))
    }
    if context.options.json {
      Output.standard(context.itemObject(item, of: target).text())
    } else {
      context.say("Deleted \(name) from \(UserText.name(target)).")
    }
  }
}
