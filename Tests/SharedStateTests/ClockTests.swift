import Dispatch
import SharedState
import Testing

/// Collects values appended by concurrently running tasks.
private actor ClockTestLog<Value: Sendable> {
  private(set) var values: [Value] = []

  func append(_ value: Value) {
    values.append(value)
  }
}

private func clockSeconds(_ seconds: Double) -> TestClock.Instant {
  TestClock.Instant(offset: .seconds(seconds))
}

@Suite("TestClock")
private struct TestClockTests {
  @Test func sleepWakesOnlyWhenDeadlineIsReached() async throws {
    let clock = TestClock()
    let woken = ClockTestLog<Bool>()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      await woken.append(true)
    }
    #expect(await clock.waitForSleepers())

    await clock.advance(by: .milliseconds(500))
    #expect(clock.now == clockSeconds(0.5))
    #expect(clock.sleeperCount == 1)
    #expect(await woken.values.isEmpty)

    await clock.advance(by: .milliseconds(500))
    #expect(clock.now == clockSeconds(1))
    #expect(clock.sleeperCount == 0)
    try await task.value
    #expect(await woken.values == [true])
  }

  @Test func sleepPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock(now: clockSeconds(5))
    try await clock.sleep(until: clockSeconds(5))
    try await clock.sleep(until: clockSeconds(1))
    #expect(clock.now == clockSeconds(5))
    #expect(!clock.hasSleepers)
  }

  @Test func sleepersWakeInDeadlineOrderWithTiesInSleepOrder() async throws {
    let clock = TestClock()
    let order = ClockTestLog<String>()
    var tasks: [Task<Void, any Error>] = []
    for (name, seconds) in [("c", 3), ("a1", 1), ("b", 2), ("a2", 1)] {
      tasks.append(Task {
        try await clock.sleep(until: clockSeconds(Double(seconds)))
        await order.append("\(name)@\(clock.now.offset)")
      })
      // Start each sleep before the next so that the tie order is defined.
      #expect(await clock.waitForSleepers(count: tasks.count))
    }

    await clock.advance(by: .seconds(3))
    for task in tasks { try await task.value }
    #expect(await order.values == ["a1@1.0 seconds", "a2@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds"])
  }

  @Test func wokenTaskCanSleepAgainWithinOneAdvance() async throws {
    let clock = TestClock()
    let wakeTimes = ClockTestLog<TestClock.Instant>()
    let task = Task {
      for _ in 1...3 {
        try await clock.sleep(for: .seconds(1))
        await wakeTimes.append(clock.now)
      }
    }
    #expect(await clock.waitForSleepers())

    await clock.advance(by: .milliseconds(2500))
    #expect(await wakeTimes.values == [clockSeconds(1), clockSeconds(2)])
    #expect(clock.now == clockSeconds(2.5))
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(await wakeTimes.values == [clockSeconds(1), clockSeconds(2), clockSeconds(3)])
  }

  @Test func cancellingASleeperThrowsAndRemovesIt() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers())

    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!clock.hasSleepers)
  }

  @Test func sleepingInACancelledTaskThrows() async throws {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!clock.hasSleepers)
  }

  @Test func runDrainsAllSleepers() async throws {
    let clock = TestClock()
    let wakeTimes = ClockTestLog<TestClock.Instant>()
    let looping = Task {
      for _ in 1...4 {
        try await clock.sleep(for: .seconds(2))
        await wakeTimes.append(clock.now)
      }
    }
    let single = Task { try await clock.sleep(for: .seconds(5)) }
    #expect(await clock.waitForSleepers(count: 2))

    #expect(await clock.run())
    try await looping.value
    try await single.value
    #expect(!clock.hasSleepers)
    #expect(clock.now == clockSeconds(8))
    #expect(await wakeTimes.values == [2, 4, 6, 8].map { clockSeconds($0) })
  }

  @Test func runStopsAtItsCapForEndlessSleepers() async throws {
    let clock = TestClock()
    let task = Task { while true { try await clock.sleep(for: .seconds(1)) } }
    #expect(await clock.waitForSleepers())

    #expect(await clock.run(maxSteps: 5) == false)
    #expect(clock.now == clockSeconds(5))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func timerTicksOncePerIntervalThroughAnExistentialClock() async throws {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let ticks = ClockTestLog<Int>()
    let consumer = Task {
      for try await tick in clock.timer(interval: .seconds(1)) {
        await ticks.append(tick)
      }
    }
    #expect(await testClock.waitForSleepers())

    await testClock.advance(by: .seconds(1))
    #expect(await ticks.values == [1])
    await testClock.advance(by: .seconds(1))
    #expect(await ticks.values == [1, 2])
    await testClock.advance(by: .seconds(1))
    #expect(await ticks.values == [1, 2, 3])

    await testClock.advance(by: .seconds(3))
    #expect(await ticks.values == [1, 2, 3, 4, 5, 6])

    await testClock.advance(by: .milliseconds(500))
    #expect(await ticks.values == [1, 2, 3, 4, 5, 6])
    await testClock.advance(by: .milliseconds(500))
    #expect(await ticks.values == [1, 2, 3, 4, 5, 6, 7])

    // Cancellation ends the iteration normally.
    consumer.cancel()
    try await consumer.value
    #expect(!testClock.hasSleepers)
  }

  @Test func timerDeadlinesDoNotDriftWithASlowConsumer() async throws {
    let clock = TestClock()
    let wakeTimes = ClockTestLog<TestClock.Instant>()
    let consumer = Task {
      for try await tick in clock.timer(interval: .seconds(1)) {
        await wakeTimes.append(clock.now)
        // A slow consumer: 1.5 s of work per tick.
        try await clock.sleep(for: .milliseconds(1500))
        if tick == 3 { break }
      }
    }
    #expect(await clock.waitForSleepers())

    #expect(await clock.run())
    try await consumer.value
    // Ticks 2 and 3 were due at 2 s and 3 s, already past when requested.
    #expect(await wakeTimes.values == [clockSeconds(1), clockSeconds(2.5), clockSeconds(4)])
  }
}

@Suite("ImmediateClock")
private struct ImmediateClockTests {
  @Test func thousandSleepsFinishAtOnce() async throws {
    // An hour each: slept for real, they would outlast any test run by weeks, so finishing at
    // all shows they were not; no wall clock is read, which a loaded machine would make lie.
    let clock = ImmediateClock()
    for _ in 1...1_000 {
      try await clock.sleep(for: .seconds(3_600))
    }
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3_600_000)))
  }

  @Test func sleepNeverMovesBackwards() async throws {
    let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(10)))
    try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(3)))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
  }

  @Test func cancelledSleepThrows() async throws {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now == .zero)
  }

  @Test func timerTicksImmediately() async throws {
    let clock: any Clock<Duration> = ImmediateClock()
    var ticks: [Int] = []
    for try await tick in clock.timer(interval: .seconds(1)) {
      ticks.append(tick)
      if tick == 5 { break }
    }
    #expect(ticks == [1, 2, 3, 4, 5])
  }
}

@Suite("DispatchClock")
private struct DispatchClockTests {
  @Test func instantArithmetic() {
    let instant = DispatchClock.Instant(uptimeNanoseconds: 1_000)
    #expect(instant.advanced(by: .nanoseconds(500)).uptimeNanoseconds == 1_500)
    #expect(instant.advanced(by: .nanoseconds(-400)).uptimeNanoseconds == 600)
    #expect(instant.advanced(by: .seconds(-1)).uptimeNanoseconds == 0)
    let late = DispatchClock.Instant(uptimeNanoseconds: .max - 10)
    #expect(late.advanced(by: .seconds(1)).uptimeNanoseconds == .max)
    #expect(instant.duration(to: DispatchClock.Instant(uptimeNanoseconds: 3_000)) == .nanoseconds(2_000))
    #expect(instant.duration(to: DispatchClock.Instant(uptimeNanoseconds: 0)) == .nanoseconds(-1_000))
    #expect(instant < instant.advanced(by: .nanoseconds(1)))
  }

  @Test func sleepWaitsAboutTheRequestedTime() async throws {
    let clock = DispatchClock()
    let wall = ContinuousClock()
    let start = wall.now
    try await clock.sleep(for: .milliseconds(50))
    let elapsed = start.duration(to: wall.now)
    #expect(elapsed >= .milliseconds(50))
    // That it woke is the test; how soon is the benchmark's job (the test's own pool, which
    // other tests keep busy, sits between the timer and this line).
  }

  @Test(.timeLimit(.minutes(5)))
  func sleepPastDeadlineReturnsAtOnce() async throws {
    let clock = DispatchClock()
    // A deadline an hour past: a sleep that waited for it by any measure would not end.
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-3600)))
  }

  @Test(.timeLimit(.minutes(5)))
  func cancellingALongSleepEndsIt() async throws {
    let clock = DispatchClock()
    // An hour: only the cancellation can end it within the test's time limit.
    let task = Task { try await clock.sleep(for: .seconds(3600)) }
    try await Task.sleep(for: .milliseconds(50))  // most likely asleep by then; either way it ends
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func timerTicksAtAbsoluteDeadlines() async throws {
    let clock = DispatchClock()
    let interval = Duration.milliseconds(50)
    let before = clock.now
    var wakeTimes: [DispatchClock.Instant] = []
    var ticks: [Int] = []
    for try await tick in clock.timer(interval: interval) {
      wakeTimes.append(clock.now)
      ticks.append(tick)
      if tick == 5 { break }
    }
    #expect(ticks == [1, 2, 3, 4, 5])
    for (index, wakeTime) in wakeTimes.enumerated() {
      // The timer starts at or after `before`, so this is a lower bound.
      #expect(wakeTime >= before.advanced(by: interval * (index + 1)))
    }
  }
}
