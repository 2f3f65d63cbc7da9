import Testing

@testable import SharedState

private struct Note: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
}

/// Notes with ids and texts from a compact description: `"1a 2b"` is notes 1 "a" and 2 "b".
private func notes(_ description: String) -> IdentifiedArrayOf<Note> {
  IdentifiedArrayOf(
    uniqueElements: description.split(separator: " ").map {
      Note(id: Int(String($0.prefix { $0.isNumber }))!, text: String($0.drop { $0.isNumber }))
    })
}

/// The merged notes in the same compact form.
private func text(_ notes: IdentifiedArrayOf<Note>) -> String {
  notes.map { "\($0.id)\($0.text)" }.joined(separator: " ")
}

/// What a merge did besides its result: the elements `mergeChanges` was asked about and the
/// elements `keptChange` reported, in call order.
private struct Calls: Equatable {
  var merged: [String] = []
  var kept: [String] = []
}

/// Merges the notes; both sides changing one note joins their texts as `ours+theirs`.
private func merge(
  base: String, ours: String, theirs: String
) -> (result: String, calls: Calls) {
  var calls = Calls()
  let result = IdentifiedArray.threeWayMerge(
    base: notes(base), ours: notes(ours), theirs: notes(theirs)
  ) { base, ours, theirs in
    let baseText = base.map { "\($0.id)\($0.text)" } ?? "none"
    calls.merged.append("\(baseText) \(ours.text) \(theirs.text)")
    return Note(id: ours.id, text: ours.text + "+" + theirs.text)
  } keptChange: { kept, base, removedBy in
    calls.kept.append("\(kept.id)\(kept.text) was \(base.text), removed by \(removedBy)")
  }
  return (text(result), calls)
}

@Suite struct ThreeWayMergeTests {
  @Test func additionsOnEitherSideAreKept() {
    let (result, calls) = merge(base: "1a 2b", ours: "1a 2b 3c", theirs: "1a 4d 2b")
    #expect(result == "1a 4d 2b 3c")
    #expect(calls == Calls())
  }

  @Test func removedOnOneSideAndUnchangedOnTheOtherIsRemoved() {
    #expect(merge(base: "1a 2b 3c", ours: "1a 3c", theirs: "1a 2b 3c").result == "1a 3c")
    #expect(merge(base: "1a 2b 3c", ours: "1a 2b 3c", theirs: "2b 3c").result == "2b 3c")
    #expect(merge(base: "1a 2b 3c", ours: "3c", theirs: "1a 3c").result == "3c")
  }

  @Test func removedOnOneSideAndChangedOnTheOtherIsKeptAndReported() {
    let (result, calls) = merge(base: "1a 2b 3c", ours: "1a 3c", theirs: "1a 2B 3c")
    #expect(result == "1a 2B 3c")
    #expect(calls.kept == ["2B was b, removed by ours"])
    #expect(calls.merged == [])

    let mirrored = merge(base: "1a 2b 3c", ours: "1a 2B 3c", theirs: "1a 3c")
    #expect(mirrored.result == "1a 2B 3c")
    #expect(mirrored.calls.kept == ["2B was b, removed by theirs"])
  }

  @Test func aChangeOnOneSideWins() {
    let (result, calls) = merge(base: "1a 2b", ours: "1A 2b", theirs: "1a 2B")
    #expect(result == "1A 2B")
    #expect(calls == Calls())
  }

  @Test func theSameChangeOnBothSidesIsTakenOnce() {
    let (result, calls) = merge(base: "1a", ours: "1z 2n", theirs: "1z 2n")
    #expect(result == "1z 2n")
    #expect(calls == Calls())
  }

  @Test func differentChangesOnBothSidesGoToTheClosure() {
    let (result, calls) = merge(base: "1a 2b", ours: "1x 2b", theirs: "1y 2b")
    #expect(result == "1x+y 2b")
    #expect(calls.merged == ["1a x y"])
  }

  @Test func differentAdditionsOfOneIdGoToTheClosureWithoutBase() {
    let (result, calls) = merge(base: "", ours: "7p", theirs: "7q")
    #expect(result == "7p+q")
    #expect(calls.merged == ["none p q"])
  }

  @Test func theClosuresAreCalledInTheOrderOfTheResult() {
    let (result, calls) = merge(
      base: "1a 2b 3c 4d", ours: "4D 1x 3C", theirs: "1y 2B 3c 4d")
    // Ours reordered (4 before 1), theirs did not: ours' order; 2 comes before 3, its
    // neighbour on theirs.
    #expect(result == "4D 1x+y 2B 3C")
    #expect(calls.merged == ["1a x y"])
    #expect(calls.kept == ["2B was b, removed by ours"])
  }

  @Test func oursOrderIsFollowedWhenBothReordered() {
    #expect(merge(base: "1a 2b 3c", ours: "3c 2b 1a", theirs: "2b 3c 1a").result == "3c 2b 1a")
  }

  @Test func theirsOrderIsFollowedWhenOnlyTheyReordered() {
    #expect(merge(base: "1a 2b 3c", ours: "1a 2b 3c 4d", theirs: "3c 1a 2b").result
      == "3c 1a 2b 4d")
    #expect(merge(base: "1a 2b 3c", ours: "1a 3c", theirs: "3c 2b 1a").result == "3c 1a")
  }

  @Test func additionsGoBeforeTheirNearestNeighbourAfterThem() {
    // Theirs added 7 before 1, 5 and 6 before 3, and 8 at the end; ours appended 4.
    #expect(merge(base: "1a 2b 3c", ours: "1a 3c 4d", theirs: "7g 1a 2b 5e 6f 3c 8h").result
      == "7g 1a 5e 6f 3c 4d 8h")
    // Theirs added 5 before 2, which ours removed (unchanged: gone), so it goes before 3,
    // the nearest neighbour after it that ours still holds.
    #expect(merge(base: "1a 2b 3c", ours: "1a 3c", theirs: "1a 5e 2b 3c").result == "1a 5e 3c")
  }

  @Test func whatBothSidesAppendedEndsUpAtTheEndOursFirst() {
    #expect(merge(base: "1a 2b", ours: "1a 2b 3c 4d", theirs: "1a 2b 5e").result
      == "1a 2b 3c 4d 5e")
  }

  @Test func theResultReadsIdsLikeOurs() {
    let merged = IdentifiedArray.threeWayMerge(
      base: notes("1a"), ours: notes("1a 2b"), theirs: notes("3c")
    ) { _, ours, _ in ours }
    #expect(merged.index(id: 3) == 1)
    #expect(merged[id: 2]?.text == "b")
  }

  @Test func theDocumentedExampleDoesWhatItSays() {
    // Milk, Dog, Read; ours changed Milk; theirs removed Milk and Read, changed Dog, added Cook.
    let (result, calls) = merge(
      base: "1Milk 2Dog 3Read", ours: "1Oat 2Dog 3Read", theirs: "2Walk 4Cook")
    #expect(result == "1Oat 2Walk 4Cook")
    #expect(calls.kept == ["1Oat was Milk, removed by theirs"])
  }

  @Test func emptyInputsMergeToEmpty() {
    #expect(merge(base: "", ours: "", theirs: "").result == "")
    #expect(merge(base: "1a 2b", ours: "", theirs: "").result == "")
  }

  @Test func mergingWithTheBaseOrItselfChangesNothing() {
    let base = "1a 2b 3c"
    let side = "4d 3C 1a"
    #expect(merge(base: base, ours: side, theirs: base).result == side)
    #expect(merge(base: base, ours: base, theirs: side).result == side)
    #expect(merge(base: base, ours: side, theirs: side).result == side)
  }
}

@Suite struct ThreeWayChangeTests {
  @Test func comparesEachSideWithTheBase() {
    #expect(ThreeWayChange(base: 1, ours: 1, theirs: 1) == .same(1))
    #expect(ThreeWayChange(base: 1, ours: 2, theirs: 1) == .changed(by: .ours, to: 2))
    #expect(ThreeWayChange(base: 1, ours: 1, theirs: 3) == .changed(by: .theirs, to: 3))
    #expect(ThreeWayChange(base: 1, ours: 2, theirs: 2) == .same(2))
    #expect(ThreeWayChange(base: 1, ours: 2, theirs: 3) == .conflict(ours: 2, theirs: 3))
  }

  @Test func withoutBaseAnyDifferenceConflicts() {
    #expect(ThreeWayChange(base: nil, ours: 2, theirs: 2) == .same(2))
    #expect(ThreeWayChange(base: nil, ours: 2, theirs: 3) == .conflict(ours: 2, theirs: 3))
  }

  @Test func anAbsentValueIsAValue() {
    let removedByTheirs = ThreeWayChange<String?>(base: .some("x"), ours: "x", theirs: nil)
    #expect(removedByTheirs == .changed(by: .theirs, to: nil))
    let addedByOurs = ThreeWayChange<String?>(base: .some(nil), ours: "y", theirs: nil)
    #expect(addedByOurs == .changed(by: .ours, to: "y"))
  }

  @Test func aConflictTakesThePreferredSide() {
    let conflict = ThreeWayChange(base: 1, ours: 2, theirs: 3)
    #expect(conflict.value(preferring: .ours) == 2)
    #expect(conflict.value(preferring: .theirs) == 3)
    #expect(ThreeWayChange(base: 1, ours: 1, theirs: 3).value(preferring: .ours) == 3)
  }
}
