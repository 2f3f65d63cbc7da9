/// One action a ``Store`` processed, with the state just before and just after it; given to
/// the store's `onAction` hook, for test stores and tracing.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter()) { _ in
/// } onAction: { event in
///   print(event.origin, event.action, event.stateBefore.count, "→", event.stateAfter.count)
/// }
/// ```
public struct ActionEvent<State, Action> {
  /// Where an action came from.
  public enum Origin: Sendable, Equatable {
    /// The store's caller: `store.send(.incrementTapped)`.
    case send
    /// An effect: `return .send(.didIncrement)`, or `await send(.tick)` in a `.run`.
    case effect
  }

  /// The action: `event.action == .incrementTapped`.
  public let action: Action
  /// Who sent it: `event.origin == .send`.
  public let origin: Origin
  /// The state before the action was reduced: `event.stateBefore.count == 0`.
  public let stateBefore: State
  /// The state after the action was reduced: `event.stateAfter.count == 1`.
  public let stateAfter: State
}

extension ActionEvent: Sendable where State: Sendable, Action: Sendable {}
