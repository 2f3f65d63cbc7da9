import SyncUpsCore

struct EditCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "edit",
    abstract: "Change a sync-up.",
    discussion: """
      Attendee changes are applied in the order given. The title and new names may not be \
      blank. Removing the last attendee leaves one blank attendee. A new length or a change of \
      attendees must give each attendee at least a second; other changes are made even to a \
      sync-up stored shorter. A name an attendee shares with another (in any case) is warned \
      about, with their ids, which tell them apart. With --json, prints the changed sync-up \
      object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(
        OptionSpec(long: "title", valueName: "title", help: "The new title."),
        \.edits.title, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The new length: \(CommandTable.durationHelp), and at least 1s per attendee "
            + "once the attendee changes are made."),
        \.edits.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme", help: "The new colour theme.", completion: .theme),
        \.edits.theme, parse: ValueParser.themeName),
      .repeating(
        OptionSpec(long: "add-attendee", valueName: "name", help: "Add an attendee; repeatable."),
        \.edits.attendeeChanges, parse: ValueParser.addedAttendee),
      .repeating(
        OptionSpec(
          long: "remove-attendee", valueName: "name-or-id",
          help: "Remove the attendee with this name or id; repeatable.", completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.removedAttendee),
      .repeating(
        OptionSpec(
          long: "rename-attendee", valueName: "old=new",
          help: "Rename an attendee (split at the first '='); repeatable.",
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.renamedAttendee),
    ],
    examples: [
      ExampleSpec(
        "Rename an attendee and lengthen the meeting:",
        "syncups edit eng --rename-attendee Blob=Blobby --duration 12m")
    ]
  )

  var syncUp = ""
  var edits = SyncUpEdits()

  func validate(path: [String]) throws(UsageError) {
    guard edits.isEmpty else { return }
    let options = Self.spec.options.map(\.longName)
    throw UsageError("nothing to change (give \(Prose.alternatives(options)))", path: path)
  }

  @MainActor func run(in context: CommandContext) throws { try context.edit(syncUp, edits) }
}
