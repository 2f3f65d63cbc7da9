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
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: _elements.count)
  }

  /// Appends each element whose id is not yet present, in order.
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
  @discardableResult
  public mutating func insert(
    _ element: Element,
    at index: Int
  ) -> (inserted: Bool, index: Int) {
    let id = element[keyPath: _id]
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
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let offset = _offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes and returns the element at `index`, which must be valid.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = _elements.remove(at: index)
    _offsets[element[keyPath: _id]] = nil
    _reindex(from: index)
    return element
  }

  /// Removes the elements at the given offsets, which must all be valid.
  ///
  /// ```swift
  /// todos.remove(atOffsets: [0, 2])
  /// ```
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removed = Set(offsets)
    guard let first = removed.min() else { return }
    precondition(first >= 0 && removed.max()! < _elements.count, "Offset out of range")
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count - removed.count)
    for (offset, element) in _elements.enumerated() {
      if removed.contains(offset) {
        _offsets[element[keyPath: _id]] = nil
      } else {
        kept.append(element)
      }
    }
    _elements = kept
    _reindex(from: first)
  }

  /// Removes all elements.
  public mutating func removeAll() {
    _elements.removeAll()
    _offsets.removeAll()
  }

  /// Removes every element for which `shouldBeRemoved` returns `true`,
  /// keeping the order of the rest.
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

  /// Exchanges the elements at the two indices, which must be valid.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _elements.swapAt(i, j)
    _offsets[_elements[i][keyPath: _id]] = i
    _offsets[_elements[j][keyPath: _id]] = j
  }

  /// Sorts the elements in place using `areInIncreasingOrder`.
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    defer { _reindex(from: 0) }
    try _elements.sort(by: areInIncreasingOrder)
  }

  /// Returns an identified array of the elements that satisfy `isIncluded`,
  /// in order, using the same id.
  public func filter(
    _ isIncluded: (Element) throws -> Bool
  ) rethrows -> IdentifiedArray {
    IdentifiedArray(_validElements: try _elements.filter(isIncluded), id: _id)
  }

  /// Replaces the element with the same id in place and returns the old one,
  /// or appends `element` and returns `nil` when its id is new.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    updateOrInsert(element, at: _elements.count).originalMember
  }

  /// Replaces the element with the same id in place, or inserts `element` at
  /// `index` when its id is new.
  ///
  /// Returns the replaced element (or `nil`) and the element's index.
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element,
    at index: Int
  ) -> (originalMember: Element?, index: Int) {
    let id = element[keyPath: _id]
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
  public mutating func sort() {
    sort(by: <)
  }
}
