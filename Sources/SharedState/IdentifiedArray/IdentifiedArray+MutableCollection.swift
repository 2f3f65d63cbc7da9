extension IdentifiedArray: MutableCollection {
  /// Accesses the element at `position`.
  ///
  /// Assigning an element with another id replaces the element and its id,
  /// as long as no other element has the new id; an id already elsewhere
  /// in the array is a precondition failure.
  ///
  /// ```swift
  /// // ids [1, 2, 3]
  /// todos[1] = Todo(id: 4, title: "D")  // ids [1, 4, 3]
  /// todos[1].title = "D2"                // in place
  /// todos[1] = Todo(id: 3, title: "C")  // precondition failure: 3 is at index 2
  /// ```
  @inlinable
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      _replaceID(at: position, with: _id(newValue))
      _elements[position] = newValue
    }
    _modify {
      let id = _id(_elements[position])
      defer {
        let newID = _id(_elements[position])
        if newID != id {
          _offsets[id] = nil
          precondition(
            _offsets.updateValue(position, forKey: newID) == nil,
            "Duplicate id \(newID) in IdentifiedArray"
          )
        }
      }
      yield &_elements[position]
    }
  }

  /// Accesses a contiguous range of elements. Assigning a slice of the same length replaces
  /// them as a whole, checking the new ids against the rest of the array only. A slice's own
  /// mutations (`todos[1...].sort(by:)`, `.reverse()`) write one element at a time and stop on
  /// the first transient duplicate id: reorder the elements outside and assign them back.
  ///
  /// ```swift
  /// // ids [4, 3, 2, 1]
  /// todos[1...] = IdentifiedArray(todos[1...].sorted { $0.id < $1.id })[...]  // ids [4, 1, 2, 3]
  /// ```
  @inlinable
  public subscript(bounds: Range<Int>) -> Slice<IdentifiedArray> {
    get { Slice(base: self, bounds: bounds) }
    set {
      precondition(
        newValue.count == bounds.count,
        "A slice of \(newValue.count) elements cannot replace \(bounds.count)"
      )
      replaceSubrange(bounds, with: newValue)
    }
  }

  /// Records that the element at `position` is about to take `newID`.
  @inlinable
  mutating func _replaceID(at position: Int, with newID: ID) {
    let oldID = _id(_elements[position])
    guard newID != oldID else { return }
    if let other = _offsets[newID] {
      preconditionFailure("Duplicate id \(newID) in IdentifiedArray: it is at index \(other)")
    }
    _offsets[oldID] = nil
    _offsets[newID] = position
  }

  /// Exchanges the elements at the two indices, which must be valid.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _swapElements(i, j)
    _offsets[_id(_elements[i])] = i
    _offsets[_id(_elements[j])] = j
  }

  /// Reorders the elements so that those for which `belongsInSecondPartition`
  /// returns `true` come after the others, and returns the index of the first
  /// of them. The order within each partition is not kept.
  ///
  /// ```swift
  /// // ids [1, 2, 3, 4]
  /// let pivot = todos.partition { $0.id.isMultiple(of: 2) }  // 2
  /// todos[..<pivot]  // the odd ids, todos[pivot...] the even ones
  /// ```
  @inlinable
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    defer { _reindex(from: 0) }
    return try _elements.partition(by: belongsInSecondPartition)
  }
}
