#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the meeting goes against its plan: ahead or behind, and when it is projected to end.
///
/// The meeting's own time (pauses left out) and what is left of its slots together make the
/// length it is heading for; against the planned length, that is its **variance**: positive
/// when it runs behind (a speaker in overtime, `rebalance` out of time), negative when ahead (a
/// speaker who said "Next" early in `fixed` or `bank` mode). Within ten seconds either way it is
/// on time, so that the sign does not flicker with rounding.
extension RecordMeeting.State {
  /// Seconds the meeting is heading past its planned length; negative when it is ahead.
  public var variance: Int { meetingSeconds + secondsRemaining - syncUp.duration }

  /// When the meeting is projected to end, taking `now` as the present: now plus what is left
  /// of its slots.
  public func projectedEnd(now: Date) -> Date {
    now.addingTimeInterval(Double(secondsRemaining))
  }
}

extension RecordMeeting {
  /// The seconds within which a meeting counts as on time, either way.
  public static let onTimeBand = 10

  /// `on time` (within ``onTimeBand`` seconds either way), `behind 1:10`, `ahead 0:40`: a
  /// meeting's ``State/variance`` for people.
  public static func paceText(variance: Int) -> String {
    guard abs(variance) >= onTimeBand else { return "on time" }
    return (variance > 0 ? "behind " : "ahead ") + DurationText.clock(abs(variance))
  }

  /// Divides what is left of the meeting, from its own time now, among speaker `index` and
  /// those after (`rebalance`, at a turn change): never less than the minimum slot each (or the
  /// even share of the planned length, when that is shorter), the slot timeline running past
  /// the planned length when there is not enough time left for that.
  func rebalance(from index: Int, _ state: inout State) {
    let start = state.meetingSeconds
    let left = max(state.speakerCount - index, 1)
    let minimum = min(state.pacing.minimumSlot, state.syncUp.duration / state.speakerCount)
    let end = max(state.syncUp.duration, start + left * minimum)
    attend(.rebalanced(from: start, speaker: index, end: end), &state)
  }
}
