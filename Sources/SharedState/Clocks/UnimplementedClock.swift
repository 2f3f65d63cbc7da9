/// A clock for tests that have not said which clock they want: any sleep reports an issue (the
/// test fails) and throws `CancellationError`, so an effect that needs time is never silently
/// driven by the real clock in a test.
public struct UnimplementedClock: Clock, Sendable {
  /// What the clock is for, shown in the reported issue.
  public let name: String
  private let base = ImmediateClock()

  /// A clock that fails the test when used; `name` says which dependency it stands in for.
  public init(_ name: String = "clock") {
    self.name = name
  }

  public var now: ImmediateClock.Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: ImmediateClock.Instant, tolerance: Duration? = nil) async throws {
    reportIssue("Unimplemented: '\(name)' was used in a test without being overridden.")
    throw CancellationError()
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = DispatchClock()
  static var testValue: any Clock<Duration> { UnimplementedClock("continuousClock") }
}

extension DependencyValues {
  /// The clock that times things (a meeting's ticks): a ``DispatchClock`` live; in tests, an
  /// ``UnimplementedClock`` until a test sets a ``TestClock`` or an ``ImmediateClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}
