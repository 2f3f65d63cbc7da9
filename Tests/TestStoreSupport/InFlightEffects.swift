import Foundation
import SyncUpsCore

/// The asynchronous effects a reducer returned that are still running, for tests that need to
/// know whether a store's work is done.
///
/// An effect counts from the moment the reducer returns it until its work ends or its task is
/// cancelled. A task cancelled before it started stops counting once it starts, which it does
/// at the next suspension of the main actor.
///
/// ```swift
/// let effects = InFlightEffects()
/// let store = Store(initialState: Counter.State(), reducer: effects.tracking(Counter()))
/// store.send(.startTimer)
/// effects.isEmpty  // false
/// store.send(.stopTimer)
/// effects.isEmpty  // true
/// ```
public final class InFlightEffects: @unchecked Sendable {
  // `running` and `nextKey` are only touched while `lock` is held.
  private let lock = NSLock()
  private var running: Set<Int> = []
  private var nextKey = 0

  /// No effect yet.
  public init() {}

  /// Whether every effect returned so far has ended or was cancelled.
  public var isEmpty: Bool {
    lock.withLock { running.isEmpty }
  }

  /// `reducer`, with every effect it returns counted here.
  public func tracking<R: Reducer>(_ reducer: R) -> Reduce<R.State, R.Action> {
    Reduce { state, action in
      self.track(reducer.reduce(into: &state, action: action))
    }
  }

  /// `effect`, with each of its asynchronous runs counted here from now on.
  public func track<Action>(_ effect: Effect<Action>) -> Effect<Action> {
    Effect(
      items: effect.items.map { item in
        guard case .run(var run) = item else { return item }
        let key = begin()
        let operation = run.operation
        run.operation = { send in
          await withTaskCancellationHandler {
            await operation(send)
          } onCancel: {
            self.end(key)
          }
          self.end(key)
        }
        return .run(run)
      }
    )
  }

  private func begin() -> Int {
    lock.withLock {
      defer { nextKey += 1 }
      running.insert(nextKey)
      return nextKey
    }
  }

  private func end(_ key: Int) {
    _ = lock.withLock { running.remove(key) }
  }
}
