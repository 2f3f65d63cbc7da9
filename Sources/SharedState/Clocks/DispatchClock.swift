import Dispatch

/// The live clock, backed by Dispatch's monotonic uptime clock.
///
/// Sleeping schedules a one-shot Dispatch timer for the absolute deadline with
/// no leeway (unless a tolerance is given), so code that sleeps until
/// `start + k · interval` does not drift. Cancelling the sleeping task ends the
/// sleep at once with `CancellationError`.
///
/// ```swift
/// let clock = DispatchClock()
/// let start = clock.now
/// try await clock.sleep(until: start.advanced(by: .seconds(1)))
/// print(start.duration(to: clock.now))  // about 1 second
/// ```
public struct DispatchClock: Clock, Sendable {
  /// A moment on the Dispatch uptime clock, in nanoseconds.
  ///
  /// ```swift
  /// let deadline = DispatchClock().now.advanced(by: .milliseconds(50))
  /// ```
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Nanoseconds on the same scale as `DispatchTime.uptimeNanoseconds`.
    public var uptimeNanoseconds: UInt64

    /// Creates an instant from a `DispatchTime.uptimeNanoseconds` value.
    public init(uptimeNanoseconds: UInt64) {
      self.uptimeNanoseconds = uptimeNanoseconds
    }

    /// The instant `duration` later (earlier if negative), clamped to the
    /// representable range and truncated to whole nanoseconds.
    public func advanced(by duration: Duration) -> Instant {
      let delta = duration.clampedNanoseconds
      if delta >= 0 {
        let (sum, overflow) = uptimeNanoseconds.addingReportingOverflow(UInt64(delta))
        return Instant(uptimeNanoseconds: overflow ? .max : sum)
      }
      let magnitude = delta.magnitude
      return Instant(uptimeNanoseconds: uptimeNanoseconds > magnitude ? uptimeNanoseconds - magnitude : 0)
    }

    /// The duration from this instant to `other` (negative if `other` is earlier).
    public func duration(to other: Instant) -> Duration {
      if other.uptimeNanoseconds >= uptimeNanoseconds {
        return .nanoseconds(other.uptimeNanoseconds - uptimeNanoseconds)
      }
      return .zero - .nanoseconds(uptimeNanoseconds - other.uptimeNanoseconds)
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.uptimeNanoseconds < rhs.uptimeNanoseconds
    }
  }

  /// Creates the live clock.
  public init() {}

  /// The current uptime.
  public var now: Instant {
    Instant(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds)
  }

  /// One nanosecond, the granularity of ``Instant``.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until `deadline`, returning at once if it has already passed.
  ///
  /// - Parameters:
  ///   - deadline: When to wake up.
  ///   - tolerance: Extra lateness Dispatch may add to save power; `nil` (the
  ///     default) asks for none.
  /// - Throws: `CancellationError` if the task is cancelled before or while sleeping.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    guard now < deadline else { return }
    let leeway = DispatchTimeInterval.nanoseconds(Int(clamping: max(tolerance?.clampedNanoseconds ?? 0, 0)))
    let sleep = DispatchClockSleep()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        sleep.start(continuation, deadline: deadline, leeway: leeway)
      }
    } onCancel: {
      sleep.cancel()
    }
  }
}

/// One `DispatchClock.sleep` call: a one-shot timer plus the continuation that
/// exactly one of "timer fired" and "task cancelled" resumes.
private final class DispatchClockSleep: Sendable {
  private enum Phase {
    case notStarted
    case sleeping(CheckedContinuation<Void, any Error>, any DispatchSourceTimer)
    case cancelled
    case finished
  }

  private let phase = LockIsolated(Phase.notStarted)

  func start(
    _ continuation: CheckedContinuation<Void, any Error>,
    deadline: DispatchClock.Instant,
    leeway: DispatchTimeInterval
  ) {
    let started = phase.withLock { phase -> Bool in
      // Cancellation may have won before the continuation existed.
      guard case .notStarted = phase else { return false }
      let timer = DispatchSource.makeTimerSource(flags: .strict, queue: .global())
      timer.setEventHandler { self.fire() }
      timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline.uptimeNanoseconds), leeway: leeway)
      phase = .sleeping(continuation, timer)
      timer.resume()
      return true
    }
    if !started {
      continuation.resume(throwing: CancellationError())
    }
  }

  func cancel() {
    let sleeping = phase.withLock { phase -> (CheckedContinuation<Void, any Error>, any DispatchSourceTimer)? in
      switch phase {
      case .notStarted:
        phase = .cancelled
        return nil
      case let .sleeping(continuation, timer):
        phase = .cancelled
        return (continuation, timer)
      case .cancelled, .finished:
        return nil
      }
    }
    if let (continuation, timer) = sleeping {
      timer.cancel()
      continuation.resume(throwing: CancellationError())
    }
  }

  private func fire() {
    let sleeping = phase.withLock { phase -> (CheckedContinuation<Void, any Error>, any DispatchSourceTimer)? in
      guard case let .sleeping(continuation, timer) = phase else { return nil }
      phase = .finished
      return (continuation, timer)
    }
    if let (continuation, timer) = sleeping {
      // Cancelling releases the event handler, breaking the timer <-> sleep cycle.
      timer.cancel()
      continuation.resume()
    }
  }
}

extension Duration {
  /// Whole nanoseconds, truncated toward zero and clamped to `Int64`.
  fileprivate var clampedNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow || overflow2 { return seconds < 0 ? .min : .max }
    return total
  }
}
