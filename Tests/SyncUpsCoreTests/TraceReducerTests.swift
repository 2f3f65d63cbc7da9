import SharedState
import SyncUpsCore
import Testing

private struct Tally: Reducer {
  struct State {
    @Shared var total: Int
    var taps = 0
  }

  enum Action: Sendable {
    case tapped
    case bumpLog
    case nothing
  }

  let log: Shared<[String]>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.taps += 1
      state.total += 10
    case .bumpLog:
      log.withLock { $0.append("bumped") }
    case .nothing:
      break
    }
    return .none
  }
}

private final class Output: @unchecked Sendable {
  var text = ""
}

@MainActor
@Suite struct TraceReducerTests {
  @Test func printsEachActionAndTheStateDiffSharedIncluded() {
    let output = Output()
    let log = Shared<[String]>([])
    let store = Store(
      initialState: Tally.State(total: Shared(5)),
      reducer: Tally(log: log).trace { output.text += $0 }
    )
    store.send(.tapped)
    store.send(.nothing)
    store.send(.bumpLog)
    #expect(
      output.text == """
        received action:
          Tally.Action.tapped
          Tally.State(
        −   total: #1 5,
        −   taps: 0
        +   total: #1 15,
        +   taps: 1
          )
        received action:
          Tally.Action.nothing
          (No state changes)
        received action:
          Tally.Action.bumpLog
          (No state changes)
          Shared<Array<String>>:
        − []
        + [
        +   [0]: "bumped"
        + ]

        """)
  }
}
