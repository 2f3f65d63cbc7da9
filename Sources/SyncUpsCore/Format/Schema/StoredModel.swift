#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A model kept in the data file, whose keys are declared once, in ``describe(_:)``: one line
/// per key, read by everything that walks the model's fields.
///
/// ```swift
/// extension Attendee: StoredModel {
///   public static func describe<Schema: ModelSchema<Self>>(
///     _ schema: inout Schema
///   ) throws(Schema.Failure) {
///     try schema.field("id", \.id, .id)
///     try schema.field("name", \.name, .value(describe: SyncUpMerger.nameText))
///   }
/// }
/// ```
///
/// The walkers (each a ``ModelSchema``): the file's fast reader and writer (``SyncUpsFile``),
/// `--json` output (``show(to:)``), the three-way merge (``SyncUpsMerge``) and the key lists
/// (``storedKeys``, ``shownKeys``) that the man page is checked against. Each is generic over
/// the model, so that the compiler specialises the walk for each model and each walker: the
/// key paths are literals, and no value is boxed on the way.
public protocol StoredModel: Codable, Equatable, Sendable {
  /// What decoding starts from, before the keys read overwrite it: a key that must be there
  /// and is not fails the decoding, so its value here is never seen.
  static var blank: Self { get }

  /// Hands each key to `schema`, in the order the file sorts them (byte order of the keys).
  static func describe<Schema: ModelSchema<Self>>(_ schema: inout Schema) throws(Schema.Failure)

  /// Keys a later version wrote that this one does not know, with their values: kept, and
  /// written back.
  var unknownKeys: [String: UnknownJSON] { get set }

  /// When each plain field was last changed (``ChangeTimes``), for the models that keep it
  /// in a `changed` key; empty, and never kept, for the others.
  var changed: ChangeTimes { get set }

  /// Writes the model's `--json` object (``show(to:)``). A requirement, so that each model's
  /// walk is compiled for that model here, whatever module asks for it; not to be implemented.
  func showFields(to sink: inout AnyJSONSink)
}

/// What walks a model's keys (see ``StoredModel/describe(_:)``): it is handed each key with
/// its key path and rule, in key order.
public protocol ModelSchema<Model> {
  associatedtype Model
  /// Why a walk stops early: `Never` for walks that cannot fail.
  associatedtype Failure: Error

  /// A key every object holds.
  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(Failure)

  /// A key an object holds only when it has a value: absent is `nil`, and `nil` is not
  /// written (the keys a later version added, which older files lack).
  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) throws(Failure)

  /// A list an object holds only when it has elements: absent is empty, and an empty list is
  /// not written (a list a later version added, so that files without one keep their bytes,
  /// and an earlier version keeps the key as unknown). Walked as an ``optional(_:_:_:)`` key
  /// unless the walker says otherwise.
  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(Failure)

  /// A key only `--json` shows, worked out from the stored ones: neither stored nor read
  /// (reading it back from `--json` output ignores it).
  mutating func derived(_ key: StaticString, _ value: (Model) -> Double) throws(Failure)
}

extension StoredModel {
  public var changed: ChangeTimes {
    get { ChangeTimes() }
    set {}
  }
}

extension ModelSchema {
  public mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(Failure) {
    try optional(key, path.appending(path: \.unlessEmpty), rule)
  }

  public mutating func derived(_ key: StaticString, _ value: (Model) -> Double) throws(Failure) {}
}

/// How a field is checked and merged.
public struct FieldRule<Value>: Sendable {
  enum Merge: Sendable {
    /// The model's id: the same on both sides, never merged.
    case id
    /// Merged as one value: both sides' changes, or, when both changed it differently, the
    /// change made later (``ChangeTimes``), recorded as a conflict in which `describe` shows
    /// each value.
    case value(describe: @Sendable (Value) -> String)
    /// Merged element by element, by id (see ``FieldRule/byID(removal:owner:arrange:)``):
    /// given the merger, the key, the owner of the list (nil for the sync-up's own), and
    /// the base's, our and their lists.
    case byID(@Sendable (inout SyncUpMerger, String, String?, Value?, Value, Value) -> Value)
    /// Merged as a set (see ``FieldRule/set``): given the base's, our and their values.
    case set(@Sendable (Value?, Value, Value) -> Value)
    /// The model's ``ChangeTimes``: merged with the fields they stamp.
    case stamps
    /// A model of its own in an optional key, merged field by field (see
    /// ``FieldRule/model(owner:)``): given the merger, the key's path, the owner of the key
    /// (nil for the sync-up's own), and the base's, our and their values.
    case model(@Sendable (inout SyncUpMerger, String, String?, Value??, Value?, Value?) -> Value?)
  }

  let merge: Merge
  /// Which values the file's fast reader takes; others are left to `JSONDecoder`, which says
  /// what is wrong with them.
  var accepts: (@Sendable (Value) -> Bool)?
  /// How `Codable` decodes the value, when not as the kind's own `Decodable`.
  var decode: (@Sendable (KeyedDecodingContainer<CodingKeys>, CodingKeys) throws -> Value)?
  /// The group of fields the value is merged with as one, by the group's own time, when it
  /// is not merged on its own (see ``partOf(_:)``).
  var unit: StaticString?
  var reportsConflicts: Bool { unit == nil }
  /// Whether a change of the value is stamped in the model's ``ChangeTimes``: a plain value
  /// merged on its own.
  var isStamped: Bool { unit == nil }
  /// For a list merged by id: stamps the changes of each element the list held before
  /// (``StoredModel/stampChanges(from:at:)``).
  var stampElements: (@Sendable (Value?, inout Value, Date) -> Void)?
  /// What a conflict over the value calls it (`last day`), when not its key.
  var label: String?

  init(
    merge: Merge, accepts: (@Sendable (Value) -> Bool)? = nil,
    decode: (@Sendable (KeyedDecodingContainer<CodingKeys>, CodingKeys) throws -> Value)? = nil
  ) {
    self.merge = merge
    self.accepts = accepts
    self.decode = decode
  }

  /// The model's id.
  public static var id: Self { Self(merge: .id) }

  /// A value merged whole, `describe` saying it in a conflict (`'Design'`, `5m`).
  public static func value(describe: @escaping @Sendable (Value) -> String) -> Self {
    Self(merge: .value(describe: describe))
  }

  /// The same rule for a value that belongs to a group of fields merged as one (`unit`), as
  /// an item's resolution is (when, in which meeting, how): the merge takes the whole group
  /// from one side, dated by the group's own time, and reports one conflict for it; a change
  /// of the value is never stamped in ``ChangeTimes``.
  public func partOf(_ unit: StaticString) -> Self {
    var rule = self
    rule.unit = unit
    return rule
  }

  /// The same rule, a conflict over the value calling it `label` rather than by its key.
  public func labelled(_ label: String) -> Self {
    var rule = self
    rule.label = label
    return rule
  }

  /// The same rule, with the fast reader taking only the values in `range`.
  public func accepting(_ range: ClosedRange<Int>) -> Self where Value == Int {
    var rule = self
    rule.accepts = { range.contains($0) }
    return rule
  }

  /// The same rule, `Codable` decoding the value with `decode` (to check it and say what is
  /// wrong).
  func decoded(
    by decode: @escaping @Sendable (KeyedDecodingContainer<CodingKeys>, CodingKeys) throws -> Value
  ) -> Self {
    var rule = self
    rule.decode = decode
    return rule
  }
}

extension FieldRule
where Value: RangeReplaceableCollection & Sendable, Value.Element: Hashable & Sendable {
  /// A list of distinct values merged as a set, never a conflict: what either side added is
  /// kept and what either side removed is gone (so identities added on two machines are all
  /// kept). Ours come first in their order, then their additions in theirs.
  public static var set: Self {
    Self(
      merge: .set { base, ours, theirs in
        let before = Set(base ?? Value())
        let removed = before.subtracting(ours).union(before.subtracting(theirs))
        var seen = Set<Value.Element>()
        var merged = Value()
        for element in [ours, theirs].joined()
        where !removed.contains(element) && seen.insert(element).inserted {
          merged.append(element)
        }
        return merged
      })
  }
}

/// A stored value that is not a model of its own: how the file's reader and writer and
/// `--json` handle it.
public protocol StoredValue: Codable, Equatable, Sendable {
  /// Reads the value at the reader's position.
  static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Self
  /// Writes the value in the file's form.
  func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter)
  /// Writes the value as `--json` shows it.
  func show<Sink: JSONSink>(to sink: inout Sink)
}

extension StoredModel {
  /// The keys the file holds, in order (``ModelSchema/derived(_:_:)`` aside).
  public static var storedKeys: [String] {
    var lister = KeyLister<Self>()
    describe(&lister)
    return lister.stored
  }

  /// The keys `--json` shows, in order: the stored ones and the derived ones.
  public static var shownKeys: [String] {
    var lister = KeyLister<Self>()
    describe(&lister)
    return lister.shown
  }
}

/// Lists a model's keys.
struct KeyLister<Model>: ModelSchema {
  typealias Failure = Never
  var stored: [String] = []
  var shown: [String] = []

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    stored.append("\(key)")
    shown.append("\(key)")
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    stored.append("\(key)")
    shown.append("\(key)")
  }

  mutating func derived(_ key: StaticString, _ value: (Model) -> Double) {
    shown.append("\(key)")
  }
}

extension StoredModel {
  /// Writes the model as `--json` shows it: an object of its keys in order, derived ones
  /// included; an optional key without a value is left out, and so are unknown keys.
  public func show<Sink: JSONSink>(to sink: inout Sink) {
    if Sink.self == AnyJSONSink.self {
      withUnsafeMutablePointer(to: &sink) {
        $0.withMemoryRebound(to: AnyJSONSink.self, capacity: 1) { showFields(to: &$0.pointee) }
      }
    } else {
      withUnsafeMutablePointer(to: &sink) { pointer in
        var erased = AnyJSONSink(pointer)
        showFields(to: &erased)
      }
    }
  }

  public func showFields(to sink: inout AnyJSONSink) {
    sink.beginObject()
    withUnsafeMutablePointer(to: &sink) { sink in
      var fields = FieldShower(sink: sink, model: self)
      Self.describe(&fields)
    }
    sink.endObject()
  }
}

/// Writes the members of one model's `--json` object (see ``StoredModel/show(to:)``).
struct FieldShower<Model: StoredModel>: ModelSchema {
  typealias Failure = Never
  let sink: UnsafeMutablePointer<AnyJSONSink>
  let model: Model

  init(sink: UnsafeMutablePointer<AnyJSONSink>, model: Model) {
    self.sink = sink
    self.model = model
  }

  @inline(__always)
  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    sink.pointee.key("\(key)")
    model[keyPath: path].show(to: &sink.pointee)
  }

  @inline(__always)
  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    guard let value = model[keyPath: path] else { return }
    sink.pointee.key("\(key)")
    value.show(to: &sink.pointee)
  }

  @inline(__always)
  mutating func derived(_ key: StaticString, _ value: (Model) -> Double) {
    sink.pointee.key("\(key)")
    sink.pointee.double(value(model))
  }
}

extension RangeReplaceableCollection {
  /// The collection, or `nil` when it is empty; setting `nil` empties it. How a
  /// ``ModelSchema/list(_:_:_:)`` key is an optional one.
  var unlessEmpty: Self? {
    get { isEmpty ? nil : self }
    set { self = newValue ?? Self() }
  }
}

extension UUID {
  /// The id of a model's ``StoredModel/blank`` value: all zeros.
  static let blank = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
