#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A meeting's attendance, a feature of its own within ``RecordMeeting``: who is there and in
/// which order they speak (the lineup and the speakers), who is away, how what is left of the
/// meeting is divided among those still to speak, what a skipped speaker carries to their later
/// turn, and whose written update has been read.
///
/// The meeting works out the seconds (where the current turn has reached, what the speaker has
/// spoken) and tells them in the actions; the attendance keeps who speaks when (see the rules
/// in `RecordMeeting+Lineup.swift`).
///
/// ```swift
/// var attendance = MeetingAttendance.State(lineup: lineup)
/// _ = MeetingAttendance().reduce(
///   into: &attendance, action: .skipped(speaker: 0, spoken: .seconds(4), used: 4, from: 4))
/// ```
public struct MeetingAttendance: Reducer, Sendable {
  /// Who is there and who speaks when.
  public struct State: Equatable, Sendable {
    /// Everyone on the sync-up when the meeting started, in the order they are called, those
    /// missing marked absent: saved as the meeting's attendees.
    public var lineup: [MeetingAttendee]
    /// The ids of those present, in the order they are called: the speakers whose slots divide
    /// the meeting.
    public var speakers: [Attendee.ID]
    /// Those absent from the start because their time away includes the meeting's day (unless
    /// the meeting was told they are present), with that time away.
    public var timeAway: [Attendee.ID: TimeAway]
    /// Where the slots are divided from: when a speaker is marked absent, skipped or someone
    /// joins, those still to speak share what is left of the slot timeline.
    public var division = RecordMeeting.SlotDivision()
    /// What the speakers skipped so far had spoken, and of how much of the slot timeline, when
    /// they were skipped, by attendee: it joins their turn when they speak again, or is
    /// recorded as their turn when the meeting ends first.
    public var carriedTurns: [Attendee.ID: CarriedTurn] = [:]
    /// The absent attendees whose written update the meeting has read into the transcript.
    public var updatesRead: Set<Attendee.ID> = []

    /// `lineup` as called, those present speaking in its order; `timeAway` why some are absent.
    public init(lineup: [MeetingAttendee], timeAway: [Attendee.ID: TimeAway] = [:]) {
      self.lineup = lineup
      self.speakers = lineup.filter { !$0.absent }.map(\.id)
      self.timeAway = timeAway
    }

    /// Adds what `id` spoke of their turn (`spoken`, using `used` seconds of their slot) to
    /// what they carry to a later turn; unless `always`, only when they spoke or carry
    /// something already.
    mutating func carry(_ id: Attendee.ID, spoken: Duration, used: Int, always: Bool) {
      guard always || carriedTurns[id] != nil || spoken > .zero || used > 0 else { return }
      var carried = carriedTurns[id] ?? CarriedTurn()
      carried.spoken += spoken
      carried.slot += used
      carriedTurns[id] = carried
    }
  }

  /// What happens to the attendance; the seconds in them are the meeting's (see
  /// ``RecordMeeting/State/divisionPoint``).
  public enum Action: Equatable, Sendable {
    /// Speaker `speaker` is not there: recorded absent, what they spoke (`spoken`, `used`
    /// seconds of their slot) carried should they join; those after share the slot timeline
    /// from second `from` (nil: nobody is after them).
    case markedAbsent(speaker: Int, spoken: Duration, used: Int, from: Int?)
    /// Speaker `speaker` speaks later: they go to the end of the order carrying what they
    /// spoke, and the slot timeline from second `from` is divided among them and those after.
    case skipped(speaker: Int, spoken: Duration, used: Int, from: Int)
    /// The absent attendee arrived during speaker `speaker`'s turn, whose slot is `slot`: they
    /// speak last, the slot timeline from second `from` divided again (see
    /// ``RecordMeeting/joinAttendee(_:_:)``).
    case joined(Attendee.ID, speaker: Int, slot: Range<Int>, from: Int, inOvertime: Bool)
    /// What `id` carried has been recorded in a turn.
    case carriedTurnRecorded(Attendee.ID)
    /// The written update of `id`, absent, was read into the transcript.
    case updateRead(Attendee.ID)
    /// `rebalance` at a turn change: the slot timeline from second `from` (the meeting's own
    /// time) up to `end` is divided among speaker `speaker` and those after.
    case rebalanced(from: Int, speaker: Int, end: Int)
  }

  /// The attendance's logic.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .markedAbsent(let index, let spoken, let used, let from):
      guard state.speakers.indices.contains(index) else { return .none }
      let id = state.speakers[index]
      if let position = state.lineup.firstIndex(where: { $0.id == id }) {
        state.lineup[position].absent = true
      }
      // What they spoke before (marked absent by mistake, or skipped earlier) joins their turn
      // should they join; it is dropped when they stay absent.
      state.carry(id, spoken: spoken, used: used, always: false)
      if let from {
        state.division = RecordMeeting.SlotDivision(
          start: from, firstSpeaker: index + 1, end: state.division.end)
      }
      return .none

    case .skipped(let index, let spoken, let used, let from):
      guard state.speakers.indices.contains(index) else { return .none }
      let id = state.speakers[index]
      state.carry(id, spoken: spoken, used: used, always: true)
      state.speakers.remove(at: index)
      state.speakers.append(id)
      state.division = RecordMeeting.SlotDivision(
        start: from, firstSpeaker: index, end: state.division.end)
      return .none

    case .joined(let id, let index, let slot, let from, let inOvertime):
      guard let position = state.lineup.firstIndex(where: { $0.id == id }),
        state.lineup[position].absent, !state.speakers.isEmpty
      else { return .none }
      state.lineup[position].absent = false
      state.speakers.append(id)
      state.division =
        inOvertime
        ? RecordMeeting.SlotDivision(
          start: from, firstSpeaker: index + 1, keptSlot: slot, end: state.division.end)
        : RecordMeeting.SlotDivision(
          start: from, firstSpeaker: index, turnSlotStart: slot.lowerBound,
          end: state.division.end)
      return .none

    case .carriedTurnRecorded(let id):
      state.carriedTurns[id] = nil
      return .none

    case .updateRead(let id):
      state.updatesRead.insert(id)
      return .none

    case .rebalanced(let from, let index, let end):
      state.division = RecordMeeting.SlotDivision(start: from, firstSpeaker: index, end: end)
      return .none
    }
  }
}
