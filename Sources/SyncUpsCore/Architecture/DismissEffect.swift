import SharedState

/// Asks the parent to dismiss the presented feature whose effect calls it: the parent's
/// `ifLet` receives `.dismiss`, or its `forEach` receives `.popFrom(id:)`.
///
/// ```swift
/// struct Form: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .cancelTapped:
///       return .run { _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// Calling it in an effect of a feature that is not presented is reported as an issue.
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () -> Void)?

  /// A dismiss that calls `dismiss`; `ifLet` and `forEach` make these for their children.
  ///
  /// ```swift
  /// withDependencies { $0.dismiss = DismissEffect { print("dismissed") } } operation: { … }
  /// ```
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  private init() {
    self.dismiss = nil
  }

  /// Dismisses the feature that started the current effect. After it returns, the effect's
  /// task is usually cancelled, and further sends are dropped.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismiss else {
      reportIssue(
        "'dismiss' was called from an effect of a feature that is not presented by 'ifLet' or 'forEach'.",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await dismiss()
  }

  /// The value outside any presented feature: calling it reports an issue.
  static let unpresented = DismissEffect()
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect.unpresented
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect reads it (see ``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}
