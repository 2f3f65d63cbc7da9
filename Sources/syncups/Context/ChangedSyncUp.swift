import SharedState
import SyncUpsCore

/// What `add`, `edit`, `import` and `sync` say about a sync-up they stored: the sync-up itself,
/// and warnings about names that no longer tell one thing from another.
extension CommandContext {
  /// After `add` or `edit`: the sync-up as JSON with `--json`, else a line on standard error.
  func report(_ syncUp: SyncUp, verb: String) {
    if options.json {
      Output.standard(JSONOutput.syncUp(syncUp).text())
    } else {
      say("\(verb) '\(sanitize(syncUp.title))' (\(syncUp.id.shortID)).")
    }
  }

  /// Warns, unless the title is blank, when another sync-up has `syncUp`'s title in any case:
  /// the title then names neither, and only the ids tell them apart.
  func warnIfTitleIsShared(by syncUp: SyncUp) {
    guard let syncUps = try? loadSyncUps().wrappedValue,
      let warning = Self.sharedTitleWarning(syncUp, among: syncUps)
    else { return }
    say(warning)
  }

  /// The warning for `syncUp` when, its title not blank, another of `syncUps` has it in any
  /// case; nil when none has.
  nonisolated static func sharedTitleWarning(
    _ syncUp: SyncUp, among syncUps: IdentifiedArrayOf<SyncUp>
  ) -> String? {
    let title = syncUp.title.lowercased()
    guard !title.isBlank else { return nil }
    let others = syncUps.filter { $0.id != syncUp.id && $0.title.lowercased() == title }
    guard !others.isEmpty else { return nil }
    let whose = others.count == 1 ? "another sync-up has" : "\(others.count) other sync-ups have"
    return "Warning: \(whose) the title \(UserText.name(syncUp)) too ("
      + others.map(\.id.shortID).joined(separator: ", ")
      + "); name this one by its id, \(syncUp.id.shortID)."
  }

  /// Warns about each name that several of `syncUp`'s attendees have (in any case): the name
  /// then refers to none of them, and only their ids tell them apart.
  func warnIfAttendeeNamesRepeat(in syncUp: SyncUp) {
    for attendees in syncUp.attendees.sharingNames {
      say(
        "Warning: \(attendees.count) attendees of \(UserText.name(syncUp)) are named "
          + "'\(sanitize(attendees[0].name))' ("
          + attendees.map(\.id.shortID).joined(separator: ", ") + "); name each by its id.")
    }
  }
}
