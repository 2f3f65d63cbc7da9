import SharedState
import SyncUpsCore

/// The Markdown of `meeting show` and `export`.
extension CommandContext {
  /// Every sync-up and its meetings, newest first, as Markdown.
  func exportMarkdown(_ syncUps: IdentifiedArrayOf<SyncUp>) {
    for (index, syncUp) in syncUps.enumerated() {
      if index > 0 { Output.standard("\n") }
      Output.standard(SyncUpMarkdownRenderer.render(syncUp))
    }
  }

  /// Refuses `--json` beside a `--format` that is not JSON: the two ask for different output.
  func checkJSONOption(format: String, path: [String]) throws {
    guard options.json else { return }
    throw UsageError(
      "'--json' cannot be used with '--format \(format)'", path: path)
  }
}
