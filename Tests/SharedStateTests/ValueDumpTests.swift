#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import Testing

private enum DumpTheme { case bubblegum, buttercup }

private struct DumpAttendee {
  var id: UUID
  var name: String
}

private struct DumpSyncUp {
  var id: UUID
  var attendees: [DumpAttendee]
  var duration: Int
  var theme: DumpTheme
  var title: String
}

private struct DumpUser {
  var id: Int
  var name: String
}

private enum DumpAction {
  case tapped
  case select(Int)
  case focus(field: String)
  case rename(id: Int, title: String)
  case move(Int, to: Int)
  case user(DumpUser)
  case theme(DumpTheme)
}

private struct DumpEmpty {}

private struct DumpBox<Value> {
  var value: Value
}

private enum DumpOuter {
  struct Inner {
    var flag: Bool
  }
}

private final class DumpNode {
  var name: String
  var next: DumpNode?
  init(_ name: String, next: DumpNode? = nil) {
    self.name = name
    self.next = next
  }
}

private class DumpBase {
  var id = 1
}

private final class DumpDerived: DumpBase {
  var extra = "x"
}

private final class DumpShared<Value>: CustomDumpValue {
  var value: Value
  init(_ value: Value) { self.value = value }
  var customDumpValue: Any { value }
}

private struct DumpCents: CustomDumpDescription {
  var amount: Int
  var customDumpDescription: String { "\(amount)¢" }
}

@propertyWrapper
private struct DumpWrapped<Value>: CustomDumpValue {
  var wrappedValue: Value
  var customDumpValue: Any { wrappedValue }
}

private struct DumpWrappers {
  @DumpWrapped var count = 3
  var _raw = 1
  lazy var cached = 2
}

@Suite struct ValueDumpTests {
  @Test func nestedStructKeepsDeclarationOrder() {
    let syncUp = DumpSyncUp(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
      attendees: [
        DumpAttendee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Blob")
      ],
      duration: 300,
      theme: .bubblegum,
      title: "Engineering"
    )
    #expect(
      valueDump(syncUp) == """
        DumpSyncUp(
          id: UUID(00000000-0000-0000-0000-000000000000),
          attendees: [
            [0]: DumpAttendee(
              id: UUID(00000000-0000-0000-0000-000000000001),
              name: "Blob"
            )
          ],
          duration: 300,
          theme: .bubblegum,
          title: "Engineering"
        )
        """
    )
  }

  @Test func typeNames() {
    #expect(valueDump(DumpEmpty()) == "DumpEmpty()")
    #expect(valueDump(DumpOuter.Inner(flag: true)) == "DumpOuter.Inner(\n  flag: true\n)")
    #expect(valueDump(DumpBox(value: 1)) == "DumpBox<Int>(\n  value: 1\n)")
    #expect(
      valueDump(DumpBox(value: DumpEmpty())) == "DumpBox<DumpEmpty>(\n  value: DumpEmpty()\n)"
    )
    #expect(
      valueDump(DumpBox(value: [1.5])) == """
        DumpBox<Array<Double>>(
          value: [
            [0]: 1.5
          ]
        )
        """
    )
    // A function-local type is named after its enclosing type.
    struct DumpLocal { var id = 7 }
    #expect(valueDump(DumpLocal()) == "ValueDumpTests.DumpLocal(\n  id: 7\n)")
  }

  @Test func enums() {
    #expect(valueDump(DumpAction.tapped) == "DumpAction.tapped")
    #expect(valueDump(DumpAction.select(3)) == "DumpAction.select(3)")
    #expect(valueDump(DumpAction.focus(field: "title")) == #"DumpAction.focus(field: "title")"#)
    #expect(
      valueDump(DumpAction.rename(id: 1, title: "A")) == #"DumpAction.rename(id: 1, title: "A")"#
    )
    #expect(valueDump(DumpAction.move(1, to: 2)) == "DumpAction.move(1, to: 2)")
    #expect(valueDump(DumpAction.theme(.buttercup)) == "DumpAction.theme(.buttercup)")
    #expect(
      valueDump(DumpAction.user(DumpUser(id: 1, name: "Blob"))) == """
        DumpAction.user(
          DumpUser(
            id: 1,
            name: "Blob"
          )
        )
        """
    )
    #expect(
      valueDump([DumpAction.tapped, .select(1)]) == "[\n  [0]: .tapped,\n  [1]: .select(1)\n]"
    )
  }

  @Test func optionals() {
    let some: Int? = 5
    let none: Int? = nil
    #expect(valueDump(some as Any) == "5")
    #expect(valueDump(none as Any) == "nil")
    let nilBox = DumpBox<String?>(value: nil)
    #expect(valueDump(nilBox) == "DumpBox<Optional<String>>(\n  value: nil\n)")
    let someBox = DumpBox<String?>(value: "a")
    #expect(valueDump(someBox) == "DumpBox<Optional<String>>(\n  value: \"a\"\n)")
    let action: DumpAction? = .tapped
    #expect(valueDump(action as Any) == "DumpAction.tapped")
  }

  @Test func stringsAndCharacters() {
    #expect(valueDump("Blob") == #""Blob""#)
    #expect(valueDump("say \"hi\" \\ ok") == #""say \"hi\" \\ ok""#)
    #expect(valueDump("a\nb\tc\rd\u{1B}[0m\u{7F}") == #""a\nb\tc\rd\u{1B}[0m\u{7F}""#)
    #expect(valueDump("café 👋") == #""café 👋""#)
    #expect(valueDump("line 1\nline 2") == #""line 1\nline 2""#)
    #expect(valueDump("ab".dropFirst()) == #""b""#)
    #expect(valueDump(Character("x")) == #""x""#)
    #expect(valueDump(Character("\"")) == #""\"""#)
  }

  @Test func numbersAndBools() {
    #expect(valueDump(42) == "42")
    #expect(valueDump(-1.5) == "-1.5")
    #expect(valueDump(UInt8(7)) == "7")
    #expect(valueDump(true) == "true")
  }

  @Test func arrays() {
    #expect(valueDump([Int]()) == "[]")
    #expect(valueDump([1, 2]) == "[\n  [0]: 1,\n  [1]: 2\n]")
    #expect(valueDump([[1], []]) == "[\n  [0]: [\n    [0]: 1\n  ],\n  [1]: []\n]")
    #expect(valueDump([10, 20, 30][1...]) == "[\n  [0]: 20,\n  [1]: 30\n]")
  }

  @Test func setsAreSortedByDump() {
    #expect(valueDump(Set<String>()) == "[]")
    #expect(
      valueDump(Set(["pear", "apple", "fig"])) == "[\n  \"apple\",\n  \"fig\",\n  \"pear\"\n]"
    )
    // Sorted by text, not by value.
    #expect(valueDump(Set([10, 2, 1])) == "[\n  1,\n  10,\n  2\n]")
  }

  @Test func dictionariesAreSortedByKey() {
    #expect(valueDump([String: Int]()) == "[:]")
    #expect(valueDump(["b": 2, "c": 3, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n]")
    #expect(
      valueDump([1: DumpUser(id: 1, name: "Blob")]) == """
        [
          1: DumpUser(
            id: 1,
            name: "Blob"
          )
        ]
        """
    )
  }

  @Test func tuples() {
    #expect(valueDump(()) == "()")
    #expect(valueDump((1, "a")) == #"(1, "a")"#)
    #expect(valueDump((x: 1, y: 2)) == "(x: 1, y: 2)")
    #expect(
      valueDump((id: 1, user: DumpUser(id: 2, name: "Blob"))) == """
        (
          id: 1,
          user: DumpUser(
            id: 2,
            name: "Blob"
          )
        )
        """
    )
  }

  @Test func classes() {
    let node = DumpNode("a")
    node.next = node
    #expect(valueDump(node) == "DumpNode(\n  name: \"a\",\n  next: DumpNode(↩︎)\n)")

    // Repeats that aren't cycles render in full.
    let leaf = DumpNode("leaf")
    #expect(
      valueDump([leaf, leaf]) == """
        [
          [0]: DumpNode(
            name: "leaf",
            next: nil
          ),
          [1]: DumpNode(
            name: "leaf",
            next: nil
          )
        ]
        """
    )
    #expect(valueDump(DumpDerived()) == "DumpDerived(\n  id: 1,\n  extra: \"x\"\n)")
  }

  @Test func foundationValues() {
    let uuid = UUID(uuidString: "deadbeef-0000-4000-8000-0123456789ab")!
    #expect(valueDump(uuid) == "UUID(DEADBEEF-0000-4000-8000-0123456789AB)")
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    #expect(valueDump(date) == "Date(2009-02-13T23:31:30.000Z)")
    #expect(valueDump(Date(timeIntervalSince1970: 0.25)) == "Date(1970-01-01T00:00:00.250Z)")
    let url = URL(string: "https://example.com/a?b=1")!
    #expect(valueDump(url) == "URL(https://example.com/a?b=1)")
    #expect(valueDump(URL(fileURLWithPath: "/tmp/x.json")) == "URL(file:///tmp/x.json)")
    #expect(valueDump(Data([1, 2, 3])) == "Data(3 bytes)")
    #expect(valueDump(Data()) == "Data(0 bytes)")
  }

  @Test func durations() {
    #expect(valueDump(Duration.seconds(300)) == "Duration(300 seconds)")
    #expect(valueDump(Duration.milliseconds(1500)) == "Duration(1.5 seconds)")
    #expect(valueDump(Duration.milliseconds(-250)) == "Duration(-0.25 seconds)")
    #expect(valueDump(Duration.nanoseconds(1)) == "Duration(0.000000001 seconds)")
  }

  @Test func customDumpValueAndDescription() {
    #expect(valueDump(DumpShared(3)) == "3")
    #expect(valueDump(DumpShared(DumpAction.tapped)) == "DumpAction.tapped")
    #expect(
      valueDump(DumpBox(value: DumpShared(DumpUser(id: 1, name: "Blob")))) == """
        DumpBox<DumpShared<DumpUser>>(
          value: DumpUser(
            id: 1,
            name: "Blob"
          )
        )
        """
    )
    let shared = DumpShared<[Any]>([])
    shared.value = [shared]
    #expect(valueDump(shared) == "[\n  [0]: DumpShared<Array<Any>>(↩︎)\n]")
    #expect(valueDump(DumpCents(amount: 150)) == "150¢")
    #expect(valueDump([DumpCents(amount: 5)]) == "[\n  [0]: 5¢\n]")
  }

  @Test func underscoredAndLazyLabels() {
    #expect(valueDump(DumpWrappers()) == "DumpWrappers(\n  count: 3,\n  raw: 1,\n  cached: nil\n)")
  }

  @Test func deterministic() {
    let value = ["x": Set([3, 1, 2]), "a": [], "m": [9]]
    #expect(valueDump(value) == valueDump(value))
    #expect(
      valueDump(value) == """
        [
          "a": [],
          "m": [
            9
          ],
          "x": [
            1,
            2,
            3
          ]
        ]
        """
    )
  }

  /// Shared values are numbered by their storage, in the order the dump meets them; the same
  /// storage met again is named, not dumped again, and a value derived from a storage has its
  /// number.
  @Test func sharedValuesAreNumberedByTheirStorage() {
    let count = Shared(0)
    let other = Shared(0)
    #expect(valueDump(count) == "#1 0")
    #expect(
      valueDump([count, other, count, other]) == """
        [
          [0]: #1 0,
          [1]: #2 0,
          [2]: #1 Int(↩︎),
          [3]: #2 Int(↩︎)
        ]
        """)
    let team = Shared(DumpTeam(name: "Blob", size: 2))
    #expect(
      valueDump(DumpPair(size: team.size, team: team)) == """
        DumpPair(
          size: #1 2,
          team: #1 DumpTeam(↩︎)
        )
        """)
    #expect(valueDump(SharedReader(count)) == "#1 0")
  }
}

private struct DumpTeam: Sendable {
  var name: String
  var size: Int
}

private struct DumpPair {
  var size: Shared<Int>
  var team: Shared<DumpTeam>
}
