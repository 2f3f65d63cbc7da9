/// A value shared by reference: every copy of a `Shared` reads and writes one storage, which may
/// be persisted by a key (in memory, a file, a settings file, or a strategy of your own).
///
/// ```swift
/// struct Counter {
///   @Shared var count: Int
/// }
/// let counter = Counter(count: Shared(0))
/// let other = Counter(count: counter.$count)
/// counter.count += 1
/// other.count  // 1
/// counter.$count.withLock { $0 += 1 }  // atomic read-modify-write
///
/// @Shared(.inMemory("launches")) var launches = 0
/// ```
///
/// Derive a `Shared` for part of a value with dynamic member lookup (`$syncUp.title`), an element
/// of an identified array with `$syncUps[id: id]`, or every element with `$syncUps.elements`.
/// Derived references read and write the root storage in place.
///
/// `Shared` is `Equatable` by value when its value is, and deliberately neither `Hashable` nor
/// `Codable`: its value can change under it, and its storage is not its to encode.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value> {
  /// The storage every copy of this `Shared` refers to; assigning a new `Shared` to
  /// ``projectedValue`` re-points them all.
  private let box: ReferenceBox<any MutableSharedReference<Value>>

  var reference: any MutableSharedReference<Value> { box.reference }

  init(reference: any MutableSharedReference<Value>) {
    self.box = ReferenceBox(reference)
  }

  /// A new storage holding `value`, shared by every copy of the returned `Shared`.
  @_disfavoredOverload
  public init(_ value: Value) {
    self.init(reference: ValueReference(value))
  }

  /// A new storage holding `value`.
  public init(value: Value) {
    self.init(value)
  }

  /// Refers to the same storage as `projectedValue`; lets `@Shared var x` be initialised from
  /// another `Shared`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// Unwraps a shared optional: `nil` when it holds `nil`, else a `Shared` of the wrapped value
  /// that reads and writes through `base`.
  public init?(_ base: Shared<Value?>) {
    guard let reference = UnwrappedReference(base: base.reference) else { return nil }
    self.init(reference: reference)
  }

  /// The current value. Setting it replaces the value; to read and write atomically, use
  /// ``withLock(_:)``. Read inside `withObservationTracking`, it has the tracking told of the
  /// next change to the value.
  public var wrappedValue: Value {
    get {
      let reference = reference
      reference.observeAccess()
      return reference.read { $0 }
    }
    nonmutating set { reference.withLock { $0 = newValue } }
  }

  /// This `Shared` itself, reached as `$name`. Assigning another `Shared` to it points this one
  /// and every copy of it at the other's storage; `Shared`s derived from it earlier
  /// (`$user.name`, `$count.read { … }`) keep the storage they were derived from.
  ///
  /// ```swift
  /// let copy = $count
  /// $count = Shared(value: 42)
  /// copy.wrappedValue  // 42
  /// ```
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// Mutates the value atomically with respect to every other holder and returns the closure's
  /// result.
  ///
  /// ```swift
  /// let previous = $count.withLock { count in
  ///   defer { count += 1 }
  ///   return count
  /// }
  /// ```
  @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(operation)
  }

  /// Runs `body` as one transaction on the whole stored value (the root, for a derived
  /// `Shared`): every change made inside it, through this `Shared` or any derived from the same
  /// storage, is written once when `body` returns, or not at all when it throws.
  ///
  /// - It starts from the latest stored value: a file-backed value takes the file's lock and
  ///   rereads the file if another process changed it.
  /// - Derived references (`$syncUps[id: id]`, `$syncUp.title`) see each change as it happens.
  /// - If `body` throws, the value is put back as it was when the transaction began, nothing is
  ///   written, the lock is let go, and the error propagates. A write that fails is reported
  ///   the same way, by throwing, with the value put back.
  /// - A transaction that leaves an `Equatable` value as it found it writes nothing.
  /// - Other threads' changes to the same storage wait until it ends. A transaction inside
  ///   another on the same storage is part of it: its throw undoes only its own changes.
  ///
  /// ```swift
  /// @Shared(.fileStorage(url)) var todos: IdentifiedArrayOf<Todo> = []
  /// try $todos.transaction { todos in
  ///   guard let todo = todos[id: id] else { throw NotFound() }  // nothing written
  ///   todo.withLock { $0.isDone = true }
  ///   todos.withLock { $0.removeAll { $0.isDone } }
  /// }                                                                     // one write
  /// ```
  @discardableResult
  public func transaction<R>(_ body: (Shared<Value>) throws -> R) throws -> R {
    try reference.transaction { try body(self) }
  }

  /// A `Shared` for the value at `keyPath`, reading and writing this one's storage.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only view of the value at `keyPath`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReaderKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only view of `transform` applied to the value, following every change.
  ///
  /// ```swift
  /// let isEmpty = $todos.read { $0.isEmpty }
  /// ```
  public func read<Member>(_ transform: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReaderMapReference(base: reference, transform: transform))
  }

  /// The error met loading the value from its key's storage, if the last load failed (the value
  /// is then what it was before, at first the default). A later load or a successful save
  /// clears it.
  public var loadError: (any Error)? { reference.loadError }

  /// The error met saving the value, if the last save failed. A later successful save clears
  /// it.
  public var saveError: (any Error)? { reference.saveError }

  /// Whether the key is still loading the value: from creation until a key that loads later
  /// has resumed, during `load()`, and while the key's subscription says so.
  public var isLoading: Bool { reference.isLoading }

  /// Reloads the value from its key's storage. A key that finishes later sets the value then.
  public func load() throws { try reference.load() }

  /// Reloads the value from its key's storage, returning when the key has finished.
  public func load() async throws { try await reference.loadAsync() }

  /// Writes pending changes to the key's storage now, throwing if that fails.
  public func save() throws { try reference.save() }

  /// Writes pending changes to the key's storage, returning when the key has finished.
  public func save() async throws { try await reference.saveAsync() }
}

extension Shared: @unchecked Sendable where Value: Sendable {}

extension Shared: Equatable where Value: Equatable {
  /// Two `Shared`s are equal when their values are. Inside a change tracker's `assert`, a
  /// `Shared` compared with itself compares its value before the tracked change with its value
  /// now (see ``SharedChangeTracker/assert(_:)``).
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    SharedChangeTracking.areEqual(lhs.reference, rhs.reference)
      ?? (lhs.wrappedValue == rhs.wrappedValue)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// What the `Shared` refers to: `Shared<Int>(value: 0)` for a value of its own,
  /// `Shared<Int>(.inMemory("count"))` for a key's storage.
  public var description: String { "Shared<\(Value.self)>(\(reference.subject))" }
}

extension Shared where Value: Sendable {
  /// A stream of the value after each change, whoever made it: any holder of the same storage,
  /// or the outside world through the key's subscription. It does not start with the current
  /// value; read ``wrappedValue`` for that.
  public var values: AsyncStream<Value> {
    sharedValues(of: reference)
  }

  /// A `Shared` whose storage is the one `key` names, holding `wrappedValue` if that storage is
  /// empty. The default is evaluated only when the storage is created.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    @Dependency(\.sharedReferences) var references
    self.init(reference: references.reference(for: key, default: wrappedValue))
  }

  /// A `Shared` of an optional value for `key`, `nil` while nothing is stored.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A `Shared` for a key with a built-in default (``SharedReaderKey/Default``).
  ///
  /// ```swift
  /// @Shared(.events) var events
  /// ```
  public init<Key: SharedKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// A `Shared` for `key` once it has loaded a stored value: waits for the key, and throws its
  /// load error, or ``SharedLoadError/nothingStored`` when nothing is stored. A storage that
  /// already exists for the key is reloaded.
  ///
  /// ```swift
  /// let config = try await Shared(require: .fileStorage(configURL))
  /// ```
  public init(require key: some SharedKey<Value>) async throws {
    self.init(reference: try await requireReference(for: key))
  }

  /// Points this `Shared` and every copy of it at `key`'s storage, starting from the current
  /// value, and waits for the key to load.
  public func load(_ key: some SharedKey<Value>) async throws {
    @Dependency(\.sharedReferences) var references
    let current = wrappedValue
    projectedValue = Shared(reference: references.reference(for: key, default: { current }, skipInitialLoad: true))
    try await load()
  }

  /// A `Shared` for a key with a built-in default, overriding that default.
  public init<Key: SharedKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}

/// The stream behind `values`: one observation for the life of the stream.
func sharedValues<Value: Sendable>(of reference: some SharedReference<Value>) -> AsyncStream<Value> {
  let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
  let token = reference.observe { value in continuation.yield(value) }
  continuation.onTermination = { _ in token.cancel() }
  return stream
}

extension Shared: CustomDumpValue, SharedDumpValue {
  public var customDumpValue: Any { wrappedValue }
  var dumpedReference: any SharedReference { reference }
}

extension SharedReader: CustomDumpValue, SharedDumpValue {
  public var customDumpValue: Any { wrappedValue }
  var dumpedReference: any SharedReference { reference }
}

/// A shared value as ``valueDump(_:)`` shows it: numbered by its storage.
protocol SharedDumpValue: CustomDumpValue {
  var dumpedReference: any SharedReference { get }
}

extension SharedDumpValue {
  /// The root storage object the value lives in.
  var dumpedStorage: AnyObject { dumpedReference.root }
}
