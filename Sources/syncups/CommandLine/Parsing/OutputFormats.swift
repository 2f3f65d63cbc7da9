/// What `meeting show --format` prints.
enum MeetingFormat: String, CaseIterable, Sendable {
  /// The text for people (``MeetingDetailRenderer``).
  case text
  /// A Markdown page (``MeetingMarkdownRenderer``).
  case markdown
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
