#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension SyncRepository {
  /// A merge commit that arrived made by an older syncups, plain git or a forge, and what
  /// `sync` put back of what it dropped.
  struct OlderMergeRepair {
    /// The merge commit, short.
    var commit: String
    /// Who made it.
    var author: String
    /// What it dropped that this version's merge of its two sides keeps, put back; and the
    /// resolutions it mixed from both sides, put right (``SyncUpsRestore/mendResolutions(into:merged:sides:from:)``).
    var restored: [SyncUpsRestore.Restored]

    /// What the merge did that was put right: `dropped`, `mixed`, or `dropped or mixed`.
    var what: String {
      let mixed = restored.filter(SyncRepository.isMended).count
      return mixed == 0 ? "dropped" : mixed == restored.count ? "mixed" : "dropped or mixed"
    }
  }

  /// Whether `restored` is a resolution put right rather than something put back.
  static func isMended(_ restored: SyncUpsRestore.Restored) -> Bool {
    restored.element is Item && restored.path.hasSuffix(".resolution")
  }

  /// The key of the trailer a repair commit names each merge commit it repaired by (full).
  static let repairedTrailerKey = "Syncups-Repaired"

  /// Repairs the merge commits `theirs` has and `ours` lacks (those a sync just received)
  /// that older rules made: each made by an older syncups (no ``versionTrailerKey``, or an
  /// older version in it), plain git or a forge, merging two versions of the data file, that
  /// no commit that arrived repairs already. Its two sides are merged again with this version's
  /// rules (``remerge(ours:theirs:)``); what that keeps and the merge dropped (an item, an
  /// update, a meeting, an attendee, time away, a sync-up, an unknown key) is put back into the
  /// data file as it is now, where it still lacks it. An item's resolution the merge made of
  /// both sides' fields is taken whole as that merge takes it
  /// (``SyncUpsRestore/mendResolutions(into:merged:sides:from:)``). Nothing else changes: the
  /// older merge's choices between two values stand. The repair is committed, naming the
  /// merges it repaired (``repairedTrailerKey``). Each merge is examined once, when it arrives.
  ///
  /// The repairs made, oldest merge first; none when nothing was dropped or mixed.
  func repairOlderMerges(from ours: String, to theirs: String) throws(CommandFailure)
    -> [OlderMergeRepair]
  {
    let merges = try olderMerges(from: ours, to: theirs)
    guard !merges.isEmpty else { return [] }
    var current: IdentifiedArrayOf<SyncUp>?
    var declaration = SyncUpsFile.Declaration.formatOne
    var repairs: [OlderMergeRepair] = []
    for merge in merges {
      guard let kept = try syncUps(at: merge.commit) else { continue }
      let ours = try remerge(ours: merge.parents.0, theirs: merge.parents.1).syncUps
      let dropped = Set(SyncUpsRestore.restore(into: kept, from: ours).restored.map(\.place))
      // A side whose file does not decode tells nothing of what the merge mixed.
      let sides = (try syncUps(at: merge.parents.0), try syncUps(at: merge.parents.1))
      let both = sides.0.flatMap { ours in sides.1.map { (ours, $0) } }
      let mixed = both.map {
        SyncUpsRestore.mendResolutions(into: kept, merged: kept, sides: $0, from: ours)
      }
      guard !dropped.isEmpty || mixed?.restored.isEmpty == false else { continue }
      let now: IdentifiedArrayOf<SyncUp>
      if let current {
        now = current
      } else {
        (now, declaration) = try currentDeclaredSyncUps()
      }
      let repaired = SyncUpsRestore.restore(into: now, from: ours, wanted: dropped.contains)
      let mended =
        both.map {
          SyncUpsRestore.mendResolutions(into: repaired.syncUps, merged: kept, sides: $0, from: ours)
        } ?? (syncUps: repaired.syncUps, restored: [])
      current = mended.syncUps
      if !repaired.restored.isEmpty || !mended.restored.isEmpty {
        repairs.append(
          OlderMergeRepair(
            commit: String(merge.commit.prefix(7)), author: merge.author,
            restored: repaired.restored + mended.restored))
      }
    }
    guard let current, !repairs.isEmpty else { return [] }
    try writeSyncUps(current, declaration: declaration)
    let subject =
      repairs.count == 1
      ? "Restore what the merge \(repairs[0].commit) by \(repairs[0].author) \(repairs[0].what)"
      : "Restore what \(repairs.count) merges dropped or mixed"
    let lines = repairs.flatMap { repair in repair.restored.map { "- " + Self.restoredText($0) } }
    try commit(
      [name],
      message: Self.commitMessage(
        [subject, lines.joined(separator: "\n")],
        trailers: merges.map { "\(Self.repairedTrailerKey): \($0.commit)" }))
    return repairs
  }

  /// A merge commit to examine (``repairOlderMerges(from:to:)``).
  private struct ArrivedMerge {
    var commit: String
    var parents: (String, String)
    var author: String
  }

  /// The merge commits `theirs` has and `ours` lacks that older rules made and no commit
  /// there repairs, oldest first, found with one git: merges of two sides whose data files
  /// differ.
  private func olderMerges(from ours: String, to theirs: String) throws(CommandFailure)
    -> [ArrivedMerge]
  {
    let trailers = [Self.versionTrailerKey, Self.repairedTrailerKey].map {
      "%(trailers:key=\($0),valueonly,separator=%x20)"
    }
    let log = try git.output(
      ["log", "--reverse", "--format=%H%x09%P%x09%an%x09" + trailers.joined(separator: "%x09"),
       "\(ours)..\(theirs)"],
      doing: "read the commits that arrived")
    var merges: [ArrivedMerge] = []
    var repaired: Set<Substring> = []
    for line in log.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      repaired.formUnion(fields[4].split(separator: " "))
      let parents = fields[1].split(separator: " ").map(String.init)
      guard parents.count == 2, Self.isOlder(version: fields[3]) else { continue }
      merges.append(
        ArrivedMerge(
          commit: String(fields[0]), parents: (parents[0], parents[1]), author: String(fields[2])))
    }
    merges.removeAll { repaired.contains(Substring($0.commit)) }
    guard !merges.isEmpty else { return [] }
    // A merge whose two sides hold the same data file had nothing of it to merge.
    let blobs = try git.run(
      ["rev-parse"] + merges.flatMap { ["\($0.parents.0):\(revisionPath)", "\($0.parents.1):\(revisionPath)"] })
    // (A side without a data file fails it: each merge is then examined.)
    let ids = blobs.output.split(separator: "\n")
    guard blobs.status == 0, ids.count == merges.count * 2 else { return merges }
    return merges.indices.filter { ids[2 * $0] != ids[2 * $0 + 1] }.map { merges[$0] }
  }

  /// Whether a commit whose version trailer says `version` (empty: it has none) was made
  /// under older rules than this version's. A version that cannot be read is not taken for
  /// older.
  static func isOlder(version: Substring) -> Bool {
    guard !version.isEmpty else { return true }
    func numbers(_ text: Substring) -> [Int]? {
      let parts = text.split(separator: ".").map { Int($0) }
      guard parts.count == 3, !parts.contains(nil) else { return nil }
      return parts.compactMap { $0 }
    }
    guard let made = numbers(version.split(separator: " ").last ?? version),
      let this = numbers(Substring(CommandTable.version))
    else { return false }
    return made.lexicographicallyPrecedes(this)
  }

  /// A thing put back, for people and the repair commit's message: `item 'Write the notes'
  /// in 'Engineering'`, `Ben's update for Fri 27 Nov 2026 in 'Engineering'`.
  static func restoredText(_ restored: SyncUpsRestore.Restored) -> String {
    let syncUp = UserText.name(restored.syncUp)
    func person(_ id: UUID) -> String {
      let name = restored.syncUp.attendees[id: id]?.name ?? ""
      return name.isBlank ? UserText.unnamed : sanitize(name)
    }
    switch restored.element {
    case is SyncUp:
      return "sync-up \(syncUp)"
    case let attendee as Attendee:
      return "attendee '\(attendee.name.isBlank ? UserText.unnamed : sanitize(attendee.name))' in \(syncUp)"
    case let meeting as Meeting:
      let offset = DependencyValues.currentValues.utcOffset(meeting.date)
      return "the meeting of \(DateText.meeting(meeting.date, utcOffset: offset)) in \(syncUp)"
    case let item as Item where isMended(restored):
      return "the resolution of \(item.kind.rawValue) '\(sanitize(item.text))' in \(syncUp), "
        + "taken whole from one side"
    case let item as Item:
      return "\(item.kind.rawValue) '\(sanitize(item.text))' in \(syncUp)"
    case let update as WrittenUpdate:
      return "\(person(update.attendee))'s update for \(update.day.longText) in \(syncUp)"
    case let away as TimeAway:
      let holder = (restored.holder as? Attendee).map { person($0.id) } ?? UserText.unnamed
      return "time away for \(holder) from \(away.from.longText)"
        + (away.to.map { " to \($0.longText)" } ?? "") + " in \(syncUp)"
    default:
      let key = restored.unknownKey?.name ?? String(restored.path.split(separator: ".").first ?? "")
      let holder = (restored.holder as? Attendee).map { " of attendee '\(person($0.id))'" } ?? ""
      return "\(restored.unknownKey == nil ? "" : "key ")'\(sanitize(key))'\(holder) in \(syncUp)"
    }
  }

  /// What kind of thing was put back, as `sync --json`'s `restored` says it.
  static func restoredKind(_ restored: SyncUpsRestore.Restored) -> String {
    switch restored.element {
    case is SyncUp: "syncUp"
    case is Attendee: "attendee"
    case is Meeting: "meeting"
    case is Item: isMended(restored) ? "resolution" : "item"
    case is WrittenUpdate: "update"
    case is TimeAway: "timeAway"
    default: restored.unknownKey == nil ? "other" : "key"
    }
  }
}
