/// A reducer made from a closure.
///
/// ```swift
/// let counter = Reduce<Int, Bool> { count, isIncrement in
///   count += isIncrement ? 1 : -1
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  private let run: (inout State, Action) -> Effect<Action>

  /// A reducer that calls `reduce` for each action.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   state.log.append("\(action)")
  ///   return .none
  /// }
  /// ```
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = reduce
  }

  /// A reducer that runs `reducer`, hiding its type.
  ///
  /// ```swift
  /// let erased = Reduce(Counter())
  /// ```
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.run = { reducer.reduce(into: &$0, action: $1) }
  }

  /// Calls the closure.
  ///
  /// ```swift
  /// var count = 0
  /// counter.reduce(into: &count, action: true)  // count == 1
  /// ```
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
