import SyncUpsCore

/// Several reducers run in order on the same state, as one reducer; their effects are merged.
///
/// ```swift
/// let app = CombineReducers {
///   Counter()
///   Reduce<Counter.State, Counter.Action> { state, action in
///     print(action)
///     return .none
///   }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  private let reducers: Reducers

  /// Combines the reducers listed in `build`: `CombineReducers { Counter(); Logger() }`.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs each reducer in order: `app.reduce(into: &state, action: .incrementTapped)`.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
