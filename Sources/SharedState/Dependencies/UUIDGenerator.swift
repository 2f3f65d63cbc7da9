#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes UUIDs: random ones live, predictable ones in tests.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let id = uuid()
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random (version 4) UUIDs.
  public static let random = UUIDGenerator { UUID() }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on. Each use of this
  /// property starts a new sequence.
  public static var incrementing: UUIDGenerator {
    let counter = LockIsolated(0)
    return UUIDGenerator {
      UUID(counter.withValue { count in
        defer { count += 1 }
        return count
      })
    }
  }

  /// Always the same UUID.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

extension UUID {
  /// A UUID whose last 12 hex digits spell `intValue`, for readable test data:
  /// `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
  public init(_ intValue: Int) {
    let digits = String(UInt64(truncatingIfNeeded: intValue) & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 12 - digits.count) + digits
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static var testValue: UUIDGenerator {
    UUIDGenerator {
      reportIssue("'uuid' was used in a test without being overridden; use .incrementing or .constant.")
      return UUID()
    }
  }
}

extension DependencyValues {
  /// The UUID generator. Live: random. Tests must choose one (e.g. `.incrementing`).
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
