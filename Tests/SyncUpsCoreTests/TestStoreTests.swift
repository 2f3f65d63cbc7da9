import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport

private struct Counter: Reducer {
  struct State {
    @Shared var count: Int
    var isTimerOn = false
  }

  enum Action: Equatable, Sendable {
    case incrementTapped
    case delayedIncrementTapped
    case incrementResponse(Int)
    case effectBumpsSharedTapped
    case timerToggled
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.incrementResponse(1))
      }
    case .incrementResponse(let amount):
      state.count += amount
      return .none
    case .effectBumpsSharedTapped:
      return .run { [count = state.$count] _ in count.withLock { $0 += 10 } }
    case .timerToggled:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: "timer") }
      return .run { [clock] send in
        for try await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: "timer")
    case .tick:
      state.count += 1
      return .none
    }
  }
}

private let incrementResponse = ActionPath<Counter.Action, Int>(
  embed: Counter.Action.incrementResponse,
  extract: { if case .incrementResponse(let amount) = $0 { amount } else { nil } }
)

@MainActor
@Suite struct TestStoreTests {
  private func makeStore(clock: some Clock<Duration> = ImmediateClock()) -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State(count: Shared(0)), reducer: Counter()) {
      $0.continuousClock = clock
    }
  }

  @Test func aMatchingExpectationPasses() async {
    let store = makeStore()
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.incrementTapped) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func aWrongExpectationFailsWithADiff() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains(
        """
        A state change does not match expectation: …

          Counter.State(
        −   count: #1 2,
        +   count: #1 1,
            isTimerOn: false
          )

        (Expected: −, Actual: +)
        """)
    }
  }

  @Test func anUnexpectedChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.incrementTapped)
    } matching: { $0.description.contains("State was not expected to change") }
  }

  @Test func receivingAnEffectsAction() async {
    let store = makeStore()
    await store.send(.delayedIncrementTapped)
    await store.receive(.incrementResponse(1)) { $0.count = 1 }
    await store.finish()
  }

  @Test func receivingByCase() async {
    let store = makeStore()
    await store.send(.delayedIncrementTapped)
    await store.receive(incrementResponse) { $0.count = 1 }
  }

  @Test func anActionNeverReceivedFails() async {
    let store = makeStore()
    await store.send(.delayedIncrementTapped)
    await withKnownIssue {
      await store.finish()
    } matching: { $0.description.contains("received 1 unexpected action") }
  }

  @Test func receivingTheWrongActionFails() async {
    let store = makeStore()
    await store.send(.delayedIncrementTapped)
    await withKnownIssue {
      await store.receive(.incrementResponse(5)) { $0.count = 5 }
    } matching: { $0.description.contains("Received an unexpected action") }
  }

  @Test func anEffectStillRunningFails() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { $0.description.contains("is still running") }
    await store.skipInFlightEffects()
  }

  @Test func aTimerDrivenByATestClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.timerToggled) { $0.isTimerOn = true }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.timerToggled) { $0.isTimerOn = false }
    await store.finish()
  }

  @Test func aSharedChangeByAnEffectMustBeAsserted() async {
    let store = makeStore()
    await store.send(.effectBumpsSharedTapped).finish()
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.count = 11 }
    } matching: { issue in
      issue.description.contains("Tracked changes to 'Shared<Int>' but failed to assert")
        && issue.description.contains("− 0\n+ 10")
    }
  }

  @Test func aSharedChangeByAnEffectAssertedThroughTheShared() async {
    let store = makeStore()
    await store.send(.effectBumpsSharedTapped).finish()
    store.state.$count.assert { $0 = 10 }
    await store.send(.incrementTapped) { $0.count = 11 }
  }

  @Test func aSharedChangeByAnEffectAssertedThroughTheStore() async {
    let store = makeStore()
    await store.send(.effectBumpsSharedTapped).finish()
    store.assert { $0.count = 10 }
    await store.send(.incrementTapped) { $0.count = 11 }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsNamed() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.exhaustivity = .off
    await store.send(.timerToggled)  // isTimerOn changes: not named, not checked
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))  // a tick is received: not asserted, not a failure
    await store.send(.incrementTapped) { $0.count = 2 }
    await store.skipInFlightEffects()
  }

  @Test func nonExhaustiveStillChecksWhatIsNamed() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.incrementTapped) { $0.count = 5 }
    } matching: { $0.description.contains("−   count: #1 5,") }
  }

  @Test func testStoresHaveTheirOwnWorld() async {
    for expected in [1, 1] {
      let store = TestStore(
        initialState: Counter.State(count: Shared(wrappedValue: 0, .inMemory("count"))),
        reducer: Counter()
      )
      await store.send(.incrementTapped) { $0.count = expected }
    }
  }
}
