import SyncUpsCore

struct MeetingDeleteCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a meeting from a sync-up's history.",
    discussion: """
      On a terminal, asks first, naming the meeting's date and the first line of its \
      notes; only y or yes deletes. Otherwise --yes is required: positions change as \
      meetings are deleted, so a script is safer naming the meeting by id. With --json, \
      prints what was deleted.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingArgument, \.meeting),
      .flag(CommandTable.yesOption, \.yes),
    ],
    examples: [
      ExampleSpec(
        "Delete a meeting by the id 'syncups meetings' shows:",
        "syncups meeting delete eng 1A2B3C4D --yes")
    ]
  )

  var syncUp = ""
  var meeting = ""
  var yes = false
  /// Asks first, then deletes the meeting the person was asked about: by its id, since its
  /// position may have moved by the time the lock is taken.
  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let meeting = try context.meeting(self.meeting, in: target)
    let name = DeletionQuestion.meetingName(meeting)
    guard
      try context.confirmDeletion(
        of: name, asking: DeletionQuestion.meeting(meeting, of: target), yes: yes,
        path: ["meeting", "delete"])
    else {
      context.say("Nothing deleted.")
      return
    }
    try context.changeSyncUps { syncUps in
      let shared = syncUps[id: target.id]
      guard let shared, shared.wrappedValue.meetings[id: meeting.id] != nil else {
        throw CommandFailure(context.deletedMeanwhile(name))
      }
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.deleteMeeting(id: meeting.id))
    }
    if context.options.json {
      Output.standard(JSONOutput.deletion(of: meeting, from: target).text())
    } else {
      context.say("Deleted \(name) from \(UserText.name(target)).")
    }
  }
}
