import SharedState
import SyncUpsCore

/// The features pushed on a navigation stack, in order, each with a ``StackElementID`` that
/// stays the same while it is on the stack.
///
/// ```swift
/// var path: StackState<Path.State> = [.detail(detail)]  // #0
/// path.append(.record(record))                          // #1
/// path[id: 1]                                           // .record(record)
/// path.popLast()
/// ```
///
/// New elements take their ids from the `stackElementID` dependency. A store builds its initial
/// state and runs its reducer with its own dependencies, so a test store's stack counts from
/// `#0`.
public struct StackState<Element> {
  /// The elements' ids, bottom of the stack first: `path.ids == [0, 1]`.
  public private(set) var ids: [StackElementID] = []
  private var elements: [Element] = []

  /// An empty stack.
  ///
  /// ```swift
  /// var path = StackState<Path.State>()
  /// ```
  public init() {}

  /// A stack holding `elements`, bottom first, with new ids.
  ///
  /// ```swift
  /// let path = StackState([Path.State.detail(detail)])
  /// ```
  public init(_ elements: some Sequence<Element>) {
    for element in elements {
      append(element)
    }
  }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting a value for an id that
  /// is not on the stack pushes it with that id.
  ///
  /// ```swift
  /// path[id: 0]?.title = "Morning Sync"
  /// ```
  public subscript(id id: StackElementID) -> Element? {
    get {
      ids.firstIndex(of: id).map { elements[$0] }
    }
    set {
      switch (ids.firstIndex(of: id), newValue) {
      case (let index?, let element?):
        elements[index] = element
      case (let index?, nil):
        ids.remove(at: index)
        elements.remove(at: index)
      case (nil, let element?):
        ids.append(id)
        elements.append(element)
      case (nil, nil):
        break
      }
    }
  }

  /// Pushes `element` with a new id.
  ///
  /// ```swift
  /// state.path.append(.detail(SyncUpDetail.State(syncUp: $syncUp)))
  /// ```
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    var id = nextID()
    while ids.contains(id) {
      id = nextID()
    }
    ids.append(id)
    elements.append(element)
  }

  /// Pops the top element and returns it. The stack must not be empty.
  ///
  /// ```swift
  /// let top = path.removeLast()
  /// ```
  @discardableResult
  public mutating func removeLast() -> Element {
    ids.removeLast()
    return elements.removeLast()
  }

  /// Pops the top element and returns it, or returns `nil` if the stack is empty.
  ///
  /// ```swift
  /// path.popLast()
  /// ```
  @discardableResult
  public mutating func popLast() -> Element? {
    isEmpty ? nil : removeLast()
  }

  /// Pops the element with `id` and every element above it. Does nothing if `id` is not on
  /// the stack.
  ///
  /// ```swift
  /// path.pop(from: 1)  // [#0, #1, #2] becomes [#0]
  /// ```
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    ids.removeSubrange(index...)
    elements.removeSubrange(index...)
  }

  /// Empties the stack.
  ///
  /// ```swift
  /// path.removeAll()
  /// ```
  public mutating func removeAll() {
    ids.removeAll()
    elements.removeAll()
  }
}

extension StackState: RandomAccessCollection {
  /// `0`, the bottom of the stack: `path[path.startIndex]`.
  public var startIndex: Int { 0 }
  /// The number of elements: `path.endIndex == path.count`.
  public var endIndex: Int { elements.count }

  /// The element at `position`, counting from the bottom of the stack: `path[0]`.
  public subscript(position: Int) -> Element {
    elements[position]
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack holding the listed elements with new ids: `let path: StackState = [a, b]`.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {}
extension StackState: Hashable where Element: Hashable {}
extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
  /// The elements labelled by id, so dumps and diffs read `#0: …, #1: …`:
  /// `valueDump(path)`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(ids, elements).map { (label: $0.description, value: $1 as Any) },
      displayStyle: .struct
    )
  }
}
