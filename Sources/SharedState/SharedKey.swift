/// A strategy that loads a shared value from somewhere outside the program and notices when it
/// changes there: the read-only half of a persistence strategy.
///
/// Conform to it (or to ``SharedKey`` for a writable strategy) to persist shared state in a
/// place the library does not know, such as a database:
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   var id: String { "remote-config" }
///   func load(initialValue: Config?) throws -> Config? { try fetchConfig() }
///   func subscribe(initialValue: Config?, subscriber: SharedSubscriber<Config>) -> SharedSubscription {
///     let token = configChanges.observe { subscriber.yield($0) }
///     return SharedSubscription { token.cancel() }
///   }
/// }
/// ```
///
/// All `Shared` and `SharedReader` values created with keys of equal ``id`` (and the same value
/// type) share one storage within a dependency context.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value held.
  associatedtype Value: Sendable
  /// What makes two keys refer to the same storage.
  associatedtype ID: Hashable & Sendable = Self

  /// Identifies the storage this key refers to.
  var id: ID { get }

  /// Loads the stored value. Returns `nil` when nothing is stored, in which case the default
  /// value of the `Shared` is used. Throws when something is stored but cannot be read; the
  /// error becomes the storage's `loadError` and the default value is used.
  func load(initialValue: Value?) throws -> Value?

  /// Starts noticing changes made outside the program and reporting them to `subscriber`. The
  /// subscription ends when the returned object is cancelled or released.
  func subscribe(initialValue: Value?, subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey where ID == Self, Self: Hashable {
  public var id: Self { self }
}

/// A persistence strategy that can also save: conform to it to make a writable ``Shared``.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`. Called after every mutation (with ``SaveContext/Reason/didChange``), when a
  /// key may coalesce a burst of changes and write later (then reading
  /// ``SaveContext/latestValue`` rather than keeping `value`), and by `save()` (with
  /// ``SaveContext/Reason/userInitiated``), when it must write pending changes before
  /// returning and throw if it cannot.
  func save(_ value: Value, context: SaveContext<Value>) throws

  /// Called before each mutation, with the storage locked. A key whose storage other processes
  /// also change can take an inter-process lock here and hand back a fresher value for the
  /// mutation to start from. Throwing records a `saveError`; the mutation still applies in
  /// memory but is not saved then (a later mutation or `save()` saves it). The default keeps
  /// the current value.
  func willMutate() throws -> SharedRefresh<Value>

  /// Whether a mutation that leaves an `Equatable` value equal to what it was should skip
  /// ``save(_:context:)`` and call ``didMutateWithoutChange()`` instead. Checking keeps a copy
  /// of the value across each mutation (so an in-place change copies it once): worth it for
  /// storage where a needless save costs a write and a lock. The default is `false`.
  var skipsUnchangedMutations: Bool { get }

  /// Called instead of ``save(_:context:)`` after a mutation that left an `Equatable` value
  /// equal to what it was, when ``skipsUnchangedMutations`` is on, and after a transaction
  /// that changed nothing or was rolled back: nothing to store, but whatever ``willMutate()``
  /// took (a lock) can be let go. The default does nothing.
  func didMutateWithoutChange()
}

extension SharedKey {
  public func willMutate() throws -> SharedRefresh<Value> { .keep }
  public var skipsUnchangedMutations: Bool { false }
  public func didMutateWithoutChange() {}
}

/// What ``SharedKey/willMutate()`` found.
public enum SharedRefresh<Value: Sendable>: Sendable {
  /// The value in memory is current.
  case keep
  /// The stored value changed: mutate this one instead.
  case replace(Value)
  /// The stored value was removed: mutate the default value instead.
  case reset
}

/// What a ``SharedKey`` is told when asked to save.
public struct SaveContext<Value: Sendable>: Sendable {
  /// Why the save happens.
  public enum Reason: Sendable, Equatable {
    /// The value was mutated. The key may write later.
    case didChange
    /// `save()` was called. The key writes now and throws if it cannot.
    case userInitiated
  }

  /// Why the save happens.
  public var reason: Reason
  /// Reads the latest value of the storage, or `nil` once the storage is gone. A key that writes
  /// later calls this when it writes.
  public let latestValue: @Sendable () -> Value?
  /// Reports the outcome of a save done later: an error becomes the storage's `saveError`,
  /// `nil` clears it.
  public let reportResult: @Sendable ((any Error)?) -> Void

  /// Creates a context; keys receive one, tests of custom keys may make one.
  public init(
    reason: Reason,
    latestValue: @escaping @Sendable () -> Value?,
    reportResult: @escaping @Sendable ((any Error)?) -> Void = { _ in }
  ) {
    self.reason = reason
    self.latestValue = latestValue
    self.reportResult = reportResult
  }
}

/// Where a key reports changes made outside the program (see ``SharedReaderKey/subscribe(initialValue:subscriber:)``).
public struct SharedSubscriber<Value: Sendable>: Sendable {
  private let report: @Sendable (Report) -> Void

  enum Report {
    case value(Value?)
    case failure(any Error)
    case refresh(() throws -> SharedRefresh<Value>)
  }

  init(_ report: @escaping @Sendable (Report) -> Void) {
    self.report = report
  }

  /// Creates a subscriber that hands each new value (`nil`: removed) or load error to `receive`;
  /// for testing a key.
  public init(_ receive: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.report = { report in
      switch report {
      case .value(let value): receive(.success(value))
      case .failure(let error): receive(.failure(error))
      case .refresh(let refresh):
        do {
          switch try refresh() {
          case .keep: break
          case .replace(let value): receive(.success(value))
          case .reset: receive(.success(nil))
          }
        } catch {
          receive(.failure(error))
        }
      }
    }
  }

  /// The stored value changed to `value`; `nil` means it was removed (the default is used).
  public func yield(_ value: Value?) { report(.value(value)) }

  /// Loading the changed value failed; the error becomes the storage's `loadError`.
  public func yield(throwing error: any Error) { report(.failure(error)) }

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

extension SharedReaderKey {
  /// A key with a default value built in, so `@Shared(.key) var value` needs no initial value.
  ///
  /// ```swift
  /// extension SharedReaderKey where Self == InMemoryKey<[String]>.Default {
  ///   static var events: Self { Self[.inMemory("events"), default: []] }
  /// }
  /// @Shared(.events) var events
  /// ```
  public typealias Default = SharedKeyDefault<Self>
}

/// A key paired with the value to use when its storage is empty. Made with
/// `Self[key, default: value]`; see ``SharedReaderKey/Default``.
public struct SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The key itself.
  public let base: Base
  /// The value used when the storage is empty.
  public let defaultValue: @Sendable () -> Base.Value

  /// Pairs `key` with the value used when its storage is empty.
  public static subscript(
    _ key: Base,
    default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  public var id: Base.ID { base.id }

  public func load(initialValue: Base.Value?) throws -> Base.Value? {
    try base.load(initialValue: initialValue)
  }

  public func subscribe(initialValue: Base.Value?, subscriber: SharedSubscriber<Base.Value>) -> SharedSubscription {
    base.subscribe(initialValue: initialValue, subscriber: subscriber)
  }
}

extension SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext<Base.Value>) throws {
    try base.save(value, context: context)
  }

  public func willMutate() throws -> SharedRefresh<Base.Value> {
    try base.willMutate()
  }

  public var skipsUnchangedMutations: Bool { base.skipsUnchangedMutations }

  public func didMutateWithoutChange() {
    base.didMutateWithoutChange()
  }
}
