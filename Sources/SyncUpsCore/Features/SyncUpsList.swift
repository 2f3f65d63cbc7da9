import SharedState

/// The list of sync-ups: adding one through a form, and deleting them.
///
/// The list is the persisted `@Shared(.syncUps)`; every change here is a change to the data
/// file, and a change made in the file by another process shows up here.
///
/// ```swift
/// let store = Store(initialState: SyncUpsList.State(), reducer: SyncUpsList())
/// store.send(.addSyncUpButtonTapped)
/// store.send(.addSyncUp(.presented(.titleChanged("Design"))))
/// store.send(.confirmAddSyncUpButtonTapped)
/// ```
public struct SyncUpsList: Reducer, Sendable {
  /// The sync-ups and the form for a new one, when it is open.
  public struct State: Equatable, Sendable {
    /// The form for a new sync-up, while it is open.
    public var addSyncUp: SyncUpForm.State?
    /// All sync-ups, in the data file.
    @Shared(.syncUps) public var syncUps: IdentifiedArrayOf<SyncUp>

    /// The list, with the add form open when `addSyncUp` is given.
    public init(addSyncUp: SyncUpForm.State? = nil) {
      self.addSyncUp = addSyncUp
    }
  }

  /// What can happen in the list.
  public enum Action: Equatable, Sendable {
    /// An action of the add form, or its dismissal.
    case addSyncUp(PresentationAction<SyncUpForm.Action>)
    /// "+": opens the form for a new sync-up.
    case addSyncUpButtonTapped
    /// "Add": adds the new sync-up at the end of the list and closes the form.
    case confirmAddSyncUpButtonTapped
    /// Deletes the sync-up with `id`.
    case deleteSyncUp(id: SyncUp.ID)
    /// "Dismiss": closes the form, adding nothing.
    case dismissAddSyncUpButtonTapped

    /// The ``addSyncUp(_:)`` case.
    public static let addSyncUpPath = ActionPath(
      embed: Action.addSyncUp,
      extract: { if case .addSyncUp(let action) = $0 { action } else { nil } }
    )
  }

  /// The list's logic.
  public init() {}

  /// The feature, with its presented children.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addSyncUp:
        return .none

      case .addSyncUpButtonTapped:
        state.addSyncUp = .newSyncUp()
        return .none

      case .confirmAddSyncUpButtonTapped:
        guard let form = state.addSyncUp else { return .none }
        let syncUp = form.syncUp.withoutBlankAttendees()
        state.$syncUps.withLock { _ = $0.append(syncUp) }
        state.addSyncUp = nil
        return .none

      case .deleteSyncUp(let id):
        state.$syncUps.withLock { _ = $0.remove(id: id) }
        return .none

      case .dismissAddSyncUpButtonTapped:
        state.addSyncUp = nil
        return .none
      }
    }
    .ifLet(\.addSyncUp, action: Action.addSyncUpPath) { SyncUpForm() }
  }
}

extension SyncUp {
  /// This sync-up without the attendees whose names are blank (empty or only whitespace);
  /// when that would leave none, the first attendee stays, as in the app.
  ///
  /// ```swift
  /// syncUp.attendees.map(\.name)                           // ["", "Blob", "  "]
  /// syncUp.withoutBlankAttendees().attendees.map(\.name)   // ["Blob"]
  /// ```
  public func withoutBlankAttendees() -> SyncUp {
    var syncUp = self
    syncUp.attendees.removeAll { $0.name.isBlank }
    if syncUp.attendees.isEmpty, let first = attendees.first {
      syncUp.attendees.append(first)
    }
    return syncUp
  }
}
