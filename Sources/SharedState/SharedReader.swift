/// A read-only view of shared state: it sees every change made through any `Shared` of the same
/// storage (or outside, through a key's subscription) but cannot change it.
///
/// ```swift
/// @Shared var count: Int
/// let reader = SharedReader($count)
/// count = 2
/// reader.wrappedValue  // 2
///
/// @SharedReader(.appStorage("bell")) var bell = true
/// let answer = SharedReader(value: 42)  // a constant
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value> {
  /// The storage every copy of this reader refers to (see ``Shared/projectedValue``).
  private let box: ReferenceBox<any SharedReference<Value>>

  var reference: any SharedReference<Value> { box.reference }

  init(reference: any SharedReference<Value>) {
    self.box = ReferenceBox(reference)
  }

  /// A read-only view of `base`'s storage.
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// Refers to the same storage as `projectedValue`.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// A reader of a value that never changes.
  public init(value: Value) {
    self.init(reference: ValueReference(value))
  }

  /// Unwraps a shared optional: `nil` when it holds `nil`.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reference: ReaderUnwrappedReference(base: base.reference, value: value))
  }

  /// The current value; read inside `withObservationTracking`, it has the tracking told of the
  /// next change (see ``Shared/wrappedValue``).
  public var wrappedValue: Value {
    let reference = reference
    reference.observeAccess()
    return reference.read { $0 }
  }

  /// This reader itself, reached as `$name`. Assigning another reader to it re-points this one
  /// and every copy of it, as ``Shared/projectedValue`` does.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// A reader of the value at `keyPath`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReaderKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only view of `transform` applied to the value, following every change.
  public func read<Member>(_ transform: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReaderMapReference(base: reference, transform: transform))
  }

  /// The error met loading the value, if the last load failed (see ``Shared/loadError``).
  public var loadError: (any Error)? { reference.loadError }

  /// Whether the key is still loading the value (see ``Shared/isLoading``).
  public var isLoading: Bool { reference.isLoading }

  /// Reloads the value from its key's storage.
  public func load() throws { try reference.load() }

  /// Reloads the value from its key's storage, returning when the key has finished.
  public func load() async throws { try await reference.loadAsync() }
}

extension SharedReader: @unchecked Sendable where Value: Sendable {}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  /// What the reader refers to: `SharedReader<Int>(value: 0)`,
  /// `SharedReader<Int>(.appStorage("count"))`.
  public var description: String { "SharedReader<\(Value.self)>(\(reference.subject))" }
}

extension SharedReader where Value: Sendable {
  /// A stream of the value after each change (see ``Shared/values``).
  public var values: AsyncStream<Value> { sharedValues(of: reference) }

  /// A reader of the storage `key` names, holding `wrappedValue` if that storage is empty.
  ///
  /// ```swift
  /// @SharedReader(.appStorage("bell")) var bell = true
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    @Dependency(\.sharedReferences) var references
    self.init(reference: references.reference(for: key, default: wrappedValue))
  }

  /// A reader of an optional value for `key`, `nil` while nothing is stored.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A reader for `key` once it has loaded a stored value (see ``Shared/init(require:)``).
  public init(require key: some SharedReaderKey<Value>) async throws {
    self.init(reference: try await requireReference(for: key))
  }

  /// Points this reader and every copy of it at `key`'s storage, starting from the current
  /// value, and waits for the key to load.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    @Dependency(\.sharedReferences) var references
    let current = wrappedValue
    projectedValue = SharedReader(
      reference: references.reference(for: key, default: { current }, skipInitialLoad: true))
    try await load()
  }

  /// A reader for a key with a built-in default.
  public init<Key: SharedReaderKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// A reader for a key with a built-in default, overriding that default.
  public init<Key: SharedReaderKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}

/// A read-only unwrapped optional that remembers the last non-nil value.
final class ReaderUnwrappedReference<Value>: UnwrappingReference, @unchecked Sendable {
  let baseReader: any SharedReference<Value?>
  var lastValue: Value

  init(base: any SharedReference<Value?>, value: Value) {
    self.baseReader = base
    self.lastValue = value
  }
}
