import SyncUpsCore

struct ImportCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Import sync-ups from a JSON file.",
    discussion: """
      Reads the format written by 'syncups export' or the SyncUps app's own sync-ups.json. \
      A sync-up with an id already here is skipped, unless --merge is given. An imported \
      sync-up without attendees gets one blank attendee, as in the app. Attendees of one \
      sync-up who share a name are warned about.

      With --merge, each sync-up with an id already here is merged with it by id, as sync \
      merges a teammate's changes, but from no common version: whatever either holds is \
      kept, so a backup brings back the sync-ups, meetings and attendees deleted since it \
      was made, and where both hold the same thing differently (a title, a name, a length), \
      the version here is kept. It names each sync-up it added and what it added to each \
      sync-up here; a file keeps no history, so whatever is not here now is said to be added, \
      whether it was deleted since or never here.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "file", help: "The file to read, or '-' for standard input.", completion: .file),
        \.source, parse: ValueParser.importSource),
      .flag(
        OptionSpec(
          long: "merge",
          help: "Merge sync-ups already here with the file's by id, bringing back what was "
            + "deleted since."),
        \.merge),
    ],
    examples: [
      ExampleSpec(
        "Copy all data to another file:", "syncups export | syncups --file copy.json import -"),
      ExampleSpec(
        "Bring back what was deleted since a backup:", "syncups import --merge backup.json"),
    ]
  )

  var source = ImportSource.standardInput
  var merge = false
  @MainActor func run(in context: CommandContext) throws {
    try context.importData(source, merge: merge)
  }
}

/// Where `syncups import` reads from.
enum ImportSource: Sendable, Equatable {
  /// `-`: standard input.
  case standardInput
  /// A file path, as given.
  case file(String)
}
