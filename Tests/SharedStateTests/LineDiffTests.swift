import SharedState
import Testing

private struct DumpPerson {
  var id: Int
  var name: String
  var age: Int
}

/// Lines `1` through `count`, with the given lines replaced.
private func numberedLines(_ count: Int, replacing changes: [Int: String] = [:]) -> String {
  (1...count).map { changes[$0] ?? "\($0)" }.joined(separator: "\n")
}

@Suite struct LineDiffTests {
  @Test func equalTextsHaveNoDiff() {
    #expect(lineDiff(from: "a\nb", to: "a\nb") == nil)
    #expect(lineDiff(from: "", to: "") == nil)
    let person = DumpPerson(id: 1, name: "Blob", age: 42)
    #expect(valueDiff(person, person) == nil)
  }

  @Test func singleChange() {
    let old = DumpPerson(id: 1, name: "Blob", age: 42)
    var new = old
    new.age = 43
    let diff = valueDiff(old, new)
    #expect(
      diff == """
          DumpPerson(
            id: 1,
            name: "Blob",
        −   age: 42
        +   age: 43
          )
        """
    )
  }

  @Test func insertion() {
    #expect(lineDiff(from: "a\nb\nc", to: "a\nb\nx\nc") == "  a\n  b\n+ x\n  c")
    #expect(lineDiff(from: "", to: "a") == "− \n+ a")
    #expect(lineDiff(from: "a", to: "a\nb") == "  a\n+ b")
  }

  @Test func deletion() {
    #expect(lineDiff(from: "a\nb\nc\nd", to: "a\nc\nd") == "  a\n− b\n  c\n  d")
    #expect(lineDiff(from: "a\nb", to: "b") == "− a\n  b")
  }

  @Test func removalsPrecedeAdditionsInARun() {
    #expect(lineDiff(from: "a\nb\nc\nz", to: "a\nx\ny\nz") == "  a\n− b\n− c\n+ x\n+ y\n  z")
  }

  @Test func farApartChangesAreSeparatedByEllipsis() {
    let old = numberedLines(21)
    let new = numberedLines(21, replacing: [3: "three", 17: "seventeen"])
    #expect(
      lineDiff(from: old, to: new) == """
          1
          2
        − 3
        + three
          4
          5
          …
          15
          16
        − 17
        + seventeen
          18
          19
          …
        """
    )
  }

  @Test func contextCountIsRespected() {
    let old = numberedLines(21)
    let new = numberedLines(21, replacing: [3: "three", 17: "seventeen"])
    #expect(
      lineDiff(from: old, to: new, context: 0) == """
          …
        − 3
        + three
          …
        − 17
        + seventeen
          …
        """
    )
    #expect(
      lineDiff(from: old, to: new, context: 1) == """
          1
          2
        − 3
        + three
          4
          …
          16
        − 17
        + seventeen
          18
          …
        """
    )
    // A single hidden line (`1` above) is shown, since `…` would take its place anyway,
    // and changes whose contexts touch form one region.
    #expect(
      lineDiff(from: numberedLines(9), to: numberedLines(9, replacing: [3: "c", 7: "g"])) == """
          1
          2
        − 3
        + c
          4
          5
          6
        − 7
        + g
          8
          9
        """
    )
  }

  @Test func largeInputWithOneChange() {
    let lines = (0..<5000).map { "line \($0)" }
    var changed = lines
    changed[2500] = "changed"
    #expect(
      lineDiff(from: lines.joined(separator: "\n"), to: changed.joined(separator: "\n")) == """
          …
          line 2498
          line 2499
        − line 2500
        + changed
          line 2501
          line 2502
          …
        """
    )
  }

  @Test func largeInputWithChangesAtBothEnds() throws {
    let lines = (0..<5000).map { "line \($0)" }
    var changed = lines
    changed[10] = "ten"
    changed.remove(at: 4990)
    let diff = try #require(
      lineDiff(from: lines.joined(separator: "\n"), to: changed.joined(separator: "\n"), context: 0)
    )
    #expect(diff == "  …\n− line 10\n+ ten\n  …\n− line 4990\n  …")
  }

  @Test func diffsAreMinimal() {
    // Compare the number of changed lines against a longest-common-subsequence count.
    var random = DumpRandom(seed: 42)
    for _ in 0..<300 {
      let old = (0..<random.next(upTo: 12)).map { _ in ["a", "b", "c"][random.next(upTo: 3)] }
      let new = (0..<random.next(upTo: 12)).map { _ in ["a", "b", "c"][random.next(upTo: 3)] }
      let diff = lineDiff(
        from: old.joined(separator: "\n"), to: new.joined(separator: "\n"), context: 100
      )
      guard let diff else {
        #expect(old == new || old.joined(separator: "\n") == new.joined(separator: "\n"))
        continue
      }
      let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
      let removed = lines.filter { $0.hasPrefix("− ") }.map { $0.dropFirst(2) }
      let added = lines.filter { $0.hasPrefix("+ ") }.map { $0.dropFirst(2) }
      let kept = lines.filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
      let oldLines = old.isEmpty ? [""] : old
      let newLines = new.isEmpty ? [""] : new
      let common = longestCommonSubsequence(oldLines, newLines)
      #expect(removed.count == oldLines.count - common, "\(old) → \(new)")
      #expect(added.count == newLines.count - common, "\(old) → \(new)")
      #expect(kept.count == common, "\(old) → \(new)")
    }
  }
}

private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
  var previous = [Int](repeating: 0, count: b.count + 1)
  for x in a {
    var current = [0]
    for (j, y) in b.enumerated() {
      current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j]))
    }
    previous = current
  }
  return previous[b.count]
}

/// A small deterministic generator (a linear congruential generator).
private struct DumpRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(upTo bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}
