/// Keeps a ``Store/observe(_:)`` callback alive: the callback stops when this object is
/// cancelled or released.
///
/// ```swift
/// let observation = store.observe { state in render(state) }
/// …
/// observation.cancel()
/// ```
@MainActor
public final class StoreObservation {
  /// Whether ``cancel()`` was called: `observation.isCancelled`.
  public private(set) var isCancelled = false

  init() {}

  /// Stops the callback.
  ///
  /// ```swift
  /// observation.cancel()
  /// ```
  public func cancel() {
    isCancelled = true
  }
}
