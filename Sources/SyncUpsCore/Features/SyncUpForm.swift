#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Editing a sync-up's title, length, theme and attendees, on a copy that the presenting
/// feature saves or throws away.
///
/// The form always has at least one attendee: it starts with a blank one when there are none,
/// and deleting the last one leaves a blank one in its place. Focus follows the attendee being
/// worked on, as the app's text fields do.
///
/// ```swift
/// let store = Store(initialState: SyncUpForm.State(syncUp: syncUp), reducer: SyncUpForm())
/// store.send(.titleChanged("Morning Sync"))
/// store.send(.addAttendee(name: "Blob"))
/// ```
public struct SyncUpForm: Reducer, Sendable {
  /// The sync-up being edited and which field has focus.
  public struct State: Equatable, Sendable {
    /// The field being edited.
    public var focus: Field?
    /// The edited copy of the sync-up.
    public var syncUp: SyncUp

    /// A field of the form.
    public enum Field: Hashable, Sendable {
      /// The name of the attendee with this id.
      case attendee(Attendee.ID)
      /// The title.
      case title
    }

    /// A form editing `syncUp`; a sync-up without attendees gets one blank attendee, whose id
    /// comes from the `uuid` dependency.
    ///
    /// ```swift
    /// SyncUpForm.State(syncUp: SyncUp(id: uuid()))  // attendees: [Attendee(id: uuid(), name: "")]
    /// ```
    public init(focus: Field? = .title, syncUp: SyncUp) {
      self.focus = focus
      self.syncUp = syncUp
      if self.syncUp.attendees.isEmpty {
        @Dependency(\.uuid) var uuid
        self.syncUp.attendees.append(Attendee(id: uuid(), name: ""))
      }
    }

    /// A form for a new sync-up: a new id from the `uuid` dependency, the length and theme of
    /// the `default-duration` and `default-theme` settings, and one blank attendee.
    ///
    /// ```swift
    /// state.addSyncUp = .newSyncUp()
    /// ```
    public static func newSyncUp() -> State {
      @Dependency(\.uuid) var uuid
      @SharedReader(.defaultDuration) var duration
      @SharedReader(.defaultTheme) var theme
      let syncUp = SyncUp(id: uuid(), duration: SyncUp.clampedDuration(duration), theme: theme)
      return State(syncUp: syncUp)
    }
  }

  /// What can happen in the form.
  public enum Action: Equatable, Sendable {
    /// "New attendee": appends a blank attendee and focuses it.
    case addAttendeeButtonTapped
    /// Appends an attendee called `name` and focuses it.
    case addAttendee(name: String)
    /// The name of the attendee with `id` was edited (or renamed).
    case attendeeNameChanged(id: Attendee.ID, name: String)
    /// The attendees at these positions were swiped away.
    case deleteAttendees(atOffsets: Set<Int>)
    /// The length was set, in seconds; it is kept within ``SyncUp/durationRange``.
    case durationChanged(Int)
    /// The facilitator rota was set, or removed (nil).
    case facilitatorsChanged(FacilitatorRota?)
    /// Focus moved.
    case focusChanged(State.Field?)
    /// The git identities of the attendee with `id` were edited.
    case gitAuthorsChanged(id: Attendee.ID, GitAuthors)
    /// The time zone of the attendee with `id` was set (an IANA name), or removed (nil).
    case attendeeZoneChanged(id: Attendee.ID, zone: String?)
    /// Removes the attendee with `id`, like deleting it at its position.
    case removeAttendee(id: Attendee.ID)
    /// A theme was picked.
    case themeChanged(Theme)
    /// The title was edited.
    case titleChanged(String)
  }

  @Dependency(\.uuid) var uuid

  /// The form's logic.
  public init() {}

  /// Handles one action: the state change, then the work to do next.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addAttendeeButtonTapped:
      appendAttendee(named: "", to: &state)
      return .none

    case .addAttendee(let name):
      appendAttendee(named: name, to: &state)
      return .none

    case .attendeeNameChanged(let id, let name):
      state.syncUp.attendees[id: id]?.name = name
      return .none

    case .deleteAttendees(let offsets):
      deleteAttendees(atOffsets: offsets, from: &state)
      return .none

    case .durationChanged(let seconds):
      state.syncUp.duration = SyncUp.clampedDuration(seconds)
      return .none

    case .facilitatorsChanged(let rota):
      state.syncUp.facilitators = rota
      return .none

    case .focusChanged(let focus):
      state.focus = focus
      return .none

    case .gitAuthorsChanged(let id, let authors):
      state.syncUp.attendees[id: id]?.gitAuthors = authors
      return .none

    case .attendeeZoneChanged(let id, let zone):
      state.syncUp.attendees[id: id]?.zone = zone
      return .none

    case .removeAttendee(let id):
      guard let index = state.syncUp.attendees.index(id: id) else { return .none }
      deleteAttendees(atOffsets: [index], from: &state)
      return .none

    case .themeChanged(let theme):
      state.syncUp.theme = theme
      return .none

    case .titleChanged(let title):
      state.syncUp.title = title
      return .none
    }
  }

  private func appendAttendee(named name: String, to state: inout State) {
    let attendee = Attendee(id: uuid(), name: name)
    state.syncUp.attendees.append(attendee)
    state.focus = .attendee(attendee.id)
  }

  /// Removes the attendees at `offsets`, keeps one (blank) attendee, and focuses the attendee
  /// now at the first deleted position (or the last one, if that position is past the end).
  private func deleteAttendees(atOffsets offsets: Set<Int>, from state: inout State) {
    let valid = offsets.filter(state.syncUp.attendees.indices.contains)
    guard let first = valid.min() else { return }
    state.syncUp.attendees.remove(atOffsets: valid)
    if state.syncUp.attendees.isEmpty {
      state.syncUp.attendees.append(Attendee(id: uuid(), name: ""))
    }
    let index = min(first, state.syncUp.attendees.count - 1)
    state.focus = .attendee(state.syncUp.attendees[index].id)
  }
}

extension SyncUp {
  /// `seconds` brought into ``durationRange``, so that a sync-up is never saved with a length
  /// the file format refuses.
  static func clampedDuration(_ seconds: Int) -> Int {
    min(max(seconds, durationRange.lowerBound), durationRange.upperBound)
  }
}
