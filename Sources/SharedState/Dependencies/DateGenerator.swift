#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tells the current date: the system's live, a fixed one in tests.
///
/// ```swift
/// @Dependency(\.date.now) var now
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate` for each date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  public var now: Date { generate() }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// Always `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      reportIssue("'date' was used in a test without being overridden; use .constant.")
      return Date()
    }
  }
}

extension DependencyValues {
  /// The current date. Live: the system clock. Tests must set one (e.g. `.constant(…)`).
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
