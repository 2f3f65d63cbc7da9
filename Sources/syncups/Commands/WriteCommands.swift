#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState
import SyncUpsCore

/// `add`, `edit`, `delete` and `import`: each is one transaction on the data
/// file (``CommandContext/changeSyncUps(_:)``). It resolves what the person named, sends the
/// features their actions, and throws on the first failure, which undoes everything: a failed
/// command leaves the file byte for byte as it was.
extension CommandContext {
  func add(title: String, attendees: [String], duration: Int?, theme: String?) throws {
    let added = try changeSyncUps { syncUps in
      let store = makeStore(SyncUpsList.State(), SyncUpsList())
      store.send(.addSyncUpButtonTapped)
      @MainActor func form(_ action: SyncUpForm.Action) { store.send(.addSyncUp(.presented(action))) }
      form(.titleChanged(title))
      if let duration { form(.durationChanged(duration)) }
      if let theme, let theme = Theme(name: theme) { form(.themeChanged(theme)) }
      for (offset, name) in attendees.enumerated() {
        if offset == 0, let blank = store.state.addSyncUp?.syncUp.attendees.first {
          form(.attendeeNameChanged(id: blank.id, name: name))
        } else {
          form(.addAttendee(name: name))
        }
      }
      let draft = try require(store.state.addSyncUp?.syncUp, "the new sync-up's form did not open")
      try checkDuration(of: draft.withoutBlankAttendees(), command: "add")
      store.send(.confirmAddSyncUpButtonTapped)
      return try require(syncUps.wrappedValue[id: draft.id], "the new sync-up was not added")
    }
    report(added, verb: "Added")
    warnIfTitleIsShared(by: added)
    warnIfAttendeeNamesRepeat(in: added)
  }

  func edit(_ reference: String, _ edits: SyncUpEdits) throws {
    let edited = try changeSyncUps { syncUps in
      let target = try syncUp(reference, in: syncUps.wrappedValue)
      let shared = try require(syncUps[id: target.id], "'\(sanitize(target.title))' vanished")
      let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.editButtonTapped)
      @MainActor func form(_ action: SyncUpForm.Action) { store.send(.destination(.presented(.edit(action)))) }
      if let title = edits.title { form(.titleChanged(title)) }
      if let duration = edits.duration {
        form(.durationChanged(try seconds(of: duration, for: "--duration", path: ["edit"])))
      }
      if let theme = edits.theme, let theme = Theme(name: theme) { form(.themeChanged(theme)) }
      for change in edits.attendeeChanges {
        let attendees = store.state.destination?.edit?.syncUp.attendees ?? []
        switch change {
        case .add(let name):
          form(.addAttendee(name: name))
        case .remove(let reference):
          form(.removeAttendee(id: try attendee(reference, in: attendees, of: target).id))
        case .rename(let from, let to):
          form(.attendeeNameChanged(id: try attendee(from, in: attendees, of: target).id, name: to))
        }
      }
      // Only a new length or a change of who attends can make the meeting too short: a
      // sync-up stored too short (imported, or written by hand) can still be renamed.
      let draft = store.state.destination?.edit?.syncUp
      if draft?.duration != target.duration || draft?.attendees.ids != target.attendees.ids {
        try checkDuration(of: draft, command: "edit")
      }
      store.send(.doneEditingButtonTapped)
      return shared.wrappedValue
    }
    report(edited, verb: "Updated")
    if edits.title != nil { warnIfTitleIsShared(by: edited) }
    if edits.attendeeChanges.contains(where: \.givesAName) {
      warnIfAttendeeNamesRepeat(in: edited)
    }
  }

  /// Asks first, then deletes the sync-up the person was asked about (by its id: the lock is
  /// not held while a person answers).
  func delete(_ reference: String, yes: Bool) throws {
    let target = try syncUp(reference, in: readSyncUps())
    guard
      try confirmDeletion(
        of: UserText.name(target), asking: DeletionQuestion.syncUp(target), yes: yes,
        path: ["delete"])
    else {
      say("Nothing deleted.")
      return
    }
    let deleted = try changeSyncUps { syncUps in
      let shared = try require(syncUps[id: target.id], deletedMeanwhile(UserText.name(target)))
      let deleted = shared.wrappedValue
      let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.deleteButtonTapped)
      store.send(.destination(.presented(.alert(.confirmDeletion))))
      return deleted
    }
    if options.json {
      Output.standard(JSONOutput.deletion(of: deleted).text())
    } else {
      say("Deleted \(UserText.name(deleted)).")
    }
  }

  /// Adds the sync-ups of `source` that are not here; with `merge`, merges each one that is
  /// (``importMerging(_:format:)``). An imported sync-up without attendees gets one blank
  /// attendee, as a sync-up the app makes does.
  func importData(_ source: ImportSource, merge: Bool) throws {
    let name: String
    let data: Data
    switch source {
    case .standardInput:
      name = "standard input"
      data = readStandardInput()
    case .file(let path):
      name = "'\(sanitize(path))'"
      do {
        data = try Data(contentsOf: URL(filePath: path))
      } catch {
        throw CommandFailure("cannot read \(name): \(String(cString: strerror(errno)))", status: .failure)
      }
    }
    let imported: IdentifiedArrayOf<SyncUp>
    let format: SyncUpsFile.Format
    do {
      (imported, format) = try SyncUpsFile.decodeAnyFormat(data)
    } catch {
      throw CommandFailure("cannot import \(name): \(readableDescription(of: error))", status: .dataError)
    }
    // What is imported must load again once saved in our format; the app's dates, for one,
    // reach far beyond the years an ISO-8601 date can hold.
    do {
      _ = try SyncUpsFile.decode(SyncUpsFile.encode(imported))
    } catch {
      throw CommandFailure(
        "cannot import \(name): it would not load again once saved: \(readableDescription(of: error))",
        status: .dataError)
    }
    if merge {
      try importMerging(imported, format: format)
      return
    }
    let (added, skipped) = try changeSyncUps { syncUps in
      let existing = syncUps.wrappedValue
      let added = imported.filter { existing[id: $0.id] == nil }.withAnAttendeeEach(of: imported)
      syncUps.withLock { $0.append(contentsOf: added) }
      return (added, imported.filter { existing[id: $0.id] != nil })
    }
    if options.json {
      let answer = JSONOutput.importResult(
        imported: added.count, skipped: skipped.count, format: format)
      Output.standard(answer.text())
    } else {
      var message = "Imported \(added.count) sync-up\(added.count == 1 ? "" : "s") (\(format) format)"
      if !skipped.isEmpty {
        message += "; skipped \(skipped.count) already present: "
          + skipped.map { "'\(sanitize($0.title))'" }.joined(separator: ", ")
      }
      say(message + ".")
    }
    added.forEach(warnIfAttendeeNamesRepeat(in:))
  }

  /// `import --merge`: merges `imported` into the sync-ups here by id with the rules of a sync
  /// (``SyncUpsMerge``), from no common base: whatever either holds is kept, so sync-ups,
  /// meetings and attendees deleted here since come back, and where both hold the same thing
  /// differently the version here wins. Says what it added: with no history to tell a
  /// sync-up deleted here from one never here, each not here now is "added", as is each
  /// meeting and attendee not in a sync-up here.
  private func importMerging(_ imported: IdentifiedArrayOf<SyncUp>, format: SyncUpsFile.Format)
    throws
  {
    let (before, after) = try changeSyncUps { syncUps in
      let before = syncUps.wrappedValue
      let after = SyncUpsMerge.merge(base: [], ours: before, theirs: imported, newer: .ours)
        .syncUps.withAnAttendeeEach(of: imported)
      syncUps.withLock { $0 = after }
      return (before, after)
    }
    let changes = SyncUpChanges(from: before, to: after)
    let changed = changes.changed.compactMap { named -> ImportedChange? in
      guard let old = before[id: named.id], let new = after[id: named.id] else { return nil }
      return ImportedChange(
        syncUp: new, meetings: new.meetings.count { old.meetings[id: $0.id] == nil },
        attendees: new.attendees.count { old.attendees[id: $0.id] == nil })
    }
    let added = changes.added.compactMap { after[id: $0.id] }
    if options.json {
      let answer = JSONOutput.importResult(
        imported: added.count, skipped: imported.count - added.count - changed.count,
        format: format, merged: (added, changed))
      Output.standard(answer.text())
    } else {
      var lines = added.map { "  added \(UserText.name($0))" }
      lines += changed.map { change in
        let new = [(change.meetings, "meeting"), (change.attendees, "attendee")]
          .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return "  changed \(UserText.name(change.syncUp))"
          + (new.isEmpty ? "" : ": " + new.joined(separator: ", ") + " added")
      }
      let merged =
        "Merged \(imported.count) sync-up\(imported.count == 1 ? "" : "s") (\(format) format)"
      say(
        lines.isEmpty
          ? merged + ": nothing to add." : ([merged + ":"] + lines).joined(separator: "\n"))
    }
    for syncUp in after where imported[id: syncUp.id] != nil && syncUp != before[id: syncUp.id] {
      warnIfAttendeeNamesRepeat(in: syncUp)
    }
  }

  /// After `add` or `edit`: the sync-up as JSON with `--json`, else a line on standard error.
  private func report(_ syncUp: SyncUp, verb: String) {
    if options.json {
      Output.standard(JSONOutput.syncUp(syncUp).text())
    } else {
      say("\(verb) '\(sanitize(syncUp.title))' (\(syncUp.id.shortID)).")
    }
  }

  /// Warns, unless the title is blank, when another sync-up has `syncUp`'s title in any case:
  /// the title then names neither, and only the ids tell them apart.
  private func warnIfTitleIsShared(by syncUp: SyncUp) {
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
  private func warnIfAttendeeNamesRepeat(in syncUp: SyncUp) {
    for attendees in syncUp.attendees.sharingNames {
      say(
        "Warning: \(attendees.count) attendees of \(UserText.name(syncUp)) are named "
          + "'\(sanitize(attendees[0].name))' ("
          + attendees.map(\.id.shortID).joined(separator: ", ") + "); name each by its id.")
    }
  }

  /// What went wrong when the thing a person agreed to delete is gone by the time the lock is
  /// taken: another command deleted it meanwhile.
  func deletedMeanwhile(_ name: String) -> String {
    "\(name) was deleted by another command meanwhile; nothing else was deleted"
  }
}

extension IdentifiedArrayOf<SyncUp> {
  /// These sync-ups, each one of `imported` without attendees given one blank attendee (its
  /// id from the `uuid` dependency): the rule of the app's form, for sync-ups that did not come
  /// through it.
  fileprivate func withAnAttendeeEach(of imported: IdentifiedArrayOf<SyncUp>) -> Self {
    var syncUps = self
    for syncUp in self where syncUp.attendees.isEmpty && imported[id: syncUp.id] != nil {
      syncUps[id: syncUp.id] = SyncUpForm.State(focus: nil, syncUp: syncUp).syncUp
    }
    return syncUps
  }
}

/// A sync-up here that `import --merge` changed: how many meetings and attendees it added
/// (its other fields may have changed too).
struct ImportedChange {
  var syncUp: SyncUp
  var meetings: Int
  var attendees: Int
}

/// `value`, or a failure saying what a command expected of the features and did not get: a
/// programming error reported rather than a crash, with nothing written.
private func require<Value>(_ value: Value?, _ expectation: @autoclosure () -> String) throws
  -> Value
{
  guard let value else { throw CommandFailure(expectation()) }
  return value
}

/// Everything on standard input.
func readStandardInput() -> Data {
  var data = Data()
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = read(0, &buffer, buffer.count)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { break }
    data.append(contentsOf: buffer[..<count])
  }
  return data
}
