#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Merges one sync-up that both sides changed, field by field, and collects the conflicts it
/// resolves (see ``SyncUpsMerge``).
struct SyncUpMerger {
  let syncUpID: UUID
  /// The title conflicts are reported under: the base's, else the merged one.
  let syncUpTitle: String
  let sides: MergeSides
  /// The attendees' names by id, either side's (ours where both have one), for messages about
  /// what an attendee wrote.
  let attendeeNames: [UUID: String]
  private(set) var conflicts: [SyncUpsMergeConflict] = []

  /// What merges first, as one, part of an element of a list merged by id
  /// (``mergeElements(key:parent:base:ours:theirs:removal:owner:align:)``).
  typealias Alignment<Element> = @Sendable (
    inout SyncUpMerger, _ path: String, _ owner: String, inout Element?, inout Element,
    inout Element
  ) -> Void

  /// The side whose value a conflict keeps when the times of the changes do not tell.
  private var winner: MergeSide { sides.newer ?? .ours }

  init(base: SyncUp?, ours: SyncUp, theirs: SyncUp, sides: MergeSides) {
    syncUpID = ours.id
    syncUpTitle =
      base?.title
      ?? ThreeWayChange(base: nil, ours: ours.title, theirs: theirs.title)
      .value(preferring: sides.newer ?? .ours)
    self.sides = sides
    attendeeNames = Dictionary(
      (theirs.attendees.elements + ours.attendees.elements).map { ($0.id, $0.name) },
      uniquingKeysWith: { _, ours in ours })
  }

  mutating func merge(base: SyncUp?, ours: SyncUp, theirs: SyncUp) -> SyncUp {
    mergeObject(base: base, ours: ours, theirs: theirs, path: "", owner: nil)
  }

  /// Merges a model field by field as it declares them (``StoredModel/describe(_:)``): first
  /// the fields merged whole, in key order, then its unknown keys, then its lists merged by id.
  /// `path` leads the paths of its fields (empty, or `attendees.<id>.`); `owner` names it in
  /// messages (nil for the sync-up itself, else `attendee 'Blob'`, `the meeting of …`).
  mutating func mergeObject<Model: StoredModel>(
    base: Model?, ours: Model, theirs: Model, path: String, owner: String?
  ) -> Model {
    var fields = FieldMerger(
      merger: self, base: base, ours: ours, theirs: theirs, path: path, owner: owner)
    fields.phase = .values
    Model.describe(&fields)
    fields.merged.unknownKeys = fields.merger.unknownKeys(
      path: { path + $0 }, what: { "key '\($0)'" + (owner.map { " of \($0)" } ?? "") },
      base: base?.unknownKeys, ours: ours.unknownKeys, theirs: theirs.unknownKeys,
      stamps: fields.stamps, keptFrom: &fields.keptFrom)
    fields.merged.changed = Self.mergedStamps(fields.stamps, keptFrom: fields.keptFrom)
    fields.phase = .lists
    Model.describe(&fields)
    self = fields.merger
    return fields.merged
  }

  /// The base's, our and their ``ChangeTimes`` of one model, which date the changes of its
  /// fields.
  struct Stamps {
    var base: ChangeTimes?
    var ours: ChangeTimes
    var theirs: ChangeTimes

    init<Model: StoredModel>(base: Model?, ours: Model, theirs: Model) {
      self.base = base?.changed
      self.ours = ours.changed
      self.theirs = theirs.changed
    }
  }

  /// When `side` made its change of the field `key`: its stamp when the base's differs (it
  /// stamped this change), else when the side was committed (a version that does not stamp
  /// changed it); nil when neither is known.
  func time(of side: MergeSide, key: String, in stamps: Stamps) -> Date? {
    let stamp = side == .ours ? stamps.ours[key] : stamps.theirs[key]
    if let stamp, stamp != stamps.base?[key] { return stamp }
    return sides.committed(side)
  }

  /// The merged stamps: each field's from the side whose value was kept (`keptFrom`), and for
  /// a field whose value both sides left alike, the later of the stamps that changed.
  private static func mergedStamps(
    _ stamps: Stamps, keptFrom: [String: MergeSide]
  ) -> ChangeTimes {
    var keys = Set(stamps.ours.times.keys).union(stamps.theirs.times.keys)
    if let base = stamps.base { keys.formUnion(base.times.keys) }
    var merged = ChangeTimes()
    for key in keys {
      if let side = keptFrom[key] {
        merged[key] = side == .ours ? stamps.ours[key] : stamps.theirs[key]
        continue
      }
      let change = ThreeWayChange(
        base: stamps.base.map { $0[key] }, ours: stamps.ours[key], theirs: stamps.theirs[key])
      switch change {
      case .same(let time), .changed(_, let time): merged[key] = time
      case .conflict(let ours, let theirs):
        merged[key] = max(ours ?? .distantPast, theirs ?? .distantPast)
      }
    }
    return merged
  }

  /// Which side's change is kept when both changed one thing differently, made at `ours` and
  /// `theirs`, and why, for the message: the later one (`made later`); else the ``winner``'s
  /// (`made at the same time`, or without times `newer`, or `ours` when no side is newer).
  func decide(
    ours: Date?, theirs: Date?
  ) -> (kept: MergeSide, why: SyncUpsMergeConflict.Change.Reason) {
    guard let ours, let theirs else { return (winner, sides.newer == nil ? .ours : .newer) }
    guard ours != theirs else { return (winner, .madeAtTheSameTime) }
    return (ours > theirs ? .ours : .theirs, .madeLater)
  }

  /// Merges a list of models by id (``FieldRule/byID(removal:owner:arrange:)``); `parent`
  /// names the model holding the list in messages (`attendee 'Blob'`), nil for the sync-up.
  ///
  /// `align` merges first what an element merges as one (an item's resolution) and gives
  /// the three versions that result alike in it, for the rest to merge field by field.
  /// Given the merger, the element's path and owner, and its base's, our and their version.
  mutating func mergeElements<Element: StoredModel & Identifiable>(
    key: String, parent: String?, base: IdentifiedArrayOf<Element>?,
    ours: IdentifiedArrayOf<Element>, theirs: IdentifiedArrayOf<Element>, removal: String,
    owner elementOwner: (Element) -> String,
    align: Alignment<Element>? = nil
  ) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
    func owner(_ element: Element) -> String {
      elementOwner(element) + (parent.map { " of \($0)" } ?? "")
    }
    return IdentifiedArray.threeWayMerge(
      base: base ?? [], ours: ours, theirs: theirs
    ) { base, ours, theirs in
      let path = "\(key).\(ours.id)."
      let owner = owner(base ?? ours)
      var (base, ours, theirs) = (base, ours, theirs)
      align?(&self, path, owner, &base, &ours, &theirs)
      return mergeObject(base: base, ours: ours, theirs: theirs, path: path, owner: owner)
    } keptChange: { kept, base, removedBy in
      record(
        "\(key).\(kept.id)", kept: removedBy.other,
        .removal(removal, by: removedBy, what: owner(base)))
    }
  }

  /// Merges a list of models by id, each element whole (``FieldRule/wholeUpdates(noun:)``):
  /// when both sides changed an element differently, the one `written` says is later is kept (the
  /// ``winner``'s when they are as new) and the conflict recorded.
  mutating func mergeWholeElements<Element: StoredModel & Identifiable>(
    key: String, base: IdentifiedArrayOf<Element>?, ours: IdentifiedArrayOf<Element>,
    theirs: IdentifiedArrayOf<Element>, written: (Element) -> Date,
    owner: (Element) -> String
  ) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
    IdentifiedArray.threeWayMerge(
      base: base ?? [], ours: ours, theirs: theirs
    ) { base, ours, theirs in
      let (ourDate, theirDate) = (written(ours), written(theirs))
      let (kept, why) = decide(ours: ourDate, theirs: theirDate)
      record(
        "\(key).\(ours.id)", kept: kept,
        SyncUpsMergeConflict.Change(
          kind: .written, what: owner(base ?? ours), ours: .init(nil, at: ourDate),
          theirs: .init(nil, at: theirDate), reason: why))
      return kept == .ours ? ours : theirs
    } keptChange: { kept, base, removedBy in
      record(
        "\(key).\(kept.id)", kept: removedBy.other,
        .removal("removed", by: removedBy, what: owner(base)))
    }
  }

  /// The name of the attendee with `id` in messages: quoted, `(blank)`, or `(removed)` for
  /// one neither side has.
  func attendeeName(_ id: UUID) -> String {
    attendeeNames[id].map(Self.nameText) ?? "(removed)"
  }

  /// Merges the unknown keys of an object key by key, each like a field whose value may be
  /// absent, dated by the stamps of the same keys (a later version stamps what it knows).
  private mutating func unknownKeys(
    path: (String) -> String, what: (String) -> String, base: [String: UnknownJSON]?,
    ours: [String: UnknownJSON], theirs: [String: UnknownJSON], stamps: Stamps,
    keptFrom: inout [String: MergeSide]
  ) -> [String: UnknownJSON] {
    guard ours != theirs else { return ours }
    var keys = Set(ours.keys).union(theirs.keys)
    if let base { keys.formUnion(base.keys) }
    var merged: [String: UnknownJSON] = [:]
    for key in keys.sorted() {
      let (value, side) = field(
        path(key), what(key), base: base.map { $0[key] }, ours: ours[key], theirs: theirs[key],
        times: (time(of: .ours, key: key, in: stamps), time(of: .theirs, key: key, in: stamps)),
        text: { $0.map(Self.jsonText) })
      merged[key] = value
      keptFrom[key] = side
    }
    return merged
  }

  /// Merges one value three-way; a conflict keeps the value changed later (`times`: when our
  /// and their changes were made), else the ``winner``'s, and is recorded. `text` shows a
  /// value in the message, nil for an absent one. Returns the value and the side it came
  /// from, nil when both sides hold it.
  mutating func field<Value: Equatable>(
    _ path: String, _ what: String, base: Value?, ours: Value, theirs: Value,
    times: (ours: Date?, theirs: Date?), reported: Bool = true, text: (Value) -> String?
  ) -> (Value, MergeSide?) {
    let change = ThreeWayChange(base: base, ours: ours, theirs: theirs)
    switch change {
    case .same(let value): return (value, nil)
    case .changed(let side, let value): return (value, side)
    case .conflict(let ourValue, let theirValue):
      let (kept, why) = decide(ours: times.ours, theirs: times.theirs)
      let value = kept == .ours ? ourValue : theirValue
      guard reported else { return (value, kept) }
      record(
        path, kept: kept,
        SyncUpsMergeConflict.Change(
          kind: .changed, what: what, ours: .init(text(ourValue), at: times.ours),
          theirs: .init(text(theirValue), at: times.theirs), reason: why))
      return (value, kept)
    }
  }

  /// Merges an item's resolution (``Item/Resolution``) as one value and makes the three
  /// versions alike in it, for the rest of the item to merge field by field. When both sides
  /// changed it differently, the act done later is kept whole: a resolution dated by
  /// `resolved`, a reopen by `reopened` (by the side's commit time when it has no stamp of
  /// its own). It is one conflict, unless both sides hold the same state in the same words
  /// (two reopens, two resolutions saying the same).
  mutating func alignResolution(
    path: String, owner: String, base: inout Item?, ours: inout Item, theirs: inout Item
  ) {
    let before = base?.resolutionState
    let change = ThreeWayChange(
      base: before, ours: ours.resolutionState, theirs: theirs.resolutionState)
    var merged = change.value(preferring: winner)
    if case .conflict(let ourState, let theirState) = change {
      func time(_ state: Item.Resolution, _ side: MergeSide) -> Date? {
        if let resolved = state.resolved { return resolved }
        if let reopened = state.reopened, reopened != before?.reopened { return reopened }
        return sides.committed(side)
      }
      let times = (ours: time(ourState, .ours), theirs: time(theirState, .theirs))
      let (kept, why) = decide(ours: times.ours, theirs: times.theirs)
      merged = kept == .ours ? ourState : theirState
      func act(_ state: Item.Resolution) -> String {
        guard state.resolved != nil else { return SyncUpsMergeConflict.Change.reopened }
        return "resolved" + (state.resolution.map { " as \(SyncUpsMerge.quoted($0))" } ?? "")
      }
      if act(ourState) != act(theirState) {
        record(
          path + "resolution", kept: kept,
          SyncUpsMergeConflict.Change(
            kind: .resolution, what: owner, ours: .init(act(ourState), at: times.ours),
            theirs: .init(act(theirState), at: times.theirs), reason: why))
      }
    }
    base?.resolutionState = merged
    ours.resolutionState = merged
    theirs.resolutionState = merged
  }

  private mutating func record(
    _ path: String, kept: MergeSide, _ change: SyncUpsMergeConflict.Change
  ) {
    conflicts.append(
      SyncUpsMergeConflict(
        syncUpID: syncUpID, syncUpTitle: syncUpTitle, path: path, kept: kept, change: change))
  }

  /// The meetings, newest first; meetings of the same date keep their order.
  static func newestFirst(
    _ meetings: IdentifiedArrayOf<Meeting>
  ) -> IdentifiedArrayOf<Meeting> {
    let sorted = meetings.enumerated().sorted { first, second in
      first.element.date == second.element.date
        ? first.offset < second.offset : first.element.date > second.element.date
    }
    return IdentifiedArrayOf(uncheckedUniqueElements: sorted.map(\.element))
  }

  // MARK: - Values in messages

  static func nameText(_ name: String) -> String {
    name.isEmpty ? "(blank)" : SyncUpsMerge.quoted(name)
  }

  /// A transcript's start, quoted on one line: enough to tell two versions apart.
  static func excerpt(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " / ")
    return SyncUpsMerge.quoted(line.count > 40 ? String(line.prefix(40)) + "…" : line)
  }

  /// An unknown key's value as compact JSON.
  private static func jsonText(_ value: UnknownJSON) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}

/// Merges one model's fields (see ``SyncUpMerger/mergeObject(base:ours:theirs:path:owner:)``).
private struct FieldMerger<Model: StoredModel>: ModelSchema {
  typealias Failure = Never
  enum Phase { case values, lists }

  var merger: SyncUpMerger
  let base: Model?
  let ours: Model
  let theirs: Model
  let path: String
  let owner: String?
  /// Ours, each field replaced by its merge as it is merged.
  var merged: Model
  var phase = Phase.values
  /// The stamps that date the changes of the model's fields.
  let stamps: SyncUpMerger.Stamps
  /// For each field merged so far that a side changed, the side whose value was kept.
  var keptFrom: [String: MergeSide] = [:]

  init(
    merger: SyncUpMerger, base: Model?, ours: Model, theirs: Model, path: String,
    owner: String?
  ) {
    self.merger = merger
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.path = path
    self.owner = owner
    merged = ours
    stamps = SyncUpMerger.Stamps(base: base, ours: ours, theirs: theirs)
  }

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    switch (rule.merge, phase) {
    case (.id, _), (.value, .lists), (.set, .lists), (.byID, .values), (.stamps, _), (.model, _):
      return
    case (.set(let mergeSets), .values):
      merged[keyPath: keyPath] = mergeSets(
        base?[keyPath: keyPath], ours[keyPath: keyPath], theirs[keyPath: keyPath])
    case (.value(let describe), .values):
      merged[keyPath: keyPath] = value(
        "\(key)", label: rule.label, keyPath, reported: rule.reportsConflicts
      ) { describe($0) }
    case (.byID(let mergeElements), .lists):
      merged[keyPath: keyPath] = mergeElements(
        &merger, path + "\(key)", owner, base?[keyPath: keyPath], ours[keyPath: keyPath],
        theirs[keyPath: keyPath])
    }
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    guard phase == .values else { return }
    switch rule.merge {
    case .value(let describe):
      merged[keyPath: keyPath] = value(
        "\(key)", label: rule.label, keyPath, reported: rule.reportsConflicts
      ) { $0.map(describe) }
    case .model(let mergeModel):
      merged[keyPath: keyPath] = mergeModel(
        &merger, path + "\(key).", owner, base.map { $0[keyPath: keyPath] },
        ours[keyPath: keyPath], theirs[keyPath: keyPath])
    case .id, .byID, .set, .stamps:
      return
    }
  }

  /// Merged as a list: absent is empty.
  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    field(key, keyPath, rule)
  }

  /// Merges a field whole; a conflict calls it `label`, else `key`.
  private mutating func value<Value: Equatable>(
    _ key: String, label: String?, _ keyPath: KeyPath<Model, Value>, reported: Bool = true,
    text: (Value) -> String?
  ) -> Value {
    let name = label ?? key
    let (value, side) = merger.field(
      path + key, owner.map { "\(name) of \($0)" } ?? name, base: base?[keyPath: keyPath],
      ours: ours[keyPath: keyPath], theirs: theirs[keyPath: keyPath],
      times: (
        merger.time(of: .ours, key: key, in: stamps), merger.time(of: .theirs, key: key, in: stamps)
      ), reported: reported, text: text)
    keptFrom[key] = side
    return value
  }
}

extension FieldRule {
  /// A list of models merged element by element, by id: each element both sides hold is
  /// merged field by field; one side's addition is kept; a removal on one side that the other
  /// changed keeps the element and is recorded, `owner` naming it (`attendee 'Blob'`) and
  /// `removal` the verb (`removed`); `arrange` puts the merged list in order. Decoding names
  /// an element `noun` when two share an id.
  public static func byID<Element: StoredModel & Identifiable>(
    noun: String, removal: String, owner: @escaping @Sendable (Element) -> String,
    arrange: @escaping @Sendable (Value) -> Value = { $0 }
  ) -> Self where Value == IdentifiedArrayOf<Element>, Element.ID == UUID {
    byID(noun: noun, removal: removal, owner: owner, arrange: arrange, align: nil)
  }

  fileprivate static func byID<Element: StoredModel & Identifiable>(
    noun: String, removal: String, owner: @escaping @Sendable (Element) -> String,
    arrange: @escaping @Sendable (Value) -> Value,
    align: SyncUpMerger.Alignment<Element>?
  ) -> Self where Value == IdentifiedArrayOf<Element>, Element.ID == UUID {
    var rule = Self(
      merge: .byID { merger, key, parent, base, ours, theirs in
        arrange(
          merger.mergeElements(
            key: key, parent: parent, base: base, ours: ours, theirs: theirs, removal: removal,
            owner: owner, align: align))
      },
      decode: { container, key in try container.decodeUniqueElements(forKey: key, noun: noun) })
    rule.stampElements = { before, after, now in
      guard let before else { return }
      for element in after {
        guard let old = before[id: element.id], old != element else { continue }
        var stamped = element
        stamped.stampChanges(from: old, at: now)
        after[id: element.id] = stamped
      }
    }
    return rule
  }
}

extension FieldRule where Value == IdentifiedArrayOf<Item> {
  /// The items of a sync-up, merged by id (``byID(noun:removal:owner:arrange:)``), each
  /// item's resolution as one value
  /// (``SyncUpMerger/alignResolution(path:owner:base:ours:theirs:)``).
  static var items: Self {
    byID(
      noun: "item", removal: "deleted", owner: { "item \(SyncUpMerger.excerpt($0.text))" },
      arrange: { $0 },
      align: { merger, path, owner, base, ours, theirs in
        merger.alignResolution(path: path, owner: owner, base: &base, ours: &ours, theirs: &theirs)
      })
  }

}

extension FieldRule {
  /// A list of written updates merged by id, each whole rather than field by field: an update
  /// both sides wrote differently is one conflict, and the one written later is kept.
  /// Decoding names an element `noun` when two share an id.
  static func wholeUpdates(noun: String) -> Self
  where Value == IdentifiedArrayOf<WrittenUpdate> {
    Self(
      merge: .byID { merger, key, _, base, ours, theirs in
        let names = merger
        return merger.mergeWholeElements(
          key: key, base: base, ours: ours, theirs: theirs, written: \.written
        ) { "update of \(names.attendeeName($0.attendee)) for \($0.day.longText)" }
      },
      decode: { container, key in try container.decodeUniqueElements(forKey: key, noun: noun) })
  }
}

extension FieldRule where Value: StoredModel {
  /// A model held in an optional key (a sync-up's schedule), merged field by field as its
  /// own fields say, `owner` naming it in conflicts (`the schedule`). Added on one side, it is
  /// kept; removed on one side and changed on the other, the changed one is kept; removed on
  /// one side and not changed on the other, it is gone.
  public static func model(owner: String) -> Self {
    var rule = Self(
      merge: .model { merger, path, parent, base, ours, theirs in
        let base = base ?? nil
        switch (ours, theirs) {
        case (let ours?, let theirs?):
          return merger.mergeObject(
            base: base, ours: ours, theirs: theirs, path: path,
            owner: parent.map { "\(owner) of \($0)" } ?? owner)
        case (let kept?, nil), (nil, let kept?):
          return base == nil || base != kept ? kept : nil
        case (nil, nil):
          return nil
        }
      })
    rule.stampElements = { before, after, now in
      after.stampChanges(from: before ?? .blank, at: now)
    }
    return rule
  }
}
