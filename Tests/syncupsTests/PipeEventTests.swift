import Foundation
import SharedState
import Testing

@testable import SyncUpsCore
@testable import syncups

@Suite("Pipe events")
struct PipeEventTests {
  @MainActor
  @Test func stateChangesBecomeEventsNotesFirst() {
    withDependencies { _ in
    } operation: {
      let old = RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
      #expect(
        PipeEvent.opening(old) == [
          .started(syncUpID: Self.syncUp.id, title: "Eng", duration: 60, speakers: 2, overtime: false),
          .speaker(index: 0, count: 2, name: "Ana", elapsed: 0, slot: 30),
        ])
      var new = old
      new.transcript = "Ana: one\nAna: two: three"
      new.isPaused = true
      #expect(
        PipeEvent.changes(from: old, to: new) == [
          .note(speaker: "Ana", text: "one", elapsed: 0),
          .note(speaker: "Ana", text: "two: three", elapsed: 0),
          .paused(elapsed: 0),
        ])
      // Elapsed is meeting time (here 41.7 s, 42 s rounded), not the slot timeline (30 s).
      var later = new
      later.isPaused = false
      later.stopwatch = Stopwatch(elapsed: .milliseconds(41_700))
      later.secondsElapsed = 30
      later.speakerIndex = 1
      let turn = Meeting.Turn(attendee: Self.ana, name: "Ana", seconds: 42, slot: 30)
      later.turns = [turn]
      #expect(
        PipeEvent.changes(from: new, to: later) == [
          .resumed(elapsed: 42), .turn(turn, name: "Ana", elapsed: 42),
          .speaker(index: 1, count: 2, name: "Ben", elapsed: 42, slot: 30),
        ])
      #expect(PipeEvent.changes(from: later, to: later) == [])
    }
  }

  @MainActor
  @Test func absenceAndOvertimeBecomeEvents() {
    withDependencies { _ in
    } operation: {
      let state = RecordMeeting.State(
        syncUp: Shared(value: Self.syncUp), absent: [Self.ana], allowsOvertime: true)
      let ana = MeetingAttendee(id: Self.ana, name: "Ana", absent: true)
      #expect(
        PipeEvent.opening(state) == [
          .started(syncUpID: Self.syncUp.id, title: "Eng", duration: 60, speakers: 1, overtime: true),
          .absent(ana, name: "Ana", elapsed: 0),
          .speaker(index: 0, count: 1, name: "Ben", elapsed: 0, slot: 60),
        ])
      var over = state
      over.stopwatch = Stopwatch(elapsed: .seconds(60))
      over.secondsElapsed = 60
      over.isInOvertime = true
      #expect(
        PipeEvent.changes(from: state, to: over) == [
          .overtime(name: "Ben", slot: 60, elapsed: 60)
        ])
      let lines = [
        PipeEvent.absent(ana, name: "Ana", elapsed: 0),
        .overtime(name: "Ben", slot: 60, elapsed: 60),
        .turn(
          Meeting.Turn(attendee: Self.ana, name: "Ben", seconds: 72, slot: 60), name: "Ben",
          elapsed: 72),
      ]
      #expect(
        lines.map(\.plainLine) == [
          "0:00 Ana is absent", "1:00 Ben is over time", "1:12 Ben spoke 1:12 of 1:00 (+0:12 over)",
        ])
      #expect(
        lines.map { $0.json.text(pretty: false) } == [
          #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":0,"event":"absent","name":"Ana"}"# + "\n",
          #"{"elapsed":60,"event":"overtime","name":"Ben","slot":60}"# + "\n",
          #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":72,"event":"turn","name":"Ben","overtime":12,"seconds":72,"slot":60}"# + "\n",
        ])
    }
  }

  /// Through the real feature: Ana skipped 12 seconds into her turn, then Cy arriving.
  @MainActor
  @Test func skipsAndJoinersBecomeEvents() {
    withDependencies { _ in
    } operation: {
      var syncUp = Self.syncUp
      syncUp.attendees.append(Attendee(id: Self.cy, name: "Cy"))
      var start = RecordMeeting.State(syncUp: Shared(value: syncUp), absent: [Self.cy])
      start.stopwatch = Stopwatch(elapsed: .seconds(12))
      var skipped = start
      _ = RecordMeeting().reduce(into: &skipped, action: .skipButtonTapped)
      #expect(
        PipeEvent.changes(from: start, to: skipped) == [
          .skipped(attendee: Self.ana, name: "Ana", seconds: 12, elapsed: 12),
          .speaker(index: 1, count: 2, name: "Ben", elapsed: 12, slot: 24),
        ])
      var joined = skipped
      _ = RecordMeeting().reduce(into: &joined, action: .attendeeJoined(Self.cy))
      let cy = MeetingAttendee(id: Self.cy, name: "Cy", absent: false)
      #expect(PipeEvent.changes(from: skipped, to: joined) == [.joined(cy, name: "Cy", elapsed: 12)])
      let events = [
        PipeEvent.skipped(attendee: Self.ana, name: "Ana", seconds: 12, elapsed: 12),
        .joined(cy, name: "Cy", elapsed: 12),
      ]
      #expect(events.map(\.plainLine) == ["0:12 Ana skipped, speaks last", "0:12 Cy joined, speaks last"])
      #expect(
        events.map { $0.json.text(pretty: false) } == [
          #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":12,"event":"skipped","name":"Ana","seconds":12}"# + "\n",
          #"{"attendee":"00000000-0000-0000-0000-00000000000C","elapsed":12,"event":"joined","name":"Cy"}"# + "\n",
        ])
    }
  }

  /// The `speaker` lines of a meeting of Ana, Ben and Cy driven by `actions`, one at a time.
  @MainActor
  private func speakerLines(_ actions: [RecordMeeting.Action]) -> [String] {
    withDependencies { _ in
    } operation: {
      var syncUp = Self.syncUp
      syncUp.attendees.append(Attendee(id: Self.cy, name: "Cy"))
      var state = RecordMeeting.State(syncUp: Shared(value: syncUp))
      var lines = PipeEvent.opening(state).filter { $0.isSpeaker }.map(\.plainLine)
      for action in actions {
        let old = state
        state.stopwatch = Stopwatch(elapsed: old.stopwatch.elapsed + .seconds(2))
        _ = RecordMeeting().reduce(into: &state, action: action)
        lines += PipeEvent.changes(from: old, to: state).filter { $0.isSpeaker }.map(\.plainLine)
      }
      return lines
    }
  }

  /// "Speaker N of M" counts the turns begun and those present: on after a skip (the skipped
  /// speaker's later turn is the one they began), and never past those present after a join.
  @MainActor
  @Test func theSpeakerNumberCountsTurnsBegunOfThosePresent() throws {
    #expect(
      speakerLines([.skipButtonTapped, .nextButtonTapped, .nextButtonTapped]) == [
        "0:00 Ana is speaking (speaker 1 of 3)", "0:02 Ben is speaking (speaker 2 of 3)",
        "0:04 Cy is speaking (speaker 3 of 3)", "0:06 Ana is speaking (speaker 3 of 3)",
      ])
    // Ana marked absent after speaking, then joining: she is one of three again, and her
    // turn goes on last.
    #expect(
      speakerLines([
        .absentButtonTapped, .attendeeJoined(Self.ana), .nextButtonTapped, .nextButtonTapped,
      ]) == [
        "0:00 Ana is speaking (speaker 1 of 3)", "0:02 Ben is speaking (speaker 1 of 2)",
        "0:06 Cy is speaking (speaker 3 of 3)", "0:08 Ana is speaking (speaker 3 of 3)",
      ])
    let event = PipeEvent.speaker(index: 2, count: 3, name: "Cy", elapsed: 6, slot: 20)
    #expect(
      event.json.text(pretty: false)
        == #"{"count":3,"elapsed":6,"event":"speaker","index":3,"name":"Cy","slot":20}"# + "\n")
  }

  /// A scripted meeting's notes, each told as it is taken while the meeting as it was a
  /// moment ago is kept to tell the change: each note is read once, however many came before
  /// (the 40,000th costs what the first did), so a meeting of many notes takes time in
  /// proportion to them, not to their square.
  @MainActor
  @Test func eachNoteIsReadOnceHoweverManyCameBefore() {
    withDependencies { _ in
    } operation: {
      var state = RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
      var told: [PipeEvent] = []
      for number in 1...2_000 {
        let old = state
        _ = RecordMeeting().reduce(into: &state, action: .noteSubmitted("note \(number)"))
        told += PipeEvent.changes(from: old, to: state)
      }
      #expect(told.count == 2_000)
      #expect(told.last == .note(speaker: "Ana", text: "note 2000", elapsed: 0))
      #expect(state.notes.linesRead == 2_000)
      // Saved: read once more, whole.
      #expect(state.transcript.hasSuffix("Ana: note 1999\nAna: note 2000"))
      #expect(state.notes.linesRead == 4_000)
    }
  }

  @Test func timeAwayAndWrittenUpdatesAsLines() {
    let away = TimeAway(
      id: Self.cy, from: CalendarDay("2026-11-23")!, to: CalendarDay("2026-11-27")!,
      note: "holiday")
    let cy = MeetingAttendee(id: Self.cy, name: "Cy", absent: true)
    let update = WrittenUpdate(
      attendee: Self.cy, day: CalendarDay("2026-11-24")!, done: "the API\u{1B}", next: nil,
      blockers: ["keys", " "], written: Date(timeIntervalSince1970: 0))
    let events = [
      PipeEvent.absent(cy, name: "Cy", elapsed: 0, away: away),
      .absent(cy, name: "Cy", elapsed: 0, away: TimeAway(id: Self.cy, from: away.from)),
      .update(update, name: "Cy", present: false, elapsed: 30),
    ]
    #expect(
      events.map(\.plainLine) == [
        "0:00 Cy is away until Fri 27 Nov (holiday)", "0:00 Cy is away",
        "0:30 Cy wrote for Tue 24 Nov: Done: the API\\u{1B}; Blocker: keys",
      ])
    #expect(
      events.map { $0.json.text(pretty: false) } == [
        #"{"attendee":"00000000-0000-0000-0000-00000000000C","away":{"from":"2026-11-23","note":"holiday","to":"2026-11-27"},"elapsed":0,"event":"absent","name":"Cy"}"# + "\n",
        #"{"attendee":"00000000-0000-0000-0000-00000000000C","away":{"from":"2026-11-23","note":null,"to":null},"elapsed":0,"event":"absent","name":"Cy"}"# + "\n",
        #"{"attendee":"00000000-0000-0000-0000-00000000000C","blockers":["keys"," "],"day":"2026-11-24","done":"the API\u001b","elapsed":30,"event":"update","name":"Cy","next":null,"present":false}"# + "\n",
      ])
  }

  @Test func plainLinesEscapeControlCharacters() {
    #expect(
      PipeEvent.note(speaker: "A\u{1B}[31m", text: "x\u{7}", elapsed: 75).plainLine
        == "1:15 Note from A\\u{1B}[31m: x\\u{07}")
    #expect(PipeEvent.ended(elapsed: 5, meeting: nil).plainLine == "0:05 Discarded the meeting")
    #expect(
      PipeEvent.started(
        syncUpID: Self.syncUp.id, title: "", duration: 60, speakers: 1, overtime: false
      ).plainLine == "Started (untitled): 1 speaker, 1 min")
  }

  /// A work card is an event when the turn starts with it there, or when it arrives during
  /// the turn; once a turn.
  @MainActor
  @Test func aWorkCardIsAnEventOnceATurn() {
    withDependencies { _ in
    } operation: {
      var old = RecordMeeting.State(syncUp: Shared(value: Self.syncUp))
      let since = Date(timeIntervalSince1970: 1_770_336_000)
      old.askForWork(since: WorkWindow(since: since), in: ["~/src/api"])
      #expect(PipeEvent.opening(old).count == 2)
      var new = old
      let commit = WorkCommit(
        repository: "api", hash: "4f3e1a8d" + String(repeating: "0", count: 32),
        author: "Ana <ana@example.com>", subject: "Retry uploads\u{1B}[2J",
        date: Date(timeIntervalSince1970: 1_770_397_200))
      let ana = RecordMeeting.TurnWork(WorkCard(attendee: Self.ana, commits: [commit]))
      let ben = RecordMeeting.TurnWork(WorkCard(attendee: Self.ben, commits: [], unread: ["big"]))
      new.work.cards = [ben, ana]
      new.stopwatch = Stopwatch(elapsed: .seconds(3))
      let anasWork = PipeEvent.work(
        attendee: Self.ana, name: "Ana", card: ana, since: since, elapsed: 3)
      #expect(PipeEvent.changes(from: old, to: new) == [anasWork])
      #expect(PipeEvent.changes(from: new, to: new) == [])
      #expect(PipeEvent.opening(new).last == anasWork)
      var later = new
      later.speakerIndex = 1
      #expect(
        PipeEvent.changes(from: new, to: later) == [
          .speaker(index: 1, count: 2, name: "Ben", elapsed: 3, slot: 30),
          .work(attendee: Self.ben, name: "Ben", card: ben, since: since, elapsed: 3),
        ])
      // Ana skipped: Ben's turn starts in her place, with his card.
      var skipped = new
      _ = RecordMeeting().reduce(into: &skipped, action: .skipButtonTapped)
      #expect(
        PipeEvent.changes(from: new, to: skipped) == [
          .skipped(attendee: Self.ana, name: "Ana", seconds: 3, elapsed: 3),
          .speaker(index: 1, count: 2, name: "Ben", elapsed: 3, slot: 28),
          .work(attendee: Self.ben, name: "Ben", card: ben, since: since, elapsed: 3),
        ])
      // Those absent may join: their cards are asked for too.
      var benAway = RecordMeeting.State(syncUp: Shared(value: Self.syncUp), absent: [Self.ben])
      benAway.askForWork(since: WorkWindow(since: since), in: ["~/src/api"])
      #expect(benAway.work.request?.attendees.map(\.id) == [Self.ana, Self.ben])

      #expect(
        anasWork.plainLine
          == "0:03 Work of Ana: 1 commit in api\n  4f3e1a8 Retry uploads\\u{1B}[2J")
      #expect(
        PipeEvent.work(attendee: Self.ben, name: "Ben", card: ben, since: since, elapsed: 3)
          .plainLine == "0:03 Work of Ben: no commits; not read in time: big …")
      #expect(
        anasWork.json.text(pretty: false)
          == #"{"attendee":"00000000-0000-0000-0000-00000000000A","commits":[{"#
          + #""author":"Ana <ana@example.com>","date":"2026-02-06T17:00:00Z","#
          + #""hash":"4f3e1a8d00000000000000000000000000000000","repository":"api","#
          + #""subject":"Retry uploads\u001b[2J"}],"count":1,"elapsed":3,"event":"work","name":"Ana","#
          + #""repositories":["api"],"since":"2026-02-06T00:00:00Z","unread":[]}"# + "\n")
    }
  }

  /// Cards that arrive after a script has moved on: each speaker whose turn has begun gets
  /// their `work` event then, in speaking order; a later speaker's waits for their turn.
  @MainActor
  @Test func workCardsArrivingLateAreToldForEveryTurnBegun() {
    withDependencies { _ in
    } operation: {
      let syncUp = SyncUp(
        id: Self.syncUp.id,
        attendees: [
          Attendee(id: Self.ana, name: "Ana"), Attendee(id: Self.ben, name: "Ben"),
          Attendee(id: Self.cy, name: "Cy"),
        ],
        duration: 90, title: "Eng")
      var old = RecordMeeting.State(syncUp: Shared(value: syncUp))
      let since = Date(timeIntervalSince1970: 1_770_336_000)
      old.askForWork(since: WorkWindow(since: since), in: ["~/src/api"])
      old.speakerIndex = 1
      old.stopwatch = Stopwatch(elapsed: .seconds(2))
      let cards = [Self.ana, Self.ben, Self.cy].map { id in
        RecordMeeting.TurnWork(WorkCard(attendee: id, commits: []))
      }
      func work(_ index: Int, _ name: String) -> PipeEvent {
        .work(attendee: cards[index].attendee, name: name, card: cards[index], since: since, elapsed: 2)
      }
      // Cy's card first, then Ben's, then Ana's: Cy's waits for his turn.
      var new = old
      new.work.cards = [cards[2]]
      #expect(PipeEvent.changes(from: old, to: new) == [])
      var all = new
      all.work.cards = [cards[2], cards[1], cards[0]]
      #expect(PipeEvent.changes(from: new, to: all) == [work(0, "Ana"), work(1, "Ben")])
      #expect(PipeEvent.changes(from: all, to: all) == [])
      var cysTurn = all
      cysTurn.speakerIndex = 2
      #expect(
        PipeEvent.changes(from: all, to: cysTurn) == [
          .speaker(index: 2, count: 3, name: "Cy", elapsed: 2, slot: 30), work(2, "Cy"),
        ])
    }
  }

  static let ana = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
  static let ben = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
  static let cy = UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!

  static let syncUp = SyncUp(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    attendees: [
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Ana"),
      Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "Ben"),
    ],
    duration: 60, title: "Eng")
}

extension PipeEvent {
  /// Whether this is a `speaker` event.
  fileprivate var isSpeaker: Bool {
    if case .speaker = self { return true }
    return false
  }
}
