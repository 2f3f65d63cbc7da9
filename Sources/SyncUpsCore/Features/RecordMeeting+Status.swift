extension RecordMeeting {
  /// The current speaker's turn against their slot at one moment: the time left of the slot
  /// and of the meeting, and the time past the slot, worked out from the slot the meeting
  /// gives the speaker and the seconds they have spoken. A running meeting publishes its slot
  /// (see ``State/turnClock``), and `syncups status` works the times of a later moment out
  /// with the same rules, so the two never disagree.
  ///
  /// ```swift
  /// let clock = RecordMeeting.TurnClock(slot: 30, laterSlots: 60, turnSeconds: 11)
  /// clock.slotRemaining     // 19
  /// clock.secondsRemaining  // 79
  /// clock.overtimeSeconds   // 0
  /// ```
  public struct TurnClock: Equatable, Sendable {
    /// The seconds the speaker's slot gives.
    public var slot: Int
    /// The seconds of the slots after the speaker's.
    public var laterSlots: Int
    /// The seconds the speaker has spoken, rounded (see ``Swift/Duration/roundedSeconds``).
    public var turnSeconds: Int

    public init(slot: Int, laterSlots: Int, turnSeconds: Int) {
      self.slot = slot
      self.laterSlots = laterSlots
      self.turnSeconds = turnSeconds
    }

    /// Seconds left in the slot: the slot less the turn, so that the two add up to the slot;
    /// 0 at the end of the slot and in overtime.
    public var slotRemaining: Int { max(slot - max(turnSeconds, 0), 0) }

    /// Seconds left in the meeting's slots: ``slotRemaining`` and the slots after it.
    public var secondsRemaining: Int { max(laterSlots, 0) + slotRemaining }

    /// Seconds the turn has run past the slot; 0 before its end.
    public var overtimeSeconds: Int { max(turnSeconds - slot, 0) }
  }
}

extension RecordMeeting.State {
  /// The current speaker's turn against their slot, now.
  public var turnClock: RecordMeeting.TurnClock {
    let slot = speakerSlot(for: speakerIndex)
    return RecordMeeting.TurnClock(
      slot: slot.count, laterSlots: max(timelineEnd - slot.upperBound, 0),
      turnSeconds: turnSeconds)
  }
}
