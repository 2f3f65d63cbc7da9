import SyncUpsCore

struct ItemAddCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Raise a blocker or an action outside a meeting.",
    discussion: """
      The item is open from today, with no meeting of its own, until 'item resolve'. With \
      --json, prints the item object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(
        OptionSpec(long: "blocker", valueName: "text", help: "Raise a blocker saying <text>."),
        \.blocker, parse: ValueParser.line),
      .option(
        OptionSpec(long: "action", valueName: "text", help: "Raise an action saying <text>."),
        \.action, parse: ValueParser.line),
      .option(CommandTable.ownerOption(), \.owner, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec(
        "Ana is waiting on API keys:",
        "syncups item add eng --blocker 'waiting on API keys' --owner ana")
    ]
  )

  var syncUp = ""
  var blocker: String?
  var action: String?
  var owner: String?

  func validate(path: [String]) throws(UsageError) {
    switch (blocker, action) {
    case (nil, nil): throw UsageError("give '--blocker TEXT' or '--action TEXT'", path: path)
    case (_?, _?): throw UsageError("'--blocker' and '--action' cannot be used together", path: path)
    default: return
    }
  }

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let ownerID = try context.ownerID(owner, in: target)
    let kind: Item.Kind = blocker == nil ? .action : .blocker
    let text = blocker ?? action ?? ""
    let (stored, item) = try context.changeSyncUps { syncUps in
      guard let shared = syncUps[id: target.id] else {
        throw CommandFailure(context.deletedMeanwhile(UserText.name(target)))
      }
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.raiseItem(kind: kind, text: text, owner: ownerID))
      return (shared.wrappedValue, shared.wrappedValue.items.last)
    }
    let added = try require(item, "the item raised")
    context.report(added, in: stored, done: "Raised")
    context.hooks.fire(.itemOpened, context.itemObject(added, of: stored), syncUp: stored.id)
  }
}
