import SharedState
import SyncUpsCore

/// The whole app: the list of sync-ups at the root of a navigation stack of details, meetings
/// in progress and past meetings.
///
/// Every feature on the stack holds a `Shared<SyncUp>` derived from the list's `.syncUps`, so
/// a meeting saved by the recorder appears in the detail below it, and a sync-up deleted in
/// the detail disappears from the list.
///
/// ```swift
/// let detail = SyncUpDetail.State(syncUp: store.state.syncUpsList.$syncUps[id: id]!)
/// store.send(.path(.push(id: 0, state: .detail(detail))))
/// // Pushes the recorder:
/// store.send(.path(.element(id: 0, action: .detail(.startMeetingButtonTapped))))
/// ```
public struct AppFeature: Reducer, Sendable {
  /// The features that can be pushed on the stack.
  public struct Path: Reducer, Sendable {
    /// The state of a pushed feature.
    public enum State: Equatable, Sendable {
      /// A sync-up's detail.
      case detail(SyncUpDetail.State)
      /// A past meeting.
      case meeting(MeetingFeature.State)
      /// A meeting in progress.
      case record(RecordMeeting.State)

      /// The detail, if this is one. Setting it replaces a detail only.
      public var detail: SyncUpDetail.State? {
        get { if case .detail(let state) = self { state } else { nil } }
        set { if case .detail = self, let newValue { self = .detail(newValue) } }
      }

      /// The past meeting, if this is one. Setting it replaces a past meeting only.
      public var meeting: MeetingFeature.State? {
        get { if case .meeting(let state) = self { state } else { nil } }
        set { if case .meeting = self, let newValue { self = .meeting(newValue) } }
      }

      /// The meeting in progress, if this is one. Setting it replaces a meeting in progress only.
      public var record: RecordMeeting.State? {
        get { if case .record(let state) = self { state } else { nil } }
        set { if case .record = self, let newValue { self = .record(newValue) } }
      }
    }

    /// An action of a pushed feature.
    public enum Action: Equatable, Sendable {
      /// For the detail.
      case detail(SyncUpDetail.Action)
      /// For the past meeting.
      case meeting(MeetingFeature.Action)
      /// For the meeting in progress.
      case record(RecordMeeting.Action)
    }

    /// Runs the pushed feature that the action is for.
    public init() {}

    /// Handles one action: the state change, then the work to do next.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch (state, action) {
      case (.detail(var detail), .detail(let action)):
        let effect = SyncUpDetail().reduce(into: &detail, action: action)
        state = .detail(detail)
        return effect.map { .detail($0) }

      case (.meeting(var meeting), .meeting(let action)):
        let effect = MeetingFeature().reduce(into: &meeting, action: action)
        state = .meeting(meeting)
        return effect.map { .meeting($0) }

      case (.record(var record), .record(let action)):
        let effect = RecordMeeting().reduce(into: &record, action: action)
        state = .record(record)
        return effect.map { .record($0) }

      case (.detail, _), (.meeting, _), (.record, _):
        return .none
      }
    }
  }

  /// The list and the stack above it.
  public struct State: Equatable, Sendable {
    /// The features pushed over the list, bottom first.
    public var path: StackState<Path.State>
    /// The list of sync-ups.
    public var syncUpsList: SyncUpsList.State

    /// The app showing `path` over the list.
    public init(
      path: StackState<Path.State> = [],
      syncUpsList: SyncUpsList.State = SyncUpsList.State()
    ) {
      self.path = path
      self.syncUpsList = syncUpsList
    }
  }

  /// What can happen in the app.
  public enum Action: Equatable, Sendable {
    /// An action of the stack: for a pushed feature, or a push or pop.
    case path(StackAction<Path.State, Path.Action>)
    /// An action of the list.
    case syncUpsList(SyncUpsList.Action)

    /// The ``path(_:)`` case.
    public static let pathPath = ActionPath(
      embed: Action.path,
      extract: { if case .path(let action) = $0 { action } else { nil } }
    )

    /// The ``syncUpsList(_:)`` case.
    public static let syncUpsListPath = ActionPath(
      embed: Action.syncUpsList,
      extract: { if case .syncUpsList(let action) = $0 { action } else { nil } }
    )
  }

  /// The app's logic.
  public init() {}

  /// The list, and the features pushed on the stack.
  public var body: some Reducer<State, Action> {
    Scope(state: \.syncUpsList, action: Action.syncUpsListPath) { SyncUpsList() }
    Reduce { state, action in
      switch action {
      case .path(.element(_, .detail(.delegate(.startMeeting(let syncUp))))):
        state.path.append(.record(RecordMeeting.State(syncUp: syncUp)))
        return .none

      case .path:
        return .none

      case .syncUpsList:
        return .none
      }
    }
    .forEach(\.path, action: Action.pathPath) { Path() }
  }
}
