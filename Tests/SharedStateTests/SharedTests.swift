import Foundation
import SharedState
import Testing

private struct Counter {
  @Shared var count: Int
}

private struct Profile: Equatable, Sendable {
  var name: String
  var settings: Settings
  var nickname: String?
  struct Settings: Equatable, Sendable {
    var isOn: Bool
    var volume: Int
  }
}

private struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

@Suite struct SharedTests {
  @Test func explicitSharedIsSharedByEveryCopy() {
    let first = Counter(count: Shared(0))
    let second = Counter(count: first.$count)
    first.count = 1
    #expect(second.count == 1)
    second.count += 1
    #expect(first.count == 2)
    #expect(first.$count.wrappedValue == 2)
  }

  @Test func assigningTheStorageOfAPropertyWrapper() {
    @Shared var count: Int
    _count = Shared(10)
    @Shared var other: Int
    _other = $count
    other = 11
    #expect(count == 11)
  }

  @Test func withLockMutatesAndReturnsTheClosureResult() {
    let count = Shared(5)
    let previous = count.withLock { value -> Int in
      defer { value *= 2 }
      return value
    }
    #expect(previous == 5)
    #expect(count.wrappedValue == 10)
  }

  @Test func sharedIsNeitherHashableNorCodable() {
    #expect(!(Shared(1) as Any is any Hashable))
    #expect(!(Shared(1) as Any is any Encodable))
    #expect(!(Shared(1) as Any is any Decodable.Type))
  }

  @Test func equalityIsByValue() {
    #expect(Shared(1) == Shared(1))
    #expect(Shared(1) != Shared(2))
  }

  @Test func derivedSharedReadsAndWritesTheParentBothWays() {
    let profile = Shared(Profile(name: "Blob", settings: .init(isOn: false, volume: 3)))
    let settings = profile.settings
    let volume = profile.settings.volume
    let isOn = settings.isOn

    volume.wrappedValue = 7
    #expect(profile.wrappedValue.settings.volume == 7)
    #expect(settings.wrappedValue.volume == 7)

    isOn.withLock { $0.toggle() }
    #expect(profile.wrappedValue.settings == .init(isOn: true, volume: 7))

    profile.withLock { $0.settings = .init(isOn: false, volume: 1) }
    #expect(volume.wrappedValue == 1)
    #expect(isOn.wrappedValue == false)
  }

  @Test func unwrappingASharedOptional() throws {
    let profile = Shared(Profile(name: "Blob", settings: .init(isOn: false, volume: 3), nickname: nil))
    #expect(Shared(profile.nickname) == nil)

    profile.withLock { $0.nickname = "Blobby" }
    let nickname = try #require(Shared(profile.nickname))
    nickname.wrappedValue = "Blob Jr"
    #expect(profile.wrappedValue.nickname == "Blob Jr")

    profile.withLock { $0.nickname = nil }
    #expect(nickname.wrappedValue == "Blob Jr")  // keeps its last value
    nickname.wrappedValue = "Ghost"
    #expect(profile.wrappedValue.nickname == nil)  // and writes go nowhere
  }

  @Test func elementOfAnIdentifiedArray() throws {
    let todos = Shared<IdentifiedArrayOf<Todo>>([Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")])
    #expect(todos[id: 3] == nil)

    let eggs = try #require(todos[id: 2])
    eggs.withLock { $0.isDone = true }
    #expect(todos.wrappedValue[id: 2] == Todo(id: 2, title: "Eggs", isDone: true))

    todos.withLock { $0[id: 2]?.title = "Free-range eggs" }
    #expect(eggs.wrappedValue.title == "Free-range eggs")

    // A sibling derivation through the element sees the same storage.
    let title = eggs.title
    title.wrappedValue = "Brown eggs"
    #expect(todos.wrappedValue.map(\.title) == ["Milk", "Brown eggs"])

    todos.withLock { $0.remove(id: 2) }
    #expect(eggs.wrappedValue == Todo(id: 2, title: "Brown eggs", isDone: true))
    eggs.withLock { $0.title = "Gone" }
    #expect(todos.wrappedValue.map(\.title) == ["Milk"])
  }

  @Test func everyElementAsShared() {
    let todos = Shared<IdentifiedArrayOf<Todo>>([Todo(id: 1, title: "A"), Todo(id: 2, title: "B")])
    let elements = todos.elements
    #expect(elements.map(\.id) == [1, 2])
    for element in elements {
      element.withLock { $0.title += "!" }
    }
    #expect(todos.wrappedValue.map(\.title) == ["A!", "B!"])
  }

  @Test func thousandTasksIncrementingTenTimesEachEndAtTenThousand() async {
    let count = Shared(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask {
          for _ in 0..<10 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 10_000)
  }

  @Test func valuesStreamsEveryChangeFromAnyHolder() async {
    let count = Shared(0)
    let other = count
    let stream = count.values
    let received = Task {
      var seen: [Int] = []
      for await value in stream {
        seen.append(value)
        if seen.count == 3 { break }
      }
      return seen
    }
    other.wrappedValue = 1
    count.withLock { $0 += 1 }
    other.withLock { $0 = 10 }
    #expect(await received.value == [1, 2, 10])
  }

  @Test func derivedValuesStreamMapsTheRootsChanges() async {
    let profile = Shared(Profile(name: "Blob", settings: .init(isOn: false, volume: 3)))
    let stream = profile.settings.volume.values
    let received = Task {
      var seen: [Int] = []
      for await value in stream {
        seen.append(value)
        if seen.count == 2 { break }
      }
      return seen
    }
    profile.withLock { $0.settings.volume = 4 }
    profile.withLock { $0.name = "Blob Sr" }
    #expect(await received.value == [4, 4])
  }

  @Test func sharedIsSendableWhenItsValueIs() async {
    let count = Shared(1)
    let task = Task.detached { count.withLock { $0 += 1 } }
    await task.value
    #expect(count.wrappedValue == 2)
  }
}

@Suite struct SharedReaderTests {
  @Test func readerSeesChangesMadeThroughShared() {
    @Shared var count: Int
    _count = Shared(0)
    let reader = SharedReader($count)
    count = 2
    #expect(reader.wrappedValue == 2)
  }

  @Test func constantReader() {
    let answer = SharedReader(value: 42)
    #expect(answer.wrappedValue == 42)
  }

  @Test func readerDerivesByKeyPath() {
    let profile = Shared(Profile(name: "Blob", settings: .init(isOn: true, volume: 3)))
    let reader = SharedReader(profile)
    let name = reader.name
    let count = reader.name.count
    profile.withLock { $0.name = "Blobby" }
    #expect(name.wrappedValue == "Blobby")
    #expect(count.wrappedValue == 6)
  }

  @Test func readerOfAnElement() throws {
    let todos = Shared<IdentifiedArrayOf<Todo>>([Todo(id: 1, title: "A")])
    let reader = try #require(SharedReader(todos)[id: 1])
    todos.withLock { $0[id: 1]?.title = "B" }
    #expect(reader.wrappedValue.title == "B")
    #expect(SharedReader(todos)[id: 9] == nil)
  }

  @Test func readerWithAKey() {
    withDependencies { _ in } operation: {
      @SharedReader(.inMemory("reader-count")) var reader = 5
      @Shared(.inMemory("reader-count")) var count = 0
      #expect(count == 5)
      count = 6
      #expect(reader == 6)
    }
  }
}

extension SharedReaderKey where Self == InMemoryKey<[String]>.Default {
  fileprivate static var events: Self { Self[.inMemory("events"), default: ["launched"]] }
}

@Suite struct InMemoryKeyTests {
  @Test func equalKeysShareOneStorage() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("count")) var first = 0
      @Shared(.inMemory("count")) var second = 100
      #expect(second == 0)  // the storage existed: its default is not used
      first = 3
      #expect(second == 3)
      let third = Shared(wrappedValue: 7, .inMemory("count"))
      #expect(third.wrappedValue == 3)
      @Shared(.inMemory("other")) var other = 9
      #expect(other == 9)
    }
  }

  @Test func theDefaultIsEvaluatedOnlyWhenTheStorageIsEmpty() {
    withDependencies { _ in } operation: {
      var evaluations = 0
      func makeDefault() -> Int {
        evaluations += 1
        return 1
      }
      @Shared(.inMemory("lazy")) var first = makeDefault()
      @Shared(.inMemory("lazy")) var second = makeDefault()
      #expect(evaluations == 1)
      #expect(first == 1 && second == 1)
    }
  }

  @Test func theValueOutlivesItsHolders() {
    withDependencies { _ in } operation: {
      do {
        @Shared(.inMemory("kept")) var kept = 0
        kept = 42
      }
      @Shared(.inMemory("kept")) var again = 0
      #expect(again == 42)
    }
  }

  @Test func typeSafeKeyWithADefault() {
    withDependencies { _ in } operation: {
      @Shared(.events) var events
      #expect(events == ["launched"])
      $events.withLock { $0.append("tapped") }
      @Shared(.inMemory("events")) var same: [String] = []
      #expect(same == ["launched", "tapped"])
    }
  }

  @Test func separateContextsNeverSeeEachOther() async {
    let results = await withTaskGroup(of: [Int].self) { group in
      for worker in 0..<2 {
        group.addTask {
          await withDependencies { _ in } operation: {
            @Shared(.inMemory("isolated")) var values: [Int] = []
            for step in 0..<50 {
              $values.withLock { $0.append(worker * 100 + step) }
              await Task.yield()
            }
            return values
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }.sorted { $0[0] < $1[0] }
    }
    #expect(results == [Array(0..<50), Array(100..<150)])
  }

  @Test func parallelTestsUsingOneKeyA() async throws {
    try await isolatedCounterRun(adding: 1)
  }

  @Test func parallelTestsUsingOneKeyB() async throws {
    try await isolatedCounterRun(adding: 1000)
  }

  private func isolatedCounterRun(adding amount: Int) async throws {
    try await withDependencies { _ in } operation: {
      @Shared(.inMemory("parallel-count")) var count = 0
      for _ in 0..<20 {
        $count.withLock { $0 += amount }
        try await Task.sleep(for: .milliseconds(1))
      }
      #expect(count == 20 * amount)
    }
  }
}

private struct Stats: Equatable, Sendable {
  var count = 0
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var launches: Self { Self[.inMemory("launches"), default: 3] }
}

/// What a `Shared` says of itself, and how `$x = …` and `read` behave.
@Suite struct SharedReferenceTests {
  @Test func aSharedDescribesItsValueOrItsKey() {
    withDependencies { _ in } operation: {
      @Shared(value: 0) var count
      #expect($count.description == "Shared<Int>(value: 0)")
      #expect(SharedReader($count).description == "SharedReader<Int>(value: 0)")

      @Shared(.inMemory("count")) var stored = 0
      #expect($stored.description == #"Shared<Int>(.inMemory("count"))"#)
      #expect(SharedReader($stored).description == #"SharedReader<Int>(.inMemory("count"))"#)

      @Shared(.fileStorage(URL(fileURLWithPath: "/tmp/todos.json"))) var todos: [String] = []
      #expect($todos.description == "Shared<Array<String>>(.fileStorage(file:///tmp/todos.json))")
    }
  }

  @Test func readGivesAReaderOfATransformThatFollowsTheStorage() {
    @Shared(value: 2) var count
    let isEven = $count.read { $0.isMultiple(of: 2) }
    #expect(isEven.wrappedValue)
    $count.withLock { $0 += 1 }
    #expect(!isEven.wrappedValue)

    $count = Shared(value: 10)
    #expect(!isEven.wrappedValue)  // it keeps the storage it was made from
    #expect(SharedReader($count).read { $0 * 2 }.wrappedValue == 20)
  }

  @Test func assigningToTheProjectionRepointsEveryCopy() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("first")) var count = 1
      let copy = $count
      let derived = $count.read { $0 }
      $count = Shared(wrappedValue: 42, .inMemory("second"))
      #expect(copy.wrappedValue == 42)
      copy.withLock { $0 += 1 }
      #expect(count == 43)
      #expect(derived.wrappedValue == 1)

      @SharedReader(.inMemory("first")) var reader = 0
      let readerCopy = $reader
      $reader = SharedReader(value: 7)
      #expect(readerCopy.wrappedValue == 7)
    }
  }

  @Test func anUnlabelledKeyWithADefaultMakesASharedOfItsStorage() {
    withDependencies { _ in } operation: {
      @Shared(InMemoryKey<Int>.Default[.inMemory("visits"), default: 5]) var visits
      #expect(visits == 5)
      #expect($visits.description == #"Shared<Int>(.inMemory("visits"))"#)
      #expect(InMemoryKey<Int>.Default.launches.initialValue == 3)
    }
  }

  @Test func anIdentifiedArrayIsASequenceOfSharedElements() {
    @Shared(value: IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self)) var counts
    let shared = Array($counts)
    #expect(shared.map(\.wrappedValue) == [1, 2, 3])

    $counts.withLock { _ = $0.removeLast() }
    #expect(counts == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
    #expect(shared[2].wrappedValue == 3)  // a removed element keeps its last value
    shared[0].withLock { $0 = 1 }
    #expect(counts == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
  }

  @Test func optionalKeysStartAtNil() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("nickname")) var nickname: String?
      #expect(nickname == nil)
      $nickname.withLock { $0 = "Blob" }
      @SharedReader(.inMemory("nickname")) var reader: String?
      #expect(reader == "Blob")
    }
  }
}
