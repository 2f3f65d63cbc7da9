#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Puts back what one version of the sync-ups holds and another lacks, and nothing else: how
/// a newer syncups repairs a merge an older one (or plain git) made, which dropped what it did
/// not know. Everything kept by id is compared (sync-ups, attendees, their time away,
/// meetings, items, written updates, as each model declares its lists by id in
/// ``StoredModel/describe(_:)``), and so are unknown keys; a value both versions hold stands
/// as the target has it, whatever the source says.
///
/// ```swift
/// // What our rules keep from a merge's two sides that the merge itself dropped:
/// let dropped = SyncUpsRestore.restore(into: olderMerge, from: ourMerge).restored
/// // The same things, put back into the sync-ups as they are now:
/// let paths = Set(dropped.map(\.place))
/// let repaired = SyncUpsRestore.restore(into: current, from: ourMerge) { paths.contains($0) }
/// repaired.restored.map(\.path)  // ["items.5070518D-…", "updates.A1C0…"]
/// ```
public enum SyncUpsRestore {
  /// Where a restored thing is: its sync-up's id and its ``Restored/path`` in it.
  public struct Place: Hashable, Sendable {
    public var syncUp: UUID
    public var path: String

    public init(syncUp: UUID, path: String) {
      self.syncUp = syncUp
      self.path = path
    }
  }

  /// One thing the source held that the target lacked, put back.
  public struct Restored: Sendable {
    /// The sync-up it is in (or is), as the source holds it.
    public var syncUp: SyncUp
    /// Where in the sync-up, as a merge conflict's path says it: empty for the whole sync-up,
    /// `items.<id>`, `attendees.<id>.away.<id>`, an unknown key's name (`mood`,
    /// `attendees.<id>.pronouns`).
    public var path: String
    /// What was put back: a ``SyncUp``, ``Attendee``, ``Meeting``, ``Item``,
    /// ``WrittenUpdate``, ``TimeAway`` (or a model a later version adds); nil for an unknown
    /// key.
    public var element: (any StoredModel)?
    /// The model that holds it (the sync-up, or the attendee whose time away it is); nil for
    /// a whole sync-up.
    public var holder: (any StoredModel)?
    /// The unknown key's name and value, when that is what was put back.
    public var unknownKey: (name: String, value: UnknownJSON)?

    public var place: Place { Place(syncUp: syncUp.id, path: path) }
  }

  /// `target` with what `source` holds and it lacks put back, each where `wanted` says so (all
  /// of it by default), next to what precedes it in `source`; and what was put back, in the
  /// order of `source`. Something put back whole (a sync-up, a meeting) is one thing, however
  /// much it holds.
  public static func restore(
    into target: IdentifiedArrayOf<SyncUp>, from source: IdentifiedArrayOf<SyncUp>,
    wanted: @escaping (Place) -> Bool = { _ in true }
  ) -> (syncUps: IdentifiedArrayOf<SyncUp>, restored: [Restored]) {
    var syncUps = target
    var restored: [Restored] = []
    for (offset, syncUp) in source.enumerated() {
      if let kept = syncUps[id: syncUp.id] {
        var walk = Walk(syncUp: syncUp, wanted: wanted)
        syncUps[id: syncUp.id] = walk.restore(into: kept, from: syncUp, prefix: "")
        restored += walk.restored
      } else if wanted(Place(syncUp: syncUp.id, path: "")) {
        syncUps.insert(syncUp, at: insertionIndex(before: offset, of: source, in: syncUps))
        restored.append(Restored(syncUp: syncUp, path: "", element: syncUp))
      }
    }
    return (syncUps, restored)
  }

  /// `target` with each item's resolution that a merge (`merged`, of `sides`) made a mix of
  /// put right as `source` (this version's merge of the same sides) holds it; and the items
  /// put right, in the order of `merged`.
  ///
  /// A resolution (when, in which meeting, how, when reopened) is one act: this version
  /// takes it whole from one side (``Item/Resolution``). An older syncups merged its fields one
  /// by one, and could keep one side's words with the other side's meeting: a state neither
  /// side held, each of its fields one side's. Only such a mix is put right: of an item both
  /// sides hold, each field taken from one of them, and where `target` still holds what the
  /// merge made. A resolution changed since stands, and so does one with a field neither side
  /// held (words someone typed while finishing the merge by hand).
  ///
  /// ```swift
  /// // Cy re-resolved outside a meeting; Ana reopened and resolved in one.
  /// let mended = SyncUpsRestore.mendResolutions(
  ///   into: current, merged: olderMerge, sides: (cys, anas), from: ourMerge)
  /// mended.restored.map(\.path)  // ["items.5070518D-….resolution"]
  /// ```
  public static func mendResolutions(
    into target: IdentifiedArrayOf<SyncUp>, merged: IdentifiedArrayOf<SyncUp>,
    sides: (IdentifiedArrayOf<SyncUp>, IdentifiedArrayOf<SyncUp>),
    from source: IdentifiedArrayOf<SyncUp>
  ) -> (syncUps: IdentifiedArrayOf<SyncUp>, restored: [Restored]) {
    var syncUps = target
    var restored: [Restored] = []
    for syncUp in merged {
      guard var kept = syncUps[id: syncUp.id], let remerged = source[id: syncUp.id] else { continue }
      for item in syncUp.items {
        let mixed = item.resolutionState
        guard let ours = sides.0[id: syncUp.id]?.items[id: item.id]?.resolutionState,
          let theirs = sides.1[id: syncUp.id]?.items[id: item.id]?.resolutionState,
          mixed != ours, mixed != theirs, mixed.isMix(of: ours, theirs),
          let whole = remerged.items[id: item.id]?.resolutionState, whole != mixed,
          var now = kept.items[id: item.id], now.resolutionState == mixed
        else { continue }
        now.resolutionState = whole
        kept.items[id: item.id] = now
        restored.append(
          Restored(syncUp: kept, path: "items.\(item.id).resolution", element: now, holder: kept))
      }
      syncUps[id: syncUp.id] = kept
    }
    return (syncUps, restored)
  }

  /// Where an element at `offset` in `source` goes in `target`: after the nearest element
  /// before it in `source` that `target` holds; first when none.
  static func insertionIndex<Element: Identifiable>(
    before offset: Int, of source: IdentifiedArrayOf<Element>,
    in target: IdentifiedArrayOf<Element>
  ) -> Int {
    for earlier in source[..<offset].reversed() {
      if let index = target.index(id: earlier.id) { return index + 1 }
    }
    return 0
  }

  /// The walk of one sync-up, collecting what it puts back.
  struct Walk {
    let syncUp: SyncUp
    let wanted: (Place) -> Bool
    var restored: [Restored] = []

    /// `target` with what `source` holds and it lacks, in its lists by id and its unknown
    /// keys; `prefix` leads the paths in it (empty, or `attendees.<id>.`).
    mutating func restore<Model: StoredModel>(into target: Model, from source: Model, prefix: String)
      -> Model
    {
      var walker = RestoringWalker(walk: self, target: target, source: source, prefix: prefix)
      Model.describe(&walker)
      self = walker.walk
      var model = walker.target
      for (name, value) in source.unknownKeys.sorted(by: { $0.key < $1.key })
      where model.unknownKeys[name] == nil && wanted(place(prefix + name)) {
        model.unknownKeys[name] = value
        restored.append(
          Restored(
            syncUp: syncUp, path: prefix + name, element: nil, holder: source,
            unknownKey: (name, value)))
      }
      return model
    }

    /// `target` with the elements of `source` it lacks, in their places; the elements both
    /// hold walked in turn.
    mutating func restore<Element: StoredModel & Identifiable>(
      into target: IdentifiedArrayOf<Element>, from source: IdentifiedArrayOf<Element>,
      key: String, holder: any StoredModel, prefix: String
    ) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
      var list = target
      for (offset, element) in source.enumerated() {
        let path = "\(prefix)\(key).\(element.id)"
        if let kept = list[id: element.id] {
          list[id: element.id] = restore(into: kept, from: element, prefix: path + ".")
        } else if wanted(place(path)) {
          list.insert(element, at: SyncUpsRestore.insertionIndex(before: offset, of: source, in: list))
          restored.append(Restored(syncUp: syncUp, path: path, element: element, holder: holder))
        }
      }
      return list
    }

    func place(_ path: String) -> Place { Place(syncUp: syncUp.id, path: path) }
  }
}

/// A list merged by id (``FieldRule/byID(noun:removal:owner:arrange:)``), as the walk that
/// restores dropped elements sees it: the element type is known only to the list.
protocol RestorableList {
  static var empty: Self { get }
  func restoring(
    into target: Self, key: String, holder: any StoredModel, prefix: String,
    walk: inout SyncUpsRestore.Walk
  ) -> Self
}

extension IdentifiedArray: RestorableList
where Element: StoredModel & Identifiable, Element.ID == UUID, ID == UUID {
  static var empty: Self { Self() }

  func restoring(
    into target: Self, key: String, holder: any StoredModel, prefix: String,
    walk: inout SyncUpsRestore.Walk
  ) -> Self {
    walk.restore(into: target, from: self, key: key, holder: holder, prefix: prefix)
  }
}

/// Walks a model's keys (``ModelSchema``) to put back, in each list merged by id, the
/// elements the source holds and the target lacks (``SyncUpsRestore``).
private struct RestoringWalker<Model: StoredModel>: ModelSchema {
  typealias Failure = Never
  var walk: SyncUpsRestore.Walk
  var target: Model
  let source: Model
  let prefix: String

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    guard case .byID = rule.merge, let list = source[keyPath: path] as? any RestorableList,
      let restored = restore(list, into: target[keyPath: path], key: "\(key)") as? Value
    else { return }
    target[keyPath: path] = restored
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    guard case .byID = rule.merge, let list = source[keyPath: path] as? any RestorableList,
      let restored = restore(list, into: target[keyPath: path], key: "\(key)") as? Value
    else { return }
    target[keyPath: path] = restored
  }

  /// `source` restored into `target` (nil: an empty list).
  private mutating func restore<List: RestorableList>(_ source: List, into target: Any?, key: String)
    -> List
  {
    source.restoring(
      into: target as? List ?? List.empty, key: key, holder: self.source, prefix: prefix,
      walk: &walk)
  }
}

extension Item.Resolution {
  /// Whether each field is one of `ours` or `theirs`: a state made of the two sides' fields.
  func isMix(of ours: Self, _ theirs: Self) -> Bool {
    func either<Value: Equatable>(_ field: KeyPath<Self, Value>) -> Bool {
      self[keyPath: field] == ours[keyPath: field] || self[keyPath: field] == theirs[keyPath: field]
    }
    return either(\.resolved) && either(\.resolvedIn) && either(\.resolution) && either(\.reopened)
  }
}
