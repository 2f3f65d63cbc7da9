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
  @MainActor func run(in context: CommandContext) throws {
    try context.meetingDelete(syncUp, meeting, yes: yes)
  }
}
