/// Builds one reducer from a list of reducers that run in order on the same state; their
/// effects are merged.
///
/// Used by ``Reducer/body-swift.property`` and the operators that take a child reducer, such as
/// `ifLet`:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Counter()
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Accepts any reducer of this state and action: `Counter()`, `Reduce { … }`.
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// The first reducer of the list, as is: a body holding only `Counter()` runs `Counter`.
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then `next`: `{ a; b }` runs `a`, then `b`, and merges their effects.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> some Reducer<State, Action>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    Reduce { state, action in
      let first = accumulated.reduce(into: &state, action: action)
      let second = next.reduce(into: &state, action: action)
      return .merge(first, second)
    }
  }
}
