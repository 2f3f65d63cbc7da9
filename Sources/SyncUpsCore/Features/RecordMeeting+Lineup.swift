#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Who speaks when, as the meeting goes: a speaker skipped to the end of the order, and an
/// absent attendee who arrives late.
///
/// Both divide what is left of the meeting afresh among those still to speak (from the second
/// ``RecordMeeting/State/divisionPoint`` says), so that the slots still end at the sync-up's
/// length and the meeting's time left is the same just before and just after (but for a
/// second when the meeting's time, ahead of the turn's, decides):
/// - **Skip** (`s`): the speaker goes to the end of the order and keeps a slot: from the
///   second their turn has reached (the slot they were given up to the time they spoke, by the
///   one rounding rule), what is left is divided equally among the speakers after them and
///   them, last. Skipped in the first second of their turn, everyone's slot stays as it was,
///   give or take a second of rounding. The last speaker has nobody to let go first: skipping
///   them does nothing (``RecordMeeting/State/checkCanSkip()`` says why). A speaker skipped in
///   overtime has used their whole slot and still gets a share of what is left: the others'
///   slots shrink by that share.
/// - **Join** (`j`): the attendee, absent so far, is present from now and speaks last. What is
///   left from the second the current turn has reached is divided equally among the current
///   speaker (whose slot keeps what they have spoken) and those after, the joiner last. A
///   speaker in overtime has spent their slot: it stays as it was, and those after share the
///   rest; joining during the last speaker's overtime leaves the joiner no time, so they speak
///   in overtime at once.
///
/// A turn is recorded once a speaker: what a skipped speaker spoke (and of how much of the slot
/// timeline) is carried (``MeetingAttendance/State/carriedTurns``) into their turn when they speak
/// again, seconds to seconds and slot to slot, and is recorded as their turn when the meeting
/// ends first, unless they had said nothing. What a speaker marked absent had spoken is carried
/// the same way: it joins their turn if they join, so the turns still add up to the meeting,
/// and is dropped if they stay absent.
extension RecordMeeting.State {
  /// The second of the slot timeline from which what is left is divided again when someone is
  /// marked absent, skipped or joins: where the current turn has reached (its slot's start and
  /// the seconds spoken, by the one rounding rule), or the meeting's own time so rounded when
  /// that is later by a second at most, within the slot.
  ///
  /// The next turn starts at this instant of meeting time and at this second of the slot
  /// timeline. Rounding the turn alone would let each change mid-second put the meeting's time
  /// up to half a second further ahead of the timeline, and a meeting changed twice at such
  /// moments run a second over its length; taking the meeting's time when it is ahead keeps
  /// the two within half a second, so the meeting still rounds to its planned length. A lead
  /// of more than a second is no rounding but an overtime spoken before, which the slots after
  /// it do not pay for: the turn's own second is taken then.
  var divisionPoint: Int {
    let slot = speakerSlot(for: speakerIndex)
    let reached = slot.lowerBound + slotElapsed
    let lead = meetingSeconds - reached
    return min(lead > 1 ? reached : max(reached, meetingSeconds), slot.upperBound)
  }

  /// The seconds of the current speaker's slot used up to ``divisionPoint``: what a speaker
  /// skipped or marked absent carries of their slot.
  var slotUsedToDivision: Int {
    divisionPoint - speakerSlot(for: speakerIndex).lowerBound
  }

  /// Checks that the current speaker can be skipped: someone is left to speak before them.
  ///
  /// - Throws: ``ItemTextError`` on the last speaker, whom a skip leaves where they are.
  public func checkCanSkip() throws(ItemTextError) {
    guard isOnLastSpeaker else { return }
    throw ItemTextError(
      "\(currentSpeakerName) is the last speaker: nobody is left to speak before them")
  }

  /// The attendees missing from the meeting so far, in the order they are called.
  public var absentees: [MeetingAttendee] { lineup.filter(\.absent) }

  /// Those of `candidates` that `name` names: by name, the name without spaces, or one of its
  /// words, ignoring case, the first of these rules that names anyone: `blob` is Blob even
  /// beside Blob Jr, and `jr` is Blob Jr.
  public static func attendees(named name: String, among candidates: [MeetingAttendee])
    -> [MeetingAttendee]
  {
    let wanted = name.asOneLine.lowercased()
    let rules: [(String) -> Bool] = [
      { $0 == wanted }, { $0.filter { !$0.isWhitespace } == wanted },
      { $0.split(whereSeparator: \.isWhitespace).contains { $0 == wanted } },
    ]
    return rules.lazy.map { rule in candidates.filter { rule($0.name.lowercased()) } }
      .first { !$0.isEmpty } ?? []
  }

  /// The absent attendee `name` names (see ``attendees(named:among:)``), to mark as arrived.
  ///
  /// - Throws: ``ItemTextError`` when nobody is absent, or `name` names none of those absent,
  ///   or several.
  public func joiner(named name: String) throws(ItemTextError) -> MeetingAttendee {
    let absent = absentees
    guard !absent.isEmpty else { throw ItemTextError("nobody is absent") }
    let matches = Self.attendees(named: name, among: absent)
    guard matches.count == 1 else {
      let names = absent.map(\.name).filter { !$0.isBlank }.joined(separator: ", ")
      throw ItemTextError(
        matches.isEmpty
          ? "nobody absent is named '\(name.asOneLine)' (absent: \(names))"
          : "'\(name.asOneLine)' names several of those absent")
    }
    return matches[0]
  }
}

/// What a skipped speaker had spoken when they were skipped, carried into their turn when they
/// speak again.
public struct CarriedTurn: Equatable, Sendable {
  /// The meeting time they spoke.
  public var spoken = Duration.zero
  /// The seconds of the slot timeline they used.
  public var slot = 0

  public init(spoken: Duration = .zero, slot: Int = 0) {
    self.spoken = spoken
    self.slot = slot
  }

  /// The turn of attendee `id` named `name` who, after this, spoke `time` of a `slot`: the
  /// seconds rounded once, on the whole.
  func turn(of id: Attendee.ID, named name: String, adding time: Duration, slot: Int)
    -> Meeting.Turn
  {
    Meeting.Turn(
      attendee: id, name: name, seconds: (spoken + time).roundedSeconds, slot: self.slot + slot)
  }
}

extension RecordMeeting {
  /// Moves the current speaker to the end of the order; the next speaker starts now, and what
  /// is left is divided among those still to speak, the skipped speaker last (see the rule
  /// above). What they spoke is carried into their later turn. On the last speaker, nothing
  /// happens.
  func skipSpeaker(_ state: inout State) -> Effect<Action> {
    let index = state.speakerIndex
    guard state.currentSpeaker != nil, !state.isOnLastSpeaker else { return .none }
    attend(
      .skipped(
        speaker: index, spoken: state.turnTime, used: state.slotUsedToDivision,
        from: state.divisionPoint), &state)
    // A note being typed stays with whoever was speaking when it was started.
    if let speaker = state.noteDraftSpeaker, speaker >= index {
      state.noteDraftSpeaker = speaker == index ? state.speakers.count - 1 : speaker - 1
    }
    return startTurn(of: index, &state)
  }

  /// Marks the absent attendee `id` as arrived: present, speaking last, what is left divided
  /// again (see the rule above). Someone present, or not on the sync-up, is left as they are.
  func joinAttendee(_ id: Attendee.ID, _ state: inout State) {
    let index = state.speakerIndex
    attend(
      .joined(
        id, speaker: index, slot: state.speakerSlot(for: index), from: state.divisionPoint,
        inOvertime: state.isInOvertime), &state)
  }

  /// Records, after the last turn, the turns of speakers skipped who did not speak again (the
  /// meeting ended first), those who had spoken a second at least. What a speaker marked
  /// absent had spoken is no turn: they were recorded absent.
  func recordCarriedTurns(_ state: inout State) {
    for id in state.speakers {
      guard let carried = state.attendance.carriedTurns[id] else { continue }
      attend(.carriedTurnRecorded(id), &state)
      guard state.lineup.contains(where: { $0.id == id && !$0.absent }) else { continue }
      let turn = carried.turn(
        of: id, named: state.lineup.first { $0.id == id }?.name ?? "", adding: .zero, slot: 0)
      if turn.seconds > 0 { state.turns.append(turn) }
    }
  }
}
