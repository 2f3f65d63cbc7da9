#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// One sync-up: editing it, deleting it, deleting its past meetings, and starting a meeting.
///
/// It works on the `Shared<SyncUp>` it was handed (usually `$syncUps[id:]` of `.syncUps`), so
/// every change lands in the data file and in every other feature holding the same sync-up.
///
/// ```swift
/// let detail = SyncUpDetail.State(syncUp: $syncUps[id: id]!)
/// store.send(.editButtonTapped)
/// store.send(.destination(.presented(.edit(.titleChanged("Design")))))
/// store.send(.doneEditingButtonTapped)
/// ```
public struct SyncUpDetail: Reducer, Sendable {
  /// What the detail presents: the delete alert or the edit form.
  public struct Destination: Reducer, Sendable {
    /// The presented alert or form.
    public enum State: Equatable, Sendable {
      /// The delete confirmation.
      case alert(AlertState<Alert>)
      /// The edit form, on a copy of the sync-up.
      case edit(SyncUpForm.State)

      /// The alert, if that is what is presented. Setting it replaces an alert only.
      public var alert: AlertState<Alert>? {
        get { if case .alert(let alert) = self { alert } else { nil } }
        set { if case .alert = self, let newValue { self = .alert(newValue) } }
      }

      /// The edit form, if that is what is presented. Setting it replaces a form only.
      public var edit: SyncUpForm.State? {
        get { if case .edit(let form) = self { form } else { nil } }
        set { if case .edit = self, let newValue { self = .edit(newValue) } }
      }
    }

    /// An action of the presented alert or form.
    public enum Action: Equatable, Sendable {
      /// A button of the alert.
      case alert(Alert)
      /// An action of the edit form.
      case edit(SyncUpForm.Action)
    }

    /// The buttons of the delete alert that do something.
    public enum Alert: Equatable, Sendable {
      /// "Yes": delete the sync-up.
      case confirmDeletion
    }

    /// Runs the edit form on its state; the alert's buttons are handled by the detail.
    public init() {}

    /// Handles one action: the state change, then the work to do next.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .edit(let formAction) = action, case .edit(var form) = state else { return .none }
      let effect = SyncUpForm().reduce(into: &form, action: formAction)
      state = .edit(form)
      return effect.map { .edit($0) }
    }
  }

  /// The sync-up and what is presented over it.
  public struct State: Equatable, Sendable {
    /// The alert or form shown, if any.
    public var destination: Destination.State?
    /// The sync-up, shared with the list and the data file.
    @Shared public var syncUp: SyncUp

    /// The detail of `syncUp`.
    public init(destination: Destination.State? = nil, syncUp: Shared<SyncUp>) {
      self.destination = destination
      self._syncUp = syncUp
    }
  }

  /// What can happen in the detail.
  public enum Action: Equatable, Sendable {
    /// "Cancel" in the edit form: the changes are thrown away.
    case cancelEditButtonTapped
    /// Something the parent acts on.
    case delegate(Delegate)
    /// "Delete": asks for confirmation.
    case deleteButtonTapped
    /// Deletes the past meeting with `id`; the items raised or resolved in it stay, raised or
    /// resolved outside a meeting.
    case deleteMeeting(id: Meeting.ID)
    /// An action of the alert or form, or its dismissal.
    case destination(PresentationAction<Destination.Action>)
    /// "Done" in the edit form: the changes are saved.
    case doneEditingButtonTapped
    /// "Edit": opens the form on a copy of the sync-up.
    case editButtonTapped
    /// "Start Meeting": asks the parent to start one.
    case startMeetingButtonTapped
    /// Raises a blocker or an action outside a meeting, now, owned by the attendee `owner`.
    case raiseItem(kind: Item.Kind, text: String, owner: Attendee.ID?)
    /// Resolves the item with `id` now, with what resolved it.
    case resolveItem(id: Item.ID, resolution: String?)
    /// Opens the resolved item with `id` again, now, forgetting its resolution.
    case reopenItem(id: Item.ID)
    /// Changes the text and the owner of the item with `id`.
    case editItem(id: Item.ID, text: String, owner: Attendee.ID?)
    /// Deletes the item with `id`.
    case deleteItem(id: Item.ID)
    /// Writes `attendee`'s update for `day` now, replacing one written before for that day,
    /// each blocker once (``WrittenUpdate/sameBlocker(_:_:)``); each blocker that update did
    /// not already say, and that `attendee` has no open blocker
    /// item for (``SyncUp/openBlocker(of:saying:)``), opens a blocker item owned by them.
    case writeUpdate(
      attendee: Attendee.ID, day: CalendarDay, done: String?, next: String?, blockers: [String])
    /// Announces that `attendee` is away from `from` to `to` (on, without an end).
    case announceTimeAway(attendee: Attendee.ID, from: CalendarDay, to: CalendarDay?, note: String?)
    /// Cancels `attendee`'s time away from `day` on (``Attendee/cancelTimeAway(from:)``).
    case cancelTimeAway(attendee: Attendee.ID, from: CalendarDay)
    /// Sets when the sync-up meets: `rule` in `zone` from `from`, keeping the skipped and
    /// moved meetings of a schedule it had; the schedule's revision rises when it changed.
    case setSchedule(rule: ScheduleRule, zone: String, from: CalendarDay)
    /// Removes the sync-up's schedule.
    case clearSchedule
    /// Skips the meeting the schedule gives `day`, for `reason`.
    case skipMeeting(day: CalendarDay, reason: String?)
    /// Holds the skipped meeting of `day` after all.
    case unskipMeeting(day: CalendarDay)
    /// Holds the meeting the schedule gives `day` at `to` instead; at its planned time, it
    /// is no longer moved.
    case moveMeeting(day: CalendarDay, to: Date)

    /// What the detail asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Start a meeting of this sync-up.
      case startMeeting(Shared<SyncUp>)
    }

    /// The ``destination(_:)`` case.
    public static let destinationPath = ActionPath(
      embed: Action.destination,
      extract: { if case .destination(let action) = $0 { action } else { nil } }
    )
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  /// The detail's logic.
  public init() {}

  /// The feature, with its presented children.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        state.destination = nil
        return .none

      case .delegate:
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(.deleteSyncUp)
        return .none

      case .deleteMeeting(let id):
        state.$syncUp.withLock { syncUp in
          _ = syncUp.meetings.remove(id: id)
          // The items keep what happened, but no longer name a meeting that is gone.
          for item in syncUp.items where item.openedIn == id || item.resolvedIn == id {
            if item.openedIn == id { syncUp.items[id: item.id]?.openedIn = nil }
            if item.resolvedIn == id { syncUp.items[id: item.id]?.resolvedIn = nil }
          }
        }
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        state.destination = nil
        let id = state.syncUp.id
        @Shared(.syncUps) var syncUps
        $syncUps.withLock { _ = $0.remove(id: id) }
        return .run { _ in await dismiss() }

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case .edit(let form) = state.destination else { return .none }
        state.$syncUp.withLock { $0.applyEdits(from: form.syncUp) }
        state.destination = nil
        return .none

      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none

      case .startMeetingButtonTapped:
        return .send(.delegate(.startMeeting(state.$syncUp)))

      case .raiseItem(let kind, let text, let owner):
        let item = Item(id: uuid(), kind: kind, text: text, owner: owner, opened: now)
        state.$syncUp.withLock { _ = $0.items.append(item) }
        return .none

      case .resolveItem(let id, let resolution):
        let now = now
        state.$syncUp.withLock {
          $0.items[id: id]?.resolved = now
          $0.items[id: id]?.resolvedIn = nil
          $0.items[id: id]?.resolution = resolution
        }
        return .none

      case .reopenItem(let id):
        let now = now
        state.$syncUp.withLock {
          $0.items[id: id]?.reopened = now
          $0.items[id: id]?.resolved = nil
          $0.items[id: id]?.resolvedIn = nil
          $0.items[id: id]?.resolution = nil
        }
        return .none

      case .editItem(let id, let text, let owner):
        state.$syncUp.withLock {
          $0.items[id: id]?.text = text
          $0.items[id: id]?.owner = owner
        }
        return .none

      case .deleteItem(let id):
        state.$syncUp.withLock { _ = $0.items.remove(id: id) }
        return .none

      case .writeUpdate(let attendee, let day, let done, let next, let written):
        // A blocker written twice (in any case) is one blocker, kept as first written.
        var blockers: [String] = []
        for blocker in written where !blockers.contains(where: { WrittenUpdate.sameBlocker($0, blocker) }) {
          blockers.append(blocker)
        }
        let update = WrittenUpdate(
          attendee: attendee, day: day, done: done, next: next, blockers: blockers, written: now)
        state.$syncUp.withLock { syncUp in
          // A blocker said that day already opens none (its item may have been resolved
          // since); nor does one the writer has open already, which ages on.
          let said = syncUp.update(of: attendee, for: day)?.blockers ?? []
          for blocker in blockers
          where !said.contains(where: { WrittenUpdate.sameBlocker($0, blocker) })
            && syncUp.openBlocker(of: attendee, saying: blocker) == nil
          {
            syncUp.items.append(
              Item(id: uuid(), kind: .blocker, text: blocker, owner: attendee, opened: now))
          }
          syncUp.updates.remove(id: update.id)
          syncUp.updates.append(update)
        }
        return .none

      case .announceTimeAway(let attendee, let from, let to, let note):
        let away = TimeAway(id: uuid(), from: from, to: to, note: note)
        state.$syncUp.withLock { _ = $0.attendees[id: attendee]?.away.append(away) }
        return .none

      case .cancelTimeAway(let attendee, let day):
        state.$syncUp.withLock { $0.attendees[id: attendee]?.cancelTimeAway(from: day) }
        return .none

      case .setSchedule(let rule, let zone, let from):
        state.$syncUp.withLock { syncUp in
          var schedule = syncUp.schedule ?? Schedule(rule: rule, zone: zone, from: from)
          (schedule.rule, schedule.zone, schedule.from) = (rule, zone, from)
          if schedule != syncUp.schedule { schedule.bumpRevision() }
          syncUp.schedule = schedule
        }
        return .none

      case .clearSchedule:
        state.$syncUp.withLock { $0.schedule = nil }
        return .none

      case .skipMeeting(let day, let reason):
        state.$syncUp.withLock { $0.schedule?.addSkip(ScheduleSkip(date: day, reason: reason)) }
        return .none

      case .unskipMeeting(let day):
        state.$syncUp.withLock { syncUp in
          guard syncUp.schedule?.skip(on: day) != nil else { return }
          syncUp.schedule?.skips.removeAll { $0.date == day }
          syncUp.schedule?.bumpRevision()
        }
        return .none

      case .moveMeeting(let day, let to):
        state.$syncUp.withLock { syncUp in
          guard var schedule = syncUp.schedule else { return }
          if schedule.meetingStart(on: day) == to {
            schedule.moves.removeAll { $0.date == day }
            schedule.bumpRevision()
          } else {
            schedule.addMove(ScheduleMove(date: day, to: to))
          }
          syncUp.schedule = schedule
        }
        return .none
      }
    }
    .ifLet(\.destination, action: Action.destinationPath) { Destination() }
  }
}

extension AlertState where Action == SyncUpDetail.Destination.Alert {
  /// "Delete?" — "Are you sure you want to delete this meeting?" — Yes / Nevermind.
  public static var deleteSyncUp: Self {
    AlertState(
      title: "Delete?",
      message: "Are you sure you want to delete this meeting?",
      buttons: [
        ButtonState(role: .destructive, action: .confirmDeletion, label: "Yes"),
        ButtonState(role: .cancel, label: "Nevermind"),
      ]
    )
  }
}

extension SyncUp {
  /// Takes what the edit form changes (title, length, theme, attendees) from `edited`, and
  /// keeps the meetings as they are now, so that a meeting saved while the form was open (by
  /// another process) is not lost.
  mutating func applyEdits(from edited: SyncUp) {
    title = edited.title
    duration = edited.duration
    theme = edited.theme
    attendees = edited.attendees
    facilitators = edited.facilitators
  }
}
