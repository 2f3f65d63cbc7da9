import SyncUpsCore

struct ItemEditCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "edit",
    abstract: "Change a blocker's or an action's text or owner.",
    discussion: "What is not given stays as it is. With --json, prints the item object.",
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.itemArgument, \.item),
      .option(
        OptionSpec(long: "text", valueName: "text", help: "The new text."), \.text,
        parse: ValueParser.line),
      .option(CommandTable.ownerOption(), \.owner, parse: { text, _, _ in text }),
      .flag(OptionSpec(long: "no-owner", help: "Leave it without an owner."), \.noOwner),
    ],
    examples: [
      ExampleSpec("Ben takes it over:", "syncups item edit eng 2 --owner ben")
    ]
  )

  var syncUp = ""
  var item = ""
  var text: String?
  var owner: String?
  var noOwner = false

  func validate(path: [String]) throws(UsageError) {
    if owner != nil && noOwner {
      throw UsageError("'--owner' and '--no-owner' cannot be used together", path: path)
    }
    guard text == nil && owner == nil && !noOwner else { return }
    throw UsageError("nothing to change: give '--text', '--owner' or '--no-owner'", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    let (target, item) = try context.item(item, of: syncUp)
    let ownerID = noOwner ? nil : try context.ownerID(owner, in: target) ?? item.owner
    try context.change(
      item, of: target, .editItem(id: item.id, text: text ?? item.text, owner: ownerID),
      done: "Changed")
  }
}
