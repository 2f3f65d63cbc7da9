/// Runs a child reducer on part of the parent's state, for the parent actions that hold a
/// child action; the child's effects send their actions back wrapped in the parent's. Other
/// actions leave the child's state alone. The parent can cancel the child's effects by their
/// ids: a scope is no navigation context of its own (unlike `ifLet`).
///
/// ```swift
/// struct App: Reducer {
///   struct State { var counter = Counter.State() }
///   enum Action {
///     case counter(Counter.Action)
///     static let counterPath = ActionPath(
///       embed: Action.counter,
///       extract: { if case .counter(let action) = $0 { action } else { nil } }
///     )
///   }
///
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: Action.counterPath) { Counter() }
///   }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  private let toChildState: WritableKeyPath<ParentState, Child.State>
  private let toChildAction: ActionPath<ParentAction, Child.Action>
  private let child: Child

  /// Runs `child` on the state at `toChildState` for the actions `toChildAction` extracts.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs the child if `action` is one of its actions; otherwise does nothing.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    return child
      .reduce(into: &state[keyPath: toChildState], action: childAction)
      .map(toChildAction.embed)
      .scoped(EffectPath.Component(key: toChildState, isNavigation: false))
  }
}
