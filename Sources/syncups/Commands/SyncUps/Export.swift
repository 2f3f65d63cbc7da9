import SyncUpsCore

struct ExportCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write all sync-ups to stdout.",
    discussion: """
      With --format json (the default), writes the data file's format, which 'syncups \
      import' reads back. With --format app, writes the SyncUps app's own sync-ups.json \
      (durations as [high, low] attoseconds, dates in seconds since 2001), which the app and \
      'syncups import' read. With --format markdown, writes every sync-up and its meetings, \
      newest first, as 'meeting show --format markdown' prints them.
      """,
    runs: Self.self,
    bindings: [
      .option(
        OptionSpec(
          long: "format", valueName: "format",
          help: "What to write: \(Prose.alternatives(ExportFormat.allCases.map(\.rawValue))) "
            + "(default: json).",
          completion: .choices(ExportFormat.allCases.map(\.rawValue))),
        \.format, parse: ValueParser.choice)
    ],
    examples: [
      ExampleSpec(
        "Copy everything to a new file through the app's format:",
        "syncups export --format app | syncups --file new.json import -")
    ]
  )

  var format = ExportFormat.json
  @MainActor func run(in context: CommandContext) throws { try context.exportData(format) }
}

/// What `export --format` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The data file's format, which `import` reads back.
  case json
  /// The SyncUps app's own `sync-ups.json`, which `import` reads back too.
  case app
  /// Every sync-up and its meetings as Markdown, for people.
  case markdown
}
