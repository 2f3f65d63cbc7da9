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
///
/// The hot paths are `@inlinable`, so that a client gets them specialized for its element type:
/// a write through `subscript(id:)` then costs one hash lookup, a few moves within the storage
/// and the id check, with no generic calls.
public struct IdentifiedArray<ID: Hashable, Element> {
  /// Reads the id of an element. A function rather than a key path: calling it costs a plain
  /// indirect call, where reading through an existential key path costs far more on every id
  /// check. The initializers only ever store `{ $0.id }` or a function of a `Sendable` key path.
  @usableFromInline let _id: (Element) -> ID
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
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: any KeyPath<Element, ID> & Sendable
  ) {
    self.init(_uniqueElements: elements, id: { $0[keyPath: id] })
  }

  /// Creates an identified array from elements with unique ids, checking each.
  @inlinable
  init(_uniqueElements elements: some Sequence<Element>, id: @escaping (Element) -> ID) {
    _id = id
    _elements = Array(elements)
    _offsets = Dictionary(minimumCapacity: _elements.count)
    for (offset, element) in _elements.enumerated() {
      let elementID = id(element)
      precondition(
        _offsets.updateValue(offset, forKey: elementID) == nil,
        "Duplicate id \(elementID) in IdentifiedArray"
      )
    }
  }

  /// Creates an identified array from elements already known to be unique,
  /// skipping the duplicate check.
  @inlinable
  init(_validElements elements: [Element], id: @escaping (Element) -> ID) {
    _id = id
    _elements = elements
    _offsets = Dictionary(minimumCapacity: elements.count)
    _reindex(from: 0)
  }

  /// The elements, in order.
  @inlinable
  public var elements: [Element] { _elements }

  /// The ids of the elements, in order. O(n).
  @inlinable
  public var ids: [ID] { _elements.map(_id) }

  /// Returns the position of the element with the given id, or `nil`. O(1).
  @inlinable
  public func index(id: ID) -> Int? { _offsets[id] }

  /// Returns whether an element with the given id exists. O(1).
  @inlinable
  public func contains(id: ID) -> Bool { _offsets[id] != nil }

  /// Accesses the element with the given id. O(1).
  ///
  /// Reading returns `nil` when no element has the id. Assigning `nil`
  /// removes the element; assigning an element replaces the existing one in
  /// place, or appends it when the id is new. The assigned element's id must
  /// equal `id`. Mutating through the subscript, as in
  /// `todos[id: 1]?.title = "x"`, edits the stored element in place without
  /// copying the array.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { _offsets[id].map { _elements[$0] } }
    set { _setElement(newValue, id: id, readID: _id) }
    // One yield, so that the optimizer can inline the accessor into the caller; a coroutine
    // that stays separate allocates its frame, which holds the element, on the heap.
    @inline(__always)
    _modify {
      let offset = _offsets[id]
      // Move the element out of the array, so that `value` holds the only
      // reference to its storage, then move it back afterwards.
      var value = offset.map { _takeElement(at: $0) }
      defer { _finishModify(id: id, offset: offset, &value, readID: _id) }
      yield &value
    }
  }

  /// Stores `element` under `id` (replacing, appending or, for `nil`, removing) for
  /// `subscript(id:)`, reading its id with `readID`.
  @inlinable
  @inline(__always)
  mutating func _setElement(_ element: Element?, id: ID, readID: (Element) -> ID) {
    guard let element else {
      remove(id: id)
      return
    }
    _checkID(readID(element), equals: id)
    if let offset = _offsets[id] {
      _elements[offset] = element
    } else {
      _offsets[id] = _elements.count
      _elements.append(element)
    }
  }

  /// Calls `body` on the element at `offset`, whose id is `id`, in place; changing the id is a
  /// precondition failure. For a reference to one element, which has looked the offset up
  /// already: this skips a second lookup and the moves `subscript(id:)` makes to yield an
  /// optional, both costly where the element type is not known (not specialized).
  mutating func modifyElement<R>(
    at offset: Int,
    id: ID,
    _ body: (inout Element) throws -> R
  ) rethrows -> R {
    defer { _checkID(of: _elements[offset], equals: id) }
    return try body(&_elements[offset])
  }

  /// Puts back what a modification through `subscript(id:)` left in `value`: the element
  /// taken from `offset` (or a new one when `offset` is `nil`), or nothing.
  @inlinable
  @inline(__always)
  mutating func _finishModify(
    id: ID, offset: Int?, _ value: inout Element?, readID: (Element) -> ID
  ) {
    guard let element = value.take() else {
      if let offset { _closeGap(at: offset, removing: id) }
      return
    }
    _checkID(readID(element), equals: id)
    if let offset {
      _restoreElement(element, at: offset)
    } else {
      _offsets[id] = _elements.count
      _elements.append(element)
    }
  }

  /// Moves the element at `offset` out of the array in O(1) by swapping it
  /// with the last element and removing that. Capacity is kept.
  @inlinable
  @inline(__always)
  mutating func _takeElement(at offset: Int) -> Element {
    let last = _elements.count - 1
    if offset != last { _swapElements(offset, last) }
    return _elements.removeLast()
  }

  /// Undoes `_takeElement(at:)` with the (possibly modified) element.
  @inlinable
  @inline(__always)
  mutating func _restoreElement(_ element: __owned Element, at offset: Int) {
    _elements.append(element)
    let last = _elements.count - 1
    if offset != last { _swapElements(offset, last) }
  }

  /// Exchanges two elements by moving them, where `Array.swapAt` copies them (retaining and
  /// releasing every reference they hold).
  @inlinable
  @inline(__always)
  mutating func _swapElements(_ i: Int, _ j: Int) {
    _elements.withUnsafeMutableBufferPointer { $0.swapAt(i, j) }
  }

  /// Finishes removing an element taken with `_takeElement(at:)`: puts the
  /// element that was swapped into `offset` back at the end, and reindexes.
  @usableFromInline
  mutating func _closeGap(at offset: Int, removing id: ID) {
    if offset < _elements.count {
      _elements.append(_elements.remove(at: offset))
    }
    _offsets[id] = nil
    _reindex(from: offset)
  }

  /// Stops the program when `element`'s id differs from `id`.
  @inlinable
  func _checkID(of element: Element, equals id: ID) {
    _checkID(_id(element), equals: id)
  }

  /// Stops the program when an element's id, `elementID`, differs from `id`.
  @inlinable
  @inline(__always)
  func _checkID(_ elementID: ID, equals id: ID) {
    precondition(
      elementID == id,
      "Element id \(elementID) does not match the id \(id) it was stored under"
    )
  }

  /// Rewrites the offsets of the elements from `start` to the end.
  @inlinable
  mutating func _reindex(from start: Int) {
    for offset in start..<_elements.count {
      _offsets[_id(_elements[offset])] = offset
    }
  }
}

/// An identified array is `Sendable` when its ids and elements are. Unchecked only because of the
/// stored id function, which captures nothing or a `Sendable` key path and holds no state.
extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

/// An identified array of `Identifiable` elements, keyed by their `id`.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element; always 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position one past the last element; equal to `count`.
  @inlinable
  public var endIndex: Int { _elements.count }

  /// Calls `body` with the contiguous storage of the elements.
  @inlinable
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try _elements.withUnsafeBufferPointer(body)
  }
}
