import SharedState

extension Reducer {
  /// Runs a presented child feature (a sheet, an alert, a form) held in optional state.
  ///
  /// - `.presented(action)` runs `child` on the child's state, then this reducer. Sending it
  ///   while nothing is presented is reported as an issue.
  /// - `.dismiss` runs this reducer, then sets the child's state to `nil`.
  /// - Whenever the child's state goes from a value to `nil` during an action, every effect
  ///   the child started is cancelled.
  /// - The child's effects can call `@Dependency(\.dismiss)` to send `.dismiss`.
  /// - Replacing the child's state with another value is not a dismissal: the old child's
  ///   effects keep running. Send `.dismiss` (or set `nil`) first.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addTapped:
  ///       state.form = Form.State()
  ///       return .none
  ///     case .form:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.form, action: Action.formPath) { Form() }
  /// }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toPresentationAction: ActionPath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toPresentationAction: toPresentationAction,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

private struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  typealias State = Parent.State
  typealias Action = Parent.Action

  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<State, Child.State?>
  let toPresentationAction: ActionPath<Action, PresentationAction<Child.Action>>
  let location: CallSite

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let component = EffectPath.Component(key: toChildState, isNavigation: true)
    let presentationAction = toPresentationAction.extract(action)
    let wasPresented = state[keyPath: toChildState] != nil

    var childEffect = Effect<Action>.none
    switch presentationAction {
    case .presented(let childAction)?:
      guard wasPresented else {
        location.report(
          "'ifLet' at \(toChildState) received a child action while the child state is nil: "
            + valueDump(action)
        )
        break
      }
      let toPresentationAction = self.toPresentationAction
      childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        .map { toPresentationAction.embed(.presented($0)) }
        .dismissing { toPresentationAction.embed(.dismiss) }
        .scoped(component)
    case .dismiss?:
      if !wasPresented {
        location.report(
          "'ifLet' at \(toChildState) received '.dismiss' while the child state is nil: "
            + valueDump(action)
        )
      }
    case nil:
      break
    }

    let parentEffect = parent.reduce(into: &state, action: action)
    if case .dismiss? = presentationAction {
      state[keyPath: toChildState] = nil
    }
    let wasDismissed = wasPresented && state[keyPath: toChildState] == nil
    return .merge(childEffect, parentEffect, wasDismissed ? .cancelAll(in: component) : .none)
  }
}
