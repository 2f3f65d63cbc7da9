/// How long something has run on a clock, the time it was stopped left out: a value to keep in
/// a feature's state, read and moved on by the reducer with the clock dependency.
///
/// ```swift
/// var stopwatch = Stopwatch()
/// stopwatch.start(on: clock)       // at 0 s
/// stopwatch.stop(on: clock)        // at 30 s: elapsed is 30 s
/// stopwatch.start(on: clock)       // at 50 s
/// stopwatch.update(on: clock)      // at 60 s: elapsed is 40 s
/// ```
///
/// A running stopwatch keeps the instant it last read, of whichever clock it was started on,
/// so that the state stays a plain value that tests compare: two stopwatches are equal when
/// they have counted the same time and are running since the same instant (or both stopped).
/// Read it on the clock that started it; another kind of clock is a programmer error.
public struct Stopwatch: Hashable, Sendable {
  /// The time counted up to the last start, stop or update.
  public private(set) var elapsed: Duration
  /// The instant of the last start or update while running; `nil` when stopped.
  private var runningSince: (any InstantProtocol)?


  /// A stopwatch that has counted `elapsed` and runs since `instant`, or is stopped when
  /// `instant` is `nil`: what a test expects a feature's stopwatch to be.
  ///
  /// ```swift
  /// Stopwatch(elapsed: .seconds(3), runningSince: TestClock.Instant(offset: .seconds(3)))
  /// ```
  public init<Instant: InstantProtocol>(elapsed: Duration, runningSince instant: Instant?)
  where Instant.Duration == Duration {
    self.elapsed = elapsed
    self.runningSince = instant
  }

  /// A stopped stopwatch that has counted `elapsed`: at zero when not given.
  public init(elapsed: Duration = .zero) {
    self.elapsed = elapsed
  }

  /// Whether it is counting.
  public var isRunning: Bool { runningSince != nil }

  /// Counts from now on; nothing changes when it is already running.
  public mutating func start<C: Clock>(on clock: C) where C.Duration == Duration {
    start(at: clock.now)
  }

  /// Counts the time up to now and stops; nothing changes when it is stopped.
  public mutating func stop<C: Clock>(on clock: C) where C.Duration == Duration {
    stop(at: clock.now)
  }

  /// Brings ``elapsed`` up to now when running.
  public mutating func update<C: Clock>(on clock: C) where C.Duration == Duration {
    update(to: clock.now)
  }

  /// Starts or stops it, so that it runs exactly when `running` says.
  public mutating func set<C: Clock>(running: Bool, on clock: C) where C.Duration == Duration {
    set(running: running, at: clock.now)
  }

  /// Counts from `now` on (an instant of the clock it is read on); nothing changes when it is
  /// already running. The forms taking an instant let one reading of the clock serve several
  /// steps, so that time spent in between (a wait for a lock) is not counted.
  public mutating func start<Instant: InstantProtocol>(at now: Instant)
  where Instant.Duration == Duration {
    guard runningSince == nil else { return }
    runningSince = now
  }

  /// Counts the time up to `now` and stops; nothing changes when it is stopped.
  public mutating func stop<Instant: InstantProtocol>(at now: Instant)
  where Instant.Duration == Duration {
    update(to: now)
    runningSince = nil
  }

  /// Brings ``elapsed`` up to `now` when running.
  public mutating func update<Instant: InstantProtocol>(to now: Instant)
  where Instant.Duration == Duration {
    guard let since = runningSince else { return }
    guard let start = since as? Instant else {
      preconditionFailure("a Stopwatch is read on a \(Instant.self), not the clock that started it")
    }
    elapsed += max(start.duration(to: now), .zero)
    runningSince = now
  }

  /// Starts or stops it at `now`, so that it runs exactly when `running` says.
  public mutating func set<Instant: InstantProtocol>(running: Bool, at now: Instant)
  where Instant.Duration == Duration {
    if running { start(at: now) } else { stop(at: now) }
  }

  public static func == (lhs: Stopwatch, rhs: Stopwatch) -> Bool {
    guard lhs.elapsed == rhs.elapsed else { return false }
    switch (lhs.runningSince, rhs.runningSince) {
    case (nil, nil): return true
    case (let left?, let right?): return AnyHashable(left) == AnyHashable(right)
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(elapsed)
    hasher.combine(runningSince.map { AnyHashable($0) })
  }
}

extension Stopwatch: CustomStringConvertible {
  /// `Stopwatch(12.5 seconds, running since OffsetInstant(offset: 12.5 seconds))`, as test
  /// failures show it.
  public var description: String {
    let state = runningSince.map { "running since \($0)" } ?? "stopped"
    return "Stopwatch(\(elapsed), \(state))"
  }
}
