import SyncUpsCore

/// An action of a navigation stack: for one element, or to push or pop elements. See
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// store.send(.path(.element(id: 0, action: .detail(.editTapped))))
/// store.send(.path(.popFrom(id: 0)))
/// ```
public enum StackAction<State, Action> {
  /// An action for the element with `id`: `.path(.element(id: 0, action: .editTapped))`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it; their effects are cancelled:
  /// `.path(.popFrom(id: 0))`.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`, which must not be on the stack already:
  /// `.path(.push(id: 1, state: .detail(detail)))`.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension ActionPath {
  /// The ``StackAction/element(id:action:)`` case for the element with `id`.
  ///
  /// ```swift
  /// let save = Action.pathPath.appending(path: .element(id: 0))
  /// save.embed(.detail(.saveTapped))  // .path(.element(id: 0, action: .detail(.saveTapped)))
  /// ```
  public static func element<ElementState>(id: StackElementID) -> ActionPath
  where Root == StackAction<ElementState, Value> {
    ActionPath(
      embed: { .element(id: id, action: $0) },
      extract: {
        guard case .element(id, let action) = $0 else { return nil }
        return action
      }
    )
  }
}
