import Dispatch
import SharedState
import SyncUpsCore

/// The identity of an element of a ``StackState``, handed out in increasing order by the
/// `stackElementID` dependency. Written `#0`, `#1`, …; an integer literal makes one.
///
/// ```swift
/// store.send(.path(.element(id: 0, action: .saveTapped)))
/// store.state.path[id: 0]
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible, CustomDumpDescription
{
  /// The number behind the id: `StackElementID(rawValue: 2).rawValue` is `2`.
  public let rawValue: Int

  /// The id `rawValue`.
  ///
  /// ```swift
  /// StackElementID(rawValue: 2)  // #2
  /// ```
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The id written as a number: `let id: StackElementID = 2`.
  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }

  /// Whether `lhs` was handed out before `rhs`: `#0 < #1`.
  public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `#0`, `#1`, …: `"\(StackElementID(rawValue: 1))"` is `"#1"`.
  public var description: String { "#\(rawValue)" }

  /// `#0`, `#1`, …, as in `valueDump(StackElementID(rawValue: 1))`.
  public var customDumpDescription: String { description }
}

/// Hands out new ``StackElementID``s.
///
/// ```swift
/// @Dependency(\.stackElementID) var nextID
/// nextID()  // #0, then #1, …
/// ```
public struct StackElementIDGenerator: Sendable {
  private let generate: @Sendable () -> StackElementID

  /// A generator that calls `generate` for each id: `StackElementIDGenerator { 7 }`.
  public init(_ generate: @escaping @Sendable () -> StackElementID) {
    self.generate = generate
  }

  /// A new id: `nextID()`.
  public func callAsFunction() -> StackElementID { generate() }

  /// `#0`, `#1`, `#2`, …; each use of this property starts a new sequence.
  ///
  /// ```swift
  /// withDependencies { $0.stackElementID = .incrementing } operation: { … }
  /// ```
  public static var incrementing: StackElementIDGenerator {
    let counter = Counter()
    return StackElementIDGenerator { StackElementID(rawValue: counter.next()) }
  }

  private final class Counter: @unchecked Sendable {
    // `value` is only touched on `queue`.
    private let queue = DispatchQueue(label: "StackElementIDGenerator")
    private var value = 0

    func next() -> Int {
      queue.sync {
        defer { value += 1 }
        return value
      }
    }
  }
}

private enum StackElementIDKey: DependencyKey {
  static let liveValue = StackElementIDGenerator.incrementing
  /// A new sequence per test's dependency world, so a test sees `#0`, `#1`, …
  static var testValue: StackElementIDGenerator { .incrementing }
}

extension DependencyValues {
  /// Hands out the ids of new stack elements: `#0`, `#1`, … (each test starts at `#0`).
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}
