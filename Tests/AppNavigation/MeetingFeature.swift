import SharedState
import SyncUpsCore

/// One past meeting of a sync-up: when it was, who attends the sync-up, and what was said.
///
/// ```swift
/// let state = MeetingFeature.State(meeting: syncUp.meetings[0], syncUp: $syncUp)
/// state.attendees    // the sync-up's attendees
/// state.transcript   // "Blob: Shipped it"
/// ```
public struct MeetingFeature: Reducer, Sendable {
  /// The meeting and the sync-up it belongs to.
  public struct State: Equatable, Sendable {
    /// The meeting shown.
    public var meeting: Meeting
    /// The sync-up, shared with the detail and the data file.
    @Shared public var syncUp: SyncUp

    /// The page for `meeting` of `syncUp`.
    public init(meeting: Meeting, syncUp: Shared<SyncUp>) {
      self.meeting = meeting
      self._syncUp = syncUp
    }

    /// The sync-up's attendees.
    public var attendees: IdentifiedArrayOf<Attendee> { syncUp.attendees }

    /// The notes taken in the meeting, one `Name: text` line each.
    public var transcript: String { meeting.transcript }
  }

  /// What can happen on the page.
  public enum Action: Equatable, Sendable {
    /// "Delete": removes the meeting from the sync-up and closes the page.
    case deleteButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  /// The page's logic.
  public init() {}

  /// Handles one action: the state change, then the work to do next.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .deleteButtonTapped:
      let id = state.meeting.id
      state.$syncUp.withLock { _ = $0.meetings.remove(id: id) }
      return .run { _ in await dismiss() }
    }
  }
}
