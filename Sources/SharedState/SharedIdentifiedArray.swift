extension Shared {
  /// The element with `id`, as a `Shared` that reads and writes it in place inside this array,
  /// or `nil` when there is no such element.
  ///
  /// ```swift
  /// @Shared(.inMemory("todos")) var todos: IdentifiedArrayOf<Todo> = []
  /// guard let todo = $todos[id: todoID] else { return }
  /// todo.withLock { $0.isComplete = true }  // lands in `todos`
  /// ```
  ///
  /// If the element is later removed, the returned `Shared` keeps its last value.
  public subscript<ID: Hashable, Element>(id id: ID) -> Shared<Element>?
  where Value == IdentifiedArray<ID, Element> {
    ElementReference(base: reference, id: id).map { Shared<Element>(reference: $0) }
  }
}

extension Shared where Value: _IdentifiedArrayProtocol {
  /// Every element, each as a `Shared` reading and writing it in place inside this array.
  ///
  /// ```swift
  /// for todo in $todos.elements { … }  // todo: Shared<Todo>
  /// ```
  public var elements: [Shared<Value.Element>] {
    Value._elements(self)
  }
}

/// A shared identified array is a sequence of its elements, each a `Shared` reading and writing
/// it in place (see ``Shared/elements``).
///
/// ```swift
/// let todos = Array($todos)  // [Shared<Todo>]
/// ```
extension Shared: Sequence where Value: _IdentifiedArrayProtocol {
  public func makeIterator() -> IndexingIterator<[Shared<Value.Element>]> {
    elements.makeIterator()
  }
}

extension SharedReader {
  /// The element with `id`, read-only, or `nil` when there is no such element.
  public subscript<ID: Hashable, Element>(id id: ID) -> SharedReader<Element>?
  where Value == IdentifiedArray<ID, Element> {
    SharedReader<Element>(
      SharedReader<Element?>(reference: ReaderKeyPathReference(base: reference, keyPath: \.[id: id]))
    )
  }
}

/// Lets `elements` be a property on `Shared<IdentifiedArray<…>>`.
public protocol _IdentifiedArrayProtocol {
  associatedtype Element
  static func _elements(_ shared: Shared<Self>) -> [Shared<Element>]
}

extension IdentifiedArray: _IdentifiedArrayProtocol {
  public static func _elements(_ shared: Shared<Self>) -> [Shared<Element>] {
    shared.wrappedValue.ids.compactMap { shared[id: $0] }
  }
}

