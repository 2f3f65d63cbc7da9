#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A side of a merge of the data file: `ours`, the version being merged into, or `theirs`.
public typealias MergeSide = ThreeWaySide

/// Merges three versions of the sync-ups (a common base and two sides edited separately from
/// it) by id, never by position or text: the rules of `syncups merge-driver`.
///
/// ```swift
/// let result = SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, newer: .theirs)
/// try SyncUpsFile.encode(result.syncUps)  // always a valid data file
/// result.conflicts.map(\.message)
/// // ["Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)"]
/// ```
///
/// The rules:
/// - sync-ups, attendees and meetings merge by id as identified arrays do
///   (`IdentifiedArray.threeWayMerge`): added on either side, kept; removed on one side and
///   unchanged on the other, removed; removed on one side and changed on the other, kept and
///   reported; the order of sync-ups and attendees follows the side that reordered them;
/// - meetings are the union of both histories, newest first by date (meetings of the same date
///   in merged order);
/// - each field (a sync-up's `title`, `duration` and `theme`; an attendee's `name`; each of a
///   meeting's fields) and each unknown key (see ``UnknownJSON``) merges three-way: a change on
///   one side wins; changes on both sides to different values conflict, and the conflict is
///   resolved by taking the `newer` side's value (ours when `newer` is nil) and reported.
///
/// A sync-up both sides hold that the base lacks (each side kept it after merging someone's
/// delete, or restored it) has no base to compare with, so every difference between the sides
/// would be a conflict and everything either side removed would come back. Given the last
/// version both sides had in common (`earlier`, found in the history for the ids
/// ``withoutCommonBase(base:ours:theirs:)`` names), it merges against that version instead.
///
/// Everything in the result comes from one of the sides, so it encodes and decodes again.
public enum SyncUpsMerge {
  /// Merges `ours` and `theirs`, which were both edited from `base`. `newer` names the side
  /// whose changes are more recent (from commit times), which wins every conflict; with nil,
  /// ours wins. `earlier` holds, for sync-ups both sides hold and the base lacks, the last
  /// version both sides had in common; the rest of it is ignored. The same inputs always give
  /// the same result and conflicts, in the same order.
  public static func merge(
    base: IdentifiedArrayOf<SyncUp>,
    ours: IdentifiedArrayOf<SyncUp>,
    theirs: IdentifiedArrayOf<SyncUp>,
    newer: MergeSide?,
    earlier: IdentifiedArrayOf<SyncUp> = []
  ) -> SyncUpsMergeResult {
    var conflicts: [SyncUpsMergeConflict] = []
    let syncUps = IdentifiedArray.threeWayMerge(base: base, ours: ours, theirs: theirs) {
      base, ours, theirs in
      let base = base ?? earlier[id: ours.id]
      var merger = SyncUpMerger(base: base, ours: ours, theirs: theirs, newer: newer)
      let merged = merger.merge(base: base, ours: ours, theirs: theirs)
      conflicts += merger.conflicts
      return merged
    } keptChange: { kept, base, removedBy in
      conflicts.append(
        SyncUpsMergeConflict(
          syncUpID: kept.id, syncUpTitle: base.title, path: "", kept: removedBy.other,
          message: "\(label(base.title)): \(removal("deleted", by: removedBy)); kept it"))
    }
    return SyncUpsMergeResult(syncUps: syncUps, conflicts: conflicts)
  }

  /// The ids of the sync-ups both sides hold, differently, that the base lacks: those whose
  /// merge needs the last version the two sides had in common (see
  /// ``merge(base:ours:theirs:newer:earlier:)``), in the order of `ours`.
  public static func withoutCommonBase(
    base: IdentifiedArrayOf<SyncUp>, ours: IdentifiedArrayOf<SyncUp>,
    theirs: IdentifiedArrayOf<SyncUp>
  ) -> [SyncUp.ID] {
    ours.filter { syncUp in
      base[id: syncUp.id] == nil && theirs[id: syncUp.id].map { $0 != syncUp } == true
    }.map(\.id)
  }

  /// The words for an element removed by one side and changed by the other: "deleted here but
  /// changed there", with `verb` for the removal.
  static func removal(_ verb: String, by side: MergeSide) -> String {
    side == .ours ? "\(verb) here but changed there" : "changed here but \(verb) there"
  }

  /// A sync-up's title as messages begin with it.
  static func label(_ title: String) -> String { title.isBlank ? SyncUp.untitled : title }

  /// A title or name as messages quote it.
  static func quoted(_ text: String) -> String { "'\(text)'" }
}

/// What ``SyncUpsMerge/merge(base:ours:theirs:newer:earlier:)`` made: the merged sync-ups,
/// ready to be written, and every conflict it resolved.
public struct SyncUpsMergeResult: Equatable, Sendable {
  /// The merged sync-ups.
  public var syncUps: IdentifiedArrayOf<SyncUp>
  /// The conflicts, in the order of the sync-ups they concern, each sync-up's in the order of
  /// its keys: those merged whole (duration, theme, title), unknown keys, then attendees and
  /// meetings (each in the same order within).
  public var conflicts: [SyncUpsMergeConflict]

  public init(syncUps: IdentifiedArrayOf<SyncUp>, conflicts: [SyncUpsMergeConflict]) {
    self.syncUps = syncUps
    self.conflicts = conflicts
  }
}

/// A conflict a merge resolved on its own: both sides changed the same thing differently, or
/// one removed what the other changed.
public struct SyncUpsMergeConflict: Equatable, Sendable {
  /// The sync-up it concerns.
  public var syncUpID: UUID
  /// That sync-up's title as both sides knew it (in the base), else as merged.
  public var syncUpTitle: String
  /// What conflicted, as keys from the sync-up down, dot-separated, with attendees and meetings
  /// by id: `title`, `attendees.<id>.name`, `meetings.<id>.transcript`, an unknown key's name;
  /// `attendees.<id>` or `meetings.<id>` for the whole attendee or meeting, and the empty
  /// string for the whole sync-up (removed on one side, changed on the other).
  public var path: String
  /// Whose version was kept: the newer side's for a change on both sides; the side that
  /// changed it for a removal on the other.
  public var kept: MergeSide
  /// The conflict for people, naming the sync-up, what conflicted, both values and which was
  /// kept: "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)".
  /// Here is ours, there is theirs. User text in it is as stored, control characters included.
  public var message: String

  public init(
    syncUpID: UUID, syncUpTitle: String, path: String, kept: MergeSide, message: String
  ) {
    self.syncUpID = syncUpID
    self.syncUpTitle = syncUpTitle
    self.path = path
    self.kept = kept
    self.message = message
  }
}
