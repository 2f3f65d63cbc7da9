/// An action of a presented child feature (a sheet, an alert, a form), or the request to
/// dismiss it. See ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// store.send(.destination(.presented(.saveTapped)))
/// store.send(.destination(.dismiss))
/// ```
public enum PresentationAction<Action> {
  /// An action for the presented child: `.destination(.presented(.saveTapped))`.
  case presented(Action)
  /// Dismisses the child: its state becomes `nil` and its effects are cancelled:
  /// `.destination(.dismiss)`.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension ActionPath where Root == PresentationAction<Value> {
  /// The ``PresentationAction/presented(_:)`` case.
  ///
  /// ```swift
  /// let save = Action.destinationPath.appending(path: .presented)
  /// save.embed(.saveTapped)  // .destination(.presented(.saveTapped))
  /// ```
  public static var presented: ActionPath {
    ActionPath(
      embed: { .presented($0) },
      extract: { if case .presented(let action) = $0 { action } else { nil } }
    )
  }
}
