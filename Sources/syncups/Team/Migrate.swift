import SharedState
import SyncUpsCore

/// `migrate [--dry-run]`: moves the data file from format 1 to format 2, which declares its
/// format and what it requires (``SyncUpsFile/Declaration``).
struct MigrateCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "migrate",
    abstract: "Move the data file to format 2, which declares what it requires.",
    discussion: """
      Every release before 0.4.0 writes format 1, the JSON array of sync-ups, and so does \
      this one for a new file. Format 2 holds the same sync-ups in an object that also \
      declares its format, the features a syncups must know to change it (requires) and the \
      version that wrote it: syncups 0.4.0 and later can write it, and 0.1.0 to 0.3.0, which \
      cannot decode it, refuse to change it. Data is never moved to format 2 on its own: \
      migrate does it, and says which versions can still write the file. With --dry-run it \
      says the same and changes nothing. A file already in format 2 is left as it is \
      (status 0). A file that does not decode, or that requires what this syncups does not \
      know, is refused (status 65). When the data file is shared through git (see TEAMS), \
      the migration is committed locally, after any change not yet committed; teammates \
      on 0.1.0 to 0.3.0 must upgrade before the next sync shares it. With --json, prints an \
      object: file, previousFormat, format, migrated, dryRun, writableSince (the first \
      version that can write it; null for format 1) and committed (the commit's subject, or \
      null).
      """,
    runs: Self.self,
    bindings: [
      .flag(
        OptionSpec(long: "dry-run", help: "Say what migrating would do, and change nothing."),
        \.dryRun)
    ],
    examples: [
      ExampleSpec("See what migrating would do:", "syncups migrate --dry-run"),
      ExampleSpec("Migrate, then share it with the team:", "syncups migrate && syncups sync"),
    ]
  )

  /// `--dry-run`: change nothing.
  var dryRun = false

  /// The format `migrate` moves the data file to.
  static let target = SyncUpsFile.Declaration(format: 2)

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.loadSyncUps(writing: true)
    if let missing = context.noDataFile { throw CommandFailure(missing + "; nothing to migrate") }
    let before = context.declaration
    var migration = Migration(
      file: context.dataFile.path, previousFormat: before.format, declaration: before,
      dryRun: dryRun)
    if before.format < Self.target.format && !dryRun {
      migration.committed = try migrate(syncUps, from: before, in: context)
      migration.declaration = Self.target
    } else if dryRun {
      migration.declaration = before.format < Self.target.format ? Self.target : before
    }
    if context.options.json {
      Output.standard(migration.json.text())
    } else {
      for line in migration.lines(name: context.dataFile.lastPathComponent) { context.say(line) }
    }
  }

  /// Writes the data file in format 2, and commits it when git shares it: after committing,
  /// as `sync` would, any change not yet committed. The commit's subject, or nil.
  @MainActor private func migrate(
    _ syncUps: Shared<IdentifiedArrayOf<SyncUp>>, from before: SyncUpsFile.Declaration,
    in context: CommandContext
  ) throws -> String? {
    let repository = try SyncRepository.sharing(context.dataFile, environment: context.environment)
    if let repository { _ = try repository.commitDataFile(syncUps.wrappedValue) }
    @Dependency(\.syncUpsFileDeclarations) var declarations
    declarations[context.dataFile] = Self.target
    do {
      try syncUps.save()
    } catch {
      declarations[context.dataFile] = before
      throw CommandFailure(storage: error)
    }
    guard let repository else { return nil }
    let subject = "Migrate \(repository.name) to format \(Self.target.format)"
    let body =
      "syncups \(SyncUpsFile.firstDeclaringVersion) and later can write it; "
      + "\(SyncUpsFile.undeclaringReleases) will refuse to change it."
    try repository.commit([repository.name], message: SyncRepository.commitMessage(subject, body))
    return subject
  }
}

extension MigrateCommand {
  /// What `migrate` did, or would do.
  struct Migration {
    var file: String
    var previousFormat: Int
    /// The file's declaration now (or, with --dry-run, after migrating).
    var declaration: SyncUpsFile.Declaration
    var dryRun: Bool
    /// The subject of the commit made, when git shares the file.
    var committed: String?

    /// Whether the format changes (or would, with --dry-run).
    var migrated: Bool { declaration.format != previousFormat }

    /// The keys: `file`, `previousFormat`, `format`, `migrated`, `dryRun`, `writableSince`
    /// (null for format 1) and `committed` (null when nothing was committed).
    var json: JSONOutput {
      .object([
        "file": .string(file),
        "previousFormat": .int(previousFormat),
        "format": .int(declaration.format),
        "migrated": .bool(migrated),
        "dryRun": .bool(dryRun),
        "writableSince": declaration.firstWriter.map(JSONOutput.string) ?? .null,
        "committed": committed.map(JSONOutput.string) ?? .null,
      ])
    }

    /// For people, on standard error:
    ///
    /// ```
    /// Migrated sync-ups.json to format 2. syncups 0.4.0 and later can write it; 0.1.0–0.3.0
    /// will refuse to change it.
    /// ```
    func lines(name: String) -> [String] {
      let since = declaration.firstWriter ?? SyncUpsFile.firstDeclaringVersion
      let older = SyncUpsFile.undeclaringReleases
      let format = declaration.format
      guard migrated else {
        return [
          "\(sanitize(name)) is already in format \(format). syncups \(since) and later can write "
            + "it; \(older) refuse to change it."
        ]
      }
      if dryRun {
        return [
          "Would migrate \(sanitize(name)) to format \(format). syncups \(since) and later could "
            + "write it; \(older) would refuse to change it. Nothing was changed (--dry-run)."
        ]
      }
      var lines = [
        "Migrated \(sanitize(name)) to format \(format). syncups \(since) and later can write it; "
          + "\(older) will refuse to change it."
      ]
      if committed != nil {
        lines.append(
          "Committed it locally: teammates on syncups \(older) must upgrade before the next "
            + "'syncups sync' shares it.")
      }
      return lines
    }
  }
}
