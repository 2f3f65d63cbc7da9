import Foundation
import Observation
import SharedState
import Synchronization
import Testing

private struct Profile: Equatable, Sendable {
  var name: String
  var volume: Int
}

private struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// The trackings of reads, each made with `withObservationTracking`, and what each `onChange`
/// call reported.
private final class Trackings: Sendable {
  private let told = Mutex<[String]>([])

  /// What each `onChange` call so far reported, in order.
  var changes: [String] { told.withLock { $0 } }

  /// Runs `read` inside a tracking whose `onChange` records `report()`, as seen then.
  @discardableResult
  func track<T>(_ read: () -> T, report: @escaping @Sendable () -> String = { "changed" }) -> T {
    withObservationTracking(read) { [self] in
      let seen = report()
      told.withLock { $0.append(seen) }
    }
  }

  /// Waits until `onChange` has been called `count` times in all, for a change that arrives on
  /// another thread; gives up after five minutes (a guard against waiting for ever on a busy
  /// machine), which the test's next expectation then reports.
  func waitForChanges(_ count: Int) async {
    let deadline = ContinuousClock.now + .seconds(300)
    while changes.count < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}

@Suite struct ObservationTests {
  @Test func aChangeByAnyHolderIsToldOncePerTracking() {
    @Shared(value: 0) var count: Int
    let other = $count
    let trackings = Trackings()
    let read = trackings.track({ count }, report: { "count \(other.wrappedValue)" })
    #expect(read == 0)
    #expect(trackings.changes == [])
    other.withLock { $0 += 1 }
    #expect(trackings.changes == ["count 1"])  // told after the change
    other.withLock { $0 += 1 }
    count = 5
    #expect(trackings.changes == ["count 1"])  // the tracking has fired: nothing more
    trackings.track({ count }, report: { "count \(other.wrappedValue)" })
    count = 6
    #expect(trackings.changes == ["count 1", "count 6"])
  }

  @Test func aKeyedValueIsToldOfAChangeThroughAnotherHolderOfTheKey() {
    @Shared(.inMemory("observed-launches")) var launches = 0
    @Shared(.inMemory("observed-launches")) var same = 0
    let trackings = Trackings()
    trackings.track { launches }
    $same.withLock { $0 += 1 }
    #expect(trackings.changes == ["changed"])
    #expect(launches == 1)
  }

  @Test func aChangeToAnotherStorageIsNotTold() {
    @Shared(value: 0) var count: Int
    @Shared(value: 0) var other: Int
    @Shared(.inMemory("observed-a")) var a = 0
    @Shared(.inMemory("observed-b")) var b = 0
    let trackings = Trackings()
    trackings.track { (count, a) }
    other = 1
    b = 1
    #expect(trackings.changes == [])
    a = 1
    #expect(trackings.changes == ["changed"])
  }

  @Test func readersMembersAndTransformsAreToldOfChangesToTheirStorage() {
    @Shared(value: Profile(name: "Blob", volume: 3)) var profile: Profile
    let name = $profile.name
    let reader = SharedReader($profile)
    let loud = $profile.read { $0.volume > 5 }
    let trackings = Trackings()
    trackings.track { name.wrappedValue }
    trackings.track { reader.wrappedValue.volume }
    trackings.track { loud.wrappedValue }
    trackings.track { profile }
    $profile.volume.withLock { $0 = 9 }  // a derived reference writing into the value
    #expect(trackings.changes == ["changed", "changed", "changed", "changed"])
    #expect(loud.wrappedValue == true)
  }

  @Test func aWriteThroughADerivedMemberIsToldToTheWholeValue() {
    @Shared(.inMemory("observed-profile")) var profile = Profile(name: "Blob", volume: 3)
    let trackings = Trackings()
    trackings.track({ profile }, report: { [profile = $profile] in profile.wrappedValue.name })
    $profile.name.withLock { $0 = "Blob Jr." }
    #expect(trackings.changes == ["Blob Jr."])
  }

  @Test func anElementIsToldOfItsOwnChangesNotAnotherElementsThroughItsShared() throws {
    @Shared(value: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]) var todos: IdentifiedArrayOf<Todo>
    let milk = try #require($todos[id: 1])
    let eggs = try #require($todos[id: 2])
    let trackings = Trackings()
    let read = trackings.track { milk.wrappedValue.title }
    #expect(read == "Milk")
    eggs.withLock { $0.title = "Brown eggs" }
    $todos[id: 2]?.title.withLock { $0 += "!" }
    #expect(trackings.changes == [])  // another element, written through its own Shared
    try #require($todos[id: 1]).title.withLock { $0 = "Oat milk" }  // another Shared of the element
    #expect(trackings.changes == ["changed"])
    #expect(todos.map(\.title) == ["Oat milk", "Brown eggs!"])
  }

  @Test func aDerivedMemberOfAnElementIsToldOfThatElementsChanges() throws {
    @Shared(.inMemory("observed-todos")) var todos: IdentifiedArrayOf<Todo> = [
      Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"),
    ]
    let milkTitle = try #require($todos[id: 1]).title
    let trackings = Trackings()
    trackings.track { milkTitle.wrappedValue }
    try #require($todos[id: 2]).withLock { $0.title = "Brown eggs" }
    #expect(trackings.changes == [])
    try #require($todos[id: 1]).withLock { $0.title = "Oat milk" }
    #expect(trackings.changes == ["changed"])
  }

  @Test func theWholeArrayIsToldOfEveryElementsChangeOncePerTracking() throws {
    @Shared(value: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]) var todos: IdentifiedArrayOf<Todo>
    let milk = try #require($todos[id: 1])
    let trackings = Trackings()
    trackings.track { todos.count }
    trackings.track { (todos.count, milk.wrappedValue.title) }  // the array and the element
    milk.withLock { $0.title = "Oat milk" }
    #expect(trackings.changes == ["changed", "changed"])
    try #require($todos[id: 2]).withLock { $0.title = "Brown eggs" }
    #expect(trackings.changes == ["changed", "changed"])  // both have fired
  }

  @Test func anElementIsToldOfAWriteToTheWholeArray() throws {
    @Shared(value: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]) var todos: IdentifiedArrayOf<Todo>
    let milk = try #require($todos[id: 1])
    let trackings = Trackings()
    trackings.track { milk.wrappedValue }
    // A write to the whole array may change any element: every element's tracking is told.
    $todos.withLock { $0[id: 2]?.title = "Brown eggs" }
    #expect(trackings.changes == ["changed"])
  }

  @Test func aChangeLoadedFromAFileIsTold() async {
    let fileSystem = InMemoryFileSystem(files: ["/data/count.json": Data("1".utf8)])
    await withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
    } operation: {
      @Shared(.fileStorage(URL(filePath: "/data/count.json"))) var count = 0
      let trackings = Trackings()
      let read = trackings.track({ count }, report: { [count = $count] in "count \(count.wrappedValue)" })
      #expect(read == 1)
      fileSystem.simulateOutsideWrite(Data("10".utf8), to: "/data/count.json")  // another process
      await trackings.waitForChanges(1)
      #expect(trackings.changes == ["count 10"])
      #expect(count == 10)
    }
  }

  @Test func aSettingChangedInTheStoreIsTold() async {
    await withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config/settings.json"), fileSystem: InMemoryFileSystem())
    } operation: {
      @Dependency(\.defaultAppStorage) var store
      @SharedReader(.appStorage("volume")) var volume = 3
      @SharedReader(.appStorage("theme")) var theme = "sky"
      let trackings = Trackings()
      trackings.track({ volume }, report: { [volume = $volume] in "volume \(volume.wrappedValue)" })
      store.set("night", forKey: "theme")
      store.set(7, forKey: "volume")
      await trackings.waitForChanges(1)
      #expect(trackings.changes == ["volume 7"])
      #expect(theme == "night")
    }
  }
}
