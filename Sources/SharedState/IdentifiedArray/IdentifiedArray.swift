/// An ordered, random-access collection of elements that are unique by id,
/// with constant-time lookup by id.
///
/// Elements keep their insertion order like an `Array`, while an internal
/// dictionary from id to offset makes `subscript(id:)`, `index(id:)` and
/// `contains(id:)` O(1).
///
/// ```swift
/// struct Todo: Identifiable { var id: Int; var title: String }
///
/// var todos: IdentifiedArrayOf<Todo> = [
///   Todo(id: 1, title: "Buy milk"),
///   Todo(id: 2, title: "Walk dog"),
/// ]
/// todos[id: 2]?.title = "Walk cat"          // O(1), in place
/// todos[id: 3] = Todo(id: 3, title: "Read")  // appends
/// todos[id: 1] = nil                         // removes
/// todos.map(\.title)                         // ["Walk cat", "Read"]
/// ```
public struct IdentifiedArray<ID: Hashable, Element> {
  /// Reads the id of an element. Requiring a `Sendable` key path (which key
  /// path literals without non-`Sendable` captures are) keeps the array
  /// `Sendable` whenever its ids and elements are.
  @usableFromInline let _id: any KeyPath<Element, ID> & Sendable
  /// The elements, in order.
  @usableFromInline var _elements: [Element]
  /// The offset in `_elements` of each element, keyed by its id.
  @usableFromInline var _offsets: [ID: Int]

  /// Creates an identified array from a sequence of elements whose ids,
  /// read through `id`, are unique.
  ///
  /// A duplicate id is a precondition failure.
  ///
  /// ```swift
  /// let names = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)
  /// ```
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: any KeyPath<Element, ID> & Sendable
  ) {
    self._id = id
    self._elements = Array(elements)
    self._offsets = Dictionary(minimumCapacity: _elements.count)
    for (offset, element) in _elements.enumerated() {
      let elementID = element[keyPath: id]
      precondition(
        _offsets.updateValue(offset, forKey: elementID) == nil,
        "Duplicate id \(elementID) in IdentifiedArray"
      )
    }
  }

  /// Creates an identified array from elements already known to be unique,
  /// skipping the duplicate check.
  init(_validElements elements: [Element], id: any KeyPath<Element, ID> & Sendable) {
    self._id = id
    self._elements = elements
    self._offsets = Dictionary(minimumCapacity: elements.count)
    _reindex(from: 0)
  }

  /// The elements, in order.
  public var elements: [Element] { _elements }

  /// The ids of the elements, in order. O(n).
  public var ids: [ID] { _elements.map { $0[keyPath: _id] } }

  /// Returns the position of the element with the given id, or `nil`. O(1).
  public func index(id: ID) -> Int? { _offsets[id] }

  /// Returns whether an element with the given id exists. O(1).
  public func contains(id: ID) -> Bool { _offsets[id] != nil }

  /// Accesses the element with the given id. O(1).
  ///
  /// Reading returns `nil` when no element has the id. Assigning `nil`
  /// removes the element; assigning an element replaces the existing one in
  /// place, or appends it when the id is new. The assigned element's id must
  /// equal `id`. Mutating through the subscript, as in
  /// `todos[id: 1]?.title = "x"`, edits the stored element in place without
  /// copying the array.
  public subscript(id id: ID) -> Element? {
    get { _offsets[id].map { _elements[$0] } }
    set {
      if let newValue {
        _checkID(of: newValue, equals: id)
        if let offset = _offsets[id] {
          _elements[offset] = newValue
        } else {
          _offsets[id] = _elements.count
          _elements.append(newValue)
        }
      } else {
        remove(id: id)
      }
    }
    _modify {
      guard let offset = _offsets[id] else {
        var value: Element? = nil
        defer {
          if let value {
            _checkID(of: value, equals: id)
            _offsets[id] = _elements.count
            _elements.append(value)
          }
        }
        yield &value
        return
      }
      // Move the element out of the array, so that `value` holds the only
      // reference to its storage, then move it back afterwards.
      var value: Element? = _takeElement(at: offset)
      defer {
        if let value {
          _checkID(of: value, equals: id)
          _restoreElement(value, at: offset)
        } else {
          _closeGap(at: offset, removing: id)
        }
      }
      yield &value
    }
  }

  /// Moves the element at `offset` out of the array in O(1) by swapping it
  /// with the last element and removing that. Capacity is kept.
  private mutating func _takeElement(at offset: Int) -> Element {
    let last = _elements.count - 1
    if offset != last { _elements.swapAt(offset, last) }
    return _elements.removeLast()
  }

  /// Undoes `_takeElement(at:)` with the (possibly modified) element.
  private mutating func _restoreElement(_ element: Element, at offset: Int) {
    _elements.append(element)
    let last = _elements.count - 1
    if offset != last { _elements.swapAt(offset, last) }
  }

  /// Finishes removing an element taken with `_takeElement(at:)`: puts the
  /// element that was swapped into `offset` back at the end, and reindexes.
  private mutating func _closeGap(at offset: Int, removing id: ID) {
    if offset < _elements.count {
      _elements.append(_elements.remove(at: offset))
    }
    _offsets[id] = nil
    _reindex(from: offset)
  }

  /// Stops the program when `element`'s id differs from `id`.
  func _checkID(of element: Element, equals id: ID) {
    let elementID = element[keyPath: _id]
    precondition(
      elementID == id,
      "Element id \(elementID) does not match the id \(id) it was stored under"
    )
  }

  /// Rewrites the offsets of the elements from `start` to the end.
  mutating func _reindex(from start: Int) {
    for offset in start..<_elements.count {
      _offsets[_elements[offset][keyPath: _id]] = offset
    }
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from identifiable elements with unique ids.
  ///
  /// A duplicate id is a precondition failure.
  ///
  /// ```swift
  /// let todos = IdentifiedArrayOf(uniqueElements: [Todo(id: 1, title: "A")])
  /// ```
  ///
  /// Inlinable, so that callers get it specialized for their element type: building a large
  /// array (a decoded file) then costs a hash-table insertion per element and no generic calls.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    _id = \.id
    _elements = Array(elements)
    _offsets = Dictionary(minimumCapacity: _elements.count)
    for (offset, element) in _elements.enumerated() {
      let elementID = element.id
      precondition(
        _offsets.updateValue(offset, forKey: elementID) == nil,
        "Duplicate id \(elementID) in IdentifiedArray"
      )
    }
  }

  /// Creates an empty identified array of identifiable elements.
  public init() {
    self.init(_validElements: [], id: \.id)
  }

  /// Creates an identified array from identifiable elements, resolving
  /// duplicate ids with `combine`.
  ///
  /// `combine` receives the element kept so far and the new duplicate, and
  /// returns the element to keep at the position of the first occurrence.
  ///
  /// ```swift
  /// let latest = try IdentifiedArrayOf(todos) { _, new in new }
  /// ```
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init()
    for element in elements {
      if let offset = _offsets[element.id] {
        let combined = try combine(_elements[offset], element)
        _checkID(of: combined, equals: element.id)
        _elements[offset] = combined
      } else {
        _offsets[element.id] = _elements.count
        _elements.append(element)
      }
    }
  }
}

/// An identified array is `Sendable` when its ids and elements are; the
/// stored id key path is itself `Sendable`.
extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

/// An identified array of `Identifiable` elements, keyed by their `id`.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element; always 0.
  public var startIndex: Int { 0 }

  /// The position one past the last element; equal to `count`.
  public var endIndex: Int { _elements.count }

  /// Accesses the element at `position`.
  ///
  /// Assigning or mutating is allowed as long as the element's id stays the
  /// same; changing the id is a precondition failure.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      _checkID(of: newValue, equals: _elements[position][keyPath: _id])
      _elements[position] = newValue
    }
    _modify {
      let id = _elements[position][keyPath: _id]
      defer { _checkID(of: _elements[position], equals: id) }
      yield &_elements[position]
    }
  }

  /// Calls `body` with the contiguous storage of the elements.
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try _elements.withUnsafeBufferPointer(body)
  }
}
