import Foundation
import SharedState
import Testing

/// A stand-in for a database: values by name, failures on demand, and listeners.
private final class FakeDatabase: @unchecked Sendable {
  struct Failure: Error, Equatable { let reason: String }
  private let lock = NSLock()
  private var rows: [String: Int] = [:]
  private var listeners: [UUID: @Sendable (Result<Int?, any Error>) -> Void] = [:]
  var failLoads = false
  var failSaves = false
  private(set) var saves: [Int] = []

  func load(_ name: String) throws -> Int? {
    try lock.withLock {
      if failLoads { throw Failure(reason: "disk on fire") }
      return rows[name]
    }
  }

  func save(_ name: String, _ value: Int) throws {
    try lock.withLock {
      if failSaves { throw Failure(reason: "read-only") }
      rows[name] = value
      saves.append(value)
    }
  }

  /// Another program changes a row.
  func externalWrite(_ name: String, _ value: Int?) {
    let listeners = lock.withLock {
      rows[name] = value
      return Array(self.listeners.values)
    }
    for listener in listeners { listener(.success(value)) }
  }

  func listen(_ listener: @escaping @Sendable (Result<Int?, any Error>) -> Void) -> UUID {
    let id = UUID()
    lock.withLock { listeners[id] = listener }
    return id
  }

  func stopListening(_ id: UUID) {
    _ = lock.withLock { listeners.removeValue(forKey: id) }
  }

  var listenerCount: Int { lock.withLock { listeners.count } }
}

private struct DatabaseKey: SharedKey {
  let database: FakeDatabase
  let name: String

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(with: Result { try database.load(name) })
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    let id = database.listen { result in subscriber.yield(with: result) }
    return SharedSubscription { [database] in database.stopListening(id) }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try database.save(name, value) })
  }
}

@Suite struct CustomKeyTests {
  @Test func loadsSavesAndHearsOutsideChanges() {
    let database = FakeDatabase()
    try! database.save("score", 7)
    withDependencies { _ in } operation: {
      @Shared(DatabaseKey(database: database, name: "score")) var score = 0
      #expect(score == 7)

      score += 1
      #expect(database.saves == [7, 8])

      database.externalWrite("score", 20)
      #expect(score == 20)

      database.externalWrite("score", nil)
      #expect(score == 0)  // removed: back to the default
    }
  }

  @Test func loadErrorIsSurfacedAndTheDefaultUsed() throws {
    let database = FakeDatabase()
    database.failLoads = true
    try withDependencies { _ in } operation: {
      @Shared(DatabaseKey(database: database, name: "broken")) var value = 3
      #expect(value == 3)
      #expect($value.loadError as? FakeDatabase.Failure == .init(reason: "disk on fire"))

      database.failLoads = false
      try database.save("broken", 9)
      try $value.load()
      #expect(value == 9)
      #expect($value.loadError == nil)
    }
  }

  @Test func saveErrorIsSurfacedAndThrownByExplicitSave() {
    let database = FakeDatabase()
    withDependencies { _ in } operation: {
      @Shared(DatabaseKey(database: database, name: "locked")) var value = 0
      database.failSaves = true
      value = 1
      #expect($value.saveError as? FakeDatabase.Failure == .init(reason: "read-only"))
      #expect(throws: FakeDatabase.Failure(reason: "read-only")) { try $value.save() }

      database.failSaves = false
      #expect(throws: Never.self) { try $value.save() }
      #expect($value.saveError == nil)
      #expect(database.saves == [1])
    }
  }

  @Test func oneSubscriptionPerStorage() {
    let database = FakeDatabase()
    withDependencies { _ in } operation: {
      @Shared(DatabaseKey(database: database, name: "shared")) var first = 0
      @Shared(DatabaseKey(database: database, name: "shared")) var second = 0
      first = 5
      #expect(second == 5)
      #expect(database.listenerCount == 1)
    }
  }
}
