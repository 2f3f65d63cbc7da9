import SharedState

/// Runs a feature: holds its state, reduces the actions sent to it, and runs the effects.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// store.send(.incrementTapped)
/// store.state.count  // 1
///
/// let observation = store.observe { state in print(state.count) }
/// ```
///
/// Every reduce and every effect runs with the dependencies the store captured when it was
/// created, with `withDependencies` applied. In a test that gives each store its own
/// dependency world (fresh in-memory storage, ids counted from zero).
///
/// Actions are processed one at a time on the main actor, in the order they arrive: an action
/// sent with ``send(_:)``, then the actions its `.send` effects send, then actions sent back
/// by `.run` effects as they come.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  ///
  /// ```swift
  /// store.send(.incrementTapped)
  /// store.state.count  // 1
  /// ```
  public private(set) var state: State

  /// The dependencies every reduce and effect of this store runs with. A test store can run
  /// its own code in the same dependency world:
  ///
  /// ```swift
  /// DependencyValues.withValues(store.dependencies) { expected.path.append(element) }
  /// ```
  public let dependencies: DependencyValues

  private let reduce: (inout State, Action) -> Effect<Action>
  private let onAction: (@MainActor (ActionEvent<State, Action>) -> Void)?
  private var queue: [(action: Action, origin: ActionEvent<State, Action>.Origin)] = []
  private var isProcessing = false
  private var effects: [Int: RunningEffect] = [:]
  private var observers: [Observer] = []
  private var nextEffectKey = 0

  /// A store for `reducer` starting at `initialState`.
  ///
  /// ```swift
  /// let store = Store(initialState: SyncUpsList.State(), reducer: SyncUpsList()) {
  ///   $0.uuid = .incrementing
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The first state; built with the store's dependencies, so ids it takes
  ///     from a dependency come from the store's.
  ///   - reducer: The feature's logic.
  ///   - prepareDependencies: Changes to the current dependencies, kept for the store's life.
  ///   - onAction: Called after each action is reduced, before observers; for test stores and
  ///     tracing.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    onAction: (@MainActor (ActionEvent<State, Action>) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    let dependencies = withDependencies(prepareDependencies) { DependencyValues.currentValues }
    self.dependencies = dependencies
    self.state = DependencyValues.withValues(dependencies, operation: initialState)
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
    self.onAction = onAction
  }

  deinit {
    for effect in effects.values {
      effect.task.cancel()
    }
  }

  /// Processes `action` now, then the actions of its `.send` effects, and starts its `.run`
  /// effects. Returns those effects, to await or cancel.
  ///
  /// ```swift
  /// store.send(.incrementTapped)
  /// await store.send(.loadTapped).finish()
  /// ```
  ///
  /// Sent while the store is already processing (from an observer), the action waits its turn,
  /// after the `.send` actions already due, and the returned task holds no effects.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    process(action, origin: .send)
  }

  /// Calls `onChange` with the state after each action is processed, until the returned
  /// observation is cancelled or released.
  ///
  /// ```swift
  /// let observation = store.observe { state in
  ///   screen.draw(state)
  /// }
  /// ```
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    let observation = StoreObservation()
    observers.append(Observer(observation: observation, onChange: onChange))
    return observation
  }

  /// Waits until no effect is running, including effects started meanwhile by the actions
  /// effects send. Never returns while an effect runs forever.
  ///
  /// ```swift
  /// store.send(.loadTapped)
  /// await store.finish()
  /// ```
  public func finish() async {
    while let effect = effects.values.first(where: { !$0.task.isCancelled }) {
      await effect.task.value
    }
  }

  private func process(
    _ action: Action, origin: ActionEvent<State, Action>.Origin
  ) -> StoreTask {
    queue.append((action, origin))
    guard !isProcessing else { return StoreTask(tasks: []) }
    isProcessing = true
    defer { isProcessing = false }

    var started: [Task<Void, Never>] = []
    while !queue.isEmpty {
      let (action, origin) = queue.removeFirst()
      let stateBefore = onAction == nil ? nil : state
      let effect = DependencyValues.withValues(dependencies) {
        reduce(&state, action)
      }
      for item in effect.items {
        switch item {
        case .send(let action):
          queue.append((action, .effect))
        case .run(let run):
          started.append(start(run))
        case .cancel(let cancellation):
          cancel(cancellation)
        }
      }
      if let stateBefore {
        onAction?(
          ActionEvent(action: action, origin: origin, stateBefore: stateBefore, stateAfter: state)
        )
      }
      notifyObservers()
    }
    return StoreTask(tasks: started)
  }

  private func start(_ run: Effect<Action>.Run) -> Task<Void, Never> {
    let key = nextEffectKey
    nextEffectKey += 1
    let dependencies = self.dependencies
    let send = Send<Action> { [weak self] action in
      _ = self?.process(action, origin: .effect)
    }
    let task = Task(priority: run.priority) { @MainActor [weak self] in
      await DependencyValues.withValues(dependencies) {
        await run.operation(send)
      }
      self?.effects[key] = nil
    }
    effects[key] = RunningEffect(task: task, path: run.path, ids: run.ids)
    return task
  }

  private func cancel(_ cancellation: EffectCancellation) {
    for (key, effect) in effects where cancellation.matches(path: effect.path, ids: effect.ids) {
      effect.task.cancel()
      effects[key] = nil
    }
  }

  private func notifyObservers() {
    observers.removeAll { $0.observation == nil || $0.observation?.isCancelled == true }
    for observer in observers {
      observer.onChange(state)
    }
  }

  private struct RunningEffect: Sendable {
    let task: Task<Void, Never>
    let path: EffectPath
    let ids: Set<EffectID>
  }

  private struct Observer {
    weak var observation: StoreObservation?
    let onChange: @MainActor (State) -> Void
  }
}
