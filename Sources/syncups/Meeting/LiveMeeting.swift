import Dispatch
import SharedState
import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A meeting as `syncups start` runs it: the RecordMeeting feature in a store, a front end
/// that reaches it only through its ``MeetingDoor``, and the whole way out: from the end asked
/// for to the feature's save made durable (or the meeting discarded), the terminal restored,
/// the repositories the work cards left out named, the ending reported, the hooks fired, the
/// status for `syncups status` cleared, and the process's exit status.
///
/// ```swift
/// let live = LiveMeeting(
///   syncUps: syncUps, meeting: state, frontEnd: frontEnd, context: context, clock: clock)
/// live.run()  // never returns: the process exits with the meeting's status
/// ```
///
/// SIGTERM and SIGHUP save the meeting as it stands and exit 143 and 129; the front end
/// decides what an interrupt does.
@MainActor
final class LiveMeeting {
  /// How a meeting ended.
  enum Ending: Equatable, Sendable {
    /// Saved into the sync-up's history, durably; `restored` when the sync-up, deleted by
    /// another process during the meeting, was brought back with it.
    case saved(Meeting, restored: Bool)
    /// Ended without saving.
    case discarded
  }

  /// The running feature.
  private var store: Store<RecordMeeting.State, RecordMeeting.Action>!
  /// The one way in to the feature, for the front end and for the signals that end it.
  private var door: MeetingDoor!
  private let syncUps: Shared<IdentifiedArrayOf<SyncUp>>
  private let syncUpID: UUID
  /// Where the sync-up was among the others when the meeting started.
  private let position: Int
  private let frontEnd: any FrontEnd
  /// Names a repository the work cards left out, once the terminal is back.
  private let saySkipped: (RecordMeeting.SkippedRepository) -> Void
  /// Publishes the meeting for `syncups status`; nil when it cannot.
  private let publisher: StatusPublisher?
  /// Where the meeting's events go, and its hooks' runs.
  private let hooks: Hooks?
  private var meetingHooks: MeetingHooks?
  private var publication: StoreObservation?
  private let inbox = FeatureInbox()
  private var signals: SignalEvents?
  private var status = ExitStatus.success
  private var isEnding = false

  /// The meeting `meeting` of one of `syncUps`, shown by `frontEnd`, its store made by
  /// `context` (traced with `--trace`) on `clock`, published for `syncups status` in the
  /// status directory `context`'s environment names, with `context`'s hooks.
  init(
    syncUps: Shared<IdentifiedArrayOf<SyncUp>>,
    meeting initialState: RecordMeeting.State,
    frontEnd: any FrontEnd,
    context: CommandContext,
    clock: any Clock<Duration>
  ) {
    self.syncUps = syncUps
    self.syncUpID = initialState.syncUp.id
    self.position = syncUps.wrappedValue.index(id: initialState.syncUp.id) ?? 0
    self.frontEnd = frontEnd
    self.publisher = StatusPublisher(
      directory: StatusDirectory(environment: context.environment),
      dataFile: context.dataFile.path)
    self.hooks = context.hooks
    self.saySkipped = { context.saySkipped($0.repository, reason: $0.reason) }
    let inbox = inbox
    let meeting = Reduce<RecordMeeting.State, RecordMeeting.Action> { state, action in
      if case .delegate(.saved(let meeting)) = action {
        MainActor.assumeIsolated { inbox.savedMeeting = meeting }
      }
      return RecordMeeting().reduce(into: &state, action: action)
    }
    store = context.makeStore(initialState, meeting) { dependencies in
      dependencies.dismiss = DismissEffect { inbox.onDismiss?() }
      dependencies.continuousClock = clock
    }
    door = MeetingDoor(store: store) { [weak self] in self?.status = .interrupted }
    inbox.onDismiss = { [weak self] in self?.featureDismissed() }
    publisher?.warn = { [weak self] in self?.warn($0) }
    publisher?.onWatchers = { [weak self] in self?.frontEnd.showWatchers($0) }
  }

  /// Warnings held until the front end gives the terminal back (see
  /// ``FrontEnd/holdsWarnings``); nil once it has.
  private var heldWarnings: [String]? = []

  /// Says `text` on standard error: at once, or once the front end has given the terminal
  /// back when it holds warnings.
  private func warn(_ text: String) {
    guard frontEnd.holdsWarnings, heldWarnings != nil else { return Output.error(text) }
    heldWarnings?.append(text)
  }

  /// Starts the meeting (its timer too, when `startsTimer`; else the front end starts it)
  /// and serves the main queue until it ends; never returns: the process exits with the
  /// meeting's status once it has ended (see ``featureDismissed()``).
  func run(startsTimer: Bool = true) -> Never {
    signals = SignalEvents([SIGTERM, SIGHUP]) { [weak self] signal in
      self?.end(savingBecauseOf: signal)
    }
    // Published, with the timer started, before the front end's first line: whoever reads
    // that line and asks `status` sees a meeting whose time runs. (The timer's first tick
    // comes through the main queue, so none is missed before the front end and the
    // publisher observe.)
    if startsTimer { door.startTimer() }
    publisher?.publish(store.state)
    hooks?.release()
    meetingHooks = hooks.map { MeetingHooks(hooks: $0, meeting: door) }
    frontEnd.start(door)
    // Each change is published once the front end has shown it: the watchers the file
    // wakes never stand between the meeting and its own screen or output.
    if let publisher {
      publisher.publish(store.state)
      publication = store.observe { state in publisher.publish(state) }
    }
    dispatchMain()
  }

  /// SIGTERM or SIGHUP: saves the meeting as it stands, then exits 143 or 129.
  private func end(savingBecauseOf signal: Int32) {
    guard !isEnding else { return }
    status = signal == SIGHUP ? .hangUp : .terminated
    // A save or discard already asked for is under way: it stands, and saves only once.
    door.saveAsItStands()
  }

  /// Whether the user was told that the meeting waits for the data file's lock.
  private var isWaitAnnounced = false

  /// Says, once, that the meeting waits for another process's lock to be saved.
  private func announceWait() {
    guard !isWaitAnnounced else { return }
    isWaitAnnounced = true
    Output.error(
      "Waiting for the data file: another process holds its lock (a sync?); the meeting is "
        + "saved as soon as it lets go.\n")
  }

  /// The feature is done: restore the terminal, name the repositories the work cards left
  /// out, store the ending (see ``save(_:)``), say how the meeting ended, fire the hooks, then
  /// exit. Notes that end up in no stored meeting (discarded, or the save failed) are printed
  /// on standard error, so that nothing typed is lost unseen.
  private func featureDismissed() {
    guard !isEnding else { return }
    isEnding = true
    publication?.cancel()
    publisher?.remove(ending: store.state)
    // SIGTERM and SIGHUP stay watched (and so cannot kill the process) until it exits: the
    // meeting is being stored, and the terminal given back first.
    frontEnd.stop()
    for warning in heldWarnings ?? [] { Output.error(warning) }
    heldWarnings = nil
    let state = store.state
    // The terminal is back: the repositories the work cards left out, each once.
    for skipped in state.work.skipped { saySkipped(skipped) }
    do {
      let ending = try save(state)
      frontEnd.report(ending, elapsed: state.meetingSeconds, syncUp: state.syncUp)
      meetingHooks?.ended(ending, state: state)
      if case .discarded = ending { printNotes(of: state) }
      exit(status)
    } catch let failure as CommandFailure {
      Output.error("Error: \(failure.message)\n")
      printNotes(of: state)
      exit(failure.status)
    } catch {
      Output.error("Error: \(error)\n")
      printNotes(of: state)
      exit(.failure)
    }
  }

  /// The meeting's notes on standard error, when it has any.
  private func printNotes(of state: RecordMeeting.State) {
    guard !state.transcript.isEmpty else { return }
    Output.error(
      "The meeting's notes were:\n\(sanitizedLines(state.transcript).joined(separator: "\n"))\n")
  }

  /// Ends the process with `status`, after dropping what was typed on the terminal since the
  /// meeting ended (while it was saved), so that it never reaches the shell.
  private func exit(_ status: ExitStatus) -> Never {
    // The closing line is out, on the terminal given back, before the wait for hooks.
    hooks?.finish()
    let status = hooks?.stoppedBy ?? status
    frontEnd.discardTypeahead()
    #if canImport(Glibc)
      Glibc.exit(Output.finish(status.rawValue))
    #else
      Darwin.exit(Output.finish(status.rawValue))
    #endif
  }

  /// How long, in all, the end of a meeting waits for the data file's lock: far longer than a
  /// command's lock timeout, as a meeting's record is at stake, and another process (a `sync`
  /// on a slow network) may hold the lock for a while.
  static let savePatience = Duration.seconds(600)

  /// How long one try to take the data file's lock lasts at the end of a meeting (the
  /// meeting's data file is opened with it): another process holding it is noticed, and said
  /// to be waited for, at once.
  static let lockTry = Duration.milliseconds(200)

  /// Makes the feature's save of the meeting that ended as `ended` durable, and waits until
  /// it is on disk: discarded when the feature saved nothing.
  ///
  /// When the feature's save could not be written (the lock was held too long, or another
  /// process changed the file meanwhile: a `sync` merging a teammate's work), the feature's
  /// meeting is filed again into the file's latest contents by the feature's own rule
  /// (``RecordMeeting/file(_:of:at:into:)``) in a transaction, tried again while the lock is
  /// held, for up to ``savePatience``. When another process deleted the sync-up during the
  /// meeting (a teammate's delete merged by a `sync`), a change wins over a delete: the
  /// sync-up as the meeting last saw it comes back with the meeting.
  private func save(_ ended: RecordMeeting.State) throws -> Ending {
    // The feature's save found the lock held by another process: the wait is said at once,
    // now that the terminal is back.
    if let error = syncUps.saveError as? FileStorageError, error.kind == .lockTimeout {
      announceWait()
    }
    guard let meeting = inbox.savedMeeting else { return .discarded }
    let syncUp = ended.syncUp
    do {
      try syncUps.save()
      if let error = syncUps.saveError { throw error }
    } catch {
      try storeAgain(meeting, items: ended.followThrough.changes, into: syncUp)
    }
    if syncUps.wrappedValue[id: syncUpID] == nil {
      try storeAgain(meeting, items: ended.followThrough.changes, into: syncUp)
    }
    guard let stored = syncUps.wrappedValue[id: syncUpID]?.meetings[id: meeting.id] else {
      throw CommandFailure("the meeting is not in the data file after saving it")
    }
    if isRestored {
      Output.error(
        "\(UserText.name(syncUp)) was deleted during the meeting (by another command, or a "
          + "teammate's change through sync); it is back, with the meeting.\n")
    }
    return .saved(stored, restored: isRestored)
  }

  /// Whether ``storeAgain(_:into:)`` brought the deleted sync-up back.
  private var isRestored = false

  /// Files `meeting`, with the `items` it raised or resolved, into the file's latest contents
  /// as the feature does, waiting for the lock; when the sync-up is gone from the file, `syncUp` comes back, with the meeting,
  /// where it was.
  private func storeAgain(
    _ meeting: Meeting, items: IdentifiedArrayOf<Item>, into syncUp: SyncUp
  ) throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.savePatience)
    while true {
      var filing = RecordMeeting.Filing.alreadyThere
      do {
        try syncUps.transaction { syncUps in
          filing = syncUps.withLock {
            RecordMeeting.file(meeting, items: items, of: syncUp, at: position, into: &$0)
          }
          // The meeting is there already when the feature's save, refused for the lock, left
          // it in memory and the file did not change meanwhile: the transaction then sees
          // nothing to write, so it is written here, under the lock the transaction holds.
          if filing == .alreadyThere { try syncUps.save() }
        }
        isRestored = isRestored || filing == .restored
        return
      } catch let error as FileStorageError where error.kind == .lockTimeout {
        guard clock.now < deadline else { throw CommandFailure(storage: error) }
        announceWait()
      } catch {
        throw CommandFailure(storage: error)
      }
    }
  }
}

/// The one way in to a live meeting's feature that its front end has: the state to read and
/// watch, and `send`, which takes nothing once the meeting's end has begun: input asked to
/// save or discard (the feature's dismissal follows as an effect, and a second `save` would
/// save it twice), or the feature ended it (its time ran out).
///
/// ```swift
/// let door = MeetingDoor(store: store) { interrupted = true }
/// door.observe { state in redraw(state) }
/// door.send(.nextButtonTapped)
/// door.send(.alert(.presented(.confirmSave)))
/// door.send(.nextButtonTapped)  // ignored: the meeting is being saved
/// ```
@MainActor
final class MeetingDoor {
  private let store: Store<RecordMeeting.State, RecordMeeting.Action>
  private let onInterrupted: () -> Void
  /// Whether input sent a save or discard: the meeting is being ended, though the feature may
  /// not have said so yet.
  private(set) var isEndRequested = false

  /// The way in to the feature running in `store`; `onInterrupted` is told when the user
  /// interrupts the meeting (see ``markInterrupted()``).
  init(
    store: Store<RecordMeeting.State, RecordMeeting.Action>,
    onInterrupted: @escaping () -> Void = {}
  ) {
    self.store = store
    self.onInterrupted = onInterrupted
  }

  /// The meeting as it is now.
  var state: RecordMeeting.State { store.state }

  /// Calls `onChange` with the state after each action, until the observation is cancelled.
  func observe(_ onChange: @escaping @MainActor (RecordMeeting.State) -> Void) -> StoreObservation {
    store.observe(onChange)
  }

  /// Whether the meeting is over or being ended: a save or discard was sent, or the feature
  /// ended it.
  var hasEndBegun: Bool { isEndRequested || store.state.hasEnded }

  /// Sends `action` to the feature, unless the meeting's end has begun: the one guard of
  /// every way in.
  func send(_ action: RecordMeeting.Action) {
    guard !hasEndBegun else { return }
    if case .alert(.presented) = action { isEndRequested = true }
    store.send(action)
  }

  /// Saves the meeting as it stands (a signal ends it), unless its end has begun. Unlike a
  /// save sent as input, it leaves the front end drawing the end as the feature makes it.
  func saveAsItStands() {
    guard !hasEndBegun else { return }
    store.send(.alert(.presented(.confirmSave)))
  }

  /// Starts the meeting's timer (at once, or when a script's input has been read); not once
  /// its end has begun.
  func startTimer() {
    send(.onTask)
  }

  /// The user interrupted the meeting, which the front end is discarding: the process will
  /// exit 130.
  func markInterrupted() {
    onInterrupted()
  }
}

/// What the feature told the live meeting: the meeting it saved; and whom to call when it is
/// dismissed.
@MainActor
private final class FeatureInbox {
  var savedMeeting: Meeting?
  var onDismiss: (() -> Void)?
}
