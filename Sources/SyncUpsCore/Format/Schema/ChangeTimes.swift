#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// When each of a model's plain fields was last changed, by the field's key: what a merge
/// decides a conflict over that field by (the change made later wins, see ``SyncUpsMerge``).
///
/// ```swift
/// var syncUp = engineering
/// syncUp.title = "Core"
/// syncUp.stampChanges(from: engineering, at: now)
/// syncUp.changed["title"]  // now
/// ```
///
/// Stored as the model's optional `changed` key, an object of ISO 8601 UTC times
/// (`"changed" : { "title" : "2026-11-28T09:00:00Z" }`), absent when empty. A version that does
/// not know it keeps it as an unknown key without updating it, which the merge allows for.
public struct ChangeTimes: StoredValue, Hashable {
  /// The times, by field key.
  public var times: [String: Date]

  public init(_ times: [String: Date] = [:]) {
    self.times = times
  }

  /// When the field `key` was last changed; nil when no change of it was stamped.
  public subscript(key: String) -> Date? {
    get { times[key] }
    set { times[key] = newValue }
  }

  public var isEmpty: Bool { times.isEmpty }

  /// The times, or nil when there are none; setting nil empties them. How the optional
  /// `changed` key is declared.
  public var unlessEmpty: ChangeTimes? {
    get { isEmpty ? nil : self }
    set { self = newValue ?? ChangeTimes() }
  }

  public init(from decoder: any Decoder) throws {
    times = try decoder.singleValueContainer().decode([String: Date].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(times)
  }

  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> ChangeTimes {
    ChangeTimes(try reader.readDates())
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeDates(times)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    sink.beginObject()
    for key in times.keys.sorted() {
      sink.key(key)
      sink.date(times[key]!)
    }
    sink.endObject()
  }
}

/// The rule of a model's `changed` key (``ChangeTimes``): merged with the fields it stamps,
/// each field's time coming with the value kept.
extension FieldRule where Value == ChangeTimes {
  public static var stamps: Self { Self(merge: .stamps) }
}

extension StoredModel {
  /// Stamps with `now` (to the whole second) each plain field that differs from `before`, in
  /// this model and, matched by id, in the models its lists hold; a resolution's fields are
  /// dated by their own times and are not stamped. A model without `changed` is walked for
  /// its lists alone.
  public mutating func stampChanges(from before: Self, at now: Date) {
    guard self != before else { return }
    var stamper = ChangeStamper(before: before, after: self, now: now.wholeSeconds)
    Self.describe(&stamper)
    self = stamper.after
  }
}

extension IdentifiedArray where Element == SyncUp, ID == UUID {
  /// Stamps each sync-up that `before` holds too with its changes since (see
  /// ``StoredModel/stampChanges(from:at:)``): what a command's change of the data file does
  /// before it is written.
  public mutating func stampChanges(from before: IdentifiedArrayOf<SyncUp>, at now: Date) {
    guard self != before else { return }
    for syncUp in self {
      guard let old = before[id: syncUp.id], old != syncUp else { continue }
      var stamped = syncUp
      stamped.stampChanges(from: old, at: now)
      self[id: syncUp.id] = stamped
    }
  }
}

extension Date {
  /// The moment rounded down to the second, as the file keeps it.
  var wholeSeconds: Date {
    Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate.rounded(.down))
  }
}

/// Stamps one model's changed fields (see ``StoredModel/stampChanges(from:at:)``).
private struct ChangeStamper<Model: StoredModel>: ModelSchema {
  typealias Failure = Never
  let before: Model
  var after: Model
  let now: Date

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    switch rule.merge {
    case .value where rule.isStamped:
      if before[keyPath: path] != after[keyPath: path] { after.changed["\(key)"] = now }
    case .byID:
      rule.stampElements?(before[keyPath: path], &after[keyPath: path], now)
    case .id, .value, .set, .stamps, .model:
      return
    }
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    guard before[keyPath: path] != after[keyPath: path] else { return }
    switch rule.merge {
    case .value where rule.isStamped:
      after.changed["\(key)"] = now
    case .model:
      guard var value = after[keyPath: path] else { return }
      rule.stampElements?(before[keyPath: path], &value, now)
      after[keyPath: path] = value
    default:
      return
    }
  }

  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    field(key, path, rule)
  }
}
