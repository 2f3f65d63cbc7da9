/// Sends actions from an effect back into the store that started it.
///
/// A ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)`` effect receives one:
///
/// ```swift
/// return .run { send in
///   let facts = try await api.fetchFacts()
///   await send(.factsLoaded(facts))
/// }
/// ```
///
/// Once the effect's task is cancelled, its sends are dropped.
public struct Send<Action>: Sendable {
  private let send: @MainActor @Sendable (Action) -> Void

  /// A `Send` that hands each action to `send`. Stores make these; tests may too.
  ///
  /// ```swift
  /// let send = Send<Int> { print("received", $0) }
  /// ```
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action`, unless the current task is cancelled.
  ///
  /// ```swift
  /// await send(.tick)
  /// ```
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
