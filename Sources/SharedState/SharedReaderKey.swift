/// A strategy that loads a shared value from somewhere outside the program and notices when it
/// changes there: the read-only half of a persistence strategy.
///
/// Conform to it (or to ``SharedKey`` for a writable strategy) to persist shared state in a
/// place the library does not know, such as a database. Loading may finish at once or later:
/// the key resumes the continuation when it has the value, and until then the `Shared` holds its
/// default and reports ``SharedReader/isLoading``.
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   var id: String { "remote-config" }
///   func load(context: LoadContext<Config>, continuation: LoadContinuation<Config>) {
///     fetchConfig { result in continuation.resume(with: result.map { $0 }) }
///   }
///   func subscribe(
///     context: LoadContext<Config>, subscriber: SharedSubscriber<Config>
///   ) -> SharedSubscription {
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
  associatedtype ID: Hashable = Self

  /// Identifies the storage this key refers to.
  var id: ID { get }

  /// Loads the stored value and hands it to `continuation`: a value, "nothing stored" (the
  /// default is used: ``LoadContinuation/resumeReturningInitialValue()``), or an error (which
  /// becomes the storage's `loadError`; the value is left as it was). Resuming before returning
  /// makes the value ready as soon as the `Shared` is created.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts noticing changes made outside the program and reporting them to `subscriber`. The
  /// subscription ends when the returned object is cancelled or released.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey where ID == Self, Self: Hashable {
  public var id: Self { self }
}

/// Why a key is asked to load.
public enum LoadContext<Value> {
  /// A `Shared` is being created for the key's storage; the associated value is its default.
  case initialValue(Value)
  /// Someone asked: `load()`, `load(_:)` or `init(require:)`.
  case userInitiated

  /// The default of a `Shared` being created; `nil` for a load someone asked for.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

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

  /// The value used when the storage is empty, evaluated now.
  public var initialValue: Base.Value { defaultValue() }

  public var id: Base.ID { base.id }

  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }

  public func willMutate() throws -> SharedRefresh<Base.Value> {
    try base.willMutate()
  }

  public var skipsUnchangedMutations: Bool { base.skipsUnchangedMutations }

  public func didMutateWithoutChange() {
    base.didMutateWithoutChange()
  }
}

