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

struct ImportCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Import sync-ups from a JSON file.",
    discussion: """
      Reads the format written by 'syncups export' or the SyncUps app's own sync-ups.json. \
      A sync-up with an id already here is skipped, unless --merge is given. An imported \
      sync-up without attendees gets one blank attendee, as in the app. Attendees of one \
      sync-up who share a name are warned about.

      With --merge, each sync-up with an id already here is merged with it by id, as sync \
      merges a teammate's changes, but from no common version: whatever either holds is \
      kept, so a backup brings back the sync-ups, meetings and attendees deleted since it \
      was made, and where both hold the same thing differently (a title, a name, a length), \
      the version here is kept. It names each sync-up it added and what it added to each \
      sync-up here; a file keeps no history, so whatever is not here now is said to be added, \
      whether it was deleted since or never here.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "file", help: "The file to read, or '-' for standard input.", completion: .file),
        \.source, parse: ValueParser.importSource),
      .flag(
        OptionSpec(
          long: "merge",
          help: "Merge sync-ups already here with the file's by id, bringing back what was "
            + "deleted since."),
        \.merge),
    ],
    examples: [
      ExampleSpec(
        "Copy all data to another file:", "syncups export | syncups --file copy.json import -"),
      ExampleSpec(
        "Bring back what was deleted since a backup:", "syncups import --merge backup.json"),
    ]
  )

  var source = ImportSource.standardInput
  var merge = false

  /// Adds the sync-ups of `source` that are not here; with `merge`, merges each one that is
  /// (``importMerging(_:format:in:)``). An imported sync-up without attendees gets one blank
  /// attendee, as a sync-up the app makes does. One transaction on the data file
  /// (``CommandContext/changeSyncUps(_:)``): nothing is written when any of it fails.
  @MainActor func run(in context: CommandContext) throws {
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
      try importMerging(imported, format: format, in: context)
      return
    }
    let (added, skipped) = try context.changeSyncUps { syncUps in
      let existing = syncUps.wrappedValue
      let added = imported.filter { existing[id: $0.id] == nil }.withAnAttendeeEach(of: imported)
      syncUps.withLock { $0.append(contentsOf: added) }
      return (added, imported.filter { existing[id: $0.id] != nil })
    }
    if context.options.json {
      let answer = JSONOutput.importResult(
        imported: added.count, skipped: skipped.count, format: format)
      Output.standard(answer.text())
    } else {
      var message = "Imported \(added.count) sync-up\(added.count == 1 ? "" : "s") (\(format) format)"
      if !skipped.isEmpty {
        message += "; skipped \(skipped.count) already present: "
          + skipped.map { "'\(sanitize($0.title))'" }.joined(separator: ", ")
      }
      context.say(message + ".")
    }
    added.forEach(context.warnIfAttendeeNamesRepeat(in:))
  }

  /// `import --merge`: merges `imported` into the sync-ups here by id with the rules of a sync
  /// (``SyncUpsMerge``), from no common base: whatever either holds is kept, so sync-ups,
  /// meetings and attendees deleted here since come back, and where both hold the same thing
  /// differently the version here wins. Says what it added: with no history to tell a
  /// sync-up deleted here from one never here, each not here now is "added", as is each
  /// meeting and attendee not in a sync-up here.
  @MainActor private func importMerging(
    _ imported: IdentifiedArrayOf<SyncUp>, format: SyncUpsFile.Format, in context: CommandContext
  ) throws {
    let (before, after) = try context.changeSyncUps { syncUps in
      let before = syncUps.wrappedValue
      let after = SyncUpsMerge.merge(base: [], ours: before, theirs: imported, sides: .newer(.ours))
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
    if context.options.json {
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
      context.say(
        lines.isEmpty
          ? merged + ": nothing to add." : ([merged + ":"] + lines).joined(separator: "\n"))
    }
    for syncUp in after where imported[id: syncUp.id] != nil && syncUp != before[id: syncUp.id] {
      context.warnIfAttendeeNamesRepeat(in: syncUp)
    }
  }
}

/// Where `syncups import` reads from.
enum ImportSource: Sendable, Equatable {
  /// `-`: standard input.
  case standardInput
  /// A file path, as given.
  case file(String)
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

extension JSONOutput {
  /// `import`: how many sync-ups were `imported`, how many `skipped` because a sync-up with
  /// the same id was already there, and the `format` read (`syncups` or `app`). With
  /// `--merge`, what it added (`merged`): `imported` counts the sync-ups added and `skipped`
  /// those here the file added nothing to; `added` holds each added sync-up's `id` and
  /// `title` (`restored` too, the name scripts written before it was `added` read), and
  /// `changed` each sync-up here it added to: its `id`, `title`, and how many `meetings` and
  /// `attendees` it added. Documented in syncups(1) (``ManPageReference``); keys are stable,
  /// later versions may only add keys.
  static func importResult(
    imported: Int, skipped: Int, format: SyncUpsFile.Format,
    merged: (added: [SyncUp], changed: [ImportedChange])? = nil
  ) -> JSONOutput {
    var answer: [String: JSONOutput] = [
      "imported": .int(imported),
      "skipped": .int(skipped),
      "format": .string(format.rawValue),
    ]
    if let merged {
      answer["added"] = .array(
        merged.added.map {
          .object(["id": .string($0.id.uuidString), "title": .string($0.title)])
        })
      answer["restored"] = answer["added"]
      answer["changed"] = .array(
        merged.changed.map {
          .object([
            "id": .string($0.syncUp.id.uuidString), "title": .string($0.syncUp.title),
            "meetings": .int($0.meetings), "attendees": .int($0.attendees),
          ])
        })
    }
    return .object(answer)
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
