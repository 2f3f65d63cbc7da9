#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Two identified arrays are equal when their elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements, in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from an array literal of elements with
  /// unique ids; a duplicate id is a precondition failure.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable & Identifiable, ID == Element.ID {
  /// Encodes the elements as a plain array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: _elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array of elements.
  ///
  /// Throws `DecodingError.dataCorrupted`, with the duplicate's index in the
  /// coding path, when two elements share an id.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let index = container.currentIndex
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [_IndexCodingKey(index)],
            debugDescription: "Duplicate element id \(element.id) at index \(index)"
          )
        )
      }
    }
  }
}

/// A coding key for a position in an unkeyed container.
private struct _IndexCodingKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ index: Int) {
    self.intValue = index
    self.stringValue = "Index \(index)"
  }

  init?(intValue: Int) { self.init(intValue) }

  init?(stringValue: String) { nil }
}

extension IdentifiedArray: CustomStringConvertible {
  /// A textual representation like an array's, e.g. `[1, 2, 3]`.
  public var description: String { _elements.description }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The element type and the elements' debug descriptions, e.g.
  /// `IdentifiedArray<Todo>([Todo(id: 1, title: "A")])`: only the element type is named, as
  /// swift-identified-collections prints it, since the id type follows from the element's.
  public var debugDescription: String {
    "IdentifiedArray<\(Element.self)>(\(_elements.debugDescription))"
  }
}

extension IdentifiedArray: CustomReflectable {
  /// A mirror with the elements as children, so dumps show the elements.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
