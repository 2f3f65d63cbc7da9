#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Testing

@testable import SharedState

private struct IATodo: Identifiable, Codable, Equatable, Hashable, Sendable {
  var id: Int
  var title: String
}

private struct IATagged: Identifiable {
  var id: Int
  var tags: [String]
}

private func makeTodos() -> IdentifiedArrayOf<IATodo> {
  [
    IATodo(id: 1, title: "A"),
    IATodo(id: 2, title: "B"),
    IATodo(id: 3, title: "C"),
  ]
}

/// The address of the first element of `array`'s storage.
private func baseAddress<T>(_ array: [T]) -> UInt {
  array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

/// Appends through `RangeReplaceableCollection`, as generic code does.
private func appendGeneric<C: RangeReplaceableCollection>(_ collection: inout C, _ element: C.Element) {
  collection.append(element)
}

/// Checks that `index(id:)` agrees with the position of every element.
private func expectConsistent(
  _ array: IdentifiedArrayOf<IATodo>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (offset, todo) in array.enumerated() {
    #expect(array.index(id: todo.id) == offset, sourceLocation: sourceLocation)
    #expect(array[id: todo.id] == todo, sourceLocation: sourceLocation)
  }
  #expect(array._offsets.count == array.count, sourceLocation: sourceLocation)
}

@Suite struct IdentifiedArrayTests {
  @Test func lookupByID() {
    let todos = makeTodos()
    #expect(todos.count == 3)
    #expect(todos[id: 2] == IATodo(id: 2, title: "B"))
    #expect(todos[id: 9] == nil)
    #expect(todos.index(id: 3) == 2)
    #expect(todos.index(id: 9) == nil)
    #expect(todos.contains(id: 1))
    #expect(!todos.contains(id: 9))
    #expect(todos[0] == IATodo(id: 1, title: "A"))
    #expect(todos.startIndex == 0)
    #expect(todos.endIndex == 3)
  }

  @Test func subscriptIDSetReplacesAppendsAndRemoves() {
    var todos = makeTodos()
    todos[id: 2] = IATodo(id: 2, title: "B2")
    #expect(todos.map(\.title) == ["A", "B2", "C"])
    todos[id: 4] = IATodo(id: 4, title: "D")
    #expect(todos.ids == [1, 2, 3, 4])
    todos[id: 1] = nil
    #expect(todos.ids == [2, 3, 4])
    todos[id: 9] = nil
    #expect(todos.ids == [2, 3, 4])
    expectConsistent(todos)
  }

  @Test func subscriptIDModify() {
    var todos = makeTodos()
    todos[id: 2]?.title = "B2"
    todos[id: 3]!.title += "!"
    todos[id: 9]?.title = "ignored"
    #expect(todos.map(\.title) == ["A", "B2", "C!"])
    #expect(todos.ids == [1, 2, 3])

    // Through a generic function taking the optional inout.
    func clear(_ todo: inout IATodo?) { todo = nil }
    clear(&todos[id: 1])
    #expect(todos.ids == [2, 3])
    expectConsistent(todos)

    func add(_ todo: inout IATodo?) { todo = IATodo(id: 5, title: "E") }
    add(&todos[id: 5])
    #expect(todos.ids == [2, 3, 5])
    expectConsistent(todos)
  }

  @Test func subscriptIDModifyRemovesFromMiddleKeepingOrder() {
    var todos: IdentifiedArrayOf<IATodo> = [
      IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B"),
      IATodo(id: 3, title: "C"), IATodo(id: 4, title: "D"),
    ]
    func clear(_ todo: inout IATodo?) { todo = nil }
    clear(&todos[id: 2])
    #expect(todos.ids == [1, 3, 4])
    clear(&todos[id: 4])
    #expect(todos.ids == [1, 3])
    expectConsistent(todos)
  }

  @Test func subscriptIDModifyDoesNotReallocateElements() {
    var todos = IdentifiedArrayOf<IATodo>(
      uniqueElements: (0..<1_000).map { IATodo(id: $0, title: "t\($0)") }
    )
    let before = baseAddress(todos.elements)
    for id in 0..<1_000 {
      todos[id: id]!.title = "x"
    }
    todos[id: 0]?.title = "first"
    todos[id: 999]?.title = "last"
    #expect(baseAddress(todos.elements) == before)
    #expect(todos[id: 0]?.title == "first")
    #expect(todos[id: 500]?.title == "x")
    #expect(todos[id: 999]?.title == "last")
    #expect(todos.ids == Array(0..<1_000))
  }

  @Test func subscriptIDModifyMutatesElementStorageInPlace() {
    var tags: [String] = []
    tags.reserveCapacity(16)
    tags.append("a")
    var array = IdentifiedArrayOf<IATagged>(
      uniqueElements: [IATagged(id: 1, tags: []), IATagged(id: 2, tags: tags)]
    )
    tags = []
    let before = baseAddress(array[id: 2]!.tags)
    // The element's own buffer must not be shared with a temporary copy,
    // otherwise appending would copy it to a new address.
    array[id: 2]!.tags.append("b")
    #expect(baseAddress(array[id: 2]!.tags) == before)
    #expect(array[id: 2]?.tags == ["a", "b"])
  }

  @Test func positionSubscriptSetAndModify() {
    var todos = makeTodos()
    todos[1] = IATodo(id: 2, title: "B2")
    todos[2].title = "C2"
    #expect(todos.map(\.title) == ["A", "B2", "C2"])
    expectConsistent(todos)
  }

  @Test func appendExistingIDIsNotAppended() {
    var todos = makeTodos()
    let existing = todos.append(IATodo(id: 2, title: "other"))
    #expect(existing.inserted == false)
    #expect(existing.index == 1)
    #expect(todos[id: 2]?.title == "B")
    let new = todos.append(IATodo(id: 4, title: "D"))
    #expect(new.inserted == true)
    #expect(new.index == 3)
    todos.append(contentsOf: [IATodo(id: 1, title: "dup"), IATodo(id: 5, title: "E")])
    #expect(todos.ids == [1, 2, 3, 4, 5])
    #expect(todos[id: 1]?.title == "A")
  }

  @Test func insertInMiddleShiftsLookups() {
    var todos = makeTodos()
    let result = todos.insert(IATodo(id: 7, title: "X"), at: 1)
    #expect(result.inserted == true)
    #expect(result.index == 1)
    #expect(todos.ids == [1, 7, 2, 3])
    #expect(todos.index(id: 2) == 2)
    #expect(todos.index(id: 3) == 3)
    expectConsistent(todos)
    let duplicate = todos.insert(IATodo(id: 3, title: "dup"), at: 0)
    #expect(duplicate.inserted == false)
    #expect(duplicate.index == 3)
    #expect(todos.ids == [1, 7, 2, 3])
  }

  @Test func removeByIDAndPosition() {
    var todos = makeTodos()
    #expect(todos.remove(id: 2) == IATodo(id: 2, title: "B"))
    #expect(todos.remove(id: 2) == nil)
    #expect(todos.ids == [1, 3])
    #expect(todos.index(id: 3) == 1)
    expectConsistent(todos)
    #expect(todos.remove(at: 0) == IATodo(id: 1, title: "A"))
    #expect(todos.ids == [3])
    #expect(todos.index(id: 3) == 0)
    #expect(!todos.contains(id: 1))
    expectConsistent(todos)
  }

  @Test func removeAtOffsets() {
    var todos = makeTodos()
    todos.append(IATodo(id: 4, title: "D"))
    todos.remove(atOffsets: [0, 2])
    #expect(todos.ids == [2, 4])
    #expect(!todos.contains(id: 1))
    #expect(!todos.contains(id: 3))
    expectConsistent(todos)
    todos.remove(atOffsets: [Int]())
    #expect(todos.ids == [2, 4])
  }

  @Test func removeAllAndRemoveAllWhere() {
    var todos = makeTodos()
    todos.append(IATodo(id: 4, title: "D"))
    todos.removeAll { $0.id.isMultiple(of: 2) }
    #expect(todos.ids == [1, 3])
    expectConsistent(todos)
    todos.removeAll()
    #expect(todos.isEmpty)
    #expect(todos[id: 1] == nil)
  }

  @Test(arguments: [
    ([0], 3, ["b", "c", "a", "d"]),
    ([3], 0, ["d", "a", "b", "c"]),
    ([1, 3], 4, ["a", "c", "b", "d"]),
    ([0, 1], 4, ["c", "d", "a", "b"]),
    ([2], 2, ["a", "b", "c", "d"]),
    ([2], 3, ["a", "b", "c", "d"]),
    ([0, 3], 2, ["b", "a", "d", "c"]),
  ])
  func move(source: [Int], destination: Int, expected: [String]) {
    var letters = IdentifiedArray(uniqueElements: ["a", "b", "c", "d"], id: \.self)
    letters.move(fromOffsets: source, toOffset: destination)
    #expect(letters.elements == expected)
    for (offset, letter) in letters.enumerated() {
      #expect(letters.index(id: letter) == offset)
    }
  }

  @Test func swapAt() {
    var todos = makeTodos()
    todos.swapAt(0, 2)
    #expect(todos.ids == [3, 2, 1])
    expectConsistent(todos)
  }

  @Test func sort() {
    var todos: IdentifiedArrayOf<IATodo> = [
      IATodo(id: 1, title: "C"), IATodo(id: 2, title: "A"), IATodo(id: 3, title: "B"),
    ]
    todos.sort { $0.title < $1.title }
    #expect(todos.ids == [2, 3, 1])
    expectConsistent(todos)

    var numbers = IdentifiedArray(uniqueElements: [3, 1, 2], id: \.self)
    numbers.sort()
    #expect(numbers.elements == [1, 2, 3])
    #expect(numbers.index(id: 3) == 2)
  }

  @Test func filterKeepsType() {
    let todos = makeTodos()
    let odd: IdentifiedArrayOf<IATodo> = todos.filter { $0.id % 2 == 1 }
    #expect(odd.ids == [1, 3])
    #expect(odd.index(id: 3) == 1)
    #expect(odd[id: 2] == nil)
    expectConsistent(odd)
  }

  @Test func updateOrAppendAndInsert() {
    var todos = makeTodos()
    #expect(todos.updateOrAppend(IATodo(id: 2, title: "B2")) == IATodo(id: 2, title: "B"))
    #expect(todos.updateOrAppend(IATodo(id: 4, title: "D")) == nil)
    #expect(todos.map(\.title) == ["A", "B2", "C", "D"])

    let updated = todos.updateOrInsert(IATodo(id: 3, title: "C2"), at: 0)
    #expect(updated.originalMember == IATodo(id: 3, title: "C"))
    #expect(updated.index == 2)
    let inserted = todos.updateOrInsert(IATodo(id: 5, title: "E"), at: 1)
    #expect(inserted.originalMember == nil)
    #expect(inserted.index == 1)
    #expect(todos.ids == [1, 5, 2, 3, 4])
    #expect(todos.map(\.title) == ["A", "E", "B2", "C2", "D"])
    expectConsistent(todos)
  }

  @Test func uniquingIDsWith() {
    let todos = IdentifiedArrayOf<IATodo>(
      [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B"), IATodo(id: 1, title: "A2")],
      uniquingIDsWith: { first, second in IATodo(id: first.id, title: first.title + second.title) }
    )
    #expect(todos.elements == [IATodo(id: 1, title: "AA2"), IATodo(id: 2, title: "B")])
  }

  @Test func idsAndElementsInOrder() {
    var todos = makeTodos()
    todos.insert(IATodo(id: 0, title: "Z"), at: 0)
    #expect(todos.ids == [0, 1, 2, 3])
    #expect(todos.elements.map(\.title) == ["Z", "A", "B", "C"])
  }

  @Test func equatableAndHashable() {
    #expect(makeTodos() == makeTodos())
    var reordered = makeTodos()
    reordered.swapAt(0, 1)
    #expect(reordered != makeTodos())
    var changed = makeTodos()
    changed[id: 1]?.title = "other"
    #expect(changed != makeTodos())
    #expect(Set([makeTodos(), makeTodos(), reordered]).count == 2)
    #expect(IdentifiedArrayOf<IATodo>() == [])
  }

  @Test func arrayLiteralAndEmptyInit() {
    let todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 5, title: "E"), IATodo(id: 6, title: "F")]
    #expect(todos.ids == [5, 6])
    #expect(todos.index(id: 6) == 1)
    let empty = IdentifiedArrayOf<IATodo>()
    #expect(empty.isEmpty)
    #expect(empty.ids == [])
  }

  @Test func codableRoundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
    let data = try encoder.encode(todos)
    let json = String(decoding: data, as: UTF8.self)
    #expect(json == #"[{"id":1,"title":"A"},{"id":2,"title":"B"}]"#)
    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<IATodo>.self, from: data)
    #expect(decoded == todos)
    #expect(decoded.index(id: 2) == 1)
  }

  @Test func decodingDuplicateIDThrows() throws {
    let json = #"[{"id":1,"title":"A"},{"id":7,"title":"B"},{"id":7,"title":"C"}]"#
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<IATodo>.self, from: Data(json.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription == "Duplicate element id 7 at index 2")
    #expect(context.codingPath.map(\.intValue) == [2])
  }

  @Test func decodingNestedDuplicateIDHasFullCodingPath() throws {
    struct Wrapper: Decodable { var todos: IdentifiedArrayOf<IATodo> }
    let json = #"{"todos":[{"id":3,"title":"A"},{"id":3,"title":"B"}]}"#
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["todos", "Index 1"])
    #expect(context.codingPath.last?.intValue == 1)
    #expect(context.debugDescription.contains("3"))
  }

  @Test func descriptionAndMirror() {
    let numbers = IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self)
    #expect(numbers.description == "[1, 2, 3]")
    #expect("\(numbers)" == "[1, 2, 3]")
    let names = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)
    #expect(names.description == #"["a", "b"]"#)
    #expect(IdentifiedArrayOf<IATodo>().description == "[]")

    let mirror = Mirror(reflecting: numbers)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.map { $0.value as? Int } == [1, 2, 3])
    var dumped = ""
    dump(numbers, to: &dumped)
    #expect(dumped.contains("- 2\n"))
    #expect(dumped.hasPrefix("▿ 3 elements\n"))
  }

  @Test func sendableAcrossTasks() async {
    let todos = makeTodos()
    let count = await Task.detached { todos.count }.value
    #expect(count == 3)
  }

  @Test func writeThroughSharedElementEditsInPlaceAndKeepsLookups() throws {
    let todos = Shared(makeTodos())
    let second = try #require(todos[id: 2])
    second.withLock { $0.title = "B2" }
    #expect(todos.wrappedValue.map(\.title) == ["A", "B2", "C"])
    #expect(second.wrappedValue == IATodo(id: 2, title: "B2"))
    expectConsistent(todos.wrappedValue)
  }

  @Test func changingIDThroughSharedElementIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      let todos = Shared<IdentifiedArrayOf<IATodo>>([IATodo(id: 1, title: "A")])
      todos[id: 1]!.withLock { $0.id = 2 }
    }
  }

  @Test func duplicateLiteralIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = IdentifiedArray(uniqueElements: [1, 1], id: \.self)
    }
  }

  @Test func changingIDThroughSubscriptIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A")]
      todos[id: 1]?.id = 2
    }
  }
}

/// The APIs that code written for the well-known identified collection relies on.
@Suite struct IdentifiedArrayPortingTests {
  @Test func uncheckedUniqueElementsWithAndWithoutID() {
    let todos = IdentifiedArrayOf<IATodo>(
      uncheckedUniqueElements: [IATodo(id: 4, title: "D"), IATodo(id: 2, title: "B")]
    )
    #expect(todos.ids == [4, 2])
    #expect(todos[id: 2]?.title == "B")
    expectConsistent(todos)

    let names = IdentifiedArray(uncheckedUniqueElements: ["x", "y", "z"], id: \.self)
    #expect(names.index(id: "z") == 2)
    #expect(names.elements == ["x", "y", "z"])
  }

  @Test func uniquingIDsWithAKeyPath() {
    let words = IdentifiedArray(["apple", "bean", "avocado", "beet", "corn"], id: \.first!) {
      first, second in first + "+" + second
    }
    #expect(words.elements == ["apple+avocado", "bean+beet", "corn"])
    #expect(words.ids == ["a", "b", "c"])
    #expect(words.index(id: "c") == 2)
  }

  @Test func updateAtReplacesAndReturnsTheOriginal() {
    var todos = makeTodos()
    let original = todos.update(IATodo(id: 2, title: "B2"), at: 1)
    #expect(original == IATodo(id: 2, title: "B"))
    #expect(todos.map(\.title) == ["A", "B2", "C"])
    expectConsistent(todos)
  }

  @Test func updateAtWithAnotherIDIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
      todos.update(IATodo(id: 3, title: "C"), at: 1)
    }
  }

  @Test func removeAnElementByItsID() {
    var todos = makeTodos()
    #expect(todos.remove(IATodo(id: 2, title: "any title")) == IATodo(id: 2, title: "B"))
    #expect(todos.remove(IATodo(id: 2, title: "B")) == nil)
    #expect(todos.ids == [1, 3])
    expectConsistent(todos)
  }

  @Test func partitionByKeepsLookupsRight() {
    var todos = IdentifiedArrayOf<IATodo>(
      uniqueElements: (1...7).map { IATodo(id: $0, title: "t\($0)") }
    )
    let pivot = todos.partition { $0.id.isMultiple(of: 2) }
    #expect(pivot == 4)
    #expect(todos[..<pivot].map(\.id).sorted() == [1, 3, 5, 7])
    #expect(todos[pivot...].map(\.id).sorted() == [2, 4, 6])
    expectConsistent(todos)
  }

  @Test func debugDescriptionNamesTheElementTypeAsIdentifiedCollectionsDoes() {
    let numbers = IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self)
    #expect(numbers.debugDescription == "IdentifiedArray<Int>([1, 2, 3])")
    let names = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)
    #expect(names.debugDescription == #"IdentifiedArray<String>(["a", "b"])"#)
    let todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A")]
    #expect(todos.debugDescription.hasPrefix("IdentifiedArray<IATodo>(["))
  }

  @Test func initializersFromAnotherIdentifiedArrayOrASlice() {
    let todos = makeTodos()
    let copy = IdentifiedArray(todos)
    #expect(copy == todos)
    let rest = IdentifiedArray(todos[1...])
    #expect(rest.ids == [2, 3])
    #expect(rest.index(id: 3) == 1)
    #expect(rest.index(id: 1) == nil)
    expectConsistent(rest)

    // The slice keeps the way ids are read, here a key path.
    let letters = IdentifiedArray(uniqueElements: ["a", "b", "c"], id: \.self)
    let tail = IdentifiedArray(letters[1...])
    #expect(tail.index(id: "c") == 1)
    #expect(tail.contains(id: "a") == false)
  }

  @Test func positionalAssignmentReplacesTheElementAndItsID() {
    var todos = makeTodos()
    todos[1] = IATodo(id: 4, title: "D")
    #expect(todos.ids == [1, 4, 3])
    #expect(todos.index(id: 4) == 1)
    #expect(todos[id: 2] == nil)
    expectConsistent(todos)

    todos[2].id = 9
    #expect(todos.ids == [1, 4, 9])
    #expect(todos.index(id: 3) == nil)
    expectConsistent(todos)
  }

  @Test func positionalAssignmentOfAnIDElsewhereIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
      todos[1] = IATodo(id: 1, title: "again")
    }
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
      todos[0].id = 2
    }
  }

  @Test func mutableCollectionAlgorithms() {
    func reverseAll<C: MutableCollection & BidirectionalCollection>(_ collection: inout C) {
      collection.reverse()
    }
    var todos = IdentifiedArrayOf<IATodo>(
      uniqueElements: (1...5).map { IATodo(id: $0, title: "t\($0)") }
    )
    reverseAll(&todos)
    #expect(todos.ids == [5, 4, 3, 2, 1])
    expectConsistent(todos)

    todos[1...] = IdentifiedArray(todos[1...].sorted { $0.id < $1.id })[...]
    #expect(todos.ids == [5, 1, 2, 3, 4])
    expectConsistent(todos)

    todos.shuffle()
    #expect(todos.ids.sorted() == [1, 2, 3, 4, 5])
    expectConsistent(todos)

    let replacements: IdentifiedArrayOf<IATodo> = [
      IATodo(id: 7, title: "G"), IATodo(id: 8, title: "H"), IATodo(id: 9, title: "I"),
    ]
    let head = Array(todos.ids.prefix(3))
    todos[3...] = replacements[1...]
    #expect(todos.ids == head + [8, 9])
    expectConsistent(todos)
  }

  @Test func rangeReplaceableCollectionAlgorithms() {
    func dropFirstAndInsert<C: RangeReplaceableCollection>(
      _ collection: inout C, _ new: [C.Element]
    ) {
      collection.removeFirst()
      collection.insert(contentsOf: new, at: collection.index(after: collection.startIndex))
    }
    var todos = makeTodos()
    dropFirstAndInsert(&todos, [IATodo(id: 7, title: "G"), IATodo(id: 8, title: "H")])
    #expect(todos.ids == [2, 7, 8, 3])
    #expect(todos.map(\.title) == ["B", "G", "H", "C"])
    expectConsistent(todos)

    todos.replaceSubrange(1..<3, with: [IATodo(id: 1, title: "A")])
    #expect(todos.ids == [2, 1, 3])
    expectConsistent(todos)

    todos.removeSubrange(0..<2)
    #expect(todos.ids == [3])
    expectConsistent(todos)

    let built = IdentifiedArrayOf<IATodo>(makeTodos().reversed())
    #expect(built.ids == [3, 2, 1])
    expectConsistent(built)
  }

  @Test func rangeReplaceableInsertingADuplicateIsPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
      appendGeneric(&todos, IATodo(id: 1, title: "again"))
    }
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<IATodo> = [IATodo(id: 1, title: "A"), IATodo(id: 2, title: "B")]
      todos.replaceSubrange(0..<1, with: [IATodo(id: 2, title: "again")])
    }
  }
}
