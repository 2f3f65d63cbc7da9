#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// A conflict the merge driver resolved on its own, in the one shape every part of `sync`
/// uses: the sync-up it was in, what conflicted, whose version was kept, what each side did
/// (``change``, the merge's own data), and the driver's message. The driver appends each as a
/// line of `$SYNCUPS_MERGE_REPORT` (``reportLine``); `sync` reads those lines
/// (``reported(in:)``), prints them (human and `--json`, ``json``), and records each in the
/// merge commit (``trailer``), naming the two people whose changes met, so that every teammate
/// who receives the commit hears of it (``told(to:utcOffset:)``), not only the one whose sync
/// merged:
///
/// ```
/// Merge sync-ups from origin/main
///
/// Syncups-Conflict: {"change":{…},"kept":"ours","message":"Design: changed here but deleted there; kept it",…,"ours":"Ben","theirs":"Ana"}
/// ```
///
/// Every sentence said of it is made from ``change`` by the merge's one way of writing a
/// conflict (``SyncUpsMergeConflict/Change/text(title:kept:here:there:time:)``), with the
/// sides named and the times written for the reader. `message` is kept for syncups of other
/// versions, which read it; a record one of them wrote has no `change`, and is told in its
/// own words.
///
/// The trailer and `sync --json` are read by teammates' syncups of other versions: keys are
/// only ever added, and each one is optional when read.
package struct ConflictRecord: Equatable {
  /// The record's keys, in the order syncups(1) lists them. Its field list is made from this
  /// (`ManPageReference.mergeConflictFields`), so a key cannot go undocumented.
  package enum Field: String, CaseIterable, CodingKey {
    case syncUp, path, kept, message, change, ours, theirs

    /// The keys the driver writes; ``ours`` and ``theirs`` are added by the merge commit.
    package static let written: [Field] = allCases.filter { $0 != .ours && $0 != .theirs }
  }

  /// The keys of ``Field/change``'s object and of each of its sides.
  package enum ChangeField: String, CaseIterable, CodingKey {
    case kind, what, ours, theirs, reason
  }

  package enum SideField: String, CaseIterable, CodingKey {
    case value, time
  }

  /// The sync-up, by id and title (the title as both sides knew it, else as merged).
  struct SyncUpName: Decodable, Equatable {
    var id: String
    var title: String
  }

  var syncUp: SyncUpName
  /// What conflicted (``SyncUpsMergeConflict/path``): empty for the whole sync-up.
  var path: String?
  /// `ours` or `theirs`.
  var kept: String?
  /// The driver's words, where here is the side that merged (ours) and there the other.
  var message: String
  /// What each side did, as the merge resolved it; nil in a record by a syncups that did not
  /// write it.
  var change: SyncUpsMergeConflict.Change?
  /// Who merged, and whose change they merged (the last author of the data file on the
  /// other side), as the merge commit records them; nil in the driver's own report.
  var ours: String?
  var theirs: String?

  /// The key of the lines a merge commit records its conflicts in.
  static let trailerKey = "Syncups-Conflict"

  init(
    syncUp: SyncUpName, path: String?, kept: String?, message: String,
    change: SyncUpsMergeConflict.Change? = nil, ours: String? = nil, theirs: String? = nil
  ) {
    self.syncUp = syncUp
    self.path = path
    self.kept = kept
    self.message = message
    self.change = change
    self.ours = ours
    self.theirs = theirs
  }

  /// A conflict as the merge resolved it, its times to the second as the record keeps them.
  init(_ conflict: SyncUpsMergeConflict) {
    var change = conflict.change
    for side in [\SyncUpsMergeConflict.Change.ours, \.theirs] {
      change[keyPath: side].time = change[keyPath: side].time.map {
        Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down))
      }
    }
    self.init(
      syncUp: SyncUpName(id: conflict.syncUpID.uuidString, title: conflict.syncUpTitle),
      path: conflict.path, kept: conflict.kept.rawValue, message: conflict.message,
      change: change)
  }

  /// The record as an object: `syncUp` (`id`, `title`), `path`, `kept`, `message` and `change`
  /// (`kind`, `what`, `ours` and `theirs` each with its `value` and `time`, `reason`), and
  /// `ours` and `theirs` once a merge commit names them.
  var json: JSONOutput {
    var fields: [String: JSONOutput] = [
      Field.syncUp.rawValue: .object(["id": .string(syncUp.id), "title": .string(syncUp.title)]),
      Field.message.rawValue: .string(message),
    ]
    for (field, value) in [(Field.path, path), (.kept, kept), (.ours, ours), (.theirs, theirs)] {
      if let value { fields[field.rawValue] = .string(value) }
    }
    if let change { fields[Field.change.rawValue] = Self.json(change) }
    return .object(fields)
  }

  private static func json(_ change: SyncUpsMergeConflict.Change) -> JSONOutput {
    func side(_ side: SyncUpsMergeConflict.Change.Side) -> JSONOutput {
      var fields: [String: JSONOutput] = [:]
      if let value = side.value { fields[SideField.value.rawValue] = .string(value) }
      if let time = side.time { fields[SideField.time.rawValue] = .string(DateText.iso8601(time)) }
      return .object(fields)
    }
    var fields: [String: JSONOutput] = [
      ChangeField.kind.rawValue: .string(change.kind.rawValue),
      ChangeField.what.rawValue: .string(change.what),
      ChangeField.ours.rawValue: side(change.ours),
      ChangeField.theirs.rawValue: side(change.theirs),
    ]
    if let reason = change.reason { fields[ChangeField.reason.rawValue] = .string(reason.rawValue) }
    return .object(fields)
  }

  /// The record as one line of `$SYNCUPS_MERGE_REPORT`, newline included.
  var reportLine: String { json.text(pretty: false) }

  /// The line of the merge commit's message that records the conflict.
  var trailer: String {
    Self.trailerKey + ": " + String(reportLine.trimmingSuffix("\n"))
  }

  /// The records in `text`, one JSON object a line (``reportLine``); lines that are not one
  /// are skipped.
  static func reported(in text: Substring) -> [ConflictRecord] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return text.split(separator: "\n").compactMap {
      try? decoder.decode(ConflictRecord.self, from: Data($0.utf8))
    }
  }

  /// The conflicts recorded in a commit message (``trailer``).
  static func recorded(in message: Substring) -> [ConflictRecord] {
    let prefix = trailerKey + ": "
    let lines = message.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    return reported(in: Substring(lines.map { $0.dropFirst(prefix.count) }.joined(separator: "\n")))
  }

  /// The conflict as told to `person`, who received the merge commit: the sides named by
  /// their people, `here` for `person`'s own: `conflict merged by Ben: Engineering: title
  /// changed to 'Eng' by Ben at Sat 28 Nov 2026, 09:30 and 'Core' here at Sat 28 Nov 2026,
  /// 09:00; kept 'Eng' (made later)`. A sync-up kept because one
  /// side changed what the other deleted reads `kept 'Design': deleted here, changed by Ben`.
  /// Times read as `person`'s local times (``localTime(_:seconds:utcOffset:)``). A record without
  /// its change (by a syncups that did not write it) is told in the merger's words.
  func told(
    to person: String, utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    func side(_ name: String?) -> String {
      guard let name else { return "by a teammate" }
      return name == person ? "here" : "by \(name)"
    }
    let merger = side(ours)
    let other = side(theirs)
    if path == "" {
      let (deleter, changer) = kept == "theirs" ? (merger, other) : (other, merger)
      let title = syncUp.title.isBlank ? SyncUp.untitled : "'\(syncUp.title)'"
      return "kept \(title): deleted \(deleter), changed \(changer)"
    }
    guard let change, let keptSide = kept.flatMap(MergeSide.init(rawValue:)) else {
      return "conflict merged \(merger), as their syncups put it: \(message)"
    }
    let seconds = Self.showsSeconds(change)
    return "conflict merged \(merger): "
      + change.text(
        title: syncUp.title, kept: keptSide, here: merger, there: other,
        time: { Self.localTime($0, seconds: seconds, utcOffset: utcOffset) })
  }

  /// The conflict for the person who merged: the driver's sentence, its times as local times
  /// (``localTime(_:seconds:utcOffset:)``); the driver's message as written for a record without its
  /// change.
  func readable(utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset) -> String {
    guard let change, let keptSide = kept.flatMap(MergeSide.init(rawValue:)) else {
      return message
    }
    let seconds = Self.showsSeconds(change)
    return change.text(
      title: syncUp.title, kept: keptSide, here: "here", there: "there",
      time: { Self.localTime($0, seconds: seconds, utcOffset: utcOffset) })
  }

  /// A time of a conflict for people, `utcOffset(time)` seconds east of UTC: `Fri 27 Nov
  /// 2026, 10:27`, with its `seconds` too (`10:27:05`) when asked (``showsSeconds(_:)``).
  static func localTime(_ time: Date, seconds: Bool, utcOffset: (Date) -> Int) -> String {
    let text = DateText.meeting(time, utcOffset: utcOffset(time))
    guard seconds else { return text }
    let second = Int(time.timeIntervalSince1970.rounded(.down)) % 60
    return text + (second < 10 ? ":0\(second)" : ":\(second)")
  }

  /// Whether the times of `change` are read to the second: when its two times differ but
  /// fall in one minute (two updates written a few seconds apart), so that the one kept can
  /// be told.
  static func showsSeconds(_ change: SyncUpsMergeConflict.Change) -> Bool {
    let seconds = Set(
      [change.ours.time, change.theirs.time].compactMap { $0 }.map {
        Int($0.timeIntervalSince1970.rounded(.down))
      })
    return Dictionary(grouping: seconds, by: { $0 / 60 }).values.contains { $0.count > 1 }
  }
}

extension ConflictRecord: Decodable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Field.self)
    self.init(
      syncUp: try container.decode(SyncUpName.self, forKey: .syncUp),
      path: try container.decodeIfPresent(String.self, forKey: .path),
      kept: try container.decodeIfPresent(String.self, forKey: .kept),
      message: try container.decode(String.self, forKey: .message),
      change: ((try? container.decodeIfPresent(Change.self, forKey: .change)) ?? nil)?.change,
      ours: try container.decodeIfPresent(String.self, forKey: .ours),
      theirs: try container.decodeIfPresent(String.self, forKey: .theirs))
  }

  /// ``change`` as the record holds it; nil when it names a kind this version does not know,
  /// which is then told in the merger's words.
  private struct Change: Decodable {
    var change: SyncUpsMergeConflict.Change?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: ChangeField.self)
      func side(_ key: ChangeField) throws -> SyncUpsMergeConflict.Change.Side {
        let side = try container.nestedContainer(keyedBy: SideField.self, forKey: key)
        return .init(
          try side.decodeIfPresent(String.self, forKey: .value),
          at: try side.decodeIfPresent(Date.self, forKey: .time))
      }
      guard
        let kind = SyncUpsMergeConflict.Change.Kind(
          rawValue: try container.decode(String.self, forKey: .kind))
      else { return }
      change = SyncUpsMergeConflict.Change(
        kind: kind, what: try container.decode(String.self, forKey: .what),
        ours: try side(.ours), theirs: try side(.theirs),
        reason: try container.decodeIfPresent(String.self, forKey: .reason)
          .flatMap(SyncUpsMergeConflict.Change.Reason.init(rawValue:)))
    }
  }
}
