// Offsets are taken as `some Sequence<Int>` rather than `IndexSet`, because
// `IndexSet` is not part of FoundationEssentials. An `IndexSet` still works
// as an argument, since it is a sequence of `Int`.

extension IdentifiedArray {
  /// Appends `element` unless an element with the same id already exists.
  ///
  /// Returns whether it was appended, and the index of the element with its
  /// id (the existing one when not appended).
  ///
  /// ```swift
  /// todos.append(Todo(id: 1, title: "A"))  // (inserted: true, index: 0)
  /// todos.append(Todo(id: 1, title: "B"))  // (inserted: false, index: 0)
  /// ```
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: _elements.count)
  }

  /// Appends each element whose id is not yet present, in order.
  @inlinable
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements {
      append(element)
    }
  }

  /// Inserts `element` at `index` unless an element with the same id already
  /// exists.
  ///
  /// Returns whether it was inserted, and the index of the element with its
  /// id (the existing one when not inserted). `index` must be in
  /// `0...count`.
  @inlinable
  @discardableResult
  public mutating func insert(
    _ element: Element,
    at index: Int
  ) -> (inserted: Bool, index: Int) {
    let id = _id(element)
    if let existing = _offsets[id] {
      return (false, existing)
    }
    _elements.insert(element, at: index)
    _offsets[id] = index
    _reindex(from: index + 1)
    return (true, index)
  }

  /// Removes the element with the given id and returns it, or returns `nil`
  /// when there is none.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let offset = _offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes the element with the same id as `element` and returns the
  /// stored one, or returns `nil` when there is none.
  ///
  /// ```swift
  /// todos.remove(Todo(id: 1, title: "any title"))  // the stored Todo 1
  /// ```
  @inlinable
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: _id(element))
  }

  /// Removes and returns the last element; the array must not be empty.
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: count - 1)
  }

  /// Removes and returns the element at `index`, which must be valid.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = _elements.remove(at: index)
    _offsets[_id(element)] = nil
    _reindex(from: index)
    return element
  }

  /// Removes the elements at the given offsets, which must all be valid.
  ///
  /// ```swift
  /// todos.remove(atOffsets: [0, 2])
  /// ```
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removed = Set(offsets)
    guard let first = removed.min() else { return }
    precondition(first >= 0 && removed.max()! < _elements.count, "Offset out of range")
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count - removed.count)
    for (offset, element) in _elements.enumerated() {
      if removed.contains(offset) {
        _offsets[_id(element)] = nil
      } else {
        kept.append(element)
      }
    }
    _elements = kept
    _reindex(from: first)
  }

  /// Removes all elements.
  @inlinable
  public mutating func removeAll() {
    _elements.removeAll()
    _offsets.removeAll()
  }

  /// Removes every element for which `shouldBeRemoved` returns `true`,
  /// keeping the order of the rest.
  @inlinable
  public mutating func removeAll(
    where shouldBeRemoved: (Element) throws -> Bool
  ) rethrows {
    try _elements.removeAll(where: shouldBeRemoved)
    _offsets.removeAll(keepingCapacity: true)
    _reindex(from: 0)
  }

  /// Moves the elements at `source` so that they end up, in their original
  /// order, just before the element that was at `destination`, like
  /// SwiftUI's `Array.move(fromOffsets:toOffset:)`.
  ///
  /// `destination` must be in `0...count`; `count` moves them to the end.
  ///
  /// ```swift
  /// // ["a", "b", "c", "d"]
  /// letters.move(fromOffsets: [0], toOffset: 3)
  /// // ["b", "c", "a", "d"]
  /// ```
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    guard !moving.isEmpty else { return }
    precondition(
      moving.min()! >= 0 && moving.max()! < _elements.count,
      "Offset out of range"
    )
    precondition(destination >= 0 && destination <= _elements.count, "Destination out of range")
    var result: [Element] = []
    result.reserveCapacity(_elements.count)
    for offset in 0..<destination where !moving.contains(offset) {
      result.append(_elements[offset])
    }
    for offset in moving.sorted() {
      result.append(_elements[offset])
    }
    for offset in destination..<_elements.count where !moving.contains(offset) {
      result.append(_elements[offset])
    }
    _elements = result
    _reindex(from: 0)
  }

  /// Sorts the elements in place using `areInIncreasingOrder`.
  @inlinable
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    defer { _reindex(from: 0) }
    try _elements.sort(by: areInIncreasingOrder)
  }

  /// Returns an identified array of the elements that satisfy `isIncluded`,
  /// in order, using the same id.
  @inlinable
  public func filter(
    _ isIncluded: (Element) throws -> Bool
  ) rethrows -> IdentifiedArray {
    IdentifiedArray(_validElements: try _elements.filter(isIncluded), id: _id)
  }

  /// Replaces the element at `index` with `element`, which must have the
  /// same id, and returns the element it replaced.
  ///
  /// A different id is a precondition failure; to change an element's id,
  /// assign through `subscript(position:)`.
  ///
  /// ```swift
  /// let old = todos.update(Todo(id: 1, title: "New"), at: 0)  // old.title == "A"
  /// ```
  @inlinable
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    let original = _elements[index]
    let id = _id(element)
    precondition(
      _id(original) == id,
      "The element at index \(index) has id \(_id(original)), not \(id)"
    )
    _elements[index] = element
    return original
  }

  /// Replaces the elements in `subrange` with `newElements`, whose ids must
  /// be unique among themselves and against the elements outside
  /// `subrange`; a duplicate id is a precondition failure.
  ///
  /// ```swift
  /// // ids [1, 2, 3]
  /// todos.replaceSubrange(1..<2, with: [Todo(id: 7, title: "G"), Todo(id: 8, title: "H")])
  /// // ids [1, 7, 8, 3]
  /// ```
  @inlinable
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>,
    with newElements: C
  ) where C.Element == Element {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= _elements.count,
      "Range out of bounds"
    )
    for offset in subrange {
      _offsets[_id(_elements[offset])] = nil
    }
    var offset = subrange.lowerBound
    for element in newElements {
      let id = _id(element)
      precondition(
        _offsets.updateValue(offset, forKey: id) == nil,
        "Duplicate id \(id) in IdentifiedArray"
      )
      offset += 1
    }
    _elements.replaceSubrange(subrange, with: newElements)
    if offset != subrange.upperBound {
      _reindex(from: offset)
    }
  }

  /// Reserves room for `minimumCapacity` elements and their ids.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _elements.reserveCapacity(minimumCapacity)
    _offsets.reserveCapacity(minimumCapacity)
  }

  /// Replaces the element with the same id in place and returns the old one,
  /// or appends `element` and returns `nil` when its id is new.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    updateOrInsert(element, at: _elements.count).originalMember
  }

  /// Replaces the element with the same id in place, or inserts `element` at
  /// `index` when its id is new.
  ///
  /// Returns the replaced element (or `nil`) and the element's index.
  @inlinable
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element,
    at index: Int
  ) -> (originalMember: Element?, index: Int) {
    let id = _id(element)
    if let existing = _offsets[id] {
      let original = _elements[existing]
      _elements[existing] = element
      return (original, existing)
    }
    insert(element, at: index)
    return (nil, index)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order.
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
