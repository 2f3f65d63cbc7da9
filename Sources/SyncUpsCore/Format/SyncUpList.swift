import SharedState

/// The top-level array of a sync-ups file, whose elements must have unique ids.
struct SyncUpList<Element: Decodable & Identifiable>: Decodable {
  /// The sync-ups, in file order.
  var syncUps: IdentifiedArrayOf<Element>

  init(from decoder: any Decoder) throws {
    var container = try decoder.syncUpsArray()
    syncUps = try container.decodeUniqueElements(noun: "sync-up")
  }
}

extension Decoder {
  /// The top-level array of a sync-ups document.
  ///
  /// Anything else throws `dataCorrupted` at the top level saying what the document should
  /// hold and what it holds, `Expected a JSON array of sync-ups, found an object`, rather than
  /// the decoder's `Expected to decode Array<Any> but found a dictionary instead.`
  func syncUpsArray() throws -> any UnkeyedDecodingContainer {
    do {
      return try unkeyedContainer()
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw notAnArray()
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.isEmpty {
      throw notAnArray()
    }
  }

  private func notAnArray() -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [],
        debugDescription: "Expected a JSON array of sync-ups, found \(topLevelKind)"
      )
    )
  }

  /// What the top level holds, given that it is not an array.
  private var topLevelKind: String {
    guard let value = try? singleValueContainer() else { return "an object" }
    if value.decodeNil() { return "null" }
    if (try? value.decode(Bool.self)) != nil { return "a boolean" }
    if (try? value.decode(Double.self)) != nil { return "a number" }
    if (try? value.decode(String.self)) != nil { return "a string" }
    return "an object"
  }
}
