#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether a reminder's timer, waking at a moment, reminds of a meeting or stays silent, and
/// why: what `remind fire` does and `remind fire --dry-run` says.
///
/// The timer is set `before` the meeting, so the meeting it is about is the one the schedule
/// plans nearest to its waking plus `before`. It reminds of that meeting unless there is none
/// within ``tolerance`` of it (the timer woke late, or on a day between meetings of a rule a
/// timer cannot say exactly), the day is skipped, the meeting was moved, or the user (the `me`
/// setting) is away that day.
///
/// ```swift
/// let decision = ReminderDecision(
///   now: now, before: 300, planned: occurrences, isAway: { day in false },
///   day: LocalCalendar.current.day(of:))
/// decision.outcome  // .remind(meeting) or .silent(.skipped(day))
/// ```
public struct ReminderDecision: Equatable, Sendable {
  /// A meeting the schedule's rule plans, and what became of it.
  public struct Planned: Equatable, Sendable {
    public enum State: Equatable, Sendable {
      case held
      case skipped
      /// Moved to another moment.
      case moved(Date)
    }

    /// When the rule has it start.
    public var start: Date
    public var state: State

    public init(start: Date, state: State) {
      self.start = start
      self.state = state
    }
  }

  /// Why the reminder stays silent.
  public enum Silence: Equatable, Sendable {
    /// No meeting is planned within ``tolerance`` of the waking plus `before`; the nearest
    /// one, when there is any.
    case noMeetingDue(nearest: Date?)
    /// The meeting's day is skipped.
    case skipped(Date)
    /// The meeting was moved from `from` to `to`.
    case moved(from: Date, to: Date)
    /// The user is away on the meeting's day.
    case away(Date)
  }

  public enum Outcome: Equatable, Sendable {
    /// Remind of the meeting starting then.
    case remind(Date)
    case silent(Silence)
  }

  /// How far from its time the timer may wake and still remind: 10 minutes.
  public static let tolerance: TimeInterval = 600

  public let outcome: Outcome

  /// The decision of a timer waking at `now`, set `before` seconds ahead of the meetings
  /// `planned` (those near `now`, in any order); `isAway` says whether the user is away on a
  /// local day, `day` which local day a moment falls on.
  public init(
    now: Date, before: TimeInterval, planned: [Planned], isAway: (CalendarDay) -> Bool,
    day: (Date) -> CalendarDay
  ) {
    let due = now.addingTimeInterval(before)
    let nearest = planned.min {
      abs($0.start.timeIntervalSince(due)) < abs($1.start.timeIntervalSince(due))
    }
    guard let nearest, abs(nearest.start.timeIntervalSince(due)) <= Self.tolerance else {
      outcome = .silent(.noMeetingDue(nearest: nearest?.start))
      return
    }
    switch nearest.state {
    case .skipped:
      outcome = .silent(.skipped(nearest.start))
    case .moved(let to):
      outcome = .silent(.moved(from: nearest.start, to: to))
    case .held where isAway(day(nearest.start)):
      outcome = .silent(.away(nearest.start))
    case .held:
      outcome = .remind(nearest.start)
    }
  }
}
