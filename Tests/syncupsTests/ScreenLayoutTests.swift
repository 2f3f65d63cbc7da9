import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// `lines` as the frame of a `rows`-row screen: each row positioned, cleared, then drawn.
private func screen(_ lines: [String], rows: Int) -> String {
  (1...rows).map { row in
    "\u{1B}[\(row);1H\u{1B}[K" + (row <= lines.count ? lines[row - 1] : "")
  }.joined()
}

/// The lines of a frame, or `nil` when it is not `rows` positioned and cleared rows.
private func lines(of frame: String, rows: Int) -> [String]? {
  var rest = Substring(frame)
  var result: [String] = []
  for row in 1...rows {
    let prefix = "\u{1B}[\(row);1H\u{1B}[K"
    guard rest.hasPrefix(prefix) else { return nil }
    rest = rest.dropFirst(prefix.count)
    let next = rest.range(of: "\u{1B}[\(row + 1);1H")?.lowerBound ?? rest.endIndex
    result.append(String(rest[..<next]))
    rest = rest[next...]
  }
  return rest.isEmpty ? result : nil
}

/// `text` without its SGR sequences (`ESC [ … m`).
private func withoutSGR(_ text: String) -> String {
  var result = ""
  var inSequence = false
  var previous: Character?
  for character in text {
    if inSequence {
      if character == "m" { inSequence = false }
    } else if character == "[" && previous == "\u{1B}" {
      result.removeLast()
      inSequence = true
    } else {
      result.append(character)
    }
    previous = character
  }
  return result
}

private let bubblegum = "\u{1B}[48;2;238;128;209;38;2;0;0;0m"
private let reset = "\u{1B}[0m"

private func bar(_ filled: Int, _ empty: Int) -> String {
  String(repeating: "█", count: filled) + String(repeating: "░", count: empty)
}

private func render(
  _ state: RecordMeeting.State, _ overlay: ScreenOverlay, _ columns: Int, _ rows: Int,
  style: TerminalStyle = .plain
) -> String {
  ScreenLayout.render(state, overlay: overlay, columns: columns, rows: rows, style: style)
}

private func render(
  _ state: RecordMeeting.State, _ columns: Int, _ rows: Int, style: TerminalStyle = .plain
) -> String {
  render(state, ScreenOverlay(), columns, rows, style: style)
}

/// The top of ``MeetingFixtures/state(_:elapsed:paused:alert:)``'s screen without colour,
/// 80 columns wide: the title to who is next.
private let plainHead = [
  " Engineering", "", " Blob Jr is speaking", " Speaker 2 of 3", " Next: Blob Sr",
]

/// The times of that screen, after the blank line above them.
private let plainTimes = [
  "", " Meeting  4:25 elapsed  5:35 left", " " + bar(34, 44),
  " Speaker  1:05 elapsed  2:15 left", " " + bar(25, 53),
]

/// The keys on that screen's last row.
private let plainKeys = " n next  a absent  space pause  t note  b blocker  o action  e end  s skip"

/// `state` with Blob Jr's work card arrived: `count` commits, newest first (`Change 1`), in
/// web and api by turns, and the repository big not read in time.
private func withWork(_ state: RecordMeeting.State, commits count: Int) -> RecordMeeting.State {
  var state = state
  let commits = (0..<count).map { index in
    WorkCommit(
      repository: index % 2 == 0 ? "web" : "api", hash: String(repeating: "a", count: 40),
      author: "Blob Jr", subject: "Change \(index + 1)",
      date: Date(timeIntervalSince1970: Double(1_000_000 - index)))
  }
  state.askForWork(since: WorkWindow(since: Date(timeIntervalSince1970: 0)), in: ["~/src/*"])
  state.work.cards = [
    RecordMeeting.TurnWork(
      WorkCard(attendee: RenderingFixtures.id(12), commits: commits, unread: ["big"]))
  ]
  return state
}

@Suite struct ScreenLayoutTests {
  /// The speaker's work card goes under their name: the count and repositories, then the
  /// newest commits, as many as the rows everything else leaves.
  @Test func theWorkCardTakesTheRowsLeft() throws {
    let state = withWork(MeetingFixtures.state(), commits: 30)
    let commits = (1...12).map { "   " + ($0 % 2 == 1 ? "web" : "api") + ": Change \($0)" }
    let expected =
      plainHead + [" Work: 30 commits in web, api; not read in time: big …"] + commits
      + plainTimes + [plainKeys]
    #expect(render(state, 80, 24) == screen(expected, rows: 24))

    // Fewer rows, fewer commits; none left, no card; the end prompt takes its rows first.
    let short = try #require(lines(of: render(state, 80, 14), rows: 14))
    #expect(
      Array(short[5...7])
        == [" Work: 30 commits in web, api; not read in time: big …"] + commits.prefix(2))
    let tight = try #require(lines(of: render(state, 80, 11), rows: 11))
    #expect(!tight.contains { $0.contains("Work") || $0.contains("Change") })
    var prompted = state
    prompted.alert = .endMeeting(isDiscardable: true, isEarly: true)
    let withPrompt = try #require(lines(of: render(prompted, 80, 24), rows: 24))
    #expect(withPrompt.filter { $0.hasPrefix("   ") }.count == 9)
    #expect(withPrompt.contains(" [s] Save and end  [d] Discard  [r] Resume"))
  }

  /// A turn without commits says so, with the day the window starts; one whose card is not in
  /// yet says it is being gathered (dim); nothing at all without repositories.
  @Test func aTurnWithoutCommitsOrCardSaysWhy() throws {
    let plain = render(MeetingFixtures.state(), 80, 24)
    let rest = plainTimes + Array(repeating: "", count: 12) + [plainKeys]
    var empty = withWork(MeetingFixtures.state(), commits: 0)
    empty.work.cards[0].unread = []
    // Friday 20 November 2026, 09:30 UTC.
    empty.work.request?.window.since = Date(timeIntervalSince1970: 1_795_167_000)
    #expect(
      render(empty, 80, 24)
        == screen(plainHead + [" Work: no commits since Fri 20 Nov"] + rest, rows: 24))
    var asked = MeetingFixtures.state()
    asked.askForWork(since: WorkWindow(since: Date(timeIntervalSince1970: 0)), in: ["~/src/*"])
    #expect(render(asked, 80, 24) == screen(plainHead + [" Work: gathering…"] + rest, rows: 24))
    let dim = try #require(
      lines(of: render(asked, 80, 24, style: TerminalStyle(depth: .trueColor)), rows: 24))
    #expect(dim[5] == " \u{1B}[2mWork: gathering…" + reset)
    // Blob Sr's turn, only Blob Jr's card in.
    let other = try #require(
      lines(of: render(withWork(MeetingFixtures.state(elapsed: 500), commits: 3), 80, 24), rows: 24))
    #expect(other[4] == " Work: gathering…")
    #expect(render(MeetingFixtures.state(), 80, 24) == plain)
    let unreadOnly = try #require(
      lines(of: render(withWork(MeetingFixtures.state(), commits: 0), 80, 24), rows: 24))
    #expect(unreadOnly[5] == " Work: no commits; not read in time: big …")
    // A speaker without a git identity: their card is found by their name, and says so.
    var byName = MeetingFixtures.engineering
    byName.attendees[id: RenderingFixtures.id(12)]?.gitAuthors = []
    var unnamed = MeetingFixtures.state(byName)
    unnamed.askForWork(since: WorkWindow(since: Date(timeIntervalSince1970: 0)), in: ["~/src/*"])
    #expect(
      render(unnamed, 80, 24) == screen(plainHead + [" Work (by name): gathering…"] + rest, rows: 24))
  }

  @Test func theFrameFormat() {
    let frame = render(MeetingFixtures.state(), 30, 3)
    #expect(
      frame
        == "\u{1B}[1;1H\u{1B}[KEngineering\u{1B}[2;1H\u{1B}[KBlob Jr  2:15 left"
        + "\u{1B}[3;1H\u{1B}[KMeeting  5:35 left")
  }

  @Test func fullScreenWithoutColour() {
    let expected =
      plainHead + plainTimes + Array(repeating: "", count: 13) + [plainKeys]
    #expect(render(MeetingFixtures.state(), 80, 24) == screen(expected, rows: 24))
  }

  @Test func fullScreenInColour() {
    let expected =
      [
        " " + bubblegum + " Engineering" + String(repeating: " ", count: 66) + reset,
        "",
        " \u{1B}[1mBlob Jr is speaking" + reset,
        " Speaker 2 of 3",
        " Next: Blob Sr",
        "",
        " Meeting  4:25 elapsed  5:35 left",
        " " + bubblegum + String(repeating: " ", count: 34) + reset
          + "\u{1B}[2m" + String(repeating: "░", count: 44) + reset,
        " Speaker  1:05 elapsed  2:15 left",
        " " + bubblegum + String(repeating: " ", count: 25) + reset
          + "\u{1B}[2m" + String(repeating: "░", count: 53) + reset,
      ] + Array(repeating: "", count: 13) + [" \u{1B}[2mn next  a absent  space pause  t note  b blocker  o action  e end  s skip" + reset]
    let style = TerminalStyle(depth: .trueColor)
    #expect(render(MeetingFixtures.state(), 80, 24, style: style) == screen(expected, rows: 24))
  }

  @Test func theThemeSetsTheColours() {
    var navy = MeetingFixtures.engineering
    navy.theme = .navy
    let frame = render(MeetingFixtures.state(navy), 80, 24, style: TerminalStyle(depth: .trueColor))
    #expect(frame.contains("\u{1B}[48;2;0;20;65;38;2;255;255;255m Engineering "))
  }

  /// The screen shows times by the one rule the events and the record use: to the nearest
  /// second, so 4:24.6 of meeting and 1:04.6 of turn are 4:25 and 1:05; what is left is
  /// rounded with them, so each pair adds up to the meeting's 10:00 and the slot's 3:20.
  @Test func timesAreRoundedToTheNearestSecond() {
    var state = MeetingFixtures.state(elapsed: 264)
    state.stopwatch = Stopwatch(elapsed: .milliseconds(264_600))
    state.turnStart = .seconds(200)
    let text = lines(of: render(state, 40, 10), rows: 10) ?? []
    #expect(text.contains(" Meeting  4:25 elapsed  5:35 left"))
    #expect(text.contains(" Speaker  1:05 elapsed  2:15 left"))
    #expect(lines(of: render(state, 30, 5), rows: 5)?[1] == "Blob Jr  2:15 left")
    var paused = state
    paused.isPaused = true
    #expect(PipeEvent.changes(from: state, to: paused) == [.paused(elapsed: 265)])
  }

  /// Paused 1.6 s into a 60-second meeting of two 30-second slots, the timer having ticked
  /// once: elapsed and left add up to the slot and to the meeting.
  @Test func elapsedAndLeftAddUpMidSecond() throws {
    var syncUp = MeetingFixtures.engineering
    syncUp.attendees.removeLast()
    syncUp.duration = 60
    var state = MeetingFixtures.state(syncUp, elapsed: 1, paused: true)
    state.stopwatch = Stopwatch(elapsed: .milliseconds(1_600))
    let shown = try #require(lines(of: render(state, 80, 24), rows: 24))
    #expect(shown[6] == " Meeting  0:02 elapsed  0:58 left")
    #expect(shown[8] == " Speaker  0:02 elapsed  0:28 left")
    // Half a second before the slot runs out, nothing is left of it, and the last ten
    // seconds still stand out.
    state.stopwatch = Stopwatch(elapsed: .milliseconds(29_500))
    state.secondsElapsed = 29
    let end = try #require(lines(of: render(state, 80, 24), rows: 24))
    #expect(end[6] == " Meeting  0:30 elapsed  0:30 left")
    #expect(end[8] == " Speaker  0:30 elapsed  0:00 left !")
  }

  @Test func pausedAtTheSmallestFullSize() {
    let expected = [
      " Engineering",
      " Blob Jr is speaking",
      " Speaker 2 of 3",
      " Next: Blob Sr",
      " Meeting  4:25 elapsed  5:35 left",
      " " + bar(16, 22),
      " Speaker  1:05 elapsed  2:15 left",
      " " + bar(12, 26),
      " Paused",
      " n next  space resume  t note  e end",
    ]
    #expect(render(MeetingFixtures.state(paused: true), 40, 10) == screen(expected, rows: 10))
  }

  @Test func theEndPromptUsesTheAlertsTexts() {
    let state = MeetingFixtures.state(alert: .endMeeting(isDiscardable: true, isEarly: true))
    let expected = [
      " Engineering",
      "",
      " Blob Jr is speaking",
      " Speaker 2 of 3",
      " Next: Blob Sr",
      "",
      " Meeting  4:25 elapsed  5:35 left",
      " " + bar(34, 44),
      " Speaker  1:05 elapsed  2:15 left",
      " " + bar(25, 53),
      "",
      " End meeting?",
      " You are ending the meeting early. What would you like to do?",
      " [s] Save and end  [d] Discard  [r] Resume",
    ]
    #expect(render(state, 80, 24) == screen(expected, rows: 24))
  }

  @Test func thePromptWithoutDiscardAtTheSmallestFullSize() {
    let state = MeetingFixtures.state(alert: .endMeeting(isDiscardable: false, isEarly: false))
    let expected = [
      " Engineering",
      " Blob Jr is speaking",
      " Speaker 2 of 3",
      " Meeting  4:25 elapsed  5:35 left",
      " " + bar(16, 22),
      " Speaker  1:05 elapsed  2:15 left",
      " " + bar(12, 26),
      " End meeting?",
      " What would you like to do?",
      " [s] Save and end  [r] Resume",
    ]
    #expect(render(state, 40, 10) == screen(expected, rows: 10))
  }

  @Test func aPendingCtrlCSaysTheNextOneDiscards() {
    let state = MeetingFixtures.state(alert: .endMeeting(isDiscardable: true, isEarly: true))
    let overlay = ScreenOverlay(isInterruptPending: true)
    let expected = [
      " Engineering",
      " Blob Jr is speaking",
      " Meeting  4:25 elapsed  5:35 left",
      " Speaker  1:05 elapsed  2:15 left",
      " End meeting?",
      " You are ending the meeting early. What",
      " would you like to do?",
      " [s] Save and end  [d] Discard",
      " [r] Resume",
      " Ctrl-C again discards the meeting.",
    ]
    #expect(render(state, overlay, 40, 10) == screen(expected, rows: 10))
  }

  @Test func typingANote() {
    let overlay = ScreenOverlay(noteDraft: "Shipped the release")
    let expected =
      [
        " Engineering",
        "",
        " Blob Jr is speaking",
        " Speaker 2 of 3",
        " Next: Blob Sr",
        "",
        " Meeting  4:25 elapsed  5:35 left",
        " " + bar(34, 44),
        " Speaker  1:05 elapsed  2:15 left",
        " " + bar(25, 53),
        "",
        " Note: Shipped the release▏",
      ] + Array(repeating: "", count: 11) + [" enter add note  esc cancel"]
    #expect(render(MeetingFixtures.state(), overlay, 80, 24) == screen(expected, rows: 24))
  }

  @Test func aLongNoteShowsItsEnd() throws {
    let overlay = ScreenOverlay(noteDraft: "We shipped the release and then we wrote the notes")
    let shown = try #require(lines(of: render(MeetingFixtures.state(), overlay, 40, 10), rows: 10))
    #expect(shown.contains(" Note: …se and then we wrote the notes▏"))
    #expect(shown.contains { $0.hasPrefix(" Note: …") && displayWidth($0) == 39 })
  }

  @Test func theLastTenSecondsStandOut() throws {
    let ten = try #require(lines(of: render(MeetingFixtures.state(elapsed: 390), 80, 24), rows: 24))
    #expect(ten[8] == " Speaker  3:10 elapsed  0:10 left !")
    let eleven = try #require(
      lines(of: render(MeetingFixtures.state(elapsed: 389), 80, 24), rows: 24))
    #expect(eleven[8] == " Speaker  3:09 elapsed  0:11 left")

    let style = TerminalStyle(depth: .ansi256)
    let colour = try #require(
      lines(
        of: render(MeetingFixtures.state(elapsed: 392), ScreenOverlay(), 80, 24, style: style),
        rows: 24))
    #expect(colour[8] == " Speaker  3:12 elapsed  \u{1B}[1;7m0:08 left\u{1B}[0m")

    let compact = try #require(
      lines(of: render(MeetingFixtures.state(elapsed: 392), 30, 5), rows: 5))
    #expect(compact[1] == "Blob Jr  0:08 left !")
  }

  @Test func aSpeakerInOvertimeShowsHowFarOver() throws {
    // Blob Jr's slot (200..<400) ran out; they have spoken 3:32.
    var state = MeetingFixtures.state(elapsed: 400)
    state.speakerIndex = 1
    state.turnStart = .seconds(200)
    state.allowsOvertime = true
    state.isInOvertime = true
    state.stopwatch = Stopwatch(elapsed: .seconds(412))
    let shown = try #require(lines(of: render(state, 80, 24), rows: 24))
    #expect(shown[8] == " Speaker  3:32 elapsed  +0:12 over !")
    let colour = try #require(
      lines(of: render(state, ScreenOverlay(), 80, 24, style: TerminalStyle(depth: .ansi256)), rows: 24))
    #expect(colour[8] == " Speaker  3:32 elapsed  \u{1B}[1;31m+0:12 over\u{1B}[0m")
    let compact = try #require(lines(of: render(state, 30, 5), rows: 5))
    #expect(compact[1] == "Blob Jr  +0:12 over !")
    // The last speaker in overtime still speaks: the meeting is not over.
    var last = MeetingFixtures.state(elapsed: 600)
    last.allowsOvertime = true
    last.isInOvertime = true
    last.stopwatch = Stopwatch(elapsed: .seconds(605))
    let lastShown = try #require(lines(of: render(last, 80, 24), rows: 24))
    #expect(lastShown[2] == " Blob Sr is speaking")
    #expect(lastShown[7] == " Speaker   3:25 elapsed  +0:05 over !")
  }

  @Test func theNotesTakenAreConfirmedWithTheLastOne() throws {
    var state = MeetingFixtures.state(elapsed: 0)
    state.transcript = "Blob: Shipped the release\nBlob: Reviewing \u{1B}[2Jdocs"
    let shown = try #require(lines(of: render(state, 80, 24), rows: 24))
    #expect(shown[10] == " 2 notes, last: Reviewing \\u{1B}[2Jdocs")
    #expect(shown[4] == " Next: Blob Jr, Blob Sr")
    var many = MeetingFixtures.engineering
    many.attendees.append(contentsOf: [
      Attendee(id: RenderingFixtures.id(14), name: "Blob Esq"),
      Attendee(id: RenderingFixtures.id(15), name: "Blob III"),
    ])
    let five = try #require(lines(of: render(MeetingFixtures.state(many, elapsed: 0), 80, 24), rows: 24))
    #expect(five[4] == " Next: Blob Jr, Blob Sr, Blob Esq, …")
  }

  @Test func whenTimeIsUp() throws {
    let shown = try #require(
      lines(of: render(MeetingFixtures.state(elapsed: 600), 80, 24), rows: 24))
    #expect(
      Array(shown[2...8]) == [
        " Time is up.",
        " No more speakers.",
        "",
        " Meeting  10:00 elapsed  0:00 left",
        " " + bar(78, 0),
        " Speaker   3:20 elapsed  0:00 left",
        " " + bar(78, 0),
      ])
    let compact = try #require(
      lines(of: render(MeetingFixtures.state(elapsed: 600), 30, 5), rows: 5))
    #expect(compact[1] == "No more speakers.")
  }

  @Test func longTitlesAndNamesAreCutByDisplayWidth() throws {
    var syncUp = MeetingFixtures.engineering
    syncUp.title = "Engineering and Product Weekly Planning"
    syncUp.attendees[1].name = "会议记录会议记录会议记录会议记录"
    let shown = try #require(lines(of: render(MeetingFixtures.state(syncUp), 40, 10), rows: 10))
    #expect(shown[0] == " Engineering and Product Weekly Planni…")
    #expect(shown[2] == " 会议记录会议记录会议记录… is speaking")
    #expect(shown.allSatisfy { displayWidth($0) <= 39 })
  }

  @Test func aBlankTitleAndABlankName() throws {
    var syncUp = MeetingFixtures.engineering
    syncUp.title = "  "
    syncUp.attendees[1].name = ""
    let shown = try #require(lines(of: render(MeetingFixtures.state(syncUp), 80, 24), rows: 24))
    #expect(shown[0] == " (untitled)")
    #expect(shown[2] == " Speaker 2 is speaking")
  }

  @Test func controlCharactersInUserTextAreShownEscaped() throws {
    let syncUp = SyncUp(
      id: RenderingFixtures.id(3),
      attendees: [Attendee(id: RenderingFixtures.id(16), name: "Eve\u{1B}[2J")],
      duration: 300,
      title: "\u{1B}]0;pwned\u{07}"
    )
    let overlay = ScreenOverlay(noteDraft: "a\u{7}b\u{9B}")
    for (columns, rows) in [(80, 24), (30, 5)] {
      let frame = render(MeetingFixtures.state(syncUp, elapsed: 10), overlay, columns, rows)
      let shown = try #require(lines(of: frame, rows: rows))
      #expect(shown.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{07}") })
    }
    let shown = try #require(
      lines(of: render(MeetingFixtures.state(syncUp, elapsed: 10), overlay, 80, 24), rows: 24))
    #expect(shown[0] == " \\u{1B}]0;pwned\\u{07}")
    #expect(shown[2] == " Eve\\u{1B}[2J is speaking")
    #expect(shown[10] == " Note: a\\u{07}b\\u{9B}▏")
  }

  @Test func compactLayout() {
    #expect(
      render(MeetingFixtures.state(), 30, 5)
        == screen(["Engineering", "Blob Jr  2:15 left", "Meeting  5:35 left"], rows: 5))
    let prompt = MeetingFixtures.state(alert: .endMeeting(isDiscardable: true, isEarly: true))
    #expect(
      render(prompt, 30, 5)
        == screen(
          ["Engineering", "Blob Jr  2:15 left", "Meeting  5:35 left", "[s]ave [d]iscard [r]esume"],
          rows: 5))
    #expect(
      render(prompt, 60, 3)
        == screen(
          [
            "Blob Jr  2:15 left", "Meeting  5:35 left", "End meeting?  [s]ave [d]iscard [r]esume",
          ],
          rows: 3))
  }

  /// Where the prompt does not fit on one line its choices are shown alone, wrapped, rather
  /// than a title cut to "End meetin…".
  @Test func aSmallWindowShowsThePromptsChoicesWhole() {
    let prompt = MeetingFixtures.state(alert: .endMeeting(isDiscardable: true, isEarly: true))
    #expect(
      render(prompt, 12, 4) == screen(["2:15 left", "[s]ave", "[d]iscard", "[r]esume"], rows: 4))
    #expect(
      render(prompt, 20, 4)
        == screen(
          ["Blob Jr  2:15 left", "Meeting  5:35 left", "[s]ave [d]iscard", "[r]esume"], rows: 4))
    let lastSpeaker = MeetingFixtures.state(
      elapsed: 500, alert: .endMeeting(isDiscardable: false, isEarly: false))
    #expect(
      render(lastSpeaker, 12, 4)
        == screen(["1:40 left", "Meeting  1…", "[s]ave", "[r]esume"], rows: 4))
  }

  @Test func compactLayoutKeepsWhatMattersMost() {
    let state = MeetingFixtures.state(
      paused: true, alert: .endMeeting(isDiscardable: true, isEarly: true))
    let overlay = ScreenOverlay(noteDraft: "Hi", isInterruptPending: true)
    #expect(
      render(state, overlay, 30, 5)
        == screen(
          [
            "Blob Jr  2:15 left", "Paused", "Note: Hi▏", "[s]ave [d]iscard [r]esume",
            "Ctrl-C again discards the me…",
          ], rows: 5))
    #expect(render(state, overlay, 30, 1) == screen(["[s]ave [d]iscard [r]esume"], rows: 1))
    #expect(render(MeetingFixtures.state(), 20, 1) == screen(["Blob Jr  2:15 left"], rows: 1))
    #expect(
      render(MeetingFixtures.state(), 60, 9)
        == screen(
          [
            "Engineering", "Blob Jr  2:15 left", "Meeting  5:35 left",
            "n next  a absent  space pause  t note  e end",
          ], rows: 9))
  }

  @Test func compactLayoutInColour() {
    let style = TerminalStyle(depth: .ansi16)
    let frame = render(MeetingFixtures.state(), ScreenOverlay(), 30, 3, style: style)
    #expect(
      frame
        == screen(
          ["\u{1B}[105;30mEngineering" + reset, "Blob Jr  2:15 left", "Meeting  5:35 left"],
          rows: 3))
  }

  /// Every size from tiny to large, in every situation: exactly one line per row, nothing in
  /// the last column, and without colour no escape sequence but the cursor moves and clears.
  @Test func everySizeFits() throws {
    var long = MeetingFixtures.engineering
    long.title = String(repeating: "Planning ", count: 20)
    long.attendees[0].name = String(repeating: "会", count: 60)
    let states = [
      MeetingFixtures.state(),
      MeetingFixtures.state(
        long, elapsed: 5, paused: true, alert: .endMeeting(isDiscardable: true, isEarly: true)),
      MeetingFixtures.state(elapsed: 600),
      MeetingFixtures.state(elapsed: 395),
      withWork(MeetingFixtures.state(), commits: 200),
    ]
    let overlays = [
      ScreenOverlay(),
      ScreenOverlay(noteDraft: String(repeating: "note ", count: 40), isInterruptPending: true),
    ]
    for columns in [1, 2, 5, 12, 20, 30, 39, 40, 41, 64, 80, 200] {
      for rows in [1, 2, 3, 5, 9, 10, 11, 24, 60] {
        for state in states {
          for overlay in overlays {
            for style in [TerminalStyle.plain, TerminalStyle(depth: .trueColor)] {
              let frame = render(state, overlay, columns, rows, style: style)
              let shown = try #require(lines(of: frame, rows: rows))
              let widest = shown.map { displayWidth(withoutSGR($0)) }.max() ?? 0
              #expect(widest <= max(columns - 1, 1), "\(columns)×\(rows)")
              if !style.isColored {
                #expect(shown.allSatisfy { !$0.contains("\u{1B}") }, "\(columns)×\(rows)")
              }
            }
          }
        }
      }
    }
  }

  /// Blob Jr away until Friday; Blob, speaking, wrote Tuesday's update: the first turn says
  /// who is away, and the update shows under the speaker, a line a part.
  @MainActor
  @Test func whoIsAwayAndTheSpeakersWrittenUpdate() {
    var syncUp = MeetingFixtures.engineering
    syncUp.attendees[1].away = [
      TimeAway(id: RenderingFixtures.id(31), from: CalendarDay("2026-11-23")!, to: CalendarDay("2026-11-27")!)
    ]
    syncUp.updates = [
      WrittenUpdate(
        attendee: RenderingFixtures.id(11), day: CalendarDay("2026-11-24")!, done: "the API",
        next: "the review", written: Date(timeIntervalSince1970: 1_795_500_000))
    ]
    let state = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_795_608_000))  // 2026-11-25T12:00Z
      $0.utcOffset = { _ in 0 }
    } operation: {
      RecordMeeting.State(syncUp: Shared(syncUp))
    }
    let parts = ScreenParts(state: state, overlay: ScreenOverlay(), style: .plain)
    #expect(parts.awayNotices(width: 80) == ["Blob Jr is away until Fri 27 Nov"])
    #expect(parts.awayNotices(width: 12) == ["Blob Jr is …"])
    #expect(
      parts.writtenUpdate(width: 80) == ["Wrote for Tue 24 Nov:", "  Done: the API", "  Next: the review"])
    let lines = render(state, 80, 24).components(separatedBy: "\u{1B}[K")
    #expect(Array(lines[2...9]).map { $0.components(separatedBy: "\u{1B}[").first ?? "" } == [
      " Blob Jr is away until Fri 27 Nov", "", " Blob is speaking", " Speaker 1 of 2",
      " Next: Blob Sr", " Wrote for Tue 24 Nov:", "   Done: the API", "   Next: the review",
    ])
    // A part's own "; " stays in its line.
    state.$syncUp.withLock { $0.updates[0].done = "the API; the docs" }
    #expect(
      ScreenParts(state: state, overlay: ScreenOverlay(), style: .plain)
        .writtenUpdate(width: 80)
        == ["Wrote for Tue 24 Nov:", "  Done: the API; the docs", "  Next: the review"])
  }

  /// Blob Jr, away until Friday, arrives during Blob's turn: the first turn no longer says
  /// they are away, and they are next.
  @MainActor
  @Test func someoneAwayWhoJoinsIsNoLongerSaidToBeAway() {
    var syncUp = MeetingFixtures.engineering
    syncUp.attendees[1].away = [
      TimeAway(id: RenderingFixtures.id(31), from: CalendarDay("2026-11-23")!, to: CalendarDay("2026-11-27")!)
    ]
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_795_608_000))  // 2026-11-25T12:00Z
      $0.utcOffset = { _ in 0 }
    } operation: {
      var state = RecordMeeting.State(syncUp: Shared(syncUp))
      #expect(render(state, 80, 24).contains("Blob Jr is away until Fri 27 Nov"))
      _ = RecordMeeting().reduce(into: &state, action: .attendeeJoined(RenderingFixtures.id(12)))
      let parts = ScreenParts(state: state, overlay: ScreenOverlay(), style: .plain)
      #expect(parts.awayNotices(width: 80) == [])
      let lines = render(state, 80, 24).components(separatedBy: "\u{1B}[K")
      #expect(Array(lines[2...5]).map { $0.components(separatedBy: "\u{1B}[").first ?? "" } == [
        "", " Blob is speaking", " Speaker 1 of 3", " Next: Blob Sr, Blob Jr",
      ])
    }
  }

  /// Blob speaking with two open items and a written update, notes taken, Blob Sr absent:
  /// everything optional the screen can show beside the times.
  @MainActor
  private func busyTurn() -> RecordMeeting.State {
    var syncUp = MeetingFixtures.engineering
    let blob = RenderingFixtures.id(11)
    let opened = Date(timeIntervalSince1970: 1_795_000_000)
    syncUp.items = [
      Item(id: RenderingFixtures.id(41), kind: .blocker, text: "waiting on keys", owner: blob, opened: opened),
      Item(id: RenderingFixtures.id(42), kind: .action, text: "send the notes", owner: blob, opened: opened),
    ]
    syncUp.updates = [
      WrittenUpdate(
        attendee: blob, day: CalendarDay("2026-11-25")!, done: "the API", next: "the review",
        written: Date(timeIntervalSince1970: 1_795_500_000))
    ]
    var state = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_795_608_000))  // 2026-11-25T12:00Z
      $0.utcOffset = { _ in 0 }
    } operation: {
      RecordMeeting.State(syncUp: Shared(syncUp), absent: [RenderingFixtures.id(13)])
    }
    state.transcript = "Blob: Shipped it\nBlob: Reviewing"
    state.stopwatch = Stopwatch(elapsed: .seconds(65))
    return state
  }

  /// As rows shrink, who is speaking and the times are the last lines left out: at every
  /// height, when anything else is shown beside the key help, so are they (on a compact screen,
  /// the speaker's line with their time left, and the meeting's time left).
  @MainActor
  @Test func theSpeakerAndTheTimesAreTheLastLinesLeftOut() throws {
    let state = busyTurn()
    for rows in 1...30 {
      let shown = try #require(lines(of: render(state, 80, rows), rows: rows))
        .filter { !$0.isEmpty }
      let essentials =
        rows >= ScreenLayout.minimumSize.rows
        ? [" Blob is speaking", " Meeting  1:05 elapsed", " Speaker  1:05 elapsed"]
        : ["Blob  3:55 left", "Meeting  8:55 left"]
      let isEssential = { (line: String) in essentials.contains { line.hasPrefix($0) } }
      if shown.contains(where: { !isEssential($0) }) {
        for essential in essentials {
          #expect(shown.contains { $0.hasPrefix(essential) }, "\(rows) rows: \(shown)")
        }
      }
    }
    // The sizes the clock went missing at, with the items and the update shown.
    for rows in [10, 11] {
      let shown = try #require(lines(of: render(state, 80, rows), rows: rows))
      #expect(shown.contains { $0.hasPrefix(" Meeting  1:05 elapsed  8:55 left") }, "\(rows) rows")
      #expect(shown.contains { $0.hasPrefix(" Speaker  1:05 elapsed  3:55 left") }, "\(rows) rows")
    }
  }

  /// Every key that works shows at 80 columns, on two rows when one is not enough; narrower,
  /// two rows as long as they hold every key, then the main keys on one; one row too on a
  /// screen of fewer than 12 rows.
  @MainActor
  @Test func everyKeyShowsAt80Columns() throws {
    let state = busyTurn()
    func keyRows(_ columns: Int) throws -> [String] {
      let shown = try #require(lines(of: render(state, columns, 24), rows: 24))
      return Array(shown.drop { !$0.hasPrefix(" n next") })
    }
    #expect(
      try keyRows(80) == [
        " n next  a absent  space pause  t note  b blocker  o action  r resolve  e end",
        " s skip  j join",
      ])
    #expect(
      try keyRows(60) == [
        " n next  a absent  space pause  t note  b blocker  o action",
        " r resolve  e end  s skip  j join",
      ])
    #expect(try keyRows(40) == [" n next  space pause  t note  e end"])
    // Wide enough, one row.
    #expect(
      try keyRows(120) == [
        " n next  a absent  space pause  t note  b blocker  o action  r resolve  e end  s skip  "
          + "j join"
      ])
    // Below 12 rows, one row: the main keys.
    let short = try #require(lines(of: render(state, 80, 11), rows: 11))
    #expect(short.last == " n next  a absent  space pause  t note  b blocker  o action  r resolve  e end")
    let compact = try #require(lines(of: render(state, 80, 6), rows: 6))
    #expect(compact.last { !$0.isEmpty } == "n next  a absent  space pause  t note  b blocker  o action  r resolve  e end")
  }
}
