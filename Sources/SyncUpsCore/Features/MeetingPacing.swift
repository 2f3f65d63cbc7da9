/// A meeting's pacing, a feature of its own within ``RecordMeeting``: the pace it keeps (see
/// ``PaceMode``), the time banked, and the graded cues of each turn.
///
/// The meeting divides the slots (see ``RecordMeeting/State/speakerSlot(for:)``); the pacing
/// keeps what the division goes by and what each turn has reached:
/// - **Plan**: the mode, the shortest slot `rebalance` gives (``State/minimumSlot``), and when
///   the speaker is cued (``State/warnings``).
/// - **Bank** (`bank` mode): the seconds speakers left unused, spent one by one on a speaker
///   whose slot has run out.
/// - **Phase**: the latest cue the current turn reached; each change happens once per turn,
///   and is the moment for the screen to flash and, by the `bell` setting, the bell to ring.
///
/// ```swift
/// var pacing = MeetingPacing.State(mode: .bank, warnings: CueWarnings(rawValue: "30s,10s")!)
/// _ = MeetingPacing().reduce(into: &pacing, action: .turnEnded(unused: 40))  // bank: 40
/// _ = MeetingPacing().reduce(into: &pacing, action: .reached(left: 25, slot: 60))  // .wrapUp
/// ```
public struct MeetingPacing: Reducer, Sendable {
  /// The plan, the bank and the current turn's cue.
  public struct State: Equatable, Sendable {
    /// How the slots are paced.
    public var mode: PaceMode
    /// The shortest slot `rebalance` gives a speaker, in seconds.
    public var minimumSlot: Int
    /// When a speaker is cued before their slot runs out.
    public var warnings: CueWarnings
    /// Seconds left unused by speakers so far and not yet spent (`bank` mode only).
    public var bank = 0
    /// The latest cue the current turn reached.
    public var phase = CuePhase.none
    /// Whether the action just processed moved the turn to a later cue: the moment to flash
    /// and, by the `bell` setting, ring. Every other action sets it back to `false`.
    public var phaseDidChange = false
    /// Whether every sound is off for the rest of the meeting (the `m` key).
    public var isMuted = false

    /// The minimum slot `rebalance` gives when none is asked for.
    public static let defaultMinimumSlot = 30

    /// A meeting paced by `mode`, `rebalance` never below `minimumSlot` seconds, cued by
    /// `warnings`.
    public init(
      mode: PaceMode = .fixed, minimumSlot: Int = defaultMinimumSlot,
      warnings: CueWarnings = .none
    ) {
      self.mode = mode
      self.minimumSlot = minimumSlot
      self.warnings = warnings
    }
  }

  /// What the meeting tells its pacing.
  public enum Action: Equatable, Sendable {
    /// A turn started: no cue yet.
    case turnStarted
    /// A turn ended with `unused` seconds of its slot not spoken: banked in `bank` mode.
    case turnEnded(unused: Int)
    /// The current turn has `left` seconds of its `slot`: the cue it reached, if later.
    case reached(left: Int, slot: Int)
    /// A second of the bank was spent on the current speaker.
    case bankSpent
    /// Every sound is off for the rest of the meeting.
    case muted
  }

  /// The pacing's logic.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .turnStarted:
      state.phase = .none
      return .none

    case .turnEnded(let unused):
      if state.mode == .bank { state.bank += max(unused, 0) }
      return .none

    case .reached(let left, let slot):
      let phase = state.warnings.phase(left: left, slot: slot)
      if phase > state.phase {
        state.phase = phase
        state.phaseDidChange = true
      }
      return .none

    case .bankSpent:
      state.bank = max(state.bank - 1, 0)
      return .none

    case .muted:
      state.isMuted = true
      return .none
    }
  }
}
