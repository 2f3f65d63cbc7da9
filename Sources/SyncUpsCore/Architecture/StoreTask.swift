/// The effects started by one ``Store/send(_:)``: await them or cancel them.
///
/// ```swift
/// let task = store.send(.loadTapped)
/// await task.finish()   // the load effect is done
/// ```
public struct StoreTask: Hashable, Sendable {
  private let tasks: [Task<Void, Never>]

  init(tasks: [Task<Void, Never>]) {
    self.tasks = tasks
  }

  /// Waits until every effect the action started has finished (or was cancelled). Effects
  /// started later, by the actions these effects send, are not waited for; see
  /// ``Store/finish()``.
  ///
  /// ```swift
  /// await store.send(.refresh).finish()
  /// ```
  public func finish() async {
    for task in tasks {
      await task.value
    }
  }

  /// Cancels the effects the action started; the actions they send from now on are dropped.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    for task in tasks {
      task.cancel()
    }
  }

  /// Whether every effect the action started is cancelled; `true` when it started none.
  ///
  /// ```swift
  /// task.cancel()
  /// task.isCancelled  // true
  /// ```
  public var isCancelled: Bool {
    tasks.allSatisfy(\.isCancelled)
  }
}
