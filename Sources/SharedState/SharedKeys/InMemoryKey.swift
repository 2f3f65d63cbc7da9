/// A strategy that keeps a shared value in memory, shared by every `Shared` using the same name
/// in the same dependency context, for the life of that context.
///
/// ```swift
/// @Shared(.inMemory("count")) var count = 0
/// ```
///
/// Each test that enters `withDependencies` gets its own in-memory storage, so tests using the
/// same name in parallel never see each other's values.
public struct InMemoryKey<Value: Sendable>: SharedKey, Hashable {
  /// The name of the value.
  public let name: String

  /// The key for the value called `name`.
  public init(_ name: String) {
    self.name = name
  }

  public var id: String { name }

  // The storage object kept in the context's registry is the value's only home, so there is
  // nothing to load or save: every `Shared` with this key refers to that one object.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resumeReturningInitialValue()
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    .none
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String { ".inMemory(\"\(name)\")" }
}

extension SharedReaderKey {
  /// Keeps the value in memory under `name` (see ``InMemoryKey``).
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name)
  }
}
