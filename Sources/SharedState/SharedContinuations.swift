import Synchronization

/// How a key hands over what it loaded (see ``SharedReaderKey/load(context:continuation:)``).
/// Resume it exactly once, at once or later; one dropped without being resumed is reported as
/// an issue, and whoever waits on it goes on as if nothing were stored.
///
/// ```swift
/// func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///   guard let stored = database.value(for: name) else {
///     return continuation.resumeReturningInitialValue()
///   }
///   continuation.resume(returning: stored)
/// }
/// ```
public struct LoadContinuation<Value>: Sendable {
  private let box: ContinuationBox<Value?>

  /// A continuation that hands the result to `callback`: a value, `nil` for "nothing stored",
  /// or an error. `description` names the key in the issue reported if it is never resumed.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    box = ContinuationBox(description: description, resultWhenLeaked: nil, callback: callback)
  }

  /// The stored value is `value`.
  public func resume(returning value: Value) { resume(with: .success(value)) }

  /// Loading failed: `error` becomes the storage's `loadError`.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Nothing is stored: the `Shared` keeps (or goes back to) its default.
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }

  /// Resumes with `result`; `.success(nil)` means nothing is stored.
  public func resume(with result: Result<Value?, any Error>) { box.resume(with: result) }
}

/// How a key reports the outcome of a save (see ``SharedKey/save(_:context:continuation:)``).
/// Resume it exactly once, at once or after a delayed write.
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Void>
  /// The storage's value as it is now, for a key that writes later (`nil` once the storage is
  /// gone): a delayed write stores the latest value without keeping a copy of each one.
  let latestValue: @Sendable () -> Any?

  /// A continuation that hands the outcome to `callback`. `description` names the key in the
  /// issue reported if it is never resumed.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.init(description(), latestValue: { nil }, callback: callback)
  }

  init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    latestValue: @escaping @Sendable () -> Any?,
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    box = ContinuationBox(description: description, resultWhenLeaked: (), callback: callback)
    self.latestValue = latestValue
  }

  /// The value was saved: clears the storage's `saveError`.
  public func resume() { resume(with: .success(())) }

  /// Saving failed: `error` becomes the storage's `saveError`.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Resumes with `result`.
  public func resume(with result: Result<Void, any Error>) { box.resume(with: result) }

  /// Lets go of the continuation without an outcome: its save was taken over by a later one,
  /// which reports for both.
  func supersede() { box.discard() }
}

/// The one-shot callback behind a continuation, reporting a continuation dropped unresumed.
private final class ContinuationBox<Success>: @unchecked Sendable {
  /// Held in place, not in a lock object of its own: a burst of changes makes a box per change.
  private let callback: Mutex<(@Sendable (Result<Success, any Error>) -> Void)?>
  private let description: @Sendable () -> String
  /// What a waiter gets when the continuation is dropped unresumed: "nothing stored", "saved".
  private let resultWhenLeaked: Success

  init(
    description: @escaping @Sendable () -> String,
    resultWhenLeaked: Success,
    callback: @escaping @Sendable (Result<Success, any Error>) -> Void
  ) {
    self.callback = Mutex(callback)
    self.description = description
    self.resultWhenLeaked = resultWhenLeaked
  }

  private func take() -> (@Sendable (Result<Success, any Error>) -> Void)? {
    callback.withLock { callback in
      defer { callback = nil }
      return callback
    }
  }

  func resume(with result: Result<Success, any Error>) {
    guard let callback = take() else {
      reportIssue("\(name) tried to resume its continuation more than once.")
      return
    }
    callback(result)
  }

  func discard() { _ = take() }

  private var name: String {
    let description = description()
    return description.isEmpty ? "A shared key" : "'\(description)'"
  }

  deinit {
    guard let callback = take() else { return }
    reportIssue(
      """
      \(name) leaked its continuation without one of its resume methods being invoked. This \
      will cause tasks waiting on it to resume immediately.
      """
    )
    callback(.success(resultWhenLeaked))
  }
}

/// Where a key reports changes made outside the program (see
/// ``SharedReaderKey/subscribe(context:subscriber:)``).
public struct SharedSubscriber<Value>: Sendable {
  private let report: @Sendable (Report) -> Void

  enum Report {
    case result(Result<Value?, any Error>)
    case loading(Bool)
    case refresh(() throws -> SharedRefresh<Value>)
  }

  init(_ report: @escaping @Sendable (Report) -> Void) {
    self.report = report
  }

  /// A subscriber that hands each new value (`nil`: removed) or load error to `callback`, and
  /// each change of loading state to `onLoading`; for testing a key.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.report = { report in
      switch report {
      case .result(let result): callback(result)
      case .loading(let isLoading): onLoading?(isLoading)
      case .refresh(let refresh):
        do {
          switch try refresh() {
          case .keep: break
          case .replace(let value): callback(.success(value))
          case .reset: callback(.success(nil))
          }
        } catch {
          callback(.failure(error))
        }
      }
    }
  }

  /// The stored value changed to `value`.
  public func yield(_ value: Value) { yield(with: .success(value)) }

  /// The stored value was removed: the default is used.
  public func yieldReturningInitialValue() { yield(with: .success(nil)) }

  /// Loading the changed value failed; the error becomes the storage's `loadError`.
  public func yield(throwing error: any Error) { yield(with: .failure(error)) }

  /// A new value (`nil`: removed) or a load error.
  public func yield(with result: Result<Value?, any Error>) { report(.result(result)) }

  /// The key started (or, with `false`, stopped) loading a new value: the storage's
  /// `isLoading`. A value or error yielded ends loading too.
  public func yieldLoading(_ isLoading: Bool = true) { report(.loading(isLoading)) }

  /// Something may have changed: `refresh` runs with the shared value locked, so it cannot race
  /// with a mutation, and says what the value is now. A key that must keep what it knows of its
  /// storage in step with the value (as file storage does) reports changes this way.
  public func yieldRefresh(_ refresh: @escaping () throws -> SharedRefresh<Value>) {
    report(.refresh(refresh))
  }
}

/// A running subscription to outside changes; cancelled when released.
public final class SharedSubscription: Sendable {
  private let onCancel: LockIsolated<(@Sendable () -> Void)?>

  /// Wraps the closure that ends the subscription.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = LockIsolated(cancel)
  }

  /// A subscription that does nothing.
  public static var none: SharedSubscription { SharedSubscription {} }

  /// Ends the subscription. Calling it again does nothing.
  public func cancel() {
    let cancel = onCancel.withValue { cancel -> (@Sendable () -> Void)? in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit { cancel() }
}
