import SharedState
import SyncUpsCore

/// A meeting's events for its hooks, whichever front end shows it: the same events a script
/// reads (``PipeEvent/opening(_:)`` and ``PipeEvent/changes(from:to:)``), as they happen, and
/// run in that order (see ``Hooks/isMeeting``). The
/// items raised and resolved in the meeting are stored only with the meeting, so their hooks
/// run once it is saved, and not at all when it is discarded; then `meeting-ended`.
///
/// ```swift
/// let meetingHooks = MeetingHooks(hooks: hooks, meeting: door)  // meeting-started, speaker-changed
/// meetingHooks.ended(.saved(meeting, restored: false), state: door.state)
/// ```
@MainActor
final class MeetingHooks {
  private let hooks: Hooks
  private let syncUpID: SyncUp.ID
  /// The sync-up's items as the meeting began, to tell the items it raised or resolved.
  private let itemsAtStart: IdentifiedArrayOf<Item>
  private var last: RecordMeeting.State
  private var observation: StoreObservation?

  /// Fires the meeting's opening events, and watches `meeting` for the rest when a hook
  /// would run for them (a meeting without such hooks costs nothing more per tick).
  init(hooks: Hooks, meeting: MeetingDoor) {
    let state = meeting.state
    self.hooks = hooks
    hooks.isMeeting = true
    syncUpID = state.syncUp.id
    itemsAtStart = state.syncUp.items
    last = state
    fire(PipeEvent.opening(state))
    if hooks.has(.speakerChanged) || hooks.has(.overtime) {
      observation = meeting.observe { [weak self] state in self?.changed(to: state) }
    }
  }

  /// The meeting ended as `ending` (stored, when saved) in the state `state`.
  func ended(_ ending: LiveMeeting.Ending, state: RecordMeeting.State) {
    observation?.cancel()
    if case .saved = ending {
      for item in state.followThrough.changes {
        let before = itemsAtStart[id: item.id]
        let object = JSONOutput.item(ShownItem(item, in: state))
        if before == nil { hooks.fire(.itemOpened, object, syncUp: syncUpID) }
        if item.resolved != nil, before?.resolved == nil {
          hooks.fire(.itemResolved, object, syncUp: syncUpID)
        }
      }
    }
    fire([PipeEvent.ended(ending, elapsed: state.meetingSeconds)])
  }

  private func changed(to state: RecordMeeting.State) {
    let old = last
    last = state
    fire(PipeEvent.changes(from: old, to: state))
  }

  private func fire(_ events: [PipeEvent]) {
    for event in events {
      guard let kind = HookEvent(event) else { continue }
      hooks.fire(kind, event.json, syncUp: syncUpID)
    }
  }
}

extension HookEvent {
  /// The hook event a meeting's event fires, or nil for one no hook is run for. Items raised
  /// and resolved in a meeting wait for the meeting's save (``MeetingHooks``).
  init?(_ event: PipeEvent) {
    switch event {
    case .started: self = .meetingStarted
    case .speaker: self = .speakerChanged
    case .overtime: self = .overtime
    case .ended: self = .meetingEnded
    case .item, .resolved, .turn, .absent, .note, .paused, .resumed, .work, .update, .skipped,
      .warn,
      .joined:
      return nil
    }
  }
}
