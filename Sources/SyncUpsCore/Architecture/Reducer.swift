/// A feature's logic: how an action changes the state, and what work (an ``Effect``) follows.
///
/// Implement ``reduce(into:action:)`` with one `switch` over the actions:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped, resetTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     case .resetTapped:
///       state.count = 0
///       return .none
///     }
///   }
/// }
/// ```
///
/// Or, to put several reducers together, implement ``body-swift.property`` instead; `reduce`
/// then runs the body:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Counter()
///   Reduce { state, action in .none }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state, usually a nested `struct State`.
  associatedtype State
  /// Everything that can happen to the feature, usually a nested `enum Action`.
  associatedtype Action
  /// The reducer that ``reduce(into:action:)`` runs when a type implements ``body-swift.property``;
  /// `Never` for a type that implements `reduce` itself.
  associatedtype Body = Never

  /// Applies `action` to `state` and returns the work to do next.
  ///
  /// ```swift
  /// var state = Counter.State()
  /// let effect = Counter().reduce(into: &state, action: .incrementTapped)
  /// ```
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order on each action.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in .none }
  ///     .ifLet(\.alert, action: Action.alertPath) { Alert() }
  /// }
  /// ```
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// Not used: this reducer implements ``Reducer/reduce(into:action:)`` itself, as
  /// `struct Counter: Reducer { func reduce(…) }` does.
  public var body: Body {
    fatalError("\(Self.self) implements reduce(into:action:); its body is never used.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``Reducer/body-swift.property``: `App().reduce(into: &state, action: .launched)`.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
