import SharedState
import Testing
import TestSupport

private struct Team: Equatable, Sendable {
  var name: String
  var members: [String]
}

private struct Screen {
  @Shared var team: Team
  var title: String
}

@Suite struct SharedChangeTrackerTests {
  @Test func recordsTheValueBeforeTheFirstChange() {
    let count = Shared(1)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track {
      count.withLock { $0 += 1 }
      count.withLock { $0 += 1 }
    }
    let changes = tracker.recordedChanges
    #expect(changes.count == 1)
    #expect(changes.first?.label == "Shared<Int>")
    #expect(changes.first?.snapshot as? Int == 1)
    #expect(changes.first?.current() as? Int == 3)
  }

  @Test func changesOutsideTrackingAreNotRecorded() {
    let count = Shared(1)
    let tracker = SharedChangeTracker()
    count.withLock { $0 += 1 }
    #expect(!tracker.hasChanges)
  }

  @Test func tasksStartedWhileTrackingAreTracked() async {
    let count = Shared(0)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    await tracker.track {
      await Task { count.withLock { $0 = 5 } }.value
    }
    #expect(tracker.recordedChanges.first?.snapshot as? Int == 0)
  }

  @Test func acceptingMakesTheCurrentValueTheBaseline() {
    let count = Shared(0)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track { count.withLock { $0 = 1 } }
    tracker.accept()
    tracker.track { count.withLock { $0 = 2 } }
    #expect(tracker.recordedChanges.first?.snapshot as? Int == 1)
  }

  @Test func snapshotFindsTheSharedValuesInAState() {
    let screen = Screen(team: Shared(Team(name: "Blob", members: ["a"])), title: "Home")
    let snapshot = sharedSnapshot(of: screen)
    #expect(snapshot.storages.count == 1)
  }

  @Test func overlayReadsAndWritesAScratchCopy() {
    let screen = Screen(team: Shared(Team(name: "Blob", members: ["a"])), title: "Home")
    let before = sharedSnapshot(of: screen)
    screen.team.members.append("b")  // the real change

    let expected = withSharedValues(before) { () -> [String] in
      let members = screen.$team.members  // derived references see the overlay too
      #expect(members.wrappedValue == ["a"])
      screen.$team.withLock { $0.members.append("c") }
      return screen.team.members
    }
    #expect(expected == ["a", "c"])
    #expect(screen.team.members == ["a", "b"])  // untouched by the expectation
  }

  @Test func assertAcceptsAMatchingExpectation() {
    let count = Shared(1)
    let tracker = SharedChangeTracker()
    tracker.track {
      count.withLock { $0 = 2 }
      count.assert { $0 = 2 }
    }
    #expect(!tracker.hasChanges)
  }

  @Test func assertFailsWithADiff() {
    recordReportedIssuesAsTestFailures()
    let count = Shared(Team(name: "Blob", members: []))
    let tracker = SharedChangeTracker()
    withKnownIssue {
      tracker.track {
        count.withLock { $0.name = "Blob Jr" }
        count.assert { $0.name = "Blob Sr" }
      }
    } matching: { issue in
      issue.description.contains(#"−   name: "Blob Sr","#) && issue.description.contains(#"+   name: "Blob Jr","#)
    }
  }

  /// Inside `assert`, a diff of a shared value with itself shows its tracked change.
  @Test func aDiffOfASharedWithItselfInsideAssertShowsItsChange() {
    recordReportedIssuesAsTestFailures()
    let count = Shared(0)
    let tracker = SharedChangeTracker()
    tracker.track { count.withLock { $0 += 1 } }
    #expect(valueDiff(count, count) == nil)  // outside `assert`: now against now
    tracker.assert {
      #expect(valueDiff(count, count) == "− #1 0\n+ #1 1")
      count.withLock { $0 = 1 }
      #expect(valueDiff(count, count) == nil)
      #expect(count == count)  // asserts the change
    }
  }

  @Test func assertComparesEachSharedBeforeTheChangeWithItselfNow() {
    recordReportedIssuesAsTestFailures()
    let team = Shared(Team(name: "Blob", members: ["a"]))
    let other = Shared(Team(name: "Blob", members: ["a"]))
    let tracker = SharedChangeTracker()
    tracker.track { team.withLock { $0.members.append("b") } }
    tracker.assert {
      #expect(team != team)  // before the change against now
      #expect(team == other)  // both as they read here: before the change
      #expect(team.members.wrappedValue == ["a"])
      #expect(team.name == team.name)  // a part the change left alone
      team.withLock { $0.members.append("b") }  // the expected change, to the old value
      #expect(team == team)
      #expect(team != other)
    }
    #expect(team.wrappedValue == Team(name: "Blob", members: ["a", "b"]))  // untouched by it
    #expect(other.wrappedValue == Team(name: "Blob", members: ["a"]))
  }

  @Test func aTrackerReleasedWithUnassertedChangesReportsThem() {
    recordReportedIssuesAsTestFailures()
    let count = Shared(0)
    let optional = Shared<Int?>(1)
    let unwrapped = Shared(optional)!
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track {
          count.withLock { $0 += 1 }
          unwrapped.withLock { $0 += 1 }
        }
      }
    } matching: { issue in
      issue.description.hasSuffix("Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1")
        || issue.description.hasSuffix(
          "Tracked unasserted changes to 'Shared<Int?>(value: Optional(2))': Optional(1) → Optional(2)")
    }
  }

  @Test func aKeyedSharedIsReportedByItsKey() {
    recordReportedIssuesAsTestFailures()
    withDependencies { _ in } operation: {
      @Shared(.inMemory("count")) var count = 0
      withKnownIssue {
        do {
          let tracker = SharedChangeTracker()
          tracker.track { $count.withLock { $0 = 5 } }
        }
      } matching: { issue in
        issue.description.hasSuffix(
          #"Tracked unasserted changes to 'Shared<Int>(.inMemory("count"))': 0 → 5"#)
      }
    }
  }

  @Test func assertedChangesAndQuietTrackersReportNothing() {
    recordReportedIssuesAsTestFailures()
    let count = Shared(0)
    do {
      let tracker = SharedChangeTracker()
      tracker.track { count.withLock { $0 += 1 } }
      tracker.assert {
        count.withLock { $0 = 1 }
        #expect(count == count)
      }
    }
    do {
      let tracker = SharedChangeTracker(reportUnassertedChanges: false)
      tracker.track { count.withLock { $0 += 1 } }
    }
    #expect(count.wrappedValue == 2)
  }
}
