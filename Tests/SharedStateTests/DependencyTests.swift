import Foundation
import SharedState
import Testing

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
