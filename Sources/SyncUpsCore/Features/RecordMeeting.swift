#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A meeting in progress: a timer that gives each attendee a slot of the sync-up's length,
/// notes that become the transcript, and saving the meeting into the sync-up at the end.
///
/// Speaker `i` of `n` owns the seconds `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)` of a meeting of `D` seconds,
/// so the slots cover the meeting exactly whatever `D` and `n` are, and the meeting ends
/// when `D` seconds have elapsed.
///
/// ```swift
/// let store = Store(initialState: RecordMeeting.State(syncUp: syncUp), reducer: RecordMeeting())
/// store.send(.onTask)                       // the timer starts
/// store.send(.noteSubmitted("Shipped it"))  // "Blob: Shipped it"
/// store.send(.endMeetingButtonTapped)       // the end alert
/// store.send(.alert(.presented(.confirmSave)))
/// ```
public struct RecordMeeting: Reducer, Sendable {
  /// The meeting so far.
  public struct State: Equatable, Sendable {
    /// The end alert, while it is shown; the timer's ticks are ignored meanwhile.
    public var alert: AlertState<Action.Alert>?
    /// Whether the meeting is paused; the timer's ticks are ignored meanwhile.
    public var isPaused = false
    /// Seconds of meeting so far.
    public var secondsElapsed = 0
    /// Whether the action just processed moved to another speaker: the moment to ring the
    /// bell (see ``shouldRingBell``). Every other action sets it back to `false`.
    public var speakerDidChange = false
    /// The attendee speaking, by position.
    public var speakerIndex = 0
    /// The sync-up, shared with the detail and the data file; the meeting is saved into it.
    @Shared public var syncUp: SyncUp
    /// The notes so far, one `Name: text` line each.
    public var transcript = ""
    /// The `bell` setting.
    @SharedReader(.bellEnabled) public var isBellEnabled: Bool

    /// A meeting of `syncUp` about to start, with the first speaker speaking.
    public init(syncUp: Shared<SyncUp>) {
      self._syncUp = syncUp
      self.speakerIndex = speaker(at: 0)
    }

    /// How many speakers take turns: the attendees, or one when there are none.
    public var speakerCount: Int { max(syncUp.attendees.count, 1) }

    /// The seconds of the meeting that belong to speaker `index`: `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)`.
    ///
    /// ```swift
    /// // 300 seconds, 7 attendees
    /// state.speakerSlot(for: 0)  // 0..<42
    /// state.speakerSlot(for: 6)  // 257..<300
    /// ```
    public func speakerSlot(for index: Int) -> Range<Int> {
      let index = min(max(index, 0), speakerCount - 1)
      return slotStart(index)..<slotStart(index + 1)
    }

    /// The speaker whose slot holds `second` (the last speaker from the end of the meeting on).
    public func speaker(at second: Int) -> Int {
      let duration = max(syncUp.duration, 1)
      let second = max(second, 0)
      // The largest i with ⌊i·D/n⌋ ≤ second, i.e. i·D < (second + 1)·n.
      return min(((second + 1) * speakerCount - 1) / duration, speakerCount - 1)
    }

    /// Seconds left in the meeting.
    public var secondsRemaining: Int { max(syncUp.duration - secondsElapsed, 0) }

    /// Seconds the current speaker has spoken.
    public var slotElapsed: Int {
      let slot = speakerSlot(for: speakerIndex)
      return min(max(secondsElapsed - slot.lowerBound, 0), slot.count)
    }

    /// Seconds left in the current speaker's slot.
    public var slotRemaining: Int {
      let slot = speakerSlot(for: speakerIndex)
      return min(max(slot.upperBound - secondsElapsed, 0), slot.count)
    }

    /// Whether the current speaker is the last: "Next" then offers to end the meeting.
    public var isOnLastSpeaker: Bool { speakerIndex >= speakerCount - 1 }

    /// The name of the current speaker (see ``speakerName(at:)``).
    public var currentSpeakerName: String { speakerName(at: speakerIndex) }

    /// The name of the attendee at `index`, or `Speaker k` (counting from 1) when it is blank
    /// or there is no such attendee.
    public func speakerName(at index: Int) -> String {
      let attendees = syncUp.attendees
      guard attendees.indices.contains(index), !attendees[index].name.isBlank else {
        return "Speaker \(index + 1)"
      }
      return attendees[index].name
    }

    /// Whether to ring the bell now: a speaker change just happened and the `bell` setting is
    /// on.
    public var shouldRingBell: Bool { speakerDidChange && isBellEnabled }

    private func slotStart(_ index: Int) -> Int {
      index * syncUp.duration / speakerCount
    }
  }

  /// What can happen during a meeting.
  public enum Action: Equatable, Sendable {
    /// A button of the end alert, or its dismissal ("Resume"). `.presented(.confirmSave)` and
    /// `.presented(.confirmDiscard)` also work with no alert shown: a non-interactive `save` or
    /// `discard` command, or a signal that ends the meeting, sends them directly.
    case alert(PresentationAction<Alert>)
    /// What the meeting tells whoever runs it; it does nothing itself.
    case delegate(Delegate)
    /// "End meeting": asks whether to save, discard or resume.
    case endMeetingButtonTapped
    /// "Next": the next speaker's slot starts now; on the last speaker, asks to end.
    case nextButtonTapped
    /// A note was typed: it joins the transcript under the current speaker's name.
    case noteSubmitted(String)
    /// The meeting appeared: the timer starts.
    case onTask
    /// Pauses the meeting: ticks are ignored until it resumes.
    case pauseButtonTapped
    /// Resumes a paused meeting.
    case resumeButtonTapped
    /// One second passed.
    case timerTick

    /// What the meeting tells its parent.
    public enum Delegate: Equatable, Sendable {
      /// The meeting was put at the front of the sync-up's history, as it is here.
      case saved(Meeting)
    }

    /// The buttons of the end alert that do something.
    public enum Alert: Equatable, Sendable {
      /// "Discard": end without saving.
      case confirmDiscard
      /// "Save and end": save the meeting and end it.
      case confirmSave
    }
  }

  private enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.uuid) var uuid

  /// The meeting's logic.
  public init() {}

  /// Handles one action: the state change, then the work to do next.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.speakerDidChange = false
    switch action {
    case .alert(.dismiss):
      state.alert = nil
      return .none

    case .alert(.presented(.confirmDiscard)):
      state.alert = nil
      return endMeeting()

    case .alert(.presented(.confirmSave)):
      state.alert = nil
      return .merge(saveMeeting(&state), endMeeting())

    case .delegate:
      return .none

    case .endMeetingButtonTapped:
      state.alert = .endMeeting(isDiscardable: true)
      return .none

    case .nextButtonTapped:
      guard !state.isOnLastSpeaker else {
        state.alert = .endMeeting(isDiscardable: false)
        return .none
      }
      state.speakerIndex += 1
      state.secondsElapsed = state.speakerSlot(for: state.speakerIndex).lowerBound
      state.speakerDidChange = true
      return .none

    case .noteSubmitted(let text):
      let note = text.asOneLine
      guard !note.isEmpty else { return .none }
      let line = "\(state.currentSpeakerName): \(note)"
      state.transcript = state.transcript.isEmpty ? line : state.transcript + "\n" + line
      return .none

    case .onTask:
      return .run { [clock] send in
        for try await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)

    case .pauseButtonTapped:
      state.isPaused = true
      return .none

    case .resumeButtonTapped:
      state.isPaused = false
      return .none

    case .timerTick:
      guard state.alert == nil, !state.isPaused else { return .none }
      state.secondsElapsed += 1
      if state.secondsElapsed >= state.syncUp.duration {
        return .merge(saveMeeting(&state), endMeeting())
      }
      let speaker = state.speaker(at: state.secondsElapsed)
      if speaker != state.speakerIndex {
        state.speakerIndex = speaker
        state.speakerDidChange = true
      }
      return .none
    }
  }

  /// Puts the meeting at the front of the sync-up's meetings, through the shared reference,
  /// so that changes made meanwhile by another process are kept, and tells the parent.
  private func saveMeeting(_ state: inout State) -> Effect<Action> {
    // Our file keeps whole seconds: a saved meeting then equals itself after a reload.
    let date = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    let meeting = Meeting(id: uuid(), date: date, transcript: state.transcript)
    state.$syncUp.withLock { _ = $0.meetings.insert(meeting, at: 0) }
    return .send(.delegate(.saved(meeting)))
  }

  private func endMeeting() -> Effect<Action> {
    .merge(
      .cancel(id: CancelID.timer),
      .run { _ in await dismiss() }
    )
  }
}

extension AlertState where Action == RecordMeeting.Action.Alert {
  /// "End meeting?" — "You are ending the meeting early. What would you like to do?" — Save
  /// and end / Discard (only when `isDiscardable`) / Resume.
  public static func endMeeting(isDiscardable: Bool) -> Self {
    AlertState(
      title: "End meeting?",
      message: "You are ending the meeting early. What would you like to do?",
      buttons: [ButtonState(action: .confirmSave, label: "Save and end")]
        + (isDiscardable
          ? [ButtonState(role: .destructive, action: .confirmDiscard, label: "Discard")] : [])
        + [ButtonState(role: .cancel, label: "Resume")]
    )
  }
}

extension String {
  /// Whether the string is empty or only whitespace.
  fileprivate var isBlank: Bool { allSatisfy(\.isWhitespace) }

  /// The text on one line: line breaks become spaces, and whitespace at either end is dropped.
  fileprivate var asOneLine: String {
    let joined = String(map { $0.isNewline ? " " : $0 })
    let leading = joined.drop(while: \.isWhitespace)
    return String(leading.reversed().drop(while: \.isWhitespace).reversed())
  }
}
