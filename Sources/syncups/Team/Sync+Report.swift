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
  /// The data repository's hooks, when a merge brought them or changed them.
  var hooks: RepositoryHooksChange?
  /// What was put right of a sync that was killed, or of what plain git left, before this
  /// one synced (see ``SyncRepository/recover(_:)`` and ``SyncRepository/heal(gitDirectory:decodes:)``).
  var recovered: [String] = []
  /// What merges made by older rules that arrived had dropped, put back, and the
  /// resolutions they had mixed, taken whole.
  var restored: [SyncRepository.OlderMergeRepair] = []
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
      "restored": restoredJSON,
    ])
  }

  /// One object for each thing put back or put right: the merge commit that dropped or mixed
  /// it (`commit`, short) and its `author`, the `syncUp` (`id`, `title`) it is in, its `path`
  /// there (as a conflict's), its `kind` (`syncUp`, `attendee`, `meeting`, `item`, `update`,
  /// `timeAway`, `key`, `resolution`) and the `message` naming it.
  var restoredJSON: JSONOutput {
    .array(
      restored.flatMap { repair in
        repair.restored.map {
          .object([
            "commit": .string(repair.commit), "author": .string(repair.author),
            "syncUp": .object(["id": .string($0.syncUp.id.uuidString), "title": .string($0.syncUp.title)]),
            "path": .string($0.path), "kind": .string(SyncRepository.restoredKind($0)),
            "message": .string(SyncRepository.restoredText($0)),
          ])
        }
      })
  }

  /// The conflicts the merge driver resolved, as it reported them.
  var conflictsJSON: JSONOutput { .array(conflicts.map(\.json)) }

  var receivedJSON: JSONOutput {
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
      "items": .array(
        received.items.map {
          .object([
            "syncUp": Self.name($0.syncUp), "id": .string($0.item.id.uuidString),
            "kind": .string($0.item.kind.rawValue), "text": .string($0.item.text),
            "change": .string($0.change.rawValue),
          ])
        }),
      "hooks": hooks.map(\.json) ?? .null,
      "timeAway": .array(
        received.timeAway.map {
          .object([
            "syncUp": Self.name($0.syncUp), "attendee": .string($0.attendee.uuidString),
            "name": .string($0.name),
            "overlapping": .array($0.overlapping.map { .model(ShownModel($0)) }),
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
    let arrived = arrivedLines
    if !arrived.isEmpty { lines += ["Received from \(sanitize(remote)):"] + arrived }
    for repair in restored {
      lines.append(
        "Restored what an older syncups's merge of \(repair.commit) by \(sanitize(repair.author)) "
          + "\(repair.what):")
      lines += repair.restored.map { "  " + SyncRepository.restoredText($0) }
    }
    if pushed {
      lines.append("Pushed to \(sanitize(remote)).")
    } else if !pending && arrived.isEmpty && error == nil {
      lines.append("Up to date with \(sanitize(remote)).")
    }
    return lines
  }

  /// What arrived, a line each, indented, for under `Received from …:`.
  var arrivedLines: [String] {
    let received = received ?? SyncUpChanges(from: [], to: [])
    return
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
      + received.timeAway.filter { !$0.overlapping.isEmpty }.map { change in
        "  time away for \(change.name.isBlank ? UserText.unnamed : sanitize(change.name)) in \(Self.display(change.syncUp)) "
          + "overlaps: " + change.overlapping.map(\.span).joined(separator: "; ")
          + " (cancel what is not so: 'syncups away SYNC-UP NAME --cancel --from DAY')"
      }
      + (hooks.map { ["  " + $0.line] } ?? [])
  }

  /// The ids of sync-ups that arrived because a teammate's change won over a delete here: said
  /// as such (``receivedConflicts``, ``conflictLines``), not as added.
  private var keptOverADelete: Set<String> {
    Set(
      (receivedConflicts.map(\.conflict) + conflicts).filter { $0.path == "" }.map(\.syncUp.id))
  }

  /// What was recovered, for people: shown before the rest, like the rest (not with `--quiet`).
  var recoveredLines: [String] {
    recovered.map { "Recovered from an interrupted sync: \($0)." }
  }

  /// A sync-up one side deleted and the other changed is said to be kept, and by whose change
  /// (`Conflict: kept 'Retro': deleted here, changed by Ana`); any other conflict in the
  /// driver's words, which name the sync-up already.
  var conflictLines: [String] {
    conflicts.map { conflict in
      if conflict.path == "", let merger = conflict.ours {
        return "Conflict: \(sanitize(conflict.told(to: merger)))"
      }
      return "Conflict: \(sanitize(conflict.readable()))"
    }
  }

  private static func display(_ named: SyncUpChanges.Named) -> String {
    UserText.name(title: named.title, id: named.id)
  }
}

/// The data repository's hooks (`.syncups/hooks`) that a merge brought in or changed. They
/// are a teammate's code: they run only once trusted here, and stop when they change until
/// trusted again (``HookTrust``).
struct RepositoryHooksChange: Equatable {
  /// The hooks directory.
  var directory: String
  /// Whether there was none before.
  var isNew: Bool
  /// Whether they run: trusted here as they are now.
  var isTrusted: Bool

  /// What changed since the hooks had the fingerprint `before` (nil: there were none); nil
  /// when nothing did, or they are gone.
  init?(since before: String?, dataFile: String, environment: [String: String]) {
    guard let directory = InstalledHooks.repositoryDirectory(of: dataFile) else { return nil }
    guard HookTrust.fingerprint(of: directory) != before else { return nil }
    self.directory = directory
    isNew = before == nil
    isTrusted = HookTrust(environment: environment).trust(of: directory) == .trusted
  }

  /// The fingerprint of the hooks of the repository `dataFile` lies in; nil when it has none.
  static func fingerprint(of dataFile: String) -> String? {
    InstalledHooks.repositoryDirectory(of: dataFile).map(HookTrust.fingerprint(of:))
  }

  /// For people: `hooks arrived in '…/.syncups/hooks': they run only once trusted ('syncups
  /// hooks trust' shows them first)`, or `hooks changed in …: they stop until trusted again (…)`.
  var line: String {
    let place = "'\(sanitize(directory))'"
    if isTrusted { return "hooks changed in \(place), as trusted here" }
    let how = "('syncups hooks trust' shows them first)"
    return isNew
      ? "hooks arrived in \(place): they run only once trusted \(how)"
      : "hooks changed in \(place): they stop until trusted again \(how)"
  }

  /// `directory`, `new` and `trusted`.
  var json: JSONOutput {
    .object([
      "directory": .string(directory), "new": .bool(isNew), "trusted": .bool(isTrusted),
    ])
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
  /// The remote branch a clone brought in (`origin/main`); nil when it brought none.
  var branch: String?
  /// What a clone brought in, from the sync-ups here before to those after.
  var received: SyncUpChanges?
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
      let arrived = brought.arrivedLines
      if let branch, !arrived.isEmpty {
        context.say("Received from \(sanitize(branch)):")
        for line in arrived { context.say(line) }
      }
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
      "received": received == nil ? .null : brought.receivedJSON,
    ])
  }

  /// What the clone brought in, said as `sync` says what arrives (``SyncReport/arrivedLines``).
  private var brought: SyncReport {
    SyncReport(remote: branch, received: received, conflicts: conflicts)
  }
}
