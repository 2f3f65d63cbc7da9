import BenchmarkSupport

/// Minimal benchmarking support: best-of-N timing with `ContinuousClock` around the loop only,
/// and a table of results with their targets.

/// Runs `setup` (untimed) then `body` (timed) `repetitions` times; returns the best duration.
func best<State>(
  of repetitions: Int = 5,
  setup: (Int) -> State,
  _ body: (inout State) -> Void
) -> Duration {
  var fastest = Duration.seconds(Int64.max / 2)
  for repetition in 0..<repetitions {
    var state = setup(repetition)
    let clock = ContinuousClock()
    let start = clock.now
    body(&state)
    let elapsed = clock.now - start
    fastest = min(fastest, elapsed)
    blackHole(state)
  }
  return fastest
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
