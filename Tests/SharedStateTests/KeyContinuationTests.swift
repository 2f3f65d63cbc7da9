import Foundation
import SharedState
import Synchronization
import Testing
import TestSupport

/// A key whose loads and saves finish when the test says so: it keeps each continuation and
/// the subscriber it was given.
private final class ManualKey: SharedKey, Sendable {
  let id = UUID()
  let loads = Mutex<[LoadContinuation<Int>]>([])
  let saves = Mutex<[(value: Int, continuation: SaveContinuation)]>([])
  let subscriber = Mutex<SharedSubscriber<Int>?>(nil)

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    loads.withLock { $0.append(continuation) }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    self.subscriber.withLock { $0 = subscriber }
    return SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    saves.withLock { $0.append((value, continuation)) }
  }

  /// Resumes the oldest load still waiting.
  func finishLoad(with result: Result<Int?, any Error>) {
    let next = loads.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    next?.resume(with: result)
  }

  /// Resumes the oldest save still waiting.
  func finishSave(with result: Result<Void, any Error>) {
    let next = saves.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    next?.continuation.resume(with: result)
  }

  var pendingLoads: Int { loads.withLock { $0.count } }
  /// The values of the saves still waiting.
  var savedValues: [Int] { saves.withLock { $0.map(\.value) } }
}

private struct Failure: Error, Equatable {
  let reason: String
}

/// A key that reports what it was asked, and answers at once.
private struct AnsweringKey: SharedKey {
  let id: String
  let answer: @Sendable (LoadContext<Int>) -> Result<Int?, any Error>

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(with: answer(context))
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    .none
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

/// A key that never resumes what it is given.
private struct ForgetfulKey: SharedKey, CustomStringConvertible {
  var id: String { "forgetful" }
  var description: String { "ForgetfulKey()" }
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {}
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    .none
  }
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {}
}

@Suite struct KeyContinuationTests {
  init() { recordReportedIssuesAsTestFailures() }

  @Test func aValueLoadedLaterReplacesTheDefaultAndEndsLoading() {
    withDependencies { _ in } operation: {
      let key = ManualKey()
      @SharedReader(key) var value = 7
      #expect(value == 7)
      #expect($value.isLoading)

      key.finishLoad(with: .success(42))
      #expect(value == 42)
      #expect(!$value.isLoading)
    }
  }

  @Test func nothingStoredKeepsTheDefault() {
    withDependencies { _ in } operation: {
      let key = ManualKey()
      @Shared(key) var value = 7
      key.finishLoad(with: .success(nil))
      #expect(value == 7)
      #expect(!$value.isLoading)
      #expect($value.loadError == nil)
    }
  }

  @Test func theContextTellsACreationFromAnAskedLoad() async throws {
    let contexts = Mutex<[LoadContext<Int>]>([])
    let key = AnsweringKey(id: "contexts") { context in
      contexts.withLock { $0.append(context) }
      return .success(5)
    }
    try await withDependencies { _ in } operation: {
      @SharedReader(key) var value = 1
      try await $value.load()
      #expect(contexts.withLock { $0 } == [.initialValue(1), .userInitiated])
    }
  }

  @Test func aLoadErrorStaysThroughAReloadUntilTheReloadSucceeds() async throws {
    try await withDependencies { _ in } operation: {
      let key = ManualKey()
      @SharedReader(key) var value = 0
      key.finishLoad(with: .failure(Failure(reason: "offline")))
      #expect($value.loadError as? Failure == Failure(reason: "offline"))
      #expect(value == 0)
      #expect(!$value.isLoading)

      let reload = Task { [$value] in try await $value.load() }
      while key.pendingLoads == 0 { await Task.yield() }
      #expect($value.isLoading)
      #expect($value.loadError as? Failure == Failure(reason: "offline"))

      key.finishLoad(with: .success(3))
      try await reload.value
      #expect(value == 3)
      #expect(!$value.isLoading)
      #expect($value.loadError == nil)
    }
  }

  @Test func anAwaitedLoadThrowsTheKeysError() async {
    let key = AnsweringKey(id: "asked") { context in
      context == .userInitiated ? .failure(Failure(reason: "denied")) : .success(1)
    }
    await withDependencies { _ in } operation: {
      @SharedReader(key) var value = 0
      #expect(value == 1)
      await #expect(throws: Failure(reason: "denied")) { try await $value.load() }
      #expect($value.loadError as? Failure == Failure(reason: "denied"))
      #expect(value == 1)
    }
  }

  @Test func theSubscriberSaysWhenALoadStartsAndWhatItBrought() {
    withDependencies { _ in } operation: {
      let key = ManualKey()
      @SharedReader(key) var value = 0
      key.finishLoad(with: .success(nil))
      let subscriber = key.subscriber.withLock { $0 }!

      subscriber.yieldLoading()
      #expect($value.isLoading)
      subscriber.yield(throwing: Failure(reason: "parse"))
      #expect(!$value.isLoading)
      #expect($value.loadError as? Failure == Failure(reason: "parse"))

      subscriber.yieldLoading()
      subscriber.yield(9)
      #expect(value == 9)
      #expect(!$value.isLoading)
      #expect($value.loadError == nil)

      subscriber.yieldReturningInitialValue()
      #expect(value == 0)
      subscriber.yieldLoading()
      subscriber.yieldLoading(false)
      #expect(!$value.isLoading)
    }
  }

  @Test func aSaveFinishedLaterSetsAndClearsTheSaveError() {
    withDependencies { _ in } operation: {
      let key = ManualKey()
      @Shared(key) var value = 0
      key.finishLoad(with: .success(nil))

      $value.withLock { $0 = 1 }
      #expect(key.savedValues == [1])
      #expect($value.saveError == nil)
      key.finishSave(with: .failure(Failure(reason: "disk full")))
      #expect($value.saveError as? Failure == Failure(reason: "disk full"))

      $value.withLock { $0 = 2 }
      #expect($value.saveError as? Failure == Failure(reason: "disk full"))
      key.finishSave(with: .success(()))
      #expect($value.saveError == nil)
    }
  }

  @Test func aSuccessfulSaveClearsALoadErrorItMadeMoot() {
    withDependencies { _ in } operation: {
      let key = ManualKey()
      @Shared(key) var value = 0
      key.finishLoad(with: .failure(Failure(reason: "stale")))
      $value.withLock { $0 = 5 }
      key.finishSave(with: .failure(Failure(reason: "busy")))
      #expect($value.loadError as? Failure == Failure(reason: "stale"))
      #expect($value.saveError as? Failure == Failure(reason: "busy"))

      $value.withLock { $0 = 6 }
      key.finishSave(with: .success(()))
      #expect($value.loadError == nil)
      #expect($value.saveError == nil)
    }
  }

  @Test func anAwaitedSaveWaitsForTheKeyAndThrowsItsError() async throws {
    try await withDependencies { _ in } operation: {
      let key = ManualKey()
      @Shared(key) var value = 0
      key.finishLoad(with: .success(nil))

      let save = Task { [$value] in try await $value.save() }
      while key.savedValues.isEmpty { await Task.yield() }
      key.finishSave(with: .failure(Failure(reason: "read-only")))
      await #expect(throws: Failure(reason: "read-only")) { try await save.value }
      #expect($value.saveError as? Failure == Failure(reason: "read-only"))

      let retry = Task { [$value] in try await $value.save() }
      while key.savedValues.isEmpty { await Task.yield() }
      key.finishSave(with: .success(()))
      try await retry.value
      #expect($value.saveError == nil)
    }
  }

  @Test func requireWaitsForTheKeyAndSharesItsStorage() async throws {
    try await withDependencies { _ in } operation: {
      let key = ManualKey()
      let required = Task { try await Shared<Int>(require: key) }
      while key.pendingLoads == 0 { await Task.yield() }
      key.finishLoad(with: .success(12))
      let shared = try await required.value
      #expect(shared.wrappedValue == 12)
      #expect(!shared.isLoading)

      @Shared(key) var other = 0
      #expect(other == 12)  // the same storage, not loaded again
      #expect(key.pendingLoads == 0)
    }
  }

  @Test func requireThrowsTheLoadErrorOrThatNothingIsStored() async {
    await withDependencies { _ in } operation: {
      let failing = AnsweringKey(id: "failing") { _ in .failure(Failure(reason: "gone")) }
      await #expect(throws: Failure(reason: "gone")) { try await SharedReader<Int>(require: failing) }

      let empty = AnsweringKey(id: "empty") { _ in .success(nil) }
      await #expect(throws: SharedLoadError.self) { try await Shared<Int>(require: empty) }
    }
  }

  @Test func requireOfAnInMemoryValueFindsItOnlyOnceItExists() async throws {
    try await withDependencies { _ in } operation: {
      await #expect(throws: SharedLoadError.self) { try await Shared<Int>(require: .inMemory("count")) }
      @Shared(.inMemory("count")) var count = 10
      $count.withLock { $0 += 1 }
      let required = try await SharedReader<Int>(require: .inMemory("count"))
      #expect(required.wrappedValue == 11)
    }
  }

  @Test func loadingAnotherKeyRepointsEveryCopy() async throws {
    try await withDependencies { _ in } operation: {
      @Shared(.inMemory("first")) var value = 1
      let copy = $value
      let key = ManualKey()
      let load = Task { [$value] in try await $value.load(key) }
      while key.pendingLoads == 0 { await Task.yield() }
      #expect(copy.isLoading)
      #expect(copy.wrappedValue == 1)  // starts from the current value

      key.finishLoad(with: .success(50))
      try await load.value
      #expect(value == 50)
      #expect(copy.wrappedValue == 50)
      #expect(!copy.isLoading)

      copy.withLock { $0 = 51 }
      #expect(key.savedValues == [51])
      @Shared(.inMemory("first")) var first = 0
      #expect(first == 1)  // the old storage is left as it was
    }
  }

  @Test func aContinuationNeverResumedIsReportedAndReleasesItsWaiter() async throws {
    try await withDependencies { _ in } operation: {
      try await withKnownIssue {
        @Shared(ForgetfulKey()) var value = 3
        #expect(!$value.isLoading)  // the dropped load counts as "nothing stored"
        #expect(value == 3)
        try await $value.save()  // returns: the dropped save counts as done
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue == """
            'ForgetfulKey()' leaked its continuation without one of its resume methods being \
            invoked. This will cause tasks waiting on it to resume immediately.
            """
        }
      }
    }
  }

  @Test func aContinuationResumedTwiceIsReported() {
    withKnownIssue {
      let continuation = LoadContinuation<Int>("TwiceKey()") { _ in }
      continuation.resume(returning: 1)
      continuation.resume(returning: 2)
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "'TwiceKey()' tried to resume its continuation more than once." }
    }
  }
}
