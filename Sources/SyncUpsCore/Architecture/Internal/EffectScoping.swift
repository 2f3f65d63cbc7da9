import SharedState

extension Effect {
  /// The effect as seen from the reducer outside `component`: every run and cancel item is
  /// placed inside it.
  package func scoped(_ component: EffectPath.Component) -> Effect {
    Effect(
      items: items.map { item in
        switch item {
        case .send:
          return item
        case .run(var run):
          run.path = run.path.inside(component)
          return .run(run)
        case .cancel(var cancellation):
          cancellation.path = cancellation.path.inside(component)
          return .cancel(cancellation)
        }
      }
    )
  }

  /// The effect with each run's work wrapped by `wrap`, e.g. to give it other dependencies.
  func wrappingRuns(
    _ wrap: @escaping @Sendable (
      _ send: Send<Action>, _ operation: @Sendable (Send<Action>) async -> Void
    ) async -> Void
  ) -> Effect {
    Effect(
      items: items.map { item in
        guard case .run(var run) = item else { return item }
        let operation = run.operation
        run.operation = { send in await wrap(send, operation) }
        return .run(run)
      }
    )
  }

  /// An effect that cancels every effect started at or inside `component`.
  package static func cancelAll(in component: EffectPath.Component) -> Effect {
    Effect(items: [.cancel(EffectCancellation(id: nil, path: EffectPath().inside(component)))])
  }
}

extension Effect {
  /// The effect with `@Dependency(\.dismiss)` sending `dismissal()` while its runs work.
  package func dismissing(with dismissal: @escaping @Sendable () -> Action) -> Effect {
    wrappingRuns { send, operation in
      await withDependencies {
        $0.dismiss = DismissEffect { send(dismissal()) }
      } operation: {
        await operation(send)
      }
    }
  }
}
