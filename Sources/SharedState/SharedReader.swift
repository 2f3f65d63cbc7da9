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
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// A read-only view of `base`'s storage.
  public init(_ base: Shared<Value>) {
    self.reference = base.reference
  }

  /// Refers to the same storage as `projectedValue`.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// A reader of a value that never changes.
  public init(value: Value) {
    self.reference = ValueReference(value)
  }

  /// Unwraps a shared optional: `nil` when it holds `nil`.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.reference = ReaderUnwrappedReference(base: base.reference, value: value)
  }

  /// The current value.
  public var wrappedValue: Value { reference.read { $0 } }

  /// This reader itself, reached as `$name`.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A reader of the value at `keyPath`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReaderKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// The error met loading the value, if the last load failed.
  public var loadError: (any Error)? { reference.loadError }

  /// Reloads the value from its key's storage.
  public func load() throws { try reference.load() }
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
  public var description: String { "\(wrappedValue)" }
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
    self.reference = references.reference(for: key, default: wrappedValue)
  }

  /// A reader of an optional whose storage is the one `key` names: `nil` while that storage is
  /// empty.
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
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
