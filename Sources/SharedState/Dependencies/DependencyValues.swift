#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A key for a value in ``DependencyValues`` that has only a test value: a type a test
/// reaches with `@Dependency(Key.self)`, or the test half of a ``DependencyKey`` declared apart
/// from its live value. Read outside a test runner, it reports an issue and gives the test value.
///
/// ```swift
/// struct Greeter: TestDependencyKey {
///   var greet: @Sendable (String) -> String
///   static var testValue: Greeter { Greeter { "Hello, \($0)" } }
/// }
/// @Dependency(Greeter.self) var greeter
/// ```
public protocol TestDependencyKey {
  /// The type of the dependency, often the key itself.
  associatedtype Value: Sendable
  /// The value used while tests run.
  static var testValue: Value { get }
}

/// A key for a value in ``DependencyValues``: its type, its live value and its test value.
///
/// ```swift
/// private enum GreetingKey: DependencyKey {
///   static let liveValue = "Hello"
///   static let testValue = "Hello, test"
/// }
/// extension DependencyValues {
///   var greeting: String {
///     get { self[GreetingKey.self] }
///     set { self[GreetingKey.self] = newValue }
///   }
/// }
/// ```
///
/// A value is computed once per dependency context the first time it is read, so a computed
/// `testValue` that returns a fresh object gives every test its own object.
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency, the key itself unless its values say otherwise.
  associatedtype Value = Self
  /// The value used when the program runs for real.
  static var liveValue: Value { get }
  /// The value used while tests run. Defaults to ``liveValue``.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Defaults to ``liveValue``.
  public static var testValue: Value { liveValue }
}

/// Whether dependencies resolve to their live or their test values.
public enum DependencyContext: Sendable, Equatable {
  /// The program is running for real.
  case live
  /// The program is a test runner.
  case test

  /// `.test` inside a test runner (an `xctest` bundle or Swift Testing's helper), else `.live`.
  public static let detected: DependencyContext = {
    let executable = CommandLine.arguments.first ?? ""
    if executable.hasSuffix(".xctest") || executable.contains("swiftpm-testing-helper")
      || executable.hasSuffix("PackageTests")
    {
      return .test
    }
    return .live
  }()
}

/// The dependencies visible to the current task: a task-local collection of values reached with
/// `@Dependency(\.name)` and changed for a scope with ``withDependencies(_:operation:)-(_,()->R)``.
///
/// ```swift
/// withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   @Dependency(\.uuid) var uuid
///   uuid()  // 00000000-0000-0000-0000-000000000000
/// }
/// ```
///
/// In a test runner, entering `withDependencies` from the top level starts a new *world*: every
/// dependency that is not overridden is created afresh, so the in-memory storage, the in-memory
/// file system and the settings store of one test are never seen by another test running in
/// parallel. Nested `withDependencies` calls inherit their parent's world.
public struct DependencyValues: Sendable {
  @TaskLocal static var current = DependencyValues(context: .detected)

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var world: World
  private var isTopLevel = true

  /// Whether values resolve to live or test values.
  public var context: DependencyContext {
    didSet { world = World() }
  }

  /// Creates a set of dependencies with nothing overridden.
  public init(context: DependencyContext) {
    self.context = context
    self.world = World()
  }

  /// The value for `key`: an override if one was set in an enclosing scope, else the key's
  /// live or test value for this world.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] {
        return value as! Key.Value
      }
      return world.value(for: key, context: context)
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// Returns a copy for a nested scope: a new world when entered from the top level of a test.
  func enteringScope() -> DependencyValues {
    var copy = self
    if isTopLevel && context == .test {
      copy.world = World()
    }
    copy.isTopLevel = false
    return copy
  }

  /// The default values created so far in one world.
  private final class World: @unchecked Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    private let lock = RecursiveLock()

    func value<Key: TestDependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
      lock.withLock {
        if let value = values[ObjectIdentifier(key)] {
          return value as! Key.Value
        }
        let value = context == .live ? liveValue(of: key) : Key.testValue
        values[ObjectIdentifier(key)] = value
        return value
      }
    }

    private func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
      func live<Live: DependencyKey>(_: Live.Type) -> Any { Live.liveValue }
      guard let liveKey = key as? any DependencyKey.Type else {
        reportIssue("'\(Key.self)' has no live value (it is only a TestDependencyKey); using its test value.")
        return Key.testValue
      }
      return live(liveKey) as! Key.Value
    }
  }
}

/// Runs `operation` with dependencies changed by `update`, and returns its result.
///
/// ```swift
/// let id = withDependencies { $0.uuid = .incrementing } operation: {
///   DependencyValues.current.uuid()
/// }
/// ```
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current.enteringScope()
  try update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with dependencies changed by `update`. Tasks created inside
/// inherit the changed dependencies.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current.enteringScope()
  try await update(&values)
  return try await DependencyValues.$current.withValue(values, operation: operation)
}

extension DependencyValues {
  /// The dependencies of the current task. Prefer `@Dependency` in features.
  public static var currentValues: DependencyValues { current }

  /// Runs `operation` with exactly `values` as the current dependencies. Used to carry a
  /// captured set of dependencies into a new scope (a store runs its reducer this way).
  @discardableResult
  public static func withValues<R>(_ values: DependencyValues, operation: () throws -> R) rethrows -> R {
    try $current.withValue(values, operation: operation)
  }

  /// The asynchronous form of ``withValues(_:operation:)``.
  @discardableResult
  public static func withValues<R>(
    _ values: DependencyValues,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $current.withValue(values, operation: operation)
  }
}

/// Reads a dependency of the current task.
///
/// ```swift
/// struct Feature {
///   @Dependency(\.uuid) var uuid
///   @Dependency(\.date.now) var now
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
  // Reads a key path (immutable) or a key type: safe to share between tasks.
  private let resolve: (DependencyValues) -> Value

  /// Refers to the dependency at `keyPath`.
  public init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.resolve = { $0[keyPath: keyPath] }
  }

  /// Refers to the dependency `key` declares, e.g. `@Dependency(Greeter.self) var greeter`.
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.resolve = { $0[key] }
  }

  /// The value in the current task's dependencies.
  public var wrappedValue: Value {
    resolve(DependencyValues.current)
  }
}
