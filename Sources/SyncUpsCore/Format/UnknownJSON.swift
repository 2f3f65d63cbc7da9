#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value this version has no model for, kept so that it is written back: the values of
/// keys that a later version added to a sync-up, an attendee or a meeting.
///
/// What survives a load and a save: the structure, every object key and every array element
/// in order, `true`, `false` and `null`, and each string's characters (its escapes may be
/// written differently: `"\u00e9"` comes back as `"é"`). A number keeps its value, not its
/// spelling: it is held as a `Decimal` (38 significant digits; digits past them become zeros)
/// and written as `Decimal` prints it, so `1e3` comes back as `1000`, `-0` as `0` and
/// `12345678901234567890` as itself; a number outside `Decimal`'s range (such as `1e200`) is
/// held as the nearest `Double`. A number beyond `Double` too (`1e400`) fails the file's
/// decoding. Object members are written with their keys sorted, like every object in the file.
public enum UnknownJSON: Codable, Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Decimal)
  /// A number outside `Decimal`'s range.
  case double(Double)
  case string(String)
  case array([UnknownJSON])
  case object([String: UnknownJSON])

  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? value.decode(String.self) {
      self = .string(string)
    } else if let number = try? value.decode(Decimal.self) {
      self = .number(number)
    } else if let number = try? value.decode(Double.self) {
      self = .double(number)
    } else if let object = try? value.decode([String: UnknownJSON].self) {
      self = .object(object)
    } else {
      self = .array(try value.decode([UnknownJSON].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let number): try container.encode(number)
    case .double(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

/// Any key of a JSON object, for reading and writing the keys a model does not name.
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) { nil }
}

extension Decoder {
  /// The members of this object whose keys are not among `names`, as raw JSON values.
  func unknownKeys(besides names: Set<String>) throws -> [String: UnknownJSON] {
    let container = try self.container(keyedBy: JSONKey.self)
    var unknown: [String: UnknownJSON] = [:]
    for key in container.allKeys where !names.contains(key.stringValue) {
      unknown[key.stringValue] = try container.decode(UnknownJSON.self, forKey: key)
    }
    return unknown
  }
}

extension Encoder {
  /// Writes `unknown`, the keys a decoder kept (``Decoder/unknownKeys(besides:)``), into this
  /// object beside the known ones.
  func encodeUnknownKeys(_ unknown: [String: UnknownJSON]) throws {
    guard !unknown.isEmpty else { return }
    var container = self.container(keyedBy: JSONKey.self)
    for (key, value) in unknown {
      try container.encode(value, forKey: JSONKey(stringValue: key))
    }
  }
}
