import AppNavigation
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport
import TestSupport

// MARK: - Features used by the tests

/// Counts, says so with `.send`, and ticks on a clock.
private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable {
    case incrementTapped
    case didIncrement
    case startTimer
    case stopTimer
    case tick
    case closeTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .send(.didIncrement)
    case .didIncrement:
      state.log.append("did increment to \(state.count)")
      return .none
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.count += 1
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// A parent that holds a counter directly, presents one, and pushes them on a stack.
private struct Parent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var presented: Counter.State?
    var path: StackState<Counter.State> = []
    var log: [String] = []
  }

  enum Action: Equatable {
    case counter(Counter.Action)
    case presented(PresentationAction<Counter.Action>)
    case path(StackAction<Counter.State, Counter.Action>)
    case presentTapped
    case pushTapped
    case stopChildTimer
    case popAll

    static let counterPath = ActionPath(
      embed: Action.counter,
      extract: { if case .counter(let action) = $0 { action } else { nil } }
    )
    static let presentedPath = ActionPath(
      embed: Action.presented,
      extract: { if case .presented(let action) = $0 { action } else { nil } }
    )
    static let pathPath = ActionPath(
      embed: Action.path,
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counterPath) { Counter() }
    Reduce { state, action in
      switch action {
      case .presented(.dismiss):
        state.log.append("dismiss seen, presented: \(state.presented != nil)")
        return .none
      case .path(.popFrom(let id)):
        state.log.append("pop \(id) seen, depth: \(state.path.count)")
        return .none
      case .counter, .presented, .path:
        return .none
      case .presentTapped:
        state.presented = Counter.State()
        return .none
      case .pushTapped:
        state.path.append(Counter.State())
        return .none
      case .stopChildTimer:
        return .cancel(id: Counter.CancelID.timer)
      case .popAll:
        state.path.removeAll()
        return .none
      }
    }
    .ifLet(\.presented, action: Action.presentedPath) { Counter() }
    .forEach(\.path, action: Action.pathPath) { Counter() }
  }
}

/// The actions a store processed and where they came from, in order.
@MainActor
private final class EventLog<State, Action: Equatable> {
  struct Entry: Equatable {
    var origin: ActionEvent<State, Action>.Origin
    var action: Action
  }

  var entries: [Entry] = []

  func record(_ event: ActionEvent<State, Action>) {
    entries.append(Entry(origin: event.origin, action: event.action))
  }
}

/// Moves `clock` one second on, then waits until the `timers` timers it woke have sent their
/// tick and gone back to sleep.
private func tick(_ clock: TestClock, timers: Int = 1) async {
  await clock.advance(by: .seconds(1))
  await clock.waitForSleepers(count: timers)
}

@MainActor
private func makeStore(
  _ initialState: @autoclosure () -> Parent.State = Parent.State(),
  clock: TestClock = TestClock(),
  effects: InFlightEffects = InFlightEffects(),
  log: EventLog<Parent.State, Parent.Action>? = nil
) -> Store<Parent.State, Parent.Action> {
  Store(initialState: initialState(), reducer: effects.tracking(Parent())) {
    $0.continuousClock = clock
  } onAction: { event in
    log?.record(event)
  }
}

// MARK: - Tests

@MainActor
@Suite struct ArchitectureTests {
  init() {
    recordReportedIssuesAsTestFailures()
  }

  @Test func sendEffectsAreProcessedRightAfterTheirAction() {
    let effects = InFlightEffects()
    let log = EventLog<Parent.State, Parent.Action>()
    let store = makeStore(effects: effects, log: log)

    store.send(.counter(.incrementTapped))

    #expect(store.state.counter == Counter.State(count: 1, log: ["did increment to 1"]))
    #expect(
      log.entries == [
        .init(origin: .send, action: .counter(.incrementTapped)),
        .init(origin: .effect, action: .counter(.didIncrement)),
      ]
    )
    #expect(effects.isEmpty)
  }

  @Test func sendEffectsRunFirstInFirstOut() {
    var order: [String] = []
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      switch action {
      case "A": return .merge(.send("B"), .send("C"))
      case "B": return .send("D")
      default: return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer) { _ in
    } onAction: { event in
      order.append("\(event.origin) \(event.action)")
    }

    store.send("A")

    #expect(store.state == ["A", "B", "C", "D"])
    #expect(order == ["send A", "effect B", "effect C", "effect D"])
  }

  @Test func runEffectsSendActionsBackInOrder() async {
    let effects = InFlightEffects()
    let reducer = Reduce<[Int], Int> { state, action in
      state.append(action)
      guard action == 0 else { return .none }
      return .merge(
        .run { send in
          await send(1)
          await send(2)
          await send(3)
        },
        .send(-1)
      )
    }
    let store = Store(initialState: [], reducer: effects.tracking(reducer))

    store.send(0)
    #expect(store.state == [0, -1])
    #expect(!effects.isEmpty)
    await store.finish()

    #expect(store.state == [0, -1, 1, 2, 3])
    #expect(effects.isEmpty)
  }

  @Test func mergedRunEffectsAllDeliver() async {
    let reducer = Reduce<Set<String>, String> { state, action in
      state.insert(action)
      guard action == "start" else { return .none }
      return .merge(
        .run { send in await send("first") },
        .run { send in await send("second") },
        .none
      )
    }
    let store = Store(initialState: [], reducer: reducer)

    await store.send("start").finish()

    #expect(store.state == ["start", "first", "second"])
  }

  @Test func mappedEffectsWrapTheirActions() async {
    let child = Effect<Int>.merge(.send(1), .run { send in await send(2) })
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      return action == "go" ? child.map { "child \($0)" } : .none
    }
    let store = Store(initialState: [], reducer: reducer)

    await store.send("go").finish()

    #expect(store.state == ["go", "child 1", "child 2"])
  }

  @Test func errorsGoToTheCatchHandler() async {
    struct Failure: Error {}
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      guard action == "load" else { return .none }
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send("failed with \(error)")
      }
    }
    let store = Store(initialState: [], reducer: reducer)

    await store.send("load").finish()

    #expect(store.state == ["load", "failed with Failure()"])
  }

  @Test func cancellationErrorsAreSilent() async {
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      guard action == "load" else { return .none }
      return .run { _ in
        throw CancellationError()
      } catch: { _, send in
        await send("caught")
      }
    }
    let store = Store(initialState: [], reducer: reducer)

    await store.send("load").finish()

    #expect(store.state == ["load"])
  }

  @Test func cancelByIDStopsTheEffect() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(clock: clock, effects: effects)

    store.send(.counter(.startTimer))
    await clock.waitForSleepers()
    for _ in 1...3 {
      await tick(clock)
    }
    #expect(store.state.counter.count == 3)

    store.send(.counter(.stopTimer))
    #expect(effects.isEmpty)
    await clock.advance(by: .seconds(2))
    #expect(store.state.counter.count == 3)
  }

  @Test func cancelInFlightKeepsOneEffectRunning() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(clock: clock, effects: effects)

    store.send(.counter(.startTimer))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    store.send(.counter(.startTimer))
    #expect(clock.sleeperCount == 0)
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    #expect(store.state.counter.count == 0)
    await clock.advance(by: .milliseconds(500))
    await clock.waitForSleepers()
    #expect(store.state.counter.count == 1)

    store.send(.counter(.stopTimer))
    #expect(effects.isEmpty)
  }

  @Test func scopeRunsTheChildOnItsStateAndCanBeCancelledByTheParent() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(clock: clock, effects: effects)

    store.send(.counter(.incrementTapped))
    store.send(.counter(.startTimer))
    await clock.waitForSleepers()
    await tick(clock)
    #expect(store.state.counter == Counter.State(count: 2, log: ["did increment to 1"]))

    store.send(.stopChildTimer)
    #expect(effects.isEmpty)
  }

  @Test func ifLetRunsThePresentedChildAndDismisses() {
    let store = makeStore()

    store.send(.presentTapped)
    store.send(.presented(.presented(.incrementTapped)))
    #expect(store.state.presented == Counter.State(count: 1, log: ["did increment to 1"]))
    #expect(store.state.counter == Counter.State())

    store.send(.presented(.dismiss))
    #expect(store.state.presented == nil)
    #expect(store.state.log == ["dismiss seen, presented: true"])
  }

  @Test func ifLetCancelsTheChildsEffectsOnDismiss() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(clock: clock, effects: effects)
    store.send(.presentTapped)
    store.send(.presented(.presented(.startTimer)))
    store.send(.counter(.startTimer))
    await clock.waitForSleepers(count: 2)
    await tick(clock, timers: 2)
    #expect(store.state.presented?.count == 1)
    #expect(store.state.counter.count == 1)

    store.send(.presented(.dismiss))
    await tick(clock)

    #expect(store.state.presented == nil)
    #expect(store.state.counter.count == 2)
    store.send(.counter(.stopTimer))
    #expect(effects.isEmpty)
  }

  @Test func parentIDsDoNotCancelAPresentedChildsEffects() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(clock: clock, effects: effects)
    store.send(.presentTapped)
    store.send(.presented(.presented(.startTimer)))
    await clock.waitForSleepers()

    store.send(.stopChildTimer)
    await tick(clock)

    #expect(store.state.presented?.count == 1)
    store.send(.presented(.presented(.stopTimer)))
    #expect(effects.isEmpty)
  }

  @Test func dismissDependencyRemovesThePresentedChild() async {
    let log = EventLog<Parent.State, Parent.Action>()
    let store = makeStore(log: log)
    store.send(.presentTapped)

    await store.send(.presented(.presented(.closeTapped))).finish()

    #expect(store.state.presented == nil)
    #expect(store.state.log == ["dismiss seen, presented: true"])
    #expect(
      log.entries == [
        .init(origin: .send, action: .presentTapped),
        .init(origin: .send, action: .presented(.presented(.closeTapped))),
        .init(origin: .effect, action: .presented(.dismiss)),
      ]
    )
  }

  @Test func forEachRunsElementsPushesAndPops() {
    let store = makeStore(Parent.State(path: [Counter.State(), Counter.State(count: 10)]))
    #expect(store.state.path.ids == [0, 1])

    store.send(.path(.element(id: 1, action: .incrementTapped)))
    #expect(store.state.path[id: 1] == Counter.State(count: 11, log: ["did increment to 11"]))
    #expect(store.state.path[id: 0] == Counter.State())

    store.send(.path(.push(id: 7, state: Counter.State(count: 7))))
    store.send(.pushTapped)
    #expect(store.state.path.ids == [0, 1, 7, 2])

    store.send(.path(.popFrom(id: 1)))
    #expect(store.state.path.ids == [0])
    #expect(store.state.log == ["pop #1 seen, depth: 4"])
  }

  @Test func forEachCancelsEffectsOfPoppedElements() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(
      Parent.State(path: [Counter.State(), Counter.State()]), clock: clock, effects: effects)
    store.send(.path(.element(id: 0, action: .startTimer)))
    store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.waitForSleepers(count: 2)
    await tick(clock, timers: 2)
    #expect(store.state.path.map(\.count) == [1, 1])

    store.send(.path(.popFrom(id: 1)))
    await tick(clock)
    #expect(store.state.path.map(\.count) == [2])

    store.send(.popAll)
    #expect(effects.isEmpty)
  }

  @Test func elementsWithTheSameCancelIDAreIndependent() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let store = makeStore(
      Parent.State(path: [Counter.State(), Counter.State()]), clock: clock, effects: effects)
    store.send(.path(.element(id: 0, action: .startTimer)))
    store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.waitForSleepers(count: 2)

    store.send(.path(.element(id: 0, action: .stopTimer)))
    await tick(clock)

    #expect(store.state.path.map(\.count) == [0, 1])
    store.send(.path(.element(id: 1, action: .stopTimer)))
    #expect(effects.isEmpty)
  }

  @Test func dismissDependencyPopsTheStackElement() async {
    let log = EventLog<Parent.State, Parent.Action>()
    let store = makeStore(Parent.State(path: [Counter.State(), Counter.State()]), log: log)

    await store.send(.path(.element(id: 0, action: .closeTapped))).finish()

    #expect(store.state.path.isEmpty)
    #expect(store.state.log == ["pop #0 seen, depth: 2"])
    #expect(log.entries.last == .init(origin: .effect, action: .path(.popFrom(id: 0))))
  }

  @Test func stackIDsCountFromZeroInEachStore() {
    let first = makeStore()
    let second = makeStore(Parent.State(path: [Counter.State()]))

    for _ in 1...3 {
      first.send(.pushTapped)
      second.send(.pushTapped)
    }

    #expect(first.state.path.ids == [0, 1, 2])
    #expect(second.state.path.ids == [0, 1, 2, 3])
  }

  @Test func combineReducersRunsEachInOrder() {
    let reducer = CombineReducers {
      Reduce<[String], String> { state, action in
        state.append("first \(action)")
        return .none
      }
      Reduce<[String], String> { state, action in
        state.append("second \(action)")
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer)

    store.send("a")

    #expect(store.state == ["first a", "second a"])
  }

  @Test func actionPathsCompose() {
    let toIncrement = Parent.Action.presentedPath.appending(path: .presented)
    #expect(toIncrement.embed(.tick) == .presented(.presented(.tick)))
    #expect(toIncrement.extract(.presented(.presented(.tick))) == .tick)
    #expect(toIncrement.extract(.presented(.dismiss)) == nil)

    let toElement = Parent.Action.pathPath.appending(path: .element(id: 3))
    #expect(toElement.embed(.tick) == .path(.element(id: 3, action: .tick)))
    #expect(toElement.extract(.path(.element(id: 3, action: .tick))) == .tick)
    #expect(toElement.extract(.path(.element(id: 4, action: .tick))) == nil)
  }

  @Test func actionsForAbsentChildrenAreReported() {
    let store = makeStore()

    withKnownIssue {
      store.send(.presented(.presented(.tick)))
    }
    withKnownIssue {
      store.send(.presented(.dismiss))
    }
    withKnownIssue {
      store.send(.path(.element(id: 0, action: .tick)))
    }
    withKnownIssue {
      store.send(.path(.popFrom(id: 0)))
    }
    withKnownIssue {
      store.send(.path(.push(id: 0, state: Counter.State())))
      store.send(.path(.push(id: 0, state: Counter.State(count: 1))))
    }

    #expect(store.state.presented == nil)
    #expect(store.state.path == [Counter.State()])
    #expect(store.state.log == ["dismiss seen, presented: false", "pop #0 seen, depth: 0"])
  }

  @Test func dismissOutsideAPresentedChildIsReported() async {
    let store = makeStore()

    await withKnownIssue {
      await store.send(.counter(.closeTapped)).finish()
    }

    #expect(store.state == Parent.State())
  }

  @Test func unhandledEffectErrorsAreReported() async {
    struct Failure: Error {}
    let store = Store(initialState: 0, reducer: Reduce<Int, Int> { _, _ in
      .run { _ in throw Failure() }
    })

    await withKnownIssue {
      await store.send(1).finish()
    }
  }
}
