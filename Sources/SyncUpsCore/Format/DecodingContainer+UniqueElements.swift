import SharedState

extension UnkeyedDecodingContainer {
  /// Decodes the rest of the array as elements with unique ids.
  ///
  /// A repeated id throws `DecodingError.dataCorrupted` at the repeat's index, with a message
  /// like `Duplicate attendee id 0000…0001: the attendee at index 0 has it too`.
  mutating func decodeUniqueElements<Element: Decodable & Identifiable>(
    noun: String
  ) throws -> IdentifiedArrayOf<Element> {
    var elements = IdentifiedArrayOf<Element>()
    while !isAtEnd {
      let index = currentIndex
      let element = try decode(Element.self)
      let (inserted, existing) = elements.append(element)
      guard inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: codingPath + [IndexCodingKey(index)],
            debugDescription: "Duplicate \(noun) id \(element.id): the \(noun) at index "
              + "\(existing) has it too"
          )
        )
      }
    }
    return elements
  }
}

extension KeyedDecodingContainer {
  /// Decodes the array under `key` as elements with unique ids (see
  /// `UnkeyedDecodingContainer.decodeUniqueElements(noun:)`).
  func decodeUniqueElements<Element: Decodable & Identifiable>(
    forKey key: Key,
    noun: String
  ) throws -> IdentifiedArrayOf<Element> {
    var container = try nestedUnkeyedContainer(forKey: key)
    return try container.decodeUniqueElements(noun: noun)
  }
}

/// A coding key for a position in an array, so that errors can point at an element.
struct IndexCodingKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ index: Int) {
    intValue = index
    stringValue = "Index \(index)"
  }

  init?(intValue: Int) {
    self.init(intValue)
  }

  init?(stringValue: String) {
    nil
  }
}
