/// Records the value of each shared storage just before its first mutation while tracking is
/// on, so that a test can compare a shared value's old and new states even though every copy
/// of a `Shared` refers to the same storage.
public final class SharedChangeTracker: @unchecked Sendable {
  /// One storage that changed while tracking: its value before the first change.
  public struct Change: @unchecked Sendable {
    /// The storage's description, e.g. `Shared<Int>` or `.inMemory("count")`.
    public let label: String
    /// The value before the first change.
    public let snapshot: Any
    /// Reads the value now.
    public let current: () -> Any
  }

  private let lock = RecursiveLock()
  private var changes: [ObjectIdentifier: Change] = [:]
  private var order: [ObjectIdentifier] = []

  /// Creates a tracker that has recorded nothing.
  public init() {}

  /// Runs `operation` with this tracker recording the shared changes made by it and by the
  /// tasks it starts.
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    try SharedChangeTracking.$tracker.withValue(self, operation: operation)
  }

  /// The asynchronous form of ``track(_:)-(()->R)``.
  public func track<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await SharedChangeTracking.$tracker.withValue(self, operation: operation)
  }

  /// The storages changed since tracking began or since the last ``reset()``, in the order
  /// they first changed.
  public var recordedChanges: [Change] {
    lock.withLock { order.compactMap { changes[$0] } }
  }

  /// Whether any shared storage changed.
  public var hasChanges: Bool { lock.withLock { !changes.isEmpty } }

  /// The value `reference` had before its first change, if it changed.
  func snapshot(of reference: AnyObject) -> Any? {
    lock.withLock { changes[ObjectIdentifier(reference)]?.snapshot }
  }

  /// Forgets all recorded changes.
  public func reset() {
    lock.withLock {
      changes.removeAll()
      order.removeAll()
    }
  }

  func record(_ reference: AnyObject, label: String, snapshot: () -> Any, current: @escaping () -> Any) {
    lock.withLock {
      let id = ObjectIdentifier(reference)
      guard changes[id] == nil else { return }
      changes[id] = Change(label: label, snapshot: snapshot(), current: current)
      order.append(id)
    }
  }
}

enum SharedChangeTracking {
  @TaskLocal static var tracker: SharedChangeTracker?

  @inline(__always)
  static func willMutate<R: SharedReference>(_ reference: R, value: @autoclosure () -> R.Value) {
    guard let tracker else { return }
    tracker.record(
      reference, label: reference.label, snapshot: value,
      current: { [reference] in reference.read { $0 } }
    )
  }

  @inline(__always)
  static func didMutate<R: SharedReference>(_ reference: R) {}
}
