/// Random numbers as a dependency: the system's live, a seeded sequence in tests, so that a test
/// chooses what "random" gives.
///
/// ```swift
/// @Dependency(\.random) var random
/// var generator = random
/// let order = attendees.shuffled(using: &generator)
/// ```
///
/// Copies share one sequence: a seeded generator gives each number once, whoever draws it.
public struct RandomGenerator: RandomNumberGenerator, Sendable {
  private let source: @Sendable () -> UInt64

  /// A generator whose numbers come from `source`.
  public init(_ source: @escaping @Sendable () -> UInt64) {
    self.source = source
  }

  /// The next 64 random bits.
  public func next() -> UInt64 { source() }

  /// The system's generator.
  public static let system = RandomGenerator {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  /// The same sequence for the same `seed` on every machine and run (SplitMix64): for tests,
  /// and for benchmarks that must not vary.
  public static func seeded(_ seed: UInt64) -> RandomGenerator {
    let state = LockIsolated(seed)
    return RandomGenerator {
      state.withValue { state in
        state &+= 0x9E37_79B9_7F4A_7C15
        var bits = state
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
      }
    }
  }
}

private enum RandomGeneratorKey: DependencyKey {
  static let liveValue = RandomGenerator.system
  static var testValue: RandomGenerator {
    RandomGenerator {
      reportIssue("'random' was used in a test without being overridden; use .seeded(…).")
      return RandomGenerator.system.next()
    }
  }
}

extension DependencyValues {
  /// Random numbers. Live: the system's. Tests must set one (e.g. `.seeded(1)`).
  public var random: RandomGenerator {
    get { self[RandomGeneratorKey.self] }
    set { self[RandomGeneratorKey.self] = newValue }
  }
}
