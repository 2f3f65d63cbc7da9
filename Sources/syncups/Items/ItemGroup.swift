import SyncUpsCore

/// The `item` group: its subcommands are each their own type.
enum ItemGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "item",
    abstract: "Raise, resolve, reopen, edit or delete a blocker or an action.",
    subcommands: [
      ItemAddCommand.spec,
      ItemResolveCommand.spec,
      ItemReopenCommand.spec,
      ItemEditCommand.spec,
      ItemDeleteCommand.spec,
    ]
  )
}

extension CommandTable {
  static let itemArgument = ArgumentSpec(
    name: "item",
    help: "The item's position in 'syncups items' (1 is the oldest), or an id prefix.",
    completion: .item)

  /// `--owner`: an attendee of the sync-up named, completed from its attendees' names.
  static func ownerOption(
    help: String = "The attendee who owns it: a name (any case) or an id prefix."
  ) -> OptionSpec {
    OptionSpec(long: "owner", valueName: "name", help: help, completion: .attendee)
  }
}

extension CommandContext {
  /// The item `reference` names in the sync-up `syncUpReference` names, as stored now.
  func item(_ reference: String, of syncUpReference: String) throws -> (SyncUp, Item) {
    let syncUp = try syncUp(syncUpReference, in: readSyncUps())
    return (syncUp, try item(reference, in: syncUp))
  }

  /// Sends `action` to the detail of `syncUp` in one transaction on the data file, the item
  /// `item` still there; prints the item as it is then with `--json`, else says `done`
  /// (`Resolved`) with the item's position and text; returns the item as stored. Fails,
  /// writing nothing, when the sync-up or the item went meanwhile.
  @discardableResult
  func change(
    _ item: Item, of syncUp: SyncUp, _ action: SyncUpDetail.Action, done: String
  ) throws -> Item {
    let (stored, changed) = try changeSyncUps { syncUps in
      guard let shared = syncUps[id: syncUp.id], shared.wrappedValue.items[id: item.id] != nil
      else {
        throw CommandFailure(deletedMeanwhile("the item '\(sanitize(item.text))'"))
      }
      let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(action)
      return (shared.wrappedValue, shared.wrappedValue.items[id: item.id])
    }
    report(changed ?? item, in: stored, done: done)
    return changed ?? item
  }

  /// The item object of `item` as `syncUp` holds it (``JSONOutput/item(_:)``), aged as
  /// ``itemAge()`` ages it: what `--json` prints and the item hooks read.
  func itemObject(_ item: Item, of syncUp: SyncUp) -> JSONOutput {
    JSONOutput.item(ShownItem(item, of: syncUp, age: itemAge()))
  }

  /// After an `item` command: the item as JSON with `--json`, else a line on standard error.
  func report(_ item: Item, in syncUp: SyncUp, done: String) {
    if options.json {
      Output.standard(itemObject(item, of: syncUp).text())
    } else {
      let position = syncUp.items.index(id: item.id).map { " \($0 + 1)" } ?? ""
      say(
        "\(done) \(item.kind)\(position) of \(UserText.name(syncUp)): \(sanitize(item.text))")
    }
  }

  /// The id of the attendee of `syncUp` that `reference` names, as `start --absent` finds
  /// them.
  func ownerID(_ reference: String?, in syncUp: SyncUp) throws -> Attendee.ID? {
    try reference.map { try attendee($0, in: syncUp.attendees, of: syncUp).id }
  }
}
