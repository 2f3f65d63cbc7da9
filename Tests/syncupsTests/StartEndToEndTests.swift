import ChildProcessSupport
import Foundation
import Testing

/// A `syncups` process left running, its standard input open, for meetings.
final class RunningSyncUps {
  private let process: RunningProcess

  init(_ run: SyncUpsRun, _ arguments: [String], environment: [String: String] = [:]) throws {
    process = try ChildProcess.spawn(
      run.invocation(arguments, environment: environment, input: .open))
  }

  /// Writes `line` and a line break to the process's standard input.
  func send(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if !process.writeInput(Array((line + "\n").utf8)) {
      Issue.record("cannot write to the child's standard input", sourceLocation: sourceLocation)
    }
  }

  /// Reads standard output until it holds `text` (or the output ends); true if it does.
  @discardableResult
  func waitForOutput(containing text: String) -> Bool {
    process.waitForOutput(containing: text)
  }

  /// Sends `signal` to the process.
  func kill(_ signal: Int32) {
    process.send(signal)
  }

  /// Closes standard input, waits for the end and returns what the process said.
  func finish() throws -> SyncUpsRun.Result {
    process.closeInput()
    let outcome = ChildProcess.collect([process])[0]
    #expect(outcome.signal == nil && !outcome.timedOut, "\(outcome.summary)")
    return SyncUpsRun.Result(
      status: outcome.status ?? -1, output: outcome.stdoutText, error: outcome.stderrText)
  }
}

/// `syncups start` driven from a script: standard input commands, plain and JSON Lines output,
/// the immediate clock, signals, and other processes' changes during a meeting.
@Suite("Meeting end to end")
struct StartEndToEndTests {
  static let immediate = ["SYNCUPS_CLOCK": "immediate"]

  /// A data file with one sync-up "Eng" (Ana, Ben, Cy; 90 seconds) and no meetings.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"00000000-0000-0000-0000-00000000000A","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  func savedMeetings(_ syncups: SyncUpsRun) throws -> [[String: Any]] {
    let shown = try syncups("--json", "show", "eng")
    let object = try #require(try syncups.json(shown) as? [String: Any])
    return try #require(object["meetings"] as? [[String: Any]])
  }

  @Test func aScriptDrivesTheMeetingAndGetsJSONLines() throws {
    let syncups = try engineering()
    let result = try syncups(
      "--json", "start", "eng", input: "note Shipped it\nnext\npause\nresume\nnote Reviewed\nsave\n",
      environment: Self.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 10)
    // The script's lines all come before any time passes (SYNCUPS_CLOCK=immediate).
    #expect(
      Array(lines.prefix(9)) == [
        #"{"duration":90,"event":"started","overtime":false,"speakers":3,"syncUpID":"00000000-0000-0000-0000-000000000001","title":"Eng"}"#,
        #"{"count":3,"elapsed":0,"event":"speaker","index":1,"name":"Ana","slot":30}"#,
        #"{"elapsed":0,"event":"note","speaker":"Ana","text":"Shipped it"}"#,
        #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":0,"event":"turn","name":"Ana","overtime":0,"seconds":0,"slot":30}"#,
        #"{"count":3,"elapsed":0,"event":"speaker","index":2,"name":"Ben","slot":30}"#,
        #"{"elapsed":0,"event":"paused"}"#,
        #"{"elapsed":0,"event":"resumed"}"#,
        #"{"elapsed":0,"event":"note","speaker":"Ben","text":"Reviewed"}"#,
        #"{"attendee":"00000000-0000-0000-0000-00000000000B","elapsed":0,"event":"turn","name":"Ben","overtime":0,"seconds":0,"slot":30}"#,
      ])
    let ended = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[9].utf8)) as? [String: Any])
    #expect(ended["event"] as? String == "ended")
    #expect(ended["saved"] as? Bool == true)
    #expect(ended["elapsed"] as? Int == 0)
    let meeting = try #require(ended["meeting"] as? [String: Any])
    #expect(meeting["transcript"] as? String == "Ana: Shipped it\nBen: Reviewed")
    let saved = try savedMeetings(syncups)
    #expect(saved.count == 1)
    #expect(saved.first?["id"] as? String == meeting["id"] as? String)
    #expect(saved.first?["transcript"] as? String == "Ana: Shipped it\nBen: Reviewed")
    #expect(saved.first?["date"] as? String == meeting["date"] as? String)
  }

  @Test func aMeetingWhoseOutputCannotBeWrittenIsSavedAndSaysSo() throws {
    let syncups = try engineering()
    let result = try syncups.run(
      ["start", "eng"], input: "note Shipped it\nsave\n", environment: Self.immediate,
      outputFile: "/dev/full")
    #expect(result.status == 1)
    #expect(result.error == "Error: cannot write to standard output: No space left on device\n")
    #expect(try savedMeetings(syncups).map { $0["transcript"] as? String } == ["Ana: Shipped it"])
  }

  @Test func withoutASaveTheMeetingRunsToItsEndAfterTheInput() throws {
    let syncups = try engineering()
    let result = try syncups("start", "eng", input: "note First\n", environment: Self.immediate)
    #expect(result.status == 0)
    #expect(
      result.output == """
        Started Eng: 3 speakers, 1 min, 30 secs
        0:00 Ana is speaking (speaker 1 of 3)
        0:00 Note from Ana: First
        0:30 Ana spoke 0:30 of 0:30
        0:30 Ben is speaking (speaker 2 of 3)
        1:00 Ben spoke 0:30 of 0:30
        1:00 Cy is speaking (speaker 3 of 3)
        1:30 Cy spoke 0:30 of 0:30
        1:30 Saved the meeting (1 note)

        """)
    #expect(try savedMeetings(syncups).map { $0["transcript"] as? String } == ["Ana: First"])
  }

  @Test func discardSavesNothingAndLeavesTheFileAlone() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let result = try syncups("start", "eng", input: "note Secret\ndiscard\n", environment: Self.immediate)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("0:00 Discarded the meeting\n"))
    // The notes are nowhere else: they are said once more, as for any meeting not stored.
    #expect(result.error == "The meeting's notes were:\nAna: Secret\n")
    #expect(syncups.dataBytes == before)
  }

  @Test func badLinesAreReportedAndIgnored() throws {
    let syncups = try engineering()
    let result = try syncups(
      "start", "eng", input: "dance\nnote\npause now\n\n# a comment\nnext\nnext\nnext\nsave\n",
      environment: Self.immediate)
    #expect(result.status == 0)
    #expect(
      result.error == """
        Error: unknown command 'dance'; expected next, skip, absent, joined NAME, pause, resume, note TEXT, blocker TEXT, action TEXT, resolve ITEM [TEXT], save or discard
        Error: 'note' needs the note's text
        Error: 'pause' takes no argument (got 'now')

        """)
    #expect(result.output.hasSuffix("0:00 Cy spoke 0:00 of 0:30\n0:00 Saved the meeting (0 notes)\n"))
  }

  /// On a terminal, Next on the last speaker asks whether to end, offering Save and end or
  /// Resume; a script has no one to answer, so moving past the last speaker ends the meeting
  /// and saves it, and what follows is not read (not even to be called wrong).
  @Test func nextPastTheLastSpeakerSavesTheMeeting() throws {
    let syncups = try engineering()
    let result = try syncups(
      "start", "eng",
      input: "next\nnext\nnote Last words\nnext\nnote Too late\nsave\ndiscard\ndance\n",
      environment: Self.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(
      result.output == """
        Started Eng: 3 speakers, 1 min, 30 secs
        0:00 Ana is speaking (speaker 1 of 3)
        0:00 Ana spoke 0:00 of 0:30
        0:00 Ben is speaking (speaker 2 of 3)
        0:00 Ben spoke 0:00 of 0:30
        0:00 Cy is speaking (speaker 3 of 3)
        0:00 Note from Cy: Last words
        0:00 Cy spoke 0:00 of 0:30
        0:00 Saved the meeting (1 note)

        """)
    #expect(try savedMeetings(syncups).map { $0["transcript"] as? String } == ["Cy: Last words"])
  }

  @Test func linesAfterASaveAreIgnoredAndTheMeetingIsSavedOnce() throws {
    let syncups = try engineering()
    let result = try syncups(
      "start", "eng", input: "note One\nsave\nnote Two\nsave\n", environment: Self.immediate)
    #expect(result.status == 0)
    #expect(
      result.output.hasSuffix(
        "0:00 Note from Ana: One\n0:00 Ana spoke 0:00 of 0:30\n0:00 Saved the meeting (1 note)\n"))
    #expect(try savedMeetings(syncups).map { $0["transcript"] as? String } == ["Ana: One"])
  }

  @Test func aBadClockSettingIsAUsageError() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let result = try syncups("start", "eng", environment: ["SYNCUPS_CLOCK": "fast"])
    #expect(result.status == 64)
    #expect(result.error == "Error: SYNCUPS_CLOCK must be 'immediate' or unset, not 'fast'\n")
    #expect(syncups.dataBytes == before)
  }

  @Test func anUnknownSyncUpIsReportedBeforeAnythingStarts() throws {
    let syncups = try engineering()
    let result = try syncups("start", "design")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("Error: no sync-up matches 'design'"))
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func terminationSavesTheNotesSoFar(signal: Int32, status: Int32) throws {
    let syncups = try engineering()
    let meeting = try RunningSyncUps(syncups, ["start", "eng"])
    meeting.send("note Typed before the signal")
    #expect(meeting.waitForOutput(containing: "Note from Ana: Typed before the signal"))
    meeting.kill(signal)
    let result = try meeting.finish()
    #expect(result.status == status)
    #expect(result.output.contains("Saved the meeting (1 note)"))
    let saved = try savedMeetings(syncups)
    #expect(saved.map { $0["transcript"] as? String } == ["Ana: Typed before the signal"])
  }

  @Test func anInterruptDiscardsAndExits130() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let meeting = try RunningSyncUps(syncups, ["start", "eng"])
    meeting.send("note Never mind")
    #expect(meeting.waitForOutput(containing: "Note from Ana: Never mind"))
    meeting.kill(SIGINT)
    let result = try meeting.finish()
    #expect(result.status == 130)
    #expect(result.output.hasSuffix("Discarded the meeting\n"))
    #expect(syncups.dataBytes == before)
  }

  @Test func anEditMadeDuringTheMeetingIsKeptWhenItIsSaved() throws {
    let syncups = try engineering()
    let meeting = try RunningSyncUps(syncups, ["start", "eng"])
    #expect(meeting.waitForOutput(containing: "Ana is speaking"))
    let edited = try syncups("edit", "eng", "--rename-attendee", "Ben=Benedict", "--title", "Engineering")
    #expect(edited.status == 0)
    meeting.send("note Still here")
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    let shown = try syncups("--json", "show", "engineering")
    let object = try #require(try syncups.json(shown) as? [String: Any])
    #expect(object["title"] as? String == "Engineering")
    let names = (object["attendees"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names == ["Ana", "Benedict", "Cy"])
    let meetings = try #require(object["meetings"] as? [[String: Any]])
    #expect(meetings.map { $0["transcript"] as? String } == ["Ana: Still here"])
  }

  /// A teammate's delete (here another process's) arriving during the meeting loses to the
  /// meeting, as a change wins over a delete: the sync-up comes back with the meeting.
  @Test func aSyncUpDeletedDuringTheMeetingComesBackWithTheMeeting() throws {
    let syncups = try engineering()
    let before = try syncups("--json", "show", "eng").output
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"])
    meeting.send("note Keep me")
    #expect(meeting.waitForOutput(containing: #""event":"note""#))
    #expect(try syncups("delete", "eng", "--yes").status == 0)
    #expect(try syncups("list", "--json").output == "[]\n")
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    #expect(
      result.error == """
        'Eng' was deleted during the meeting (by another command, or a teammate's change \
        through sync); it is back, with the meeting.

        """)
    let ended = try #require(result.output.split(separator: "\n").last)
    let event = try #require(
      try JSONSerialization.jsonObject(with: Data(ended.utf8)) as? [String: Any])
    #expect(event["event"] as? String == "ended")
    #expect(event["saved"] as? Bool == true)
    #expect(event["restored"] as? Bool == true)
    let saved = try savedMeetings(syncups)
    #expect(saved.map { $0["transcript"] as? String } == ["Ana: Keep me"])
    // Everything else is as it was before the delete.
    let shown = try #require(
      try syncups.json(try syncups("--json", "show", "eng")) as? [String: Any])
    let original = try #require(
      try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any])
    for key in ["title", "duration", "theme", "id"] {
      #expect("\(shown[key] ?? "")" == "\(original[key] ?? "")", "\(key)")
    }
    #expect((shown["attendees"] as? [[String: Any]])?.count == 3)
  }
}

/// A meeting gives every attendee at least a second: `add` and `edit` refuse a shorter one on
/// the command line (64), and `start` refuses one already stored (65), saying how to fix it.
@Suite("Meeting length end to end")
struct MeetingLengthEndToEndTests {
  static let editUsage = """
    Usage: syncups edit <syncup> [--title <title>] [--duration <duration>] [--theme <theme>] \
    [--add-attendee <name> ...] [--remove-attendee <name-or-id> ...] [--rename-attendee <old=new> ...] \
    [--git-author <name=author> ...] [--no-git-author <name[=author]> ...] \
    [--attendee-zone <name=zone> ...] [--facilitators <rotate|names>] [--no-facilitators]
    See 'syncups edit --help' for more information.

    """

  @Test func addRefusesLessThanASecondPerAttendee() throws {
    let syncups = SyncUpsRun()
    let five = ["Ana", "Ben", "Cy", "Di", "Ed"].flatMap { ["--attendee", $0] }
    let result = try syncups.run(["add", "--title", "Eng", "--duration", "1s"] + five)
    #expect(result.status == 64)
    #expect(
      result.error == """
        Error: a meeting of 1 second is too short for 5 attendees: each needs at least a second; \
        use --duration 5s or longer
        Usage: syncups add --title <title> [--attendee <name> ...] [--duration <duration>] \
        [--theme <theme>] [--git-author <name=author> ...]
        See 'syncups add --help' for more information.

        """)
    #expect(syncups.dataBytes == nil)
    // Two attendees fit in two seconds.
    let added = try syncups(
      "add", "--title", "Eng", "--attendee", "Ana", "--attendee", "Ben", "--duration", "2s")
    #expect(added.status == 0)
  }

  @Test func editRefusesALengthOrAttendeesThatLeaveLessThanASecondEach() throws {
    let syncups = try StartEndToEndTests().engineering()
    let before = syncups.dataBytes
    let shorter = try syncups("edit", "eng", "--duration", "2s")
    #expect(shorter.status == 64)
    #expect(
      shorter.error == "Error: a meeting of 2 seconds is too short for 3 attendees: each needs "
        + "at least a second; use --duration 3s or longer\n" + Self.editUsage)
    #expect(try syncups("edit", "eng", "--duration", "3s").status == 0)
    let stored = syncups.dataBytes
    let more = try syncups("edit", "eng", "--add-attendee", "Di")
    #expect(more.status == 64)
    #expect(
      more.error == "Error: a meeting of 3 seconds is too short for 4 attendees: each needs "
        + "at least a second; use --duration 4s or longer\n" + Self.editUsage)
    #expect(syncups.dataBytes == stored)
    #expect(stored != before)
    let both = try syncups("edit", "eng", "--add-attendee", "Di", "--duration", "4s")
    #expect(both.status == 0)
  }

  @Test func startRefusesASyncUpStoredTooShortAndSaysHowToFixIt() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"00000000-0000-0000-0000-00000000000A","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":2,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"}]
      """)
    let before = syncups.dataBytes
    let result = try syncups(
      "start", "eng", input: "next\n", environment: StartEndToEndTests.immediate)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(
      result.error == "Error: cannot start 'Eng': a meeting of 2 seconds is too short for 3 "
        + "attendees: each needs at least a second; lengthen it with "
        + "'syncups edit 00000000 --duration 3s'\n")
    #expect(syncups.dataBytes == before)
    #expect(try syncups("edit", "00000000", "--duration", "3s").status == 0)
    let fixed = try syncups("start", "eng", environment: StartEndToEndTests.immediate)
    #expect(fixed.status == 0)
    #expect(
      fixed.output == """
        Started Eng: 3 speakers, 3 secs
        0:00 Ana is speaking (speaker 1 of 3)
        0:01 Ana spoke 0:01 of 0:01
        0:01 Ben is speaking (speaker 2 of 3)
        0:02 Ben spoke 0:01 of 0:01
        0:02 Cy is speaking (speaker 3 of 3)
        0:03 Cy spoke 0:01 of 0:01
        0:03 Saved the meeting (0 notes)

        """)
  }
}
