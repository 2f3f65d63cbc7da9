import SharedState
import Testing

@Suite struct StopwatchTests {
  @Test func countsRunningTimeOnlyAndComparesByWhatItCounted() async {
    let clock = TestClock()
    var stopwatch = Stopwatch()
    #expect(!stopwatch.isRunning)
    stopwatch.start(on: clock)
    await clock.advance(by: .seconds(30))
    stopwatch.stop(on: clock)
    #expect(stopwatch == Stopwatch(elapsed: .seconds(30)))
    await clock.advance(by: .seconds(20))
    stopwatch.update(on: clock)
    #expect(stopwatch.elapsed == .seconds(30))
    stopwatch.set(running: true, on: clock)
    await clock.advance(by: .milliseconds(10_500))
    stopwatch.update(on: clock)
    #expect(stopwatch.elapsed == .milliseconds(40_500))
    #expect(stopwatch.isRunning)
    #expect(
      stopwatch
        == Stopwatch(elapsed: .milliseconds(40_500), runningSince: clock.now))
    #expect(
      stopwatch
        != Stopwatch(elapsed: .milliseconds(40_500), runningSince: TestClock.Instant.zero))
    #expect(stopwatch != Stopwatch(elapsed: .milliseconds(40_500)))
    // Starting again changes nothing: the time since the last reading still counts.
    stopwatch.start(on: clock)
    await clock.advance(by: .seconds(1))
    stopwatch.stop(on: clock)
    #expect(stopwatch == Stopwatch(elapsed: .milliseconds(41_500)))
  }
}
