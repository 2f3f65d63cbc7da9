import SharedState
import SyncUpsCore
import Testing
import TestSupport

/// How strictly a ``TestStore`` checks.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, shared change, received action and running effect must be asserted.
  case on
  /// Only what a test names is checked; the rest is allowed to happen.
  case off
}

/// A store for tests that makes a feature prove everything it does.
///
/// ```swift
/// let store = TestStore(initialState: Counter.State(count: Shared(0)), reducer: Counter()) {
///   $0.continuousClock = ImmediateClock()
/// }
/// await store.send(.incrementTapped) {
///   $0.count = 1                       // shared state is asserted like any other state
/// }
/// await store.receive(.timerTicked) { $0.count = 2 }
/// await store.finish()
/// ```
///
/// Exhaustive by default: after each action the state must equal the test's expectation (the
/// failure shows a diff, expected −, actual +); every action an effect sends must be received;
/// a shared change made outside any action (by an effect) must be asserted with
/// `$shared.assert { … }` or ``assert(_:fileID:filePath:line:column:)``; and no effect may still
/// be running when the test ends. Each test store has its own dependency world.
@MainActor
public final class TestStore<State, Action> {
  /// How strictly this store checks. Default ``Exhaustivity/on``.
  public var exhaustivity: Exhaustivity = .on

  private var store: Store<State, Action>!
  private let tracker = SharedChangeTracker(reportUnassertedChanges: false)
  private let effects = InFlightEffects()
  private var pendingSteps: [Step] = []
  private var steps: [Step] = []
  private var received: [Step] = []
  /// The state as the test last asserted it, with the shared values it had then.
  private var asserted: (state: State, shared: SharedSnapshot)!
  private let location: SourceLocation

  /// One action processed by the reducer.
  private struct Step {
    var action: Action
    var origin: ActionEvent<State, Action>.Origin = .send
    var stateBefore: State
    var sharedBefore: SharedSnapshot
    var stateAfter: State
    var sharedAfter: SharedSnapshot
    var dumpAfter: String
  }

  /// A test store for `reducer` starting at `initialState`, with dependencies changed by
  /// `prepareDependencies` in a world of its own.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) where R.State == State, R.Action == Action {
    recordReportedIssuesAsTestFailures()
    location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // Set once `self` exists; the wrapper and the hook only run after `init`.
    let box = WeakBox<TestStore>()
    let effects = self.effects
    let recording = Reduce<State, Action> { state, action in
      let before = state
      let sharedBefore = sharedSnapshot(of: state)
      let stepTracker = SharedChangeTracker(reportUnassertedChanges: false)
      let effect = stepTracker.track { effects.track(reducer.reduce(into: &state, action: action)) }
      let sharedAfter = sharedSnapshot(of: state)
      let reachable = Set(sharedAfter.storages.map(ObjectIdentifier.init))
      // A shared change the reducer made outside its state still needs asserting.
      box.value?.tracker.adopt(
        stepTracker.recordedChanges.filter { !reachable.contains(ObjectIdentifier($0.root)) })
      box.value?.pendingSteps.append(
        Step(
          action: action, stateBefore: before, sharedBefore: sharedBefore, stateAfter: state,
          sharedAfter: sharedAfter, dumpAfter: valueDump(state)))
      return effect
    }
    // The initial state is built inside the store's dependencies, so its keyed shared values
    // live in this store's world.
    store = Store(
      initialState: initialState(), reducer: recording, withDependencies: prepareDependencies,
      onAction: { event in
        guard let self = box.value, !self.pendingSteps.isEmpty else { return }
        var step = self.pendingSteps.removeFirst()
        step.origin = event.origin
        if event.origin == .effect {
          self.received.append(step)
        } else {
          self.steps.append(step)
        }
      })
    box.value = self
    asserted = (store.state, sharedSnapshot(of: store.state))
  }

  /// The current state.
  public var state: State { store.state }

  /// The dependencies the feature runs with.
  public var dependencies: DependencyValues { store.dependencies }

  /// Sends `action` as the user would and asserts the state it leads to: `updateStateToExpected`
  /// turns the state before the action into the expected state.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> StoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    checkBeforeAction(location)
    let task = tracker.track { store.send(action) }
    guard let step = steps.popLast() else {
      fail("The action was not processed by the store.", sourceLocation: location)
      return task
    }
    expect(step, updateStateToExpected, location)
    return task
  }

  /// Asserts that an effect sent `action` (the oldest action not yet received) and the state
  /// it led to.
  public func receive(
    _ action: Action,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async where Action: Equatable {
    await receive(
      { $0 == action }, description: "\(action)", assert: updateStateToExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action in the case `path` (its payload is not compared)
  /// and the state it led to.
  public func receive<Value>(
    _ path: ActionPath<Action, Value>,
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    await receive(
      { path.extract($0) != nil }, description: "an action of the expected case",
      assert: updateStateToExpected, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action for which `matches` is true, and the state it led to.
  /// Waits while effects run, at most `timeout`: a guard against waiting for ever, not a speed
  /// requirement, as effects run on the test pool that other tests keep busy for seconds.
  public func receive(
    _ matches: (Action) -> Bool,
    description: String = "a matching action",
    assert updateStateToExpected: ((inout State) throws -> Void)? = nil,
    timeout: Duration = .seconds(60),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    checkUnassertedSharedChanges(location)
    let deadline = ContinuousClock.now + timeout
    while received.isEmpty && ContinuousClock.now < deadline && !effects.isEmpty {
      await Task.yield()
      try? await Task.sleep(for: .milliseconds(1))
    }
    await settle()
    guard !received.isEmpty else {
      fail("Expected to receive \(description), but received none.", sourceLocation: location)
      return
    }
    if exhaustivity == .off {
      // Skip over the actions the test does not name.
      while let first = received.first, !matches(first.action) {
        received.removeFirst()
        accept(first)
      }
      guard !received.isEmpty else {
        fail("Expected to receive \(description), but did not.", sourceLocation: location)
        return
      }
    }
    let step = received.removeFirst()
    guard matches(step.action) else {
      fail(
        "Received an unexpected action:\n\n\(valueDump(step.action))\n\nExpected \(description).",
        sourceLocation: location)
      accept(step)
      return
    }
    expect(step, updateStateToExpected, location)
  }

  /// Asserts a change made outside any action (by an effect, to shared state): turns the state
  /// as last asserted into the state now.
  public func assert(
    _ updateStateToExpected: (inout State) throws -> Void,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let now = state
    withoutActuallyEscaping(updateStateToExpected) { update in
      compare(
        before: asserted.state, sharedBefore: baselineForAssert(), actualDump: valueDump(now),
        update, location)
    }
    tracker.accept()
    asserted = (now, sharedSnapshot(of: now))
  }

  /// Waits for every effect to finish (up to `timeout`, a guard against waiting for ever like
  /// `receive`'s) and checks that nothing is left:
  /// no effect running, no action received but not asserted, no shared change not asserted.
  public func finish(
    timeout: Duration = .seconds(60),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let deadline = ContinuousClock.now + timeout
    while !effects.isEmpty && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    await settle()
    checkCompletion(location)
  }

  /// Treats the actions received so far as asserted.
  public func skipReceivedActions() async {
    await settle()
    for step in received { accept(step) }
    received.removeAll()
  }

  /// Cancels the effects still running.
  public func skipInFlightEffects() async {
    store = nil
  }

  isolated deinit {
    guard store != nil else { return }
    checkCompletion(location)
  }

  // MARK: Checking

  /// Lets effect actions that are already on their way reach the store.
  private func settle() async {
    for _ in 0..<10 { await Task.yield() }
  }

  private func checkBeforeAction(_ location: SourceLocation) {
    if exhaustivity == .on, !received.isEmpty {
      fail(
        "Must handle \(received.count) received action(s) before sending an action:\n\n"
          + received.map { valueDump($0.action) }.joined(separator: "\n"),
        sourceLocation: location)
    }
    for step in received { accept(step) }
    received.removeAll()
    checkUnassertedSharedChanges(location)
  }

  private func checkUnassertedSharedChanges(_ location: SourceLocation) {
    defer { tracker.accept() }
    guard exhaustivity == .on else { return }
    for change in tracker.recordedChanges {
      let before = valueDump(change.snapshot)
      let now = valueDump(change.current())
      guard before != now else { continue }
      fail(
        """
        Tracked changes to '\(change.label)' but failed to assert: …

        \(lineDiff(from: before, to: now) ?? "")

        (Before: −, After: +)

        Call '$shared.assert { … }' or 'store.assert { … }' to assert these changes.
        """,
        sourceLocation: location)
    }
  }

  private func checkCompletion(_ location: SourceLocation) {
    checkUnassertedSharedChanges(location)
    if exhaustivity == .on, !received.isEmpty {
      fail(
        "The store received \(received.count) unexpected action(s):\n\n"
          + received.map { valueDump($0.action) }.joined(separator: "\n"),
        sourceLocation: location)
      received.removeAll()
    }
    if exhaustivity == .on, store != nil, !effects.isEmpty {
      fail(
        "An effect returned for an action is still running. It must finish before the test ends; "
          + "use 'await store.finish()', or cancel it.",
        sourceLocation: location)
    }
  }

  private func expect(
    _ step: Step, _ updateStateToExpected: ((inout State) throws -> Void)?, _ location: SourceLocation
  ) {
    if exhaustivity == .on {
      compare(
        before: step.stateBefore, sharedBefore: step.sharedBefore, actualDump: step.dumpAfter,
        updateStateToExpected, location)
    } else if let updateStateToExpected {
      // Only what the test names: apply its changes to the actual state and expect no difference.
      compare(
        before: step.stateAfter, sharedBefore: step.sharedAfter, actualDump: step.dumpAfter,
        updateStateToExpected, location)
    }
    accept(step)
  }

  private func accept(_ step: Step) {
    asserted = (step.stateAfter, step.sharedAfter)
  }

  private func compare(
    before: State, sharedBefore: SharedSnapshot, actualDump: String,
    _ updateStateToExpected: ((inout State) throws -> Void)?, _ location: SourceLocation
  ) {
    let expectedDump: String
    do {
      expectedDump = try withSharedValues(sharedBefore) {
        var expected = before
        try updateStateToExpected?(&expected)
        return valueDump(expected)
      }
    } catch {
      fail("The expectation threw: \(error)", sourceLocation: location)
      return
    }
    guard expectedDump != actualDump else { return }
    let difference = lineDiff(from: expectedDump, to: actualDump) ?? ""
    fail(
      updateStateToExpected == nil
        ? "State was not expected to change, but a change occurred: …\n\n\(difference)\n\n(Expected: −, Actual: +)"
        : "A state change does not match expectation: …\n\n\(difference)\n\n(Expected: −, Actual: +)",
      sourceLocation: location)
  }

  private func baselineForAssert() -> SharedSnapshot {
    // The values as last asserted, with shared values an effect changed since taken from the
    // tracker's snapshots.
    asserted.shared
  }
}

/// Records a test failure with `message` at `location`.
private func fail(_ message: String, sourceLocation location: SourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: location)
}

private final class WeakBox<Value: AnyObject>: @unchecked Sendable {
  weak var value: Value?
}
