import SyncUpsCore

struct DeleteCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a sync-up and its meetings.",
    discussion: """
      On a terminal, asks first, naming the sync-up and what goes with it (its meetings, \
      open and resolved items, written updates and time away); only y or yes deletes. \
      Otherwise --yes is required. Says what was deleted; with --json, prints it.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp), .flag(CommandTable.yesOption, \.yes),
    ]
  )

  var syncUp = ""
  var yes = false

  /// Asks first, then deletes the sync-up the person was asked about (by its id: the lock is
  /// not held while a person answers).
  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    guard
      try context.confirmDeletion(
        of: UserText.name(target), asking: DeletionQuestion.syncUp(target), yes: yes,
        path: ["delete"])
    else {
      context.say("Nothing deleted.")
      return
    }
    let deleted = try context.changeSyncUps { syncUps in
      let shared = try require(
        syncUps[id: target.id], context.deletedMeanwhile(UserText.name(target)))
      let deleted = shared.wrappedValue
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.deleteButtonTapped)
      store.send(.destination(.presented(.alert(.confirmDeletion))))
      return deleted
    }
    if context.options.json {
      Output.standard(JSONOutput.deletion(of: deleted).text())
    } else {
      context.say("Deleted \(UserText.name(deleted))\(DeletionQuestion.contents(of: deleted)).")
    }
  }
}

extension JSONOutput {
  /// `delete`: the deleted sync-up's `id` and `title`, and how many meetings
  /// (`meetingCount`), open and resolved items (`openItemCount`, `resolvedItemCount`),
  /// written updates (`updateCount`) and times away (`timeAwayCount`) went with it. Documented in syncups(1) (``ManPageReference``); keys are stable, later
  /// versions may only add keys.
  static func deletion(of syncUp: SyncUp) -> JSONOutput {
    .object([
      "id": .string(syncUp.id.uuidString),
      "title": .string(syncUp.title),
      "meetingCount": .int(syncUp.meetings.count),
      "openItemCount": .int(syncUp.items.count(where: \.isOpen)),
      "resolvedItemCount": .int(syncUp.items.count { !$0.isOpen }),
      "updateCount": .int(syncUp.updates.count),
      "timeAwayCount": .int(syncUp.attendees.reduce(0) { $0 + $1.away.count }),
    ])
  }
}
