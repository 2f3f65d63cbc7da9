#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// `stats`, and the Markdown of `meeting show` and `export`.
extension CommandContext {
  /// The figures of the sync-up named by `reference`, or of every sync-up, over the meetings
  /// `last` or `since` select (at most one of them is given).
  func stats(_ reference: String?, last: Int?, since: SinceDate?) throws {
    let syncUps = try readSyncUps()
    let selection: SyncUpStats.Selection =
      if let last {
        .last(last)
      } else if let since {
        .since(since.date(now: Date()))
      } else {
        .all
      }
    if let reference {
      let stats = SyncUpStats(try syncUp(reference, in: syncUps), selection: selection)
      Output.standard(
        options.json ? JSONOutput.stats(stats).text() : StatsRenderer.render(stats, style: style))
      return
    }
    if options.json {
      Output.standard(
        JSONOutput.array(syncUps.map { .stats(SyncUpStats($0, selection: selection)) }).text())
    } else if syncUps.isEmpty {
      say(SyncUpListRenderer.emptyMessage.trimmingSuffix("\n"))
    } else {
      let style = style
      for (index, syncUp) in syncUps.enumerated() {
        if index > 0 { Output.standard("\n") }
        let stats = SyncUpStats(syncUp, selection: selection)
        Output.standard(StatsRenderer.render(stats, style: style))
      }
    }
  }

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
