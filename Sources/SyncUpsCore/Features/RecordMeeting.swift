#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A meeting in progress: a timer that gives each attendee present a slot of the sync-up's
/// length, notes that become the transcript, a record of what happened (real time, who was
/// there, who spoke for how long), and saving the meeting into the sync-up at the end.
///
/// Two times run side by side. The **slot timeline** (``State/secondsElapsed``) decides when a
/// turn ends by itself, by the app's rule: of `n` speakers, speaker `i` owns the seconds
/// `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)` of a meeting of `D` seconds, so the slots cover the meeting exactly;
/// it moves a second per tick and jumps to the next slot's start on "Next". Whatever changes
/// who is still to speak (someone absent, skipped or joining; see ``SlotDivision``) divides
/// what is left of the meeting afresh among them, so the slots still end at `D`. The ticks come as
/// the current turn's time reaches each whole second: a turn that starts mid-second still gets
/// its whole slot. The **meeting time** (``State/stopwatch``) is real time on the clock
/// dependency, pauses and the end prompt left out: what the meeting and each turn really
/// took, which is what is shown and saved, in seconds rounded to the nearest.
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
    /// The slot timeline: the second of the planned meeting the speakers' slots have reached.
    /// It decides whose slot it is; it is not the time the meeting has taken (see
    /// ``meetingSeconds``).
    public var secondsElapsed = 0
    /// Whether the action just processed moved to another speaker: the moment to ring the
    /// bell (see ``shouldRingBell``). Every other action sets it back to `false`.
    public var speakerDidChange = false
    /// Whether the action just processed ran the speaker's slot out in overtime: the other
    /// moment to ring the bell. Every other action sets it back to `false`.
    public var slotDidRunOut = false
    /// The speaker, by position in ``speakers``.
    public var speakerIndex = 0
    /// The sync-up, shared with the detail and the data file; the meeting is saved into it.
    @Shared public var syncUp: SyncUp
    /// The notes so far, one `Name: text` line each: the ``transcript``, kept so that a note
    /// added costs the same however many were taken.
    public var notes = Notes()
    /// The notes so far as the transcript saved with the meeting, one `Name: text` line each.
    public var transcript: String {
      get { notes.text }
      set { notes = Notes(text: newValue) }
    }
    /// The note being typed and not yet submitted: whatever ends the meeting (the time running
    /// out, the last "Next", a save asked for, a signal, a discard), it joins the transcript
    /// first, so no note is lost: saved with the meeting, or shown with the notes of one
    /// discarded.
    public var noteDraft = ""
    /// The speaker (by position in ``speakers``) whose turn it was when the note being typed
    /// was started: the note is theirs, though the turn changes before it is taken; `nil` when
    /// no note is being typed.
    public var noteDraftSpeaker: Int?
    /// The `bell` setting: when the terminal bell rings.
    @SharedReader(.bell) public var bell: BellSetting

    /// Who is there, who is away and who speaks when (the ``MeetingAttendance`` feature).
    public var attendance: MeetingAttendance.State
    /// Whether a speaker may run past their slot: the turn then ends only on "Next", and the
    /// meeting only on "Next" from the last speaker or on ending it.
    public var allowsOvertime: Bool
    /// Whether the speaker's slot has run out and they go on in overtime.
    public var isInOvertime = false
    /// The meeting time: real time since the meeting started, pauses and the end prompt left
    /// out.
    public var stopwatch = Stopwatch()
    /// When the timer started; `nil` until then.
    public var started: Date?
    /// The meeting time at which the current turn started.
    public var turnStart = Duration.zero
    /// The turns that have ended, in speaking order: one a speaker, a skipped speaker's turn
    /// recorded when they speak again (see ``MeetingAttendance/State/carriedTurns``).
    public var turns: [Meeting.Turn] = []
    /// Whether the meeting has been saved or discarded: its time no longer runs.
    public var hasEnded = false
    /// The blockers and action items this meeting raised or resolved, as they are now
    /// (``FollowThrough/State/changes``: they go into the sync-up with the saved meeting,
    /// stamped with its id, and nowhere when it is discarded), and the current speaker's items
    /// open when their turn started (``FollowThrough/State/turnItems``, see ``turnAgenda``).
    /// What the feature reads of the meeting is lent to it for each action (see
    /// ``followThroughInMeeting``): kept here, it stays empty.
    public var followThrough = FollowThrough.State()
    /// The days that count towards an item's age: the `workdays` setting.
    public var workingDays: WorkingDays
    /// When the meeting was opened, read only when the sync-up has items: their ages are
    /// counted to this day. Nil otherwise (an item raised in the meeting is 0 days old).
    public var today: Date?
    /// The meeting's local day (by the `utcOffset` dependency), read only when someone has
    /// time away or the sync-up has written updates: what they are looked up for. Nil
    /// otherwise.
    public var day: CalendarDay?
    /// When the sync-up's newest meeting before this one was held, read with ``day``: written
    /// updates are those since then, this meeting not counted once it is saved (nor one another
    /// machine's sync brings in meanwhile). Nil before a first meeting, or without ``day``.
    public var previousMeeting: Date?
    /// The speakers' work cards: asked for (see ``askForWork(since:in:timeLimit:)``) and those
    /// arrived (the ``MeetingWorkCards`` feature); never saved.
    public var work = MeetingWorkCards.State()
    /// How the meeting paces its speakers and cues them (the ``MeetingPacing`` feature).
    public var pacing: MeetingPacing.State
    /// Who facilitates the meeting, saved with it: the rota's next
    /// (``nextFacilitator()``) or one named for once; nil for nobody.
    public var facilitator: Meeting.Facilitator?

    /// A meeting of `syncUp` about to start, with the first speaker speaking.
    ///
    /// - Parameters:
    ///   - absent: attendees missing from the start: they get no slot.
    ///   - present: attendees there though their time away includes the meeting's day; anyone
    ///     else away that day is absent from the start.
    ///   - order: the calling order; `shuffled` draws from the `random` dependency.
    ///   - allowsOvertime: whether a speaker may run past their slot.
    ///   - workingDays: the days that count towards an item's age.
    ///   - pacing: how the slots are paced and the speakers cued.
    public init(
      syncUp: Shared<SyncUp>, absent: Set<Attendee.ID> = [], present: Set<Attendee.ID> = [],
      order: SpeakingOrder = .listed, allowsOvertime: Bool = false,
      workingDays: WorkingDays = .mondayToFriday, pacing: MeetingPacing.State = MeetingPacing.State()
    ) {
      self.workingDays = workingDays
      self.pacing = pacing
      if !syncUp.wrappedValue.items.isEmpty {
        @Dependency(\.date.now) var now
        self.today = now
      }
      self._syncUp = syncUp
      let value = syncUp.wrappedValue
      var arranged = value.attendees.elements
      if order != .listed {
        @Dependency(\.random) var random
        var generator = random
        arranged = order.arrange(value.attendees, after: value.meetings.first, using: &generator)
      }
      self.day = Self.day(of: value)
      self.previousMeeting = day == nil ? nil : value.meetings.first?.date
      let timeAway = Self.timeAway(in: value, on: day, except: present)
      self.attendance = MeetingAttendance.State(
        lineup: arranged.map {
          MeetingAttendee(
            id: $0.id, name: $0.name, absent: absent.contains($0.id) || timeAway[$0.id] != nil)
        },
        timeAway: timeAway)
      self.allowsOvertime = allowsOvertime
      self.speakerIndex = speaker(at: 0)
      self.followThrough.turnItems = followThroughInMeeting.speakerOpenItems
      readPassedUpdates()
    }

    /// Everyone on the sync-up when the meeting started, in the order they are called, those
    /// missing marked absent (see ``MeetingAttendance/State/lineup``).
    public var lineup: [MeetingAttendee] { attendance.lineup }

    /// The ids of those present, in the order they are called (see
    /// ``MeetingAttendance/State/speakers``).
    public var speakers: [Attendee.ID] { attendance.speakers }

    /// Those absent from the start because their time away includes ``day``, with that time
    /// away (see ``MeetingAttendance/State/timeAway``).
    public var timeAway: [Attendee.ID: TimeAway] { attendance.timeAway }

    /// Where the slots are divided from (see ``MeetingAttendance/State/division``).
    public var division: SlotDivision { attendance.division }

    /// How many speakers take turns: those present, or one when there are none.
    public var speakerCount: Int { max(speakers.count, 1) }

    /// The seconds of the slot timeline that belong to speaker `index`:
    /// `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)` (among those after an absence, see ``division``).
    ///
    /// ```swift
    /// // 300 seconds, 7 attendees
    /// state.speakerSlot(for: 0)  // 0..<42
    /// state.speakerSlot(for: 6)  // 257..<300
    /// ```
    public func speakerSlot(for index: Int) -> Range<Int> {
      if index < division.firstSpeaker, let kept = division.keptSlot { return kept }
      let index = min(max(index, division.firstSpeaker), speakerCount - 1)
      return slotStart(index)..<slotStart(index + 1)
    }

    /// The speaker whose slot holds `second` (the last speaker from the end of the meeting on).
    public func speaker(at second: Int) -> Int {
      let first = division.firstSpeaker
      if let kept = division.keptSlot, kept.contains(second) { return first - 1 }
      let count = speakerCount - first
      let length = max(timelineEnd - division.start, 1)
      let second = max(second - division.start, 0)
      // The largest i with ⌊i·L/k⌋ ≤ second, i.e. i·L < (second + 1)·k.
      return min(first + ((second + 1) * count - 1) / length, speakerCount - 1)
    }

    /// Seconds left in the meeting's slots: what is left of the current speaker's slot
    /// (``slotRemaining``) and the slots after it, so that the meeting's elapsed and left add
    /// up to its planned length as the speaker's do to their slot.
    public var secondsRemaining: Int {
      max(timelineEnd - speakerSlot(for: speakerIndex).upperBound, 0) + slotRemaining
    }

    /// Seconds of the current speaker's slot used: the real time of their turn, rounded by the
    /// one rule (see ``turnSeconds``), at most the slot.
    public var slotElapsed: Int { min(turnSeconds, speakerSlot(for: speakerIndex).count) }

    /// Seconds left in the current speaker's slot: the slot less ``slotElapsed``, so the
    /// speaker's elapsed and left always add up to the slot (0 in the last half second of the
    /// slot and in overtime).
    public var slotRemaining: Int { speakerSlot(for: speakerIndex).count - slotElapsed }

    /// Whether the slot timeline has reached the end of the meeting: no slot is left.
    public var isPastLastSlot: Bool { secondsElapsed >= timelineEnd }

    /// The second the slot timeline ends at: the planned length, or later when `rebalance`
    /// gives those left their minimum slots past it (see ``SlotDivision/end``).
    public var timelineEnd: Int { max(division.end ?? syncUp.duration, syncUp.duration) }

    /// Seconds of meeting time so far, pauses left out, by the one rounding rule of every
    /// time a meeting shows and saves (see ``Swift/Duration/roundedSeconds``).
    public var meetingSeconds: Int { stopwatch.elapsed.roundedSeconds }

    /// How long the current speaker has spoken: from the instant their turn started.
    public var turnTime: Duration { stopwatch.elapsed - turnStart }

    /// Seconds the current speaker has spoken, rounded like ``meetingSeconds``.
    public var turnSeconds: Int { turnTime.roundedSeconds }

    /// Whole seconds the current speaker has run past their slot; 0 unless in overtime.
    public var overtimeSeconds: Int {
      isInOvertime ? max(turnSeconds - speakerSlot(for: speakerIndex).count, 0) : 0
    }

    /// The current speaker's number in "Speaker 2 of 3", from 1: how many of those present
    /// have had the floor, the current speaker included. A skipped speaker speaking again, or
    /// one marked absent who joined, goes on with the turn they began: they count once.
    public var speakerNumber: Int {
      // Those called so far and those skipped (called, and moved to the end).
      let begun = Set(speakers.prefix(speakerIndex + 1)).union(attendance.carriedTurns.keys)
      return max(lineup.count { !$0.absent && begun.contains($0.id) }, 1)
    }

    /// How many are present (one at least): the 3 of "Speaker 2 of 3". Those marked absent
    /// are not counted, those who joined are.
    public var presentCount: Int { max(lineup.count { !$0.absent }, 1) }

    /// Whether the current speaker is the last: "Next" then offers to end the meeting.
    public var isOnLastSpeaker: Bool { speakerIndex >= speakerCount - 1 }

    /// Whether ending the meeting now, by the user's choice, ends it early: the current
    /// speaker still has time in their slot, or someone present has not spoken yet. An end in
    /// overtime is never early; nor are the time running out and "Next" on the last speaker,
    /// which do not ask this.
    public var isEarlyToEnd: Bool {
      !isInOvertime
        && (!isOnLastSpeaker || turnTime < .seconds(speakerSlot(for: speakerIndex).count))
    }

    /// The current speaker's id; nil when nobody is present.
    public var currentSpeaker: Attendee.ID? {
      speakers.indices.contains(speakerIndex) ? speakers[speakerIndex] : nil
    }

    /// The name of the current speaker (see ``speakerName(at:)``).
    public var currentSpeakerName: String { speakerName(at: speakerIndex) }

    /// The name of speaker `index`, or `Speaker k` (counting from 1) when it is blank or there
    /// is no such speaker.
    public func speakerName(at index: Int) -> String {
      guard speakers.indices.contains(index),
        let name = lineup.first(where: { $0.id == speakers[index] })?.name, !name.isBlank
      else { return "Speaker \(index + 1)" }
      return name
    }

    /// The names of the speakers after the current one, at most `limit`, in order.
    public func upcomingSpeakerNames(limit: Int) -> [String] {
      let next = speakerIndex + 1
      guard next < speakers.count else { return [] }
      return (next..<min(next + max(limit, 0), speakers.count)).map(speakerName(at:))
    }

    /// Whether to ring the bell now, unless muted (the `m` key): the speaker just changed or
    /// their slot just ran out and the `bell` setting is `change` or `all`, or the turn just
    /// reached a cue and it is `cues` or `all`.
    public var shouldRingBell: Bool {
      !pacing.isMuted
        && ((speakerDidChange || slotDidRunOut) && bell.ringsOnChange
          || pacing.phaseDidChange && bell.ringsOnCues)
    }

    /// Whether the screen flashes now (a visual bell): the turn just reached a cue.
    public var shouldFlash: Bool { pacing.phaseDidChange }

    /// Whether the meeting time runs: from the start, unless paused, at the end prompt or
    /// ended.
    public var isTiming: Bool { started != nil && !isPaused && alert == nil && !hasEnded }

    private func slotStart(_ index: Int) -> Int {
      let first = division.firstSpeaker
      if index == first, let kept = division.turnSlotStart { return kept }
      let length = timelineEnd - division.start
      return division.start + (index - first) * length / (speakerCount - first)
    }
  }

  /// Where the slot timeline is divided among the speakers from: at first the whole meeting
  /// among everyone; after speaker `k` is marked absent or skipped at second `s`, the seconds
  /// from `s` on among the speakers from the next one on. After someone joins during speaker
  /// `k`'s turn at second `s`, the seconds from `s` on among `k` and those after (the joiner
  /// last), `k`'s slot still starting where it did (``turnSlotStart``); or, when `k` is in
  /// overtime (their slot spent), among those after `k` alone, `k`'s slot kept as it was
  /// (``keptSlot``).
  public struct SlotDivision: Equatable, Sendable {
    /// The second of the slot timeline the division starts at.
    public var start = 0
    /// The first speaker (by position) it divides among.
    public var firstSpeaker = 0
    /// Where the first speaker's slot starts when their turn goes on across the division
    /// (someone joined during it): before ``start``, so that what they spoke stays in it.
    /// Nil when it starts at ``start``.
    public var turnSlotStart: Int?
    /// The slot of the speaker just before ``firstSpeaker`` when their turn, in overtime, goes
    /// on across the division (someone joined during it): the slot they had. Nil otherwise.
    public var keptSlot: Range<Int>?
    /// Where the slot timeline ends when `rebalance` gives those left their minimum slots past
    /// the planned length: the meeting runs over. Nil: at the planned length.
    public var end: Int?

    /// The whole meeting among everyone, or what is left from `start` among the speakers from
    /// `firstSpeaker` on, a turn going on across it with its slot starting at `turnSlotStart`
    /// (among them) or kept as `keptSlot` (before them), up to `end` (nil: the planned length).
    public init(
      start: Int = 0, firstSpeaker: Int = 0, turnSlotStart: Int? = nil,
      keptSlot: Range<Int>? = nil, end: Int? = nil
    ) {
      self.start = start
      self.firstSpeaker = firstSpeaker
      self.turnSlotStart = turnSlotStart
      self.keptSlot = keptSlot
      self.end = end
    }
  }

  /// What can happen during a meeting.
  public enum Action: Equatable, Sendable {
    /// The current speaker is not there: recorded as absent, and the next speaker starts now,
    /// those left sharing what remains of the slots. On the last speaker, the meeting ends and
    /// is saved.
    case absentButtonTapped
    /// An absent attendee arrived: present from now, they speak last, and what is left of the
    /// meeting is divided again among those still to speak (see
    /// ``RecordMeeting/joinAttendee(_:_:)``). Anyone else is left as they are.
    case attendeeJoined(Attendee.ID)
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
    /// The note being typed changed (empty: none is being typed); see ``State/noteDraft``.
    /// Its speaker is the one speaking when it stops being empty.
    case noteDraftChanged(String)
    /// A note was typed: it joins the transcript under the name of the speaker whose turn it
    /// was when the note being typed was started, else the current speaker's; the note being
    /// typed is then done.
    case noteSubmitted(String)
    /// The meeting appeared: the timer starts, and the first time the gathering of the work
    /// cards asked for (see ``State/work``).
    case onTask
    /// Pauses the meeting: ticks are ignored until it resumes.
    case pauseButtonTapped
    /// Resumes a paused meeting.
    case resumeButtonTapped
    /// The current speaker speaks later: they go to the end of the order and the next speaker
    /// starts now (see ``RecordMeeting/skipSpeaker(_:)``). The last speaker has nobody to let
    /// go first: nothing happens.
    case skipButtonTapped
    /// Overtime is no longer allowed (nobody is left to say "Next": a script's input ended):
    /// a speaker in overtime is moved on now, and later turns end when their slots run out.
    case overtimeWithdrawn
    /// One second passed.
    case timerTick
    /// Every sound is off for the rest of the meeting (the screen still flashes).
    case muteButtonTapped
    /// Of who is there and speaks when (see ``MeetingAttendance``): the meeting tells it.
    case attendance(MeetingAttendance.Action)
    /// Of the blockers and action items (see ``FollowThrough``): one raised or resolved.
    case followThrough(FollowThrough.Action)
    /// Of the work cards (see ``MeetingWorkCards``): the gathering told something.
    case work(MeetingWorkCards.Action)
    /// Of the pacing (see ``MeetingPacing``): the meeting tells it.
    case pacing(MeetingPacing.Action)

    /// The path to the pacing's actions.
    public static let pacingPath = ActionPath(
      embed: Action.pacing,
      extract: { if case .pacing(let action) = $0 { action } else { nil } })

    /// The path to the attendance's actions.
    public static let attendancePath = ActionPath(
      embed: Action.attendance,
      extract: { if case .attendance(let action) = $0 { action } else { nil } })

    /// The path to the follow-through's actions.
    public static let followThroughPath = ActionPath(
      embed: Action.followThrough,
      extract: { if case .followThrough(let action) = $0 { action } else { nil } })

    /// The path to the work cards' actions.
    public static let workPath = ActionPath(
      embed: Action.work,
      extract: { if case .work(let action) = $0 { action } else { nil } })

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
  @Dependency(\.workCards) var workCards

  /// The meeting's logic.
  public init() {}

  /// Handles one action: the state change, then the work to do next: the meeting's own (the
  /// timer and the turns), then its child features' on their parts of the state. The meeting
  /// time is brought up to now first, and runs afterwards exactly when ``State/isTiming`` says,
  /// both at the one reading of the clock: time the action itself takes (saving waits for the
  /// data file's lock) is not the meeting's.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.speakerDidChange = false
    state.slotDidRunOut = false
    state.pacing.phaseDidChange = false
    let now = clock.now
    state.stopwatch.update(to: now)
    // Once saved or discarded, the meeting takes nothing more: an end asked for before it is
    // dismissed (a signal as the time runs out, a tick already on its way, a card arriving)
    // must not save it again, nor change what was saved.
    let effect: Effect<Action> =
      state.hasEnded
      ? .none : .merge(respond(to: action, in: &state), children.reduce(into: &state, action: action))
    cue(&state)
    state.stopwatch.set(running: state.isTiming, at: now)
    return effect
  }

  /// The meeting's child features, each on its part of the state.
  @ReducerBuilder<State, Action>
  private var children: some Reducer<State, Action> {
    Scope(state: \.attendance, action: Action.attendancePath) { MeetingAttendance() }
    Scope(state: \.followThroughInMeeting, action: Action.followThroughPath) { FollowThrough() }
    Scope(state: \.work, action: Action.workPath) { MeetingWorkCards() }
    Scope(state: \.pacing, action: Action.pacingPath) { MeetingPacing() }
  }

  /// Tells the pacing how far the current turn is, once the meeting has started and until it
  /// ends: the cue it reached, if a later one.
  private func cue(_ state: inout State) {
    guard !state.pacing.warnings.thresholds.isEmpty, state.started != nil, !state.hasEnded,
      state.currentSpeaker != nil
    else { return }
    pace(
      .reached(left: state.slotRemaining, slot: state.speakerSlot(for: state.speakerIndex).count),
      &state)
  }

  /// Tells the pacing `action`.
  func pace(_ action: MeetingPacing.Action, _ state: inout State) {
    _ = children.reduce(into: &state, action: .pacing(action))
  }

  private func respond(to action: Action, in state: inout State) -> Effect<Action> {
    switch action {
    case .absentButtonTapped:
      guard state.currentSpeaker != nil else { return .none }
      // What they spoke before (marked absent by mistake, or skipped earlier) joins their turn
      // should they join; it is dropped when they stay absent (see `recordCarriedTurns`).
      attend(
        .markedAbsent(
          speaker: state.speakerIndex, spoken: state.turnTime, used: state.slotUsedToDivision,
          from: state.isOnLastSpeaker ? nil : state.divisionPoint), &state)
      guard !state.isOnLastSpeaker else {
        state.alert = nil
        return .merge(
          saveMeeting(&state, closingTurn: false, early: false), endMeeting(&state))
      }
      return startTurn(of: state.speakerIndex + 1, &state)

    case .alert(.dismiss):
      state.alert = nil
      return restartTimer(state)

    case .alert(.presented(.confirmDiscard)):
      state.alert = nil
      addNoteDraft(&state)
      return endMeeting(&state)

    case .alert(.presented(.confirmSave)):
      // Only "Next" on the last speaker opens the prompt without Discard: that end is not early.
      let isNextOnLast = state.alert?.buttons.contains { $0.action == .confirmDiscard } == false
      let early = !isNextOnLast && state.isEarlyToEnd
      state.alert = nil
      return .merge(saveMeeting(&state, closingTurn: true, early: early), endMeeting(&state))

    case .delegate:
      return .none

    case .endMeetingButtonTapped:
      state.alert = .endMeeting(isDiscardable: true, isEarly: state.isEarlyToEnd)
      return .none

    case .nextButtonTapped:
      guard !state.isOnLastSpeaker else {
        state.alert = .endMeeting(isDiscardable: false, isEarly: false)
        return .none
      }
      endTurn(&state)
      return startTurn(of: state.speakerIndex + 1, &state)

    case .noteDraftChanged(let text):
      if text.isEmpty {
        state.noteDraftSpeaker = nil
      } else if state.noteDraft.isEmpty {
        state.noteDraftSpeaker = state.speakerIndex
      }
      state.noteDraft = text
      return .none

    case .noteSubmitted(let text):
      addNoteDraft(&state, text: text)
      return .none

    case .onTask:
      guard state.started == nil else { return timer(state) }
      state.started = now.wholeSeconds
      // The first time only: the work cards asked for are gathered.
      return .merge(timer(state), children.reduce(into: &state, action: .work(.gather)))

    case .pauseButtonTapped:
      state.isPaused = true
      return .none

    case .resumeButtonTapped:
      state.isPaused = false
      return restartTimer(state)

    case .skipButtonTapped:
      return skipSpeaker(&state)

    case .attendeeJoined(let id):
      joinAttendee(id, &state)
      return .none

    case .overtimeWithdrawn:
      state.allowsOvertime = false
      guard state.isInOvertime else { return .none }
      state.isInOvertime = false
      guard !state.isOnLastSpeaker else {
        return .merge(saveMeeting(&state, closingTurn: true, early: false), endMeeting(&state))
      }
      endTurn(&state)
      return startTurn(of: state.speakerIndex + 1, &state)

    case .timerTick:
      guard state.alert == nil, !state.isPaused else { return .none }
      return tick(&state)

    case .muteButtonTapped:
      pace(.muted, &state)
      return .none

    case .attendance, .followThrough, .pacing, .work:
      return .none
    }
  }

  /// The timer: a tick each time the current turn's time reaches a whole second, so a turn's
  /// slot runs from the instant the turn started (not from the meeting's last tick), and
  /// after a pause the time already spoken in the current second still counts.
  private func timer(_ state: State) -> Effect<Action> {
    let second = Duration.seconds(1)
    let intoSecond = Duration(
      secondsComponent: 0, attosecondsComponent: max(state.turnTime, .zero).components.attoseconds)
    let firstTick = second - intoSecond
    return .run { [clock] send in
      if firstTick < second {
        try await clock.sleep(for: firstTick)
        await send(.timerTick)
      }
      for try await _ in clock.timer(interval: second) {
        await send(.timerTick)
      }
    }
    .cancellable(id: CancelID.timer, cancelInFlight: true)
  }

  /// The timer again, its ticks on the current turn's seconds, once it has started (a
  /// script's meeting may take input before it does) and until the meeting ends.
  private func restartTimer(_ state: State) -> Effect<Action> {
    guard state.started != nil, !state.hasEnded else { return .none }
    return timer(state)
  }

  /// One second of the current turn on the slot timeline. Without overtime, a turn ends when
  /// its slot runs out and the meeting when the last one does; with overtime, the timeline
  /// waits at the end of the speaker's slot until "Next".
  private func tick(_ state: inout State) -> Effect<Action> {
    // In bank mode, a slot running out spends the bank first, a second at a time.
    if state.pacing.mode == .bank, state.pacing.bank > 0,
      state.secondsElapsed + 1 >= state.speakerSlot(for: state.speakerIndex).upperBound
    {
      pace(.bankSpent, &state)
      return .none
    }
    if state.allowsOvertime {
      let slotEnd = state.speakerSlot(for: state.speakerIndex).upperBound
      guard state.secondsElapsed + 1 >= slotEnd else {
        state.secondsElapsed += 1
        return .none
      }
      state.secondsElapsed = slotEnd
      if !state.isInOvertime {
        state.isInOvertime = true
        state.slotDidRunOut = true
      }
      return .none
    }
    state.secondsElapsed += 1
    if state.secondsElapsed >= state.timelineEnd {
      return .merge(saveMeeting(&state, closingTurn: true, early: false), endMeeting(&state))
    }
    let speaker = state.speaker(at: state.secondsElapsed)
    if speaker != state.speakerIndex {
      endTurn(&state)
      state.speakerIndex = speaker
      state.turnStart = state.stopwatch.elapsed
      _ = children.reduce(into: &state, action: .followThrough(.turnStarted))
      pace(.turnStarted, &state)
      state.speakerDidChange = true
      state.readPassedUpdates()
    }
    return .none
  }

  /// Tells the attendance `action`, the meeting having worked out its seconds.
  func attend(_ action: MeetingAttendance.Action, _ state: inout State) {
    _ = children.reduce(into: &state, action: .attendance(action))
  }

  /// Adds `text` (the note being typed when `nil`) to the transcript, on one line, under the
  /// name of the speaker it belongs to (see ``State/noteDraftSpeaker``); blank text adds
  /// nothing. The note being typed is then done.
  private func addNoteDraft(_ state: inout State, text: String? = nil) {
    let note = (text ?? state.noteDraft).asOneLine
    let speaker = state.noteDraftSpeaker ?? state.speakerIndex
    state.noteDraft = ""
    state.noteDraftSpeaker = nil
    guard !note.isEmpty else { return }
    addTranscriptLine(note, by: speaker, &state)
  }

  /// Adds `Name: text` to the transcript, the name that of speaker `speaker` (by default the
  /// current one), on one line: a line break in `text` (an item's, stored by an older
  /// syncups) would make its rest a line from nobody.
  func addTranscriptLine(_ text: String, by speaker: Int? = nil, _ state: inout State) {
    state.appendToTranscript(
      "\(state.speakerName(at: speaker ?? state.speakerIndex)): \(text.asOneLine)")
  }

  /// Records the current speaker's turn: the meeting time since it started, against the slot,
  /// with what they spoke before they were skipped, if they were.
  private func endTurn(_ state: inout State) {
    guard let id = state.currentSpeaker else { return }
    let carried = state.attendance.carriedTurns[id] ?? CarriedTurn()
    attend(.carriedTurnRecorded(id), &state)
    let slot = state.speakerSlot(for: state.speakerIndex).count
    var turn = carried.turn(
      of: id, named: state.lineup.first { $0.id == id }?.name ?? "",
      adding: state.stopwatch.elapsed - state.turnStart, slot: slot)
    if state.pacing.phase != .none { turn.warned = state.pacing.phase }
    state.turns.append(turn)
    pace(.turnEnded(unused: slot - state.turnSeconds), &state)
  }

  /// Gives the floor to speaker `index` now, at the start of their slot: the timer starts
  /// again, its seconds counted from this instant.
  func startTurn(of index: Int, _ state: inout State) -> Effect<Action> {
    state.speakerIndex = index
    if state.pacing.mode == .rebalance { rebalance(from: index, &state) }
    _ = children.reduce(into: &state, action: .followThrough(.turnStarted))
    pace(.turnStarted, &state)
    state.secondsElapsed = state.speakerSlot(for: index).lowerBound
    state.turnStart = state.stopwatch.elapsed
    state.isInOvertime = false
    state.speakerDidChange = true
    state.readPassedUpdates()
    return restartTimer(state)
  }

  /// Puts the meeting, with its record, at the front of the sync-up's meetings through the
  /// shared reference, so that changes made meanwhile by another process are kept, and tells
  /// the parent. The note being typed joins the transcript first; `closingTurn` records the
  /// current speaker's turn; `early` is whether the meeting ended early (see
  /// ``State/isEarlyToEnd``).
  private func saveMeeting(_ state: inout State, closingTurn: Bool, early: Bool) -> Effect<Action> {
    addNoteDraft(&state)
    if closingTurn { endTurn(&state) }
    recordCarriedTurns(&state)
    state.readPassedUpdates(all: true)
    let date = now.wholeSeconds
    let started = state.started ?? date
    let meeting = Meeting(
      id: uuid(), date: date, transcript: state.transcript,
      started: started,
      scheduled: state.syncUp.schedule?.occurrence(nearest: started)?.start,
      facilitator: state.facilitator,
      duration: state.stopwatch.elapsed.roundedSeconds,
      plannedDuration: state.syncUp.duration,
      endedEarly: early,
      attendees: state.lineup,
      turns: state.turns)
    state.followThrough.changes = Self.stamped(
      state.followThrough.changes, in: meeting, stored: state.syncUp)
    let items = state.followThrough.changes
    state.$syncUp.withLock { Self.file(meeting, items: items, into: &$0) }
    return .send(.delegate(.saved(meeting)))
  }

  private func endMeeting(_ state: inout State) -> Effect<Action> {
    state.hasEnded = true
    return .merge(
      .cancel(id: CancelID.timer),
      .cancel(id: MeetingWorkCards.CancelID.gathering),
      .run { _ in await dismiss() }
    )
  }
}

extension RecordMeeting {
  /// Where ``file(_:of:at:into:)`` put a saved meeting.
  public enum Filing: Equatable, Sendable {
    /// At the front of its sync-up's history.
    case added
    /// Nowhere: it was there already.
    case alreadyThere
    /// Into its sync-up, which was gone and came back with it.
    case restored
  }

  /// Puts `meeting` at the front of `syncUp`'s history, with the `items` it raised or
  /// resolved (see ``file(_:of:into:)``), unless it is there already: the one way a saved
  /// meeting is filed, by the feature and by whoever saves it again.
  static func file(_ meeting: Meeting, items: IdentifiedArrayOf<Item>, into syncUp: inout SyncUp) {
    guard syncUp.meetings[id: meeting.id] == nil else { return }
    syncUp.meetings.insert(meeting, at: 0)
    file(items, of: meeting, into: &syncUp)
  }

  /// Files `meeting`, saved by the meeting of `syncUp`, into `syncUps` as the feature does
  /// with the `items` it raised or resolved (its ``State/followThrough``'s changes; see
  /// ``file(_:items:into:)``): for whoever runs the feature and must save its meeting again
  /// into the data file's latest contents, when the feature's own save could not be written.
  /// When the sync-up is gone (another process deleted it during the meeting), a change wins
  /// over a delete: `syncUp`, as the meeting last saw it, comes back with the meeting at
  /// `position` (or last, when fewer are left).
  public static func file(
    _ meeting: Meeting, items: IdentifiedArrayOf<Item> = [], of syncUp: SyncUp, at position: Int,
    into syncUps: inout IdentifiedArrayOf<SyncUp>
  ) -> Filing {
    guard let index = syncUps.index(id: syncUp.id) else {
      var restored = syncUp
      file(meeting, items: items, into: &restored)
      syncUps.insert(restored, at: min(position, syncUps.count))
      return .restored
    }
    guard syncUps[index].meetings[id: meeting.id] == nil else { return .alreadyThere }
    file(meeting, items: items, into: &syncUps[index])
    return .added
  }
}

extension AlertState where Action == RecordMeeting.Action.Alert {
  /// "End meeting?" — "You are ending the meeting early. What would you like to do?" (the
  /// first sentence only when `isEarly`) — Save and end / Discard (only when `isDiscardable`)
  /// / Resume.
  public static func endMeeting(isDiscardable: Bool, isEarly: Bool) -> Self {
    AlertState(
      title: "End meeting?",
      message: (isEarly ? "You are ending the meeting early. " : "")
        + "What would you like to do?",
      buttons: [ButtonState(action: .confirmSave, label: "Save and end")]
        + (isDiscardable
          ? [ButtonState(role: .destructive, action: .confirmDiscard, label: "Discard")] : [])
        + [ButtonState(role: .cancel, label: "Resume")]
    )
  }
}

extension Duration {
  /// The duration in whole seconds, rounded to the nearest (a half up): the one rule by which
  /// a meeting's times become the seconds it shows, reports and saves.
  public var roundedSeconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds) + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
  }
}

extension String {
  /// The text on one line: line breaks become spaces, and whitespace at either end is dropped.
  var asOneLine: String {
    let joined = String(map { $0.isNewline ? " " : $0 })
    let leading = joined.drop(while: \.isWhitespace)
    return String(leading.reversed().drop(while: \.isWhitespace).reversed())
  }
}
