import Foundation
import AppNavigation
import SharedState
import SyncUpsCore
import Testing
import TestStoreSupport
import TestSupport

private enum Locals {
  @TaskLocal static var requestID = "none"
}

/// Adds one, then doubles with a `.send`.
private struct AddThenDouble: Reducer {
  func reduce(into count: inout Int, action: String) -> Effect<String> {
    switch action {
    case "add":
      count += 1
      return .send("double")
    case "double":
      count *= 2
      return .none
    default:
      return .none
    }
  }
}

@MainActor
@Suite struct StoreTests {
  init() {
    recordReportedIssuesAsTestFailures()
  }

  @Test func observersAreCalledOncePerProcessedAction() {
    let store = Store(initialState: 0, reducer: AddThenDouble())
    var seen: [Int] = []
    let observation = store.observe { seen.append($0) }

    store.send("add")
    #expect(seen == [1, 2])

    observation.cancel()
    store.send("add")
    #expect(seen == [1, 2])
    #expect(store.state == 6)
  }

  @Test func releasedObservationsStop() {
    let store = Store(initialState: 0, reducer: AddThenDouble())
    var seen: [Int] = []
    do {
      let observation = store.observe { seen.append($0) }
      _ = withExtendedLifetime(observation) {
        store.send("add")
      }
    }

    store.send("add")

    #expect(seen == [1, 2])
  }

  @Test func onActionSeesEachActionWithItsStates() {
    var events: [String] = []
    let store = Store(initialState: 0, reducer: AddThenDouble()) { _ in
    } onAction: { event in
      events.append("\(event.origin) \(event.action): \(event.stateBefore) → \(event.stateAfter)")
    }

    store.send("add")

    #expect(events == ["send add: 0 → 1", "effect double: 1 → 2"])
  }

  @Test func finishWaitsForEffectsAndTheEffectsTheyStart() async {
    let effects = InFlightEffects()
    let clock = ImmediateClock()
    let reducer = Reduce<[Int], Int> { state, action in
      state.append(action)
      switch action {
      case 0:
        return .run { send in
          for second in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(second)
          }
        }
      case 3:
        return .run { send in
          await Task.yield()
          await send(4)
        }
      default:
        return .none
      }
    }
    let store = Store(initialState: [], reducer: effects.tracking(reducer))

    store.send(0)
    await store.finish()

    #expect(store.state == [0, 1, 2, 3, 4])
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3)))
    #expect(effects.isEmpty)
  }

  @Test func reducersAndEffectsUseTheStoresDependencies() async {
    let reducer = Reduce<[UUID], UUID?> { state, action in
      if let action {
        state.append(action)
        return .none
      }
      @Dependency(\.uuid) var uuid
      state.append(uuid())
      return .run { send in
        @Dependency(\.uuid) var uuid
        await send(uuid())
      }
    }
    let store = Store(initialState: [], reducer: reducer) {
      $0.uuid = .incrementing
    }

    await store.send(nil).finish()

    #expect(
      store.state.map(\.uuidString) == [
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000001",
      ]
    )
  }

  @Test func effectsInheritTheCallersTaskLocals() async {
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      guard action == "read" else { return .none }
      return .run { send in await send("request \(Locals.requestID)") }
    }
    let store = Store(initialState: [], reducer: reducer)

    let task = Locals.$requestID.withValue("42") { store.send("read") }
    await task.finish()

    #expect(store.state == ["read", "request 42"])
  }

  @Test func cancellingAStoreTaskDropsItsActions() async {
    let effects = InFlightEffects()
    let clock = TestClock()
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      guard action == "start" else { return .none }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send("fired")
      }
    }
    let store = Store(initialState: [], reducer: effects.tracking(reducer))
    let task = store.send("start")
    #expect(!task.isCancelled)
    #expect(!effects.isEmpty)

    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(effects.isEmpty)
    await clock.advance(by: .seconds(1))

    #expect(store.state == ["start"])
  }

  @Test func actionsSentByObserversWaitTheirTurn() {
    let store = Store(initialState: 0, reducer: AddThenDouble())
    var seen: [Int] = []
    let observation = store.observe { [weak store] count in
      seen.append(count)
      if count == 1 { store?.send("add") }
    }

    _ = withExtendedLifetime(observation) {
      store.send("add")
    }

    #expect(seen == [1, 2, 3, 6])
    #expect(store.state == 6)
  }

  @Test func cancelledEffectsCannotSend() async {
    let clock = TestClock()
    let reducer = Reduce<[String], String> { state, action in
      state.append(action)
      switch action {
      case "start":
        return .run { send in
          try? await clock.sleep(for: .seconds(1))
          await send("late")
        }
        .cancellable(id: "sleep")
      case "stop":
        return .cancel(id: "sleep")
      default:
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer)
    let task = store.send("start")
    await clock.waitForSleepers()

    store.send("stop")
    await task.finish()

    #expect(store.state == ["start", "stop"])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    let reducer = Reduce<Int, Int> { _, _ in
      .run { _ in try await clock.sleep(for: .seconds(1)) }
    }
    var store: Store<Int, Int>? = Store(initialState: 0, reducer: reducer)
    store?.send(1)
    #expect(await clock.waitForSleepers())

    store = nil

    #expect(store == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func stackStateKeepsIDsWithItsElements() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<String> = ["a", "b"]
      #expect(stack.ids == [0, 1])

      stack[id: 5] = "c"
      stack.append("d")
      stack[id: 1] = "B"
      #expect(stack.ids == [0, 1, 5, 2])
      #expect(Array(stack) == ["a", "B", "c", "d"])

      stack[id: 0] = nil
      #expect(stack.ids == [1, 5, 2])
      stack.pop(from: 5)
      #expect(stack.ids == [1])
      #expect(stack.popLast() == "B")
      #expect(stack.popLast() == nil)
    }
  }

  @Test func stackStateSkipsIDsAlreadyInUse() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack = StackState<String>()
      stack[id: 0] = "pushed"
      stack.append("appended")
      #expect(stack.ids == [0, 1])
    }
  }

  @Test func stackStatesWithDifferentIDsDiffer() {
    let (first, second) = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      (StackState(["a"]), StackState(["a"]))
    }

    #expect(first != second)
    #expect(first == first)
    #expect(valueDump(second) == "StackState<String>(\n  #1: \"a\"\n)")
  }
}
