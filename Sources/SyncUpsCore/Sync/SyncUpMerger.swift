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
  let newer: MergeSide?
  /// The attendees' names by id, either side's (ours where both have one), for messages about
  /// what an attendee wrote.
  let attendeeNames: [UUID: String]
  private(set) var conflicts: [SyncUpsMergeConflict] = []

  /// The side whose value a conflict keeps.
  private var winner: MergeSide { newer ?? .ours }

  init(base: SyncUp?, ours: SyncUp, theirs: SyncUp, newer: MergeSide?) {
    syncUpID = ours.id
    syncUpTitle =
      base?.title
      ?? ThreeWayChange(base: nil, ours: ours.title, theirs: theirs.title)
      .value(preferring: newer ?? .ours)
    self.newer = newer
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
      base: base?.unknownKeys, ours: ours.unknownKeys, theirs: theirs.unknownKeys)
    fields.phase = .lists
    Model.describe(&fields)
    self = fields.merger
    return fields.merged
  }

  /// Merges a list of models by id (``FieldRule/byID(removal:owner:arrange:)``).
  mutating func mergeElements<Element: StoredModel & Identifiable>(
    key: String, base: IdentifiedArrayOf<Element>?, ours: IdentifiedArrayOf<Element>,
    theirs: IdentifiedArrayOf<Element>, removal: String, owner: (Element) -> String
  ) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
    IdentifiedArray.threeWayMerge(
      base: base ?? [], ours: ours, theirs: theirs
    ) { base, ours, theirs in
      mergeObject(
        base: base, ours: ours, theirs: theirs, path: "\(key).\(ours.id).",
        owner: owner(base ?? ours))
    } keptChange: { kept, base, removedBy in
      record(
        "\(key).\(kept.id)", kept: removedBy.other,
        "\(owner(base)) \(SyncUpsMerge.removal(removal, by: removedBy)); kept it")
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
      let kept: MergeSide =
        ourDate == theirDate ? winner : ourDate > theirDate ? .ours : .theirs
      let keptDate = kept == .ours ? ourDate : theirDate
      record(
        "\(key).\(ours.id)", kept: kept,
        "\(owner(base ?? ours)) written here at \(DateText.iso8601(ourDate)) and there at "
          + "\(DateText.iso8601(theirDate)); kept the one written at "
          + "\(DateText.iso8601(keptDate)) (\(ourDate == theirDate && newer == nil ? "ours" : "newer"))")
      return kept == .ours ? ours : theirs
    } keptChange: { kept, base, removedBy in
      record(
        "\(key).\(kept.id)", kept: removedBy.other,
        "\(owner(base)) \(SyncUpsMerge.removal("removed", by: removedBy)); kept it")
    }
  }

  /// The name of the attendee with `id` in messages: quoted, `(blank)`, or `(removed)` for
  /// one neither side has.
  func attendeeName(_ id: UUID) -> String {
    attendeeNames[id].map(Self.nameText) ?? "(removed)"
  }

  /// Merges the unknown keys of an object key by key, each like a field whose value may be
  /// absent.
  private mutating func unknownKeys(
    path: (String) -> String, what: (String) -> String, base: [String: UnknownJSON]?,
    ours: [String: UnknownJSON], theirs: [String: UnknownJSON]
  ) -> [String: UnknownJSON] {
    guard ours != theirs else { return ours }
    var keys = Set(ours.keys).union(theirs.keys)
    if let base { keys.formUnion(base.keys) }
    var merged: [String: UnknownJSON] = [:]
    for key in keys.sorted() {
      merged[key] = field(
        path(key), what(key), base: base.map { $0[key] }, ours: ours[key], theirs: theirs[key],
        text: { $0.map(Self.jsonText) })
    }
    return merged
  }

  /// Merges one value three-way; a conflict keeps the ``winner``'s value and is recorded.
  /// `text` shows a value in the message, nil for an absent one.
  mutating func field<Value: Equatable>(
    _ path: String, _ what: String, base: Value?, ours: Value, theirs: Value,
    reported: Bool = true, text: (Value) -> String?
  ) -> Value {
    let change = ThreeWayChange(base: base, ours: ours, theirs: theirs)
    let value = change.value(preferring: winner)
    guard reported, case .conflict(let ourValue, let theirValue) = change else { return value }
    let changes =
      switch (text(ourValue), text(theirValue)) {
      case (let ours?, let theirs?): "changed to \(ours) here and \(theirs) there"
      case (let ours?, nil): "changed to \(ours) here and removed there"
      case (nil, let theirs?): "removed here and changed to \(theirs) there"
      case (nil, nil): "removed on both sides"
      }
    let kept = text(value).map { "kept \($0)" } ?? "kept it removed"
    record(path, kept: winner, "\(what) \(changes); \(kept) (\(newer == nil ? "ours" : "newer"))")
    return value
  }

  private mutating func record(_ path: String, kept: MergeSide, _ message: String) {
    conflicts.append(
      SyncUpsMergeConflict(
        syncUpID: syncUpID, syncUpTitle: syncUpTitle, path: path, kept: kept,
        message: "\(SyncUpsMerge.label(syncUpTitle)): \(message)"))
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
  }

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    switch (rule.merge, phase) {
    case (.id, _), (.value, .lists), (.set, .lists), (.byID, .values):
      return
    case (.set(let mergeSets), .values):
      merged[keyPath: keyPath] = mergeSets(
        base?[keyPath: keyPath], ours[keyPath: keyPath], theirs[keyPath: keyPath])
    case (.value(let describe), .values):
      merged[keyPath: keyPath] = value("\(key)", keyPath, reported: rule.reportsConflicts) {
        describe($0)
      }
    case (.byID(let mergeElements), .lists):
      merged[keyPath: keyPath] = mergeElements(
        &merger, path + "\(key)", base?[keyPath: keyPath], ours[keyPath: keyPath],
        theirs[keyPath: keyPath])
    }
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    guard phase == .values, case .value(let describe) = rule.merge else { return }
    merged[keyPath: keyPath] = value("\(key)", keyPath, reported: rule.reportsConflicts) {
      $0.map(describe)
    }
  }

  /// Merged as a list: absent is empty.
  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ keyPath: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    field(key, keyPath, rule)
  }

  /// Merges a field whole.
  private mutating func value<Value: Equatable>(
    _ key: String, _ keyPath: KeyPath<Model, Value>, reported: Bool = true,
    text: (Value) -> String?
  ) -> Value {
    merger.field(
      path + key, owner.map { "\(key) of \($0)" } ?? key, base: base?[keyPath: keyPath],
      ours: ours[keyPath: keyPath], theirs: theirs[keyPath: keyPath], reported: reported,
      text: text)
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
    Self(
      merge: .byID { merger, key, base, ours, theirs in
        arrange(
          merger.mergeElements(
            key: key, base: base, ours: ours, theirs: theirs, removal: removal, owner: owner))
      },
      decode: { container, key in try container.decodeUniqueElements(forKey: key, noun: noun) })
  }
}

extension FieldRule {
  /// A list of written updates merged by id, each whole rather than field by field: an update
  /// both sides wrote differently is one conflict, and the one written later is kept.
  /// Decoding names an element `noun` when two share an id.
  static func wholeUpdates(noun: String) -> Self
  where Value == IdentifiedArrayOf<WrittenUpdate> {
    Self(
      merge: .byID { merger, key, base, ours, theirs in
        let names = merger
        return merger.mergeWholeElements(
          key: key, base: base, ours: ours, theirs: theirs, written: \.written
        ) { "update of \(names.attendeeName($0.attendee)) for \($0.day.text)" }
      },
      decode: { container, key in try container.decodeUniqueElements(forKey: key, noun: noun) })
  }
}
