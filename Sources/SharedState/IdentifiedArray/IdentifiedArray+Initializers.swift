extension IdentifiedArray {
  /// Creates an identified array from elements whose ids, read through `id`,
  /// are known to be unique, without checking them: faster than
  /// `init(uniqueElements:id:)` when the ids come from a source that is
  /// already unique. Duplicate ids are a programming error (checked only in
  /// debug builds).
  ///
  /// ```swift
  /// let names = IdentifiedArray(uncheckedUniqueElements: Set(words), id: \.self)
  /// ```
  @inlinable
  public init(
    uncheckedUniqueElements elements: some Sequence<Element>,
    id: any KeyPath<Element, ID> & Sendable
  ) {
    self.init(_uncheckedUniqueElements: elements, id: { $0[keyPath: id] })
  }

  @inlinable
  init(
    _uncheckedUniqueElements elements: some Sequence<Element>,
    id: @escaping (Element) -> ID
  ) {
    self.init(_validElements: Array(elements), id: id)
    assert(_offsets.count == _elements.count, "Duplicate ids in uncheckedUniqueElements")
  }

  /// Creates an identified array from elements whose ids are read through
  /// `id`, resolving duplicate ids with `combine`.
  ///
  /// `combine` receives the element kept so far and the new duplicate, and
  /// returns the element to keep at the position of the first occurrence;
  /// it must keep the id.
  ///
  /// ```swift
  /// let words = IdentifiedArray(["apple", "avocado", "bean"], id: \.first!) { first, _ in first }
  /// // ["apple", "bean"]
  /// ```
  @inlinable
  public init(
    _ elements: some Sequence<Element>,
    id: any KeyPath<Element, ID> & Sendable,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(_elements: elements, id: { $0[keyPath: id] }, uniquingIDsWith: combine)
  }

  @inlinable
  init(
    _elements elements: some Sequence<Element>,
    id: @escaping (Element) -> ID,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init(_validElements: [], id: id)
    for element in elements {
      let elementID = id(element)
      if let offset = _offsets[elementID] {
        let combined = try combine(_elements[offset], element)
        _checkID(of: combined, equals: elementID)
        _elements[offset] = combined
      } else {
        _offsets[elementID] = _elements.count
        _elements.append(element)
      }
    }
  }

  /// Creates a copy of another identified array, with the same way of reading ids.
  ///
  /// ```swift
  /// let copy = IdentifiedArray(todos)
  /// ```
  @inlinable
  public init(_ other: IdentifiedArray) {
    self = other
  }

  /// Creates an identified array from a slice of one, with the same way of
  /// reading ids. Its ids are unique already, so none is checked.
  ///
  /// ```swift
  /// let rest = IdentifiedArray(todos[1...])
  /// rest.index(id: todos[1].id)  // 0
  /// ```
  @inlinable
  public init(_ slice: Slice<IdentifiedArray>) {
    self.init(_validElements: Array(slice.base._elements[slice.indices]), id: slice.base._id)
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Accesses the element with the given id, like the unconstrained `subscript(id:)`, which
  /// it shadows for identifiable elements: reading `.id` directly, where that one calls the
  /// stored id function, lets the optimizer keep a write free of copies.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { _offsets[id].map { _elements[$0] } }
    set { _setElement(newValue, id: id, readID: { $0.id }) }
    @inline(__always)
    _modify {
      let offset = _offsets[id]
      var value = offset.map { _takeElement(at: $0) }
      defer { _finishModify(id: id, offset: offset, &value, readID: { $0.id }) }
      yield &value
    }
  }

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
    self.init(_uniqueElements: elements, id: { $0.id })
  }

  /// Creates an identified array from identifiable elements whose ids are
  /// known to be unique, without checking them (only debug builds do).
  ///
  /// ```swift
  /// let todos = IdentifiedArrayOf(uncheckedUniqueElements: database.todos)
  /// ```
  @inlinable
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(_uncheckedUniqueElements: elements, id: { $0.id })
  }

  /// Creates an empty identified array of identifiable elements.
  @inlinable
  public init() {
    self.init(_validElements: [], id: { $0.id })
  }

  /// Creates an identified array from identifiable elements with unique ids;
  /// a duplicate id is a precondition failure. This is also the
  /// `RangeReplaceableCollection` initializer.
  ///
  /// ```swift
  /// let todos = IdentifiedArrayOf(someTodos.reversed())
  /// ```
  @inlinable
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    self.init(uniqueElements: elements)
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
  @inlinable
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(_elements: elements, id: { $0.id }, uniquingIDsWith: combine)
  }
}
