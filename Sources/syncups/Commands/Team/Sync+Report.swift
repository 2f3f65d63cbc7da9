import SyncUpsCore

/// What a `sync` did: printed as messages, or as one object with `--json` (documented in
/// syncups(1), `ManPageReference.syncFields`).
struct SyncReport {
  /// The first line of the commit made of local changes, if one was made.
  var committed: String?
  /// The remote branch synced with (`origin/main`); nil when the repository has no remote.
  var remote: String?
  /// Whether this run pushed commits.
  var pushed = false
  /// Whether local commits are still not on the remote.
  var pending = false
  /// What the merges brought, from the local sync-ups (once committed) to the final ones.
  var received: SyncUpChanges?
  var conflicts: [ConflictRecord] = []
  /// A conflict a teammate's sync resolved and recorded in a merge commit that arrived, and
  /// how it reads to the person here.
  struct ReceivedConflict {
    var conflict: ConflictRecord
    var told: String
  }

  var receivedConflicts: [ReceivedConflict] = []
  /// What was put right of a sync that was killed, before this one began (see
  /// ``SyncRepository/recover(_:)``).
  var recovered: [String] = []
  /// Why the sync failed; nil when it did not.
  var error: String?

  /// Prints the report: what was recovered and the messages (or, with `--json`, the object)
  /// as people see them, then the conflicts on standard error, even with `--quiet`.
  @MainActor func print(in context: CommandContext) {
    for line in recoveredLines { context.say(line) }
    if context.options.json {
      Output.standard(json.text())
    } else {
      for line in lines { context.say(line) }
    }
    for line in conflictLines { Output.error(line + "\n") }
  }

  var json: JSONOutput {
    .object([
      "recovered": .array(recovered.map(JSONOutput.string)),
      "error": error.map(JSONOutput.string) ?? .null,
      "committed": committed.map(JSONOutput.string) ?? .null,
      "remote": remote.map(JSONOutput.string) ?? .null,
      "pushed": .bool(pushed),
      "pending": .bool(pending),
      "received": receivedJSON,
      "conflicts": conflictsJSON,
    ])
  }

  /// The conflicts the merge driver resolved, as it reported them.
  var conflictsJSON: JSONOutput { .array(conflicts.map(\.json)) }

  private var receivedJSON: JSONOutput {
    let received = received ?? SyncUpChanges(from: [], to: [])
    func names(_ named: [SyncUpChanges.Named]) -> JSONOutput {
      .array(named.map(Self.name))
    }
    return .object([
      "conflicts": .array(
        receivedConflicts.map {
          var conflict = $0.conflict
          conflict.message = $0.told
          return conflict.json
        }),
      "added": names(received.added.filter { !keptOverADelete.contains($0.id.uuidString) }),
      "changed": names(received.changed),
      "deleted": names(received.deleted),
      "meetings": .array(
        received.newMeetings.map {
          .object([
            "syncUp": Self.name($0.syncUp), "id": .string($0.id.uuidString),
            "date": .string(DateText.iso8601($0.date)),
          ])
        }),
      "updates": .array(
        received.writtenUpdates.map {
          .object([
            "syncUp": Self.name($0.syncUp), "attendee": .string($0.attendee.uuidString),
            "name": .string($0.name), "day": .string($0.day.text), "new": .bool($0.isNew),
          ])
        }),
      "timeAway": .array(
        received.timeAway.map {
          .object([
            "syncUp": Self.name($0.syncUp), "attendee": .string($0.attendee.uuidString),
            "name": .string($0.name),
          ])
        }),
    ])
  }

  private static func name(_ named: SyncUpChanges.Named) -> JSONOutput {
    .object(["id": .string(named.id.uuidString), "title": .string(named.title)])
  }

  /// The messages for people, one per line, in the order things happened; conflicts are
  /// apart (``conflictLines``), since they are shown even with `--quiet`.
  var lines: [String] {
    var lines: [String] = []
    if let committed { lines.append("Committed: \(sanitize(committed))") }
    guard let remote else {
      lines.append("No remote to sync with: the changes are committed in this repository only. "
        + "Add one with 'syncups sync init URL'.")
      return lines
    }
    let received = received ?? SyncUpChanges(from: [], to: [])
    let arrived =
      receivedConflicts.map { "  \(sanitize($0.told))" }
      + received.added.filter { !keptOverADelete.contains($0.id.uuidString) }
      .map { "  added \(Self.display($0))" }
      + received.changed.map { syncUp in
        let meetings = received.newMeetings.filter { $0.syncUp.id == syncUp.id }.count
        let details =
          (meetings == 0 ? [] : [meetings == 1 ? "1 new meeting" : "\(meetings) new meetings"])
          + received.written(in: syncUp.id).map(sanitize)
        let detail = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
        return "  changed \(Self.display(syncUp))\(detail)"
      }
      + received.deleted.map { "  deleted \(Self.display($0))" }
    if !arrived.isEmpty { lines += ["Received from \(sanitize(remote)):"] + arrived }
    if pushed {
      lines.append("Pushed to \(sanitize(remote)).")
    } else if !pending && arrived.isEmpty && error == nil {
      lines.append("Up to date with \(sanitize(remote)).")
    }
    return lines
  }

  /// The ids of sync-ups that arrived because a teammate's change won over a delete here: said
  /// as such (``receivedConflicts``), not as added.
  private var keptOverADelete: Set<String> {
    Set(receivedConflicts.filter { $0.conflict.path == "" }.map(\.conflict.syncUp.id))
  }

  /// What was recovered, for people: shown before the rest, like the rest (not with `--quiet`).
  var recoveredLines: [String] {
    recovered.map { "Recovered from an interrupted sync: \($0)." }
  }

  var conflictLines: [String] {
    // The driver's message names the sync-up already.
    conflicts.map { "Conflict: \(sanitize($0.readable()))" }
  }

  private static func display(_ named: SyncUpChanges.Named) -> String {
    UserText.name(title: named.title, id: named.id)
  }
}

/// What a `sync init` (with or without `--clone`) set up: printed as messages, or as one
/// object with `--json`, also when it fails (syncups(1), `ManPageReference.syncSetupFields`).
struct SyncSetupReport {
  /// The git repository's top directory; nil when a failure came before there was one.
  var repository: String?
  /// origin's URL; nil when there is none.
  var remote: String?
  /// The URL origin had before this run replaced it.
  var previousRemote: String?
  /// The first lines of the commits made, oldest first.
  var committed: [String] = []
  /// What merging the local sync-ups into a clone resolved.
  var conflicts: [ConflictRecord] = []
  /// Why the setting up failed; nil when it did not.
  var error: String?

  /// Prints what was set up (with `--json`, the object), then the conflicts a clone's merge
  /// resolved on standard error, even with `--quiet`.
  @MainActor func print(in context: CommandContext) {
    if context.options.json {
      Output.standard(json.text())
    } else {
      context.say(
        "Sharing '\(sanitize(context.dataFile.path))' through the git repository in "
          + "'\(sanitize(repository ?? ""))'.")
      for subject in committed { context.say("Committed: \(sanitize(subject))") }
      if let origin = remote, let previousRemote {
        context.say("Origin changed from '\(sanitize(previousRemote))' to '\(sanitize(origin))'.")
      } else if let origin = remote {
        context.say("Remote origin: \(sanitize(origin))")
      }
      context.say("Run 'syncups sync' to sync with the team.")
    }
    for line in SyncReport(conflicts: conflicts).conflictLines { Output.error(line + "\n") }
  }

  var json: JSONOutput {
    .object([
      "error": error.map(JSONOutput.string) ?? .null,
      "repository": repository.map(JSONOutput.string) ?? .null,
      "remote": remote.map(JSONOutput.string) ?? .null,
      "previousRemote": previousRemote.map(JSONOutput.string) ?? .null,
      "committed": .array(committed.map(JSONOutput.string)),
      "conflicts": SyncReport(conflicts: conflicts).conflictsJSON,
    ])
  }
}
