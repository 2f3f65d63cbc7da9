import Foundation
import SharedState
import Testing
import TestSupport

private enum GreetingKey: DependencyKey {
  static let liveValue = "Hello"
  static let testValue = "Hello, test"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

private struct Greeter {
  @Dependency(\.greeting) var greeting
  func greet(_ name: String) -> String { "\(greeting), \(name)" }
}

@Suite struct DependencyTests {
  @Test func testsGetTestValues() {
    #expect(DependencyValues.currentValues.context == .test)
    #expect(Greeter().greet("Blob") == "Hello, test, Blob")
  }

  @Test func overridesApplyInsideTheScopeOnly() {
    let inside = withDependencies { $0.greeting = "Howdy" } operation: {
      Greeter().greet("Blob")
    }
    #expect(inside == "Howdy, Blob")
    #expect(Greeter().greet("Blob") == "Hello, test, Blob")
  }

  @Test func liveContextGivesLiveValues() {
    let greeting = withDependencies { $0.context = .live } operation: {
      Greeter().greet("Blob")
    }
    #expect(greeting == "Hello, Blob")
  }

  @Test func incrementingUUIDs() {
    withDependencies { $0.uuid = .incrementing } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
      #expect(uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
      #expect(uuid() == UUID(2))
    }
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func constantDate() {
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
    }
  }

  @Test func tasksInheritDependencies() async {
    let greeting = await withDependencies { $0.greeting = "Ahoy" } operation: {
      await Task { Greeter().greet("crew") }.value
    }
    #expect(greeting == "Ahoy, crew")
  }

  @Test func nestedScopesShareTheirWorld() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("world")) var outer = 1
      withDependencies { $0.greeting = "Hi" } operation: {
        @Shared(.inMemory("world")) var inner = 0
        #expect(inner == 1)
      }
    }
  }
}

@Suite struct ClockDependencyTests {
  @Test func theLiveClockIsTheDispatchClock() {
    withDependencies { $0.context = .live } operation: {
      @Dependency(\.continuousClock) var clock
      #expect(clock is DispatchClock)
    }
  }

  @Test func aTestClockDrivesTheTimerThroughTheDependency() async {
    let clock = TestClock()
    await withDependencies { $0.continuousClock = clock } operation: {
      @Dependency(\.continuousClock) var dependency
      let ticks = Task {
        var seen: [Int] = []
        for try await tick in dependency.timer(interval: .seconds(1)) {
          seen.append(tick)
          if tick == 2 { break }
        }
        return seen
      }
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(2))
      #expect(try! await ticks.value == [1, 2])
    }
  }

  @Test func theUnimplementedClockFailsTheTest() async {
    recordReportedIssuesAsTestFailures()
    await withKnownIssue {
      await withDependencies { _ in } operation: {
        @Dependency(\.continuousClock) var clock
        await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
      }
    }
  }
}

@Suite struct BaseDirectoriesTests {
  @Test func absoluteXDGVariablesWin() {
    let directories = BaseDirectories(environment: [
      "HOME": "/home/blob", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/config",
    ])
    #expect(directories.data.path == "/data")
    #expect(directories.configuration.path == "/config")
  }

  @Test func relativeOrMissingXDGVariablesFallBackToHome() {
    let directories = BaseDirectories(environment: ["HOME": "/home/blob", "XDG_DATA_HOME": "relative/data"])
    #expect(directories.data.path == "/home/blob/.local/share")
    #expect(directories.configuration.path == "/home/blob/.config")
  }

  @Test func seededRandomNumbersAreTheSplitMixSequenceSharedByCopies() {
    let random = RandomGenerator.seeded(0)
    let copy = random
    // SplitMix64's published first outputs for seed 0.
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(copy.next() == 0x6E78_9E6A_A1B9_65F4)
    let again = RandomGenerator.seeded(0)
    #expect((0..<3).map { _ in again.next() }.last == random.next())
  }
}

/// A dependency that is its own key and has only a test value.
private struct Salutation: TestDependencyKey {
  var greet: @Sendable (String) -> String
  static var testValue: Salutation { Salutation { "Hello, \($0)" } }
}

@Suite struct TestDependencyKeyTests {
  @Test func aKeyTypeIsReadWithItsTestValueInATest() {
    withDependencies { _ in } operation: {
      @Dependency(Salutation.self) var salutation
      #expect(salutation.greet("Blob") == "Hello, Blob")
    }
  }

  @Test func aKeyTypeCanBeOverriddenForAScope() {
    withDependencies {
      $0[Salutation.self] = Salutation { "Hi, \($0)" }
    } operation: {
      @Dependency(Salutation.self) var salutation
      #expect(salutation.greet("Blob") == "Hi, Blob")
    }
  }

  @Test func withoutALiveValueTheLiveContextReportsAndUsesTheTestValue() {
    recordReportedIssuesAsTestFailures()
    withKnownIssue {
      DependencyValues.withValues(DependencyValues(context: .live)) {
        @Dependency(Salutation.self) var salutation
        #expect(salutation.greet("Blob") == "Hello, Blob")
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "'Salutation' has no live value (it is only a TestDependencyKey); using its test value."
      }
    }
  }
}
