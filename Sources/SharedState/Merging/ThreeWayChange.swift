/// One of the two sides of a three-way merge: `ours`, the version being merged into, or
/// `theirs`, the version being merged in. Both descend from a common base.
public enum ThreeWaySide: String, CaseIterable, Sendable {
  case ours, theirs

  /// The side that is not this one.
  public var other: ThreeWaySide { self == .ours ? .theirs : .ours }
}

/// How a value changed from a common base on two sides that edited it separately: the
/// three-way rule for one value.
///
/// ```swift
/// ThreeWayChange(base: 300, ours: 300, theirs: 600)  // .changed(by: .theirs, to: 600)
/// ThreeWayChange(base: 300, ours: 450, theirs: 600)  // .conflict(ours: 450, theirs: 600)
/// ThreeWayChange(base: 300, ours: 600, theirs: 600)  // .same(600)
/// ```
///
/// Without a base (`nil`: both sides added the value independently), any difference between
/// the sides is a conflict. For a value that may be absent on a side (a key of a dictionary),
/// make `Value` optional and pass the base as `.some(nil)` where the base lacks it.
public enum ThreeWayChange<Value: Equatable>: Equatable {
  /// Neither side changed the value, or both changed it to the same value.
  case same(Value)
  /// Only `side` changed the value, to `value`.
  case changed(by: ThreeWaySide, to: Value)
  /// Both sides changed the value, to different values.
  case conflict(ours: Value, theirs: Value)

  /// Compares both sides with their common base.
  public init(base: Value?, ours: Value, theirs: Value) {
    if ours == theirs {
      self = .same(ours)
    } else if let base, base == ours {
      self = .changed(by: .theirs, to: theirs)
    } else if let base, base == theirs {
      self = .changed(by: .ours, to: ours)
    } else {
      self = .conflict(ours: ours, theirs: theirs)
    }
  }

  /// The merged value, taking `side`'s value when the two conflict.
  ///
  /// ```swift
  /// ThreeWayChange(base: 1, ours: 2, theirs: 3).value(preferring: .theirs)  // 3
  /// ```
  public func value(preferring side: ThreeWaySide) -> Value {
    switch self {
    case .same(let value), .changed(_, let value): value
    case .conflict(let ours, let theirs): side == .ours ? ours : theirs
    }
  }
}

extension ThreeWayChange: Sendable where Value: Sendable {}
