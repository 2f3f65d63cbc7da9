import Dispatch

/// A clock that only moves when a test tells it to.
///
/// Tasks sleeping on a `TestClock` stay suspended until ``advance(by:)``,
/// ``advance(to:)`` or ``run(maxSteps:)`` moves ``now`` to or past their deadline, so
/// time-based code can be tested instantly:
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(1)) }
/// await clock.waitForSleepers()                 // the task is now asleep
/// await clock.advance(by: .milliseconds(500))   // still asleep
/// await clock.advance(by: .milliseconds(500))   // woken
/// try await task.value
/// ```
///
/// Sleepers are woken one at a time in deadline order (ties in the order they
/// started sleeping), and `now` is set to each sleeper's deadline as it is
/// woken. After waking a sleeper, `advance` waits until the woken task is
/// running again, then lets it run until it starts its next sleep (or a short
/// real-time grace period passes) before moving on. So a task that sleeps in a
/// loop is woken once per deadline within a single `advance`, and whatever it
/// did before sleeping again is visible when `advance` returns.
///
/// Drive the clock (`advance`, `run`) from one task at a time.
public final class TestClock: Clock, Sendable {
  /// A point in a `TestClock`'s time: an offset from its zero.
  ///
  /// ```swift
  /// #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
  /// ```
  public typealias Instant = OffsetInstant<TestClock>

  private struct Sleeper {
    var id: UInt64
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>

    func wakes(before other: Sleeper) -> Bool {
      (deadline, id) < (other.deadline, other.id)
    }
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []
    var lastSleepID: UInt64 = 0
    /// How many sleeps have suspended so far.
    var suspensions: UInt64 = 0
    /// The sleep just resumed by `advance` whose task has not run yet.
    var pendingWakeID: UInt64?
  }

  private let state: LockIsolated<State>

  /// Creates a clock whose time starts at `now`.
  public init(now: Instant = .zero) {
    state = LockIsolated(State(now: now))
  }

  /// The clock's current time; it only changes when the clock is advanced.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Zero: any duration can be represented.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently sleeping on this clock.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Whether any task is currently sleeping on this clock.
  public var hasSleepers: Bool {
    sleeperCount > 0
  }

  /// Suspends until the clock is advanced to or past `deadline`; returns at
  /// once if `deadline` is not after ``now``.
  ///
  /// - Parameters:
  ///   - deadline: When to wake up.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled before or while
  ///   sleeping; a cancelled sleeper is removed from the clock at once.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.lastSleepID += 1
      return state.lastSleepID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          // Checked under the lock, so a racing `onCancel` either sees this
          // sleeper registered or we see the cancellation here.
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          state.suspensions += 1
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0).continuation }
      }
      continuation?.resume(throwing: CancellationError())
    }
    // Tell `advance` that the woken task is running.
    state.withLock { state in
      if state.pendingWakeID == id { state.pendingWakeID = nil }
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline is
  /// reached (see ``advance(to:)``). Does nothing for a negative duration.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking each sleeper whose deadline is
  /// at or before it, earliest first, including sleeps that woken tasks start
  /// along the way. Ends with ``now`` equal to `deadline`, or unchanged if
  /// `deadline` is in the past.
  public func advance(to deadline: Instant) async {
    await letNewTasksRun()
    while let (sleeper, suspensions) = takeNextSleeper(dueBy: deadline) {
      sleeper.continuation.resume()
      await waitForWokenTask(of: sleeper, suspensionsBefore: suspensions)
    }
  }

  /// Advances to the next sleeper's deadline, again and again, until nothing
  /// sleeps on the clock.
  ///
  /// - Parameter maxSteps: A safety cap on the number of deadlines visited,
  ///   so that a task that sleeps forever in a loop cannot hang the test.
  /// - Returns: `true` if no sleepers remain, `false` if the cap was hit.
  @discardableResult
  public func run(maxSteps: Int = 10_000) async -> Bool {
    for _ in 0..<maxSteps {
      await letNewTasksRun()
      let next = state.withLock { state in
        state.sleepers.min { $0.wakes(before: $1) }?.deadline
      }
      guard let next else { return true }
      await advance(to: next)
    }
    return !hasSleepers
  }

  /// Suspends until at least `count` tasks sleep on this clock, yielding to
  /// other tasks meanwhile. Use it before advancing, to be sure that tasks
  /// just started have reached their sleep.
  ///
  /// ```swift
  /// let task = Task { try await clock.sleep(for: .seconds(1)) }
  /// #expect(await clock.waitForSleepers())
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - timeout: Real time after which to give up.
  /// - Returns: `false` if `timeout` passed first.
  @discardableResult
  public func waitForSleepers(count: Int = 1, timeout: Duration = .seconds(10)) async -> Bool {
    await Self.yield(until: { self.sleeperCount >= count }, minimumYields: 0, grace: timeout)
  }

  /// Removes and returns the earliest sleeper due by `deadline` (with the
  /// suspension count at that moment), moving `now` to its deadline; or moves
  /// `now` to `deadline` if none is due.
  private func takeNextSleeper(dueBy deadline: Instant) -> (Sleeper, suspensions: UInt64)? {
    state.withLock { state in
      let due = state.sleepers.indices.filter { state.sleepers[$0].deadline <= deadline }
      guard let index = due.min(by: { state.sleepers[$0].wakes(before: state.sleepers[$1]) }) else {
        state.now = max(state.now, deadline)
        return nil
      }
      let sleeper = state.sleepers.remove(at: index)
      state.now = max(state.now, sleeper.deadline)
      state.pendingWakeID = sleeper.id
      return (sleeper, state.suspensions)
    }
  }

  /// Gives tasks started just before an `advance` a chance to reach their sleep.
  private func letNewTasksRun() async {
    await Self.yield(until: { false }, minimumYields: 100, grace: .zero)
  }

  /// Waits until the task of a just-resumed `sleeper` runs, then until it
  /// sleeps again or a grace period passes (it may have finished, or be
  /// waiting on something other than this clock).
  private func waitForWokenTask(of sleeper: Sleeper, suspensionsBefore suspensions: UInt64) async {
    await Self.yield(
      until: { self.state.withLock { $0.pendingWakeID != sleeper.id } },
      minimumYields: 0,
      grace: .seconds(10)
    )
    await Self.yield(
      until: { self.state.withLock { $0.suspensions != suspensions } },
      minimumYields: 100,
      grace: .milliseconds(10)
    )
  }

  /// Calls `Task.yield()` until `isDone` returns `true` or both
  /// `minimumYields` yields and `grace` of real time have passed.
  /// Returns whether `isDone` became `true`.
  @discardableResult
  private static func yield(
    until isDone: () -> Bool,
    minimumYields: Int,
    grace: Duration
  ) async -> Bool {
    let clock = DispatchClock()
    let start = clock.now
    var yields = 0
    while !isDone() {
      if yields >= minimumYields && start.duration(to: clock.now) >= grace { return false }
      await Task.yield()
      yields += 1
    }
    return true
  }
}
