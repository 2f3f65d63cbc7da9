#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

// `Codable` for the stored models, from their declared keys: what `JSONDecoder` reads when the
// fast reader leaves a file to it (unknown keys, unusual forms, errors), and what
// `JSONEncoder` writes.

/// A key of a stored model's object, as `Codable` sees it. Named as each model's own key type
/// was, because decoding errors print it (`No value associated with key
/// CodingKeys(stringValue: "title", intValue: nil) ("title").`).
struct CodingKeys: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) { nil }

  init(_ key: StaticString) {
    stringValue = "\(key)"
  }
}

extension StoredModel {
  /// Decodes the model strictly: every key it must hold, each of the right kind (as its rule
  /// decodes it), in key order, so the first problem in that order is the one reported; keys
  /// it does not declare are kept in ``unknownKeys`` (those `--json` derives are dropped).
  ///
  /// `replacing` decodes the keys it names instead (the SyncUps app's `duration`).
  static func decodeFields(
    from decoder: any Decoder,
    replacing: [String: (inout Self, KeyedDecodingContainer<CodingKeys>) throws -> Void] = [:]
  ) throws -> Self {
    var fields = FieldDecoder<Self>(
      container: try decoder.container(keyedBy: CodingKeys.self), replacing: replacing)
    try describe(&fields)
    fields.model.unknownKeys = try decoder.unknownKeys(besides: Set(shownKeys))
    return fields.model
  }

  /// Encodes the declared keys that have values, and the unknown keys; `replacing` encodes the
  /// keys it names instead.
  func encodeFields(
    to encoder: any Encoder,
    replacing: [String: (inout KeyedEncodingContainer<CodingKeys>) throws -> Void] = [:]
  ) throws {
    var fields = FieldEncoder(
      container: encoder.container(keyedBy: CodingKeys.self), model: self, replacing: replacing)
    try Self.describe(&fields)
    try encoder.encodeUnknownKeys(unknownKeys)
  }
}

/// Decodes one model's declared keys (see ``StoredModel/decodeFields(from:)``).
private struct FieldDecoder<Model: StoredModel>: ModelSchema {
  let container: KeyedDecodingContainer<CodingKeys>
  let replacing: [String: (inout Model, KeyedDecodingContainer<CodingKeys>) throws -> Void]
  var model = Model.blank

  init(
    container: KeyedDecodingContainer<CodingKeys>,
    replacing: [String: (inout Model, KeyedDecodingContainer<CodingKeys>) throws -> Void]
  ) {
    self.container = container
    self.replacing = replacing
  }

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws {
    let key = CodingKeys(key)
    if let decode = replacing[key.stringValue] { return try decode(&model, container) }
    model[keyPath: path] =
      try rule.decode?(container, key) ?? container.decode(Value.self, forKey: key)
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) throws {
    model[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: CodingKeys(key))
  }

  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws {
    guard container.contains(CodingKeys(key)) else { return }
    try field(key, path, rule)
  }
}

/// Encodes one model's declared keys (see ``StoredModel/encodeFields(to:)``).
private struct FieldEncoder<Model: StoredModel>: ModelSchema {
  var container: KeyedEncodingContainer<CodingKeys>
  let model: Model
  let replacing: [String: (inout KeyedEncodingContainer<CodingKeys>) throws -> Void]

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws {
    if let encode = replacing["\(key)"] { return try encode(&container) }
    try container.encode(model[keyPath: path], forKey: CodingKeys(key))
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) throws {
    try container.encodeIfPresent(model[keyPath: path], forKey: CodingKeys(key))
  }
}
