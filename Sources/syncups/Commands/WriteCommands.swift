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

/// `add`, `edit`, `delete`, `meeting delete` and `import`: each takes the data file's lock,
/// changes it through the features, and writes it before exiting 0.
///
/// Taking the lock starts a change, which is written when the process exits; so everything
/// that can make a command fail (an unknown sync-up, meeting or attendee, a bad import) is
/// checked before the lock is taken, and a failed command leaves the file as it was: not
/// reformatted, not stripped of keys it does not know, not created when missing.
extension CommandContext {
  func add(title: String, attendees: [String], duration: Int?, theme: String?) throws {
    let syncUps = try lockSyncUps()
    let store = makeStore(SyncUpsList.State(), SyncUpsList())
    store.send(.addSyncUpButtonTapped)
    func form(_ action: SyncUpForm.Action) { store.send(.addSyncUp(.presented(action))) }
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
    try checkDuration(of: store.state.addSyncUp?.syncUp.withoutBlankAttendees(), command: "add")
    guard let id = store.state.addSyncUp?.syncUp.id else { return }
    store.send(.confirmAddSyncUpButtonTapped)
    try save(syncUps)
    guard let added = syncUps.wrappedValue[id: id] else { return }
    report(added, verb: "Added")
    warnIfTitleIsShared(by: added, in: syncUps.wrappedValue)
  }

  func edit(_ reference: String, _ edits: SyncUpEdits) throws {
    // A rehearsal on a copy of the sync-up as loaded finds unknown references before the lock.
    let loaded = try syncUp(reference, in: loadSyncUps().wrappedValue)
    try apply(edits, to: Shared(loaded), of: loaded, rehearsal: true)
    let syncUps = try lockSyncUps()
    let target = try syncUp(reference, in: syncUps.wrappedValue)
    guard let shared = syncUps[id: target.id] else { return }
    try apply(edits, to: shared, of: target, rehearsal: false)
    try save(syncUps)
    report(shared.wrappedValue, verb: "Updated")
    if edits.title != nil { warnIfTitleIsShared(by: shared.wrappedValue, in: syncUps.wrappedValue) }
  }

  /// Edits the sync-up in `shared` through the detail feature's edit form, in the order given.
  /// Throws when an attendee reference does not resolve. A rehearsal is not traced: `--trace`
  /// shows the actions that change the file.
  private func apply(
    _ edits: SyncUpEdits, to shared: Shared<SyncUp>, of target: SyncUp, rehearsal: Bool
  ) throws {
    let state = SyncUpDetail.State(syncUp: shared)
    let store =
      rehearsal ? Store(initialState: state, reducer: SyncUpDetail()) : makeStore(state, SyncUpDetail())
    store.send(.editButtonTapped)
    func form(_ action: SyncUpForm.Action) { store.send(.destination(.presented(.edit(action)))) }
    if let title = edits.title { form(.titleChanged(title)) }
    if let duration = edits.duration { form(.durationChanged(duration)) }
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
    try checkDuration(of: store.state.destination?.edit?.syncUp, command: "edit")
    store.send(.doneEditingButtonTapped)
  }

  func delete(_ reference: String, yes: Bool) throws {
    let syncUps = try loadSyncUps()
    let target = try syncUp(reference, in: syncUps.wrappedValue)
    guard let shared = syncUps[id: target.id] else { return }
    let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
    store.send(.deleteButtonTapped)
    guard
      try confirmDeletion(
        of: UserText.name(target), asking: DeletionQuestion.syncUp(target), yes: yes,
        path: ["delete"])
    else {
      say("Nothing deleted.")
      return
    }
    let deleted = try lockSyncUps().wrappedValue[id: target.id] ?? target
    store.send(.destination(.presented(.alert(.confirmDeletion))))
    try save(syncUps)
    if options.json {
      Output.standard(JSONOutput.deletion(of: deleted).text())
    } else {
      say("Deleted \(UserText.name(deleted)).")
    }
  }

  /// Deletes the meeting the person was shown: it is found by its id once the lock is taken,
  /// since a position may have moved by then.
  func meetingDelete(_ syncUpReference: String, _ meetingReference: String, yes: Bool) throws {
    let target = try syncUp(syncUpReference, in: loadSyncUps().wrappedValue)
    let meeting = try meeting(meetingReference, in: target)
    guard
      try confirmDeletion(
        of: DeletionQuestion.meetingName(meeting),
        asking: DeletionQuestion.meeting(meeting, of: target), yes: yes,
        path: ["meeting", "delete"])
    else {
      say("Nothing deleted.")
      return
    }
    let syncUps = try lockSyncUps()
    guard let shared = syncUps[id: target.id] else { return }
    let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
    store.send(.deleteMeeting(id: meeting.id))
    try save(syncUps)
    if options.json {
      Output.standard(JSONOutput.deletion(of: meeting, from: target).text())
    } else {
      say("Deleted \(DeletionQuestion.meetingName(meeting)) from \(UserText.name(target)).")
    }
  }

  func importData(_ source: ImportSource) throws {
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
    let syncUps = try lockSyncUps()
    let existing = syncUps.wrappedValue
    let skipped = imported.filter { existing[id: $0.id] != nil }
    let added = imported.filter { existing[id: $0.id] == nil }
    syncUps.withLock { $0.append(contentsOf: added) }
    try save(syncUps)
    if options.json {
      let answer = JSONOutput.importResult(
        imported: added.count, skipped: skipped.count, format: format)
      Output.standard(answer.text())
      return
    }
    var message = "Imported \(added.count) sync-up\(added.count == 1 ? "" : "s") (\(format) format)"
    if !skipped.isEmpty {
      message += "; skipped \(skipped.count) already present: "
        + skipped.map { "'\(sanitize($0.title))'" }.joined(separator: ", ")
    }
    say(message + ".")
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
  private func warnIfTitleIsShared(by syncUp: SyncUp, in syncUps: IdentifiedArrayOf<SyncUp>) {
    let title = syncUp.title.lowercased()
    guard !title.allSatisfy(\.isWhitespace) else { return }
    let others = syncUps.filter { $0.id != syncUp.id && $0.title.lowercased() == title }
    guard !others.isEmpty else { return }
    let whose = others.count == 1 ? "another sync-up has" : "\(others.count) other sync-ups have"
    say(
      "Warning: \(whose) the title \(UserText.name(syncUp)) too ("
        + others.map(\.id.shortID).joined(separator: ", ")
        + "); name this one by its id, \(syncUp.id.shortID).")
  }

  /// The attendee named `reference` (case-insensitive) or with an id starting with it.
  private func attendee(
    _ reference: String, in attendees: IdentifiedArrayOf<Attendee>, of syncUp: SyncUp
  ) throws -> Attendee {
    let named = attendees.elements.filter { $0.name.lowercased() == reference.lowercased() }
    if named.count == 1 { return named[0] }
    let hex = reference.uppercased().filter { $0 != "-" }
    let byID =
      hex.count >= 4
      ? attendees.elements.filter { $0.id.uuidString.filter { $0 != "-" }.hasPrefix(hex) } : []
    if named.isEmpty, byID.count == 1 { return byID[0] }
    let candidates = named.isEmpty ? byID : named
    if candidates.count > 1 {
      throw CommandFailure(
        "'\(reference)' matches \(candidates.count) attendees of '\(sanitize(syncUp.title))'; use an id: "
          + candidates.map(\.id.shortID).joined(separator: ", "))
    }
    let suggestion = Suggestion.closest(to: reference, among: attendees.map(\.name))
    throw CommandFailure(
      "no attendee '\(sanitize(reference))' in '\(sanitize(syncUp.title))'"
        + (suggestion.map { ". Did you mean '\(sanitize($0))'?" } ?? ""))
  }
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
