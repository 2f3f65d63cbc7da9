import SharedState
import SyncUpsCore

extension Reducer {
  /// Runs the features of a navigation stack, each on its element of a ``StackState``.
  ///
  /// - `.element(id:action:)` runs `element` on that element, then this reducer. An id that is
  ///   not on the stack is reported as an issue.
  /// - `.push(id:state:)` and `.popFrom(id:)` run this reducer, then push or pop.
  /// - Whenever elements leave the stack during an action, every effect they started is
  ///   cancelled.
  /// - An element's effects can call `@Dependency(\.dismiss)` to send `.popFrom(id:)`.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .syncUpTapped(let syncUp):
  ///       state.path.append(.detail(SyncUpDetail.State(syncUp: syncUp)))
  ///       return .none
  ///     case .path:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.path, action: Action.pathPath) { Path() }
  /// }
  /// ```
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, element: element(), toStack: toStack, toStackAction: toStackAction,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

private struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer {
  typealias State = Parent.State
  typealias Action = Parent.Action

  let parent: Parent
  let element: Element
  let toStack: WritableKeyPath<State, StackState<Element.State>>
  let toStackAction: ActionPath<Action, StackAction<Element.State, Element.Action>>
  let location: CallSite

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let stackAction = toStackAction.extract(action)
    let idsBefore = state[keyPath: toStack].ids

    var elementEffect = Effect<Action>.none
    switch stackAction {
    case .element(let id, let elementAction)?:
      guard idsBefore.contains(id) else {
        location.report(
          "'forEach' at \(toStack) received an action for \(id), which is not on the stack: "
            + valueDump(action)
        )
        break
      }
      let toStackAction = self.toStackAction
      elementEffect = element.reduce(into: &state[keyPath: toStack][id: id]!, action: elementAction)
        .map { toStackAction.embed(.element(id: id, action: $0)) }
        .dismissing { toStackAction.embed(.popFrom(id: id)) }
        .scoped(component(for: id))
    case .popFrom(let id)?:
      if !idsBefore.contains(id) {
        location.report(
          "'forEach' at \(toStack) received '.popFrom(id: \(id))', but \(id) is not on the stack."
        )
      }
    case .push(let id, _)?:
      if idsBefore.contains(id) {
        location.report(
          "'forEach' at \(toStack) received '.push(id: \(id))', but \(id) is already on the stack."
        )
      }
    case nil:
      break
    }

    let parentEffect = parent.reduce(into: &state, action: action)
    switch stackAction {
    case .popFrom(let id)?:
      state[keyPath: toStack].pop(from: id)
    case .push(let id, let elementState)? where !idsBefore.contains(id):
      state[keyPath: toStack][id: id] = elementState
    default:
      break
    }

    let idsAfter = Set(state[keyPath: toStack].ids)
    let cancellations = idsBefore.filter { !idsAfter.contains($0) }.map {
      Effect<Action>.cancelAll(in: component(for: $0))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  private func component(for id: StackElementID) -> EffectPath.Component {
    EffectPath.Component(key: StackElementKey(stack: toStack, id: id), isNavigation: true)
  }
}

/// One element of one stack, as an effect scope.
private struct StackElementKey: Hashable {
  let stack: AnyKeyPath
  let id: StackElementID
}
