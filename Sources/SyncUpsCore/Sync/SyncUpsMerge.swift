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
/// let sides = MergeSides.committed(ours: tenOClock, theirs: nineThirtyOne)
/// let result = SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, sides: sides)
/// try SyncUpsFile.encode(result.syncUps)  // always a valid data file
/// result.conflicts.map(\.message)  // each conflict is data, its sentence made from it
/// // ["Engineering: title changed to 'Eng' here at 2026-11-28T09:00:00Z and 'Core' there at
/// //  2026-11-28T09:30:00Z; kept 'Core' (made later)"]
/// ```
///
/// The rules:
/// - sync-ups, attendees, items and meetings merge by id as identified arrays do
///   (`IdentifiedArray.threeWayMerge`): added on either side, kept; removed on one side and
///   unchanged on the other, removed; removed on one side and changed on the other, kept and
///   reported; the order of sync-ups and attendees follows the side that reordered them;
/// - meetings are the union of both histories, newest first by date (meetings of the same date
///   in merged order);
/// - each field (a sync-up's `title`, `duration` and `theme`; an attendee's `name`; an item's
///   `text`, `owner` and `kind`; each of a meeting's fields) and each unknown key (see
///   ``UnknownJSON``) merges three-way: a change on one side wins; changes on both sides to
///   different values conflict, and the change made later is kept and reported. When a side
///   made its change is its stamp in the model's `changed` key (``ChangeTimes``) when that
///   differs from the base's, else the time the side was committed (``MergeSides``); equal or
///   unknown times keep the ``MergeSides/newer`` side's value (ours when nil). The kept value's
///   stamp comes with it;
/// - an item's resolution (whether it is resolved, when, in which meeting, how, and when it
///   was reopened) merges as one value: a reopen on one side and a resolve on the other, or
///   two resolutions in other words, is one conflict, and the act done later is kept whole,
///   dated by `resolved`, or `reopened` for a reopen (the side's commit time for a reopen an
///   older version made, which has no stamp);
/// - a written update merges whole: the one `written` later is kept.
///
/// A sync-up both sides hold that the base lacks (each side kept it after merging someone's
/// delete, or restored it) has no base to compare with, so every difference between the sides
/// would be a conflict and everything either side removed would come back. Given the last
/// version both sides had in common (`earlier`, found in the history for the ids
/// ``withoutCommonBase(base:ours:theirs:)`` names), it merges against that version instead.
///
/// Everything in the result comes from one of the sides, so it encodes and decodes again.
public enum SyncUpsMerge {
  /// Merges `ours` and `theirs`, which were both edited from `base`. `sides` says when each
  /// side was committed, which dates the changes that carry no time of their own, and which
  /// side wins when times do not tell. `earlier` holds, for sync-ups both sides hold and the base lacks, the last
  /// version both sides had in common; the rest of it is ignored. The same inputs always give
  /// the same result and conflicts, in the same order.
  public static func merge(
    base: IdentifiedArrayOf<SyncUp>,
    ours: IdentifiedArrayOf<SyncUp>,
    theirs: IdentifiedArrayOf<SyncUp>,
    sides: MergeSides,
    earlier: IdentifiedArrayOf<SyncUp> = []
  ) -> SyncUpsMergeResult {
    var conflicts: [SyncUpsMergeConflict] = []
    let syncUps = IdentifiedArray.threeWayMerge(base: base, ours: ours, theirs: theirs) {
      base, ours, theirs in
      let base = base ?? earlier[id: ours.id]
      var merger = SyncUpMerger(base: base, ours: ours, theirs: theirs, sides: sides)
      let merged = merger.merge(base: base, ours: ours, theirs: theirs)
      conflicts += merger.conflicts
      return merged
    } keptChange: { kept, base, removedBy in
      conflicts.append(
        SyncUpsMergeConflict(
          syncUpID: kept.id, syncUpTitle: base.title, path: "", kept: removedBy.other,
          change: .removal("deleted", by: removedBy, what: "")))
    }
    return SyncUpsMergeResult(syncUps: syncUps, conflicts: conflicts)
  }

  /// The ids of the sync-ups both sides hold, differently, that the base lacks: those whose
  /// merge needs the last version the two sides had in common (see
  /// ``merge(base:ours:theirs:sides:earlier:)``), in the order of `ours`.
  public static func withoutCommonBase(
    base: IdentifiedArrayOf<SyncUp>, ours: IdentifiedArrayOf<SyncUp>,
    theirs: IdentifiedArrayOf<SyncUp>
  ) -> [SyncUp.ID] {
    ours.filter { syncUp in
      base[id: syncUp.id] == nil && theirs[id: syncUp.id].map { $0 != syncUp } == true
    }.map(\.id)
  }

  /// A sync-up's title as messages begin with it.
  static func label(_ title: String) -> String { title.isBlank ? SyncUp.untitled : title }

  /// A title or name as messages quote it.
  static func quoted(_ text: String) -> String { "'\(text)'" }
}

/// What a merge knows of its two sides besides what they hold: when each was committed, which
/// dates a change that carries no time of its own (a field an older version changed), and the
/// side that wins when the times of two changes are equal or unknown.
///
/// ```swift
/// MergeSides.committed(ours: tenOClock, theirs: nineThirtyOne).newer  // .ours
/// MergeSides.newer(.theirs)  // times unknown: theirs wins ties
/// ```
public struct MergeSides: Equatable, Sendable {
  /// When ours was committed; nil when not known.
  public var ours: Date?
  /// When theirs was committed; nil when not known.
  public var theirs: Date?
  /// The side that wins a conflict the times do not decide; ours when nil.
  public var newer: MergeSide?

  public init(ours: Date? = nil, theirs: Date? = nil, newer: MergeSide?) {
    self.ours = ours
    self.theirs = theirs
    self.newer = newer
  }

  /// Sides whose commit times are not known: `newer` wins every conflict the changes' own
  /// times do not decide (ours when nil).
  public static func newer(_ side: MergeSide?) -> Self { Self(newer: side) }

  /// Sides committed at `ours` and `theirs`: the one committed later wins ties, ours when both
  /// are of the same second.
  public static func committed(ours: Date, theirs: Date) -> Self {
    Self(ours: ours, theirs: theirs, newer: theirs > ours ? .theirs : .ours)
  }

  /// When `side` was committed.
  func committed(_ side: MergeSide) -> Date? { side == .ours ? ours : theirs }
}

/// What ``SyncUpsMerge/merge(base:ours:theirs:sides:earlier:)`` made: the merged sync-ups,
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
/// one removed what the other changed. It is data (what conflicted, each side's value and time,
/// which was kept and why); its sentence is made from it in one place, ``Change/text(title:kept:here:there:time:)``,
/// with the sides named and the times written as each reader needs them.
///
/// ```swift
/// conflict.path  // "title"
/// conflict.change  // .changed "title": ours 'Eng' at 09:00, theirs 'Core' at 09:30, made later
/// conflict.kept  // .theirs
/// conflict.message
/// // "Engineering: title changed to 'Eng' here at 2026-11-28T09:00:00Z and 'Core' there at
/// //  2026-11-28T09:30:00Z; kept 'Core' (made later)"
/// ```
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
  /// Whose version was kept: the side that made its change later for a change on both sides;
  /// the side that changed it for a removal on the other.
  public var kept: MergeSide
  /// What each side did, and why the kept one was kept.
  public var change: Change

  public init(
    syncUpID: UUID, syncUpTitle: String, path: String, kept: MergeSide, change: Change
  ) {
    self.syncUpID = syncUpID
    self.syncUpTitle = syncUpTitle
    self.path = path
    self.kept = kept
    self.change = change
  }

  /// The conflict for people, as the merge driver says it: naming the sync-up, what
  /// conflicted, both values, when each was made (UTC) and which was kept: "Engineering: title
  /// changed to 'Eng' here at 2026-11-28T09:00:00Z and 'Core' there at 2026-11-28T09:30:00Z;
  /// kept 'Core' (made later)". Here is ours, there is theirs. User text in it is as stored,
  /// control characters included.
  public var message: String {
    change.text(title: syncUpTitle, kept: kept, here: "here", there: "there", time: DateText.iso8601)
  }

  /// What each side of a conflict did, as data.
  public struct Change: Equatable, Sendable {
    /// The kind of conflict, which says what the sides' values are.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
      /// Both sides changed a value differently; each side's value as shown, nil for one it
      /// removed.
      case changed
      /// One side removed (or deleted) what the other changed; each side's value is its verb:
      /// `deleted`, `removed` or `changed`.
      case removed
      /// Both sides wrote an update differently; each side's time is when it was written.
      case written
      /// Both sides resolved or reopened an item differently; each side's value is its act:
      /// `reopened`, `resolved`, `resolved as 'done'`.
      case resolution
    }

    /// Why the kept side was kept when both changed it: its change was made later; both were
    /// made in the same second, or their times are unknown, and it is the side committed later
    /// (`newer`), or, with no side newer, ours.
    public enum Reason: String, Equatable, Sendable, CaseIterable {
      case madeLater = "made later"
      case madeAtTheSameTime = "made at the same time"
      case newer
      case ours
    }

    /// One side's part: its value as shown (quoted, `(blank)`, an excerpt, compact JSON), nil
    /// for a value it removed; and when it made its change, nil when not known.
    public struct Side: Equatable, Sendable {
      public var value: String?
      public var time: Date?

      public init(_ value: String?, at time: Date? = nil) {
        self.value = value
        self.time = time
      }
    }

    public var kind: Kind
    /// What conflicted, as the sentence names it: `title`, `name of attendee 'Blob'`,
    /// `item 'waiting on API keys'`, `key 'mood'`; empty for the whole sync-up.
    public var what: String
    public var ours: Side
    public var theirs: Side
    /// Why the kept side won; nil for a removal, where the side that changed it is kept.
    public var reason: Reason?

    public init(kind: Kind, what: String, ours: Side, theirs: Side, reason: Reason? = nil) {
      self.kind = kind
      self.what = what
      self.ours = ours
      self.theirs = theirs
      self.reason = reason
    }

    /// A removal by `side` of what the other side changed, `verb` saying how it was removed.
    static func removal(_ verb: String, by side: MergeSide, what: String) -> Self {
      Self(
        kind: .removed, what: what, ours: Side(side == .ours ? verb : "changed"),
        theirs: Side(side == .theirs ? verb : "changed"))
    }

    /// The act of an item's resolution that says it was reopened; the kept one reads `open`.
    public static let reopened = "reopened"

    /// The conflict's sentence, the one way it is written: `title` leads it (untitled when
    /// blank), `here` and `there` name our and their side (`here`, `there`; `by Ben`), and
    /// `time` writes each time.
    ///
    /// ```swift
    /// change.text(title: "Engineering", kept: .theirs, here: "by Ben", there: "here", time: iso)
    /// // "Engineering: title changed to 'Eng' by Ben at 2026-11-28T09:00:00Z and 'Core' here at
    /// //  2026-11-28T09:30:00Z; kept 'Core' (made later)"
    /// ```
    public func text(
      title: String, kept: MergeSide, here: String, there: String, time: (Date) -> String
    ) -> String {
      func at(_ side: Side) -> String { side.time.map { " at \(time($0))" } ?? "" }
      let (ourSide, theirSide) = (here + at(ours), there + at(theirs))
      let keptSide = kept == .ours ? ours : theirs
      let why = reason.map { " (\($0.rawValue))" } ?? ""
      let body: String
      switch kind {
      case .changed:
        let changes =
          switch (ours.value, theirs.value) {
          case (let ours?, let theirs?): "changed to \(ours) \(ourSide) and \(theirs) \(theirSide)"
          case (let ours?, nil): "changed to \(ours) \(ourSide) and removed \(theirSide)"
          case (nil, let theirs?): "removed \(ourSide) and changed to \(theirs) \(theirSide)"
          case (nil, nil): "removed on both sides"
          }
        body = changes + "; " + (keptSide.value.map { "kept \($0)" } ?? "kept it removed") + why
      case .removed:
        body = "\(ours.value ?? "") \(here) but \(theirs.value ?? "") \(there); kept it"
      case .written:
        body = "written \(ourSide) and \(theirSide); kept the one written\(at(keptSide))\(why)"
      case .resolution:
        let act = keptSide.value == Self.reopened ? "open" : keptSide.value ?? ""
        body =
          "\(ours.value ?? "") \(ourSide) and \(theirs.value ?? "") \(theirSide); kept it \(act)\(why)"
      }
      return SyncUpsMerge.label(title) + ": " + (what.isEmpty ? body : what + " " + body)
    }
  }
}
