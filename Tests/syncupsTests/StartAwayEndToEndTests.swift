import Foundation
import SharedState
import Testing

/// Time away and written updates in `syncups start`, end to end: someone away starts absent
/// (unless `--present`), the speaker's update shows on their turn, and the update of someone
/// absent is read into the transcript, from a script (plain and JSON Lines) and on a terminal.
@Suite("Meeting with time away and written updates end to end")
struct StartAwayEndToEndTests {
  let ana = "00000000-0000-0000-0000-00000000000A"
  let ben = "00000000-0000-0000-0000-00000000000B"

  /// A day `offset` days from today (UTC, as the runs' `TZ`): its `YYYY-MM-DD` and its
  /// `Fri 27 Nov`.
  func day(_ offset: Int) -> (stored: String, shown: String) {
    let date = Date().addingTimeInterval(Double(offset) * 86_400)
    func format(_ pattern: String) -> String {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = pattern
      return formatter.string(from: date)
    }
    return (format("yyyy-MM-dd"), format("EEE d MMM"))
  }

  /// Eng (Ana, Ben, Cy; 90 seconds): Ana away from three days ago to three days on, on
  /// holiday, with yesterday's update written an hour ago; Ben's update for yesterday too.
  func engineeringWithAnaAway() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    let written = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3_600))
    try syncups.writeDataFile(
      """
      [{"attendees":[{"away":[{"from":"\(day(-3).stored)","id":"00000000-0000-0000-0000-0000000000AA",\
      "note":"holiday","to":"\(day(3).stored)"}],"id":"\(ana)","name":"Ana"},\
      {"id":"\(ben)","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng","updates":[\
      {"attendee":"\(ana)","blockers":["waiting on keys"],"day":"\(day(-1).stored)","done":"the API",\
      "written":"\(written)"},\
      {"attendee":"\(ben)","day":"\(day(-1).stored)","next":"the review","written":"\(written)"}]}]
      """)
    return syncups
  }

  /// Eng (Ana, Ben, Cy; 90 seconds), nobody away: Ben and Cy wrote yesterday's updates an
  /// hour ago.
  func engineeringWithUpdates() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    let written = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3_600))
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(ana)","name":"Ana"},{"id":"\(ben)","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng","updates":[\
      {"attendee":"\(ben)","day":"\(day(-1).stored)","next":"the review","written":"\(written)"},\
      {"attendee":"00000000-0000-0000-0000-00000000000C","day":"\(day(-1).stored)",\
      "done":"the docs","written":"\(written)"}]}]
      """)
    return syncups
  }

  /// The lines a script's meeting of Eng (`start eng` and `arguments`) writes given `input`,
  /// once it has ended well without a word on stderr.
  func scriptLines(_ syncups: SyncUpsRun, _ arguments: String..., input: String) throws
    -> [String]
  {
    let result = try syncups.run(
      ["start", "eng"] + arguments, input: input, environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    return result.output.split(separator: "\n").map(String.init)
  }

  /// Ben absent from the start, Cy marked absent when called: Ben's update comes once, after
  /// Ana's turn that passed his place, and Cy's once, as her turn starts; neither is a note.
  @Test func eachUpdateIsAnEventOnceInTheOrderThingsHappen() throws {
    let syncups = try engineeringWithUpdates()
    let wrote = "wrote for \(day(-1).shown)"
    #expect(
      try scriptLines(syncups, "--absent", "ben", input: "next\nabsent\n") == [
        "Started Eng: 2 speakers, 1 min, 30 secs",
        "0:00 Ben is absent",
        "0:00 Ana is speaking (speaker 1 of 2)",
        "0:00 Ana spoke 0:00 of 0:45",
        "0:00 Ben \(wrote): Next: the review",
        "0:00 Cy is speaking (speaker 2 of 2)",
        "0:00 Cy \(wrote): Done: the docs",
        "0:00 Cy is absent",
        "0:00 Saved the meeting (2 notes)",
      ])
    let meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(
      meeting["transcript"] as? String
        == "Ben (written): Next: the review\nCy (written): Done: the docs")

    let json = try engineeringWithUpdates()
    let events = try json(
      "--json", "start", "eng", "--absent", "ben", input: "next\nabsent\n",
      environment: StartEndToEndTests.immediate
    ).output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      events.map { event in
        [
          event["event"] as? String, event["name"] as? String,
          (event["present"] as? Bool).map { $0 ? "present" : "not present" },
        ].compactMap { $0 }
      } == [
        ["started"], ["absent", "Ben"], ["speaker", "Ana"], ["turn", "Ana"],
        ["update", "Ben", "not present"], ["speaker", "Cy"], ["update", "Cy", "present"],
        ["absent", "Cy"], ["ended"],
      ])

    // Cy absent from the start, her place passed only as the meeting is saved: her update
    // comes then, once.
    let lines = try scriptLines(
      try engineeringWithUpdates(), "--absent", "cy", input: "next\nnext\n")
    #expect(
      lines.suffix(3) == [
        "0:00 Ben spoke 0:00 of 0:45",
        "0:00 Cy \(wrote): Done: the docs",
        "0:00 Saved the meeting (1 note)",
      ])
  }

  /// `skip` on the last speaker is refused on stderr, as a `joined` naming nobody absent is;
  /// the meeting goes on.
  @Test func skipOnTheLastSpeakerSaysWhy() throws {
    let syncups = try engineeringWithUpdates()
    let result = try syncups(
      "start", "eng", input: "next\nnext\nskip\njoined Ana\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(
      result.error
        == "Error: Cy is the last speaker: nobody is left to speak before them\n"
        + "Error: nobody is absent\n")
    #expect(!result.output.contains("skipped"))
    #expect(result.output.hasSuffix("0:00 Saved the meeting (0 notes)\n"))
  }

  /// `--present` naming someone who is not away says so, and changes nothing else.
  @Test func presentNamingSomeoneNotAwayWarns() throws {
    let syncups = try engineeringWithAnaAway()
    let result = try syncups(
      "start", "eng", "--present", "ben", "--present", "ana", input: "save\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "Warning: Ben is not away today: --present changes nothing for them.\n")
    #expect(result.output.hasPrefix("Started Eng: 3 speakers, 1 min, 30 secs\n"))
    let quiet = try syncups(
      "-q", "start", "eng", "--present", "ben", input: "discard\n",
      environment: StartEndToEndTests.immediate)
    #expect(quiet.status == 0)
    #expect(quiet.error == "")
    #expect(quiet.output.hasPrefix("Started Eng: 2 speakers, 1 min, 30 secs\n"))
  }

  @Test func someoneAwayStartsAbsentAndTheirUpdateIsRead() throws {
    let syncups = try engineeringWithAnaAway()
    let wrote = "wrote for \(day(-1).shown)"
    #expect(
      try scriptLines(syncups, input: "next\nnext\n") == [
        "Started Eng: 2 speakers, 1 min, 30 secs",
        "0:00 Ana is away until \(day(3).shown) (holiday)",
        "0:00 Ana \(wrote): Done: the API; Blocker: waiting on keys",
        "0:00 Ben is speaking (speaker 1 of 2)",
        "0:00 Ben \(wrote): Next: the review",
        "0:00 Ben spoke 0:00 of 0:45",
        "0:00 Cy is speaking (speaker 2 of 2)",
        "0:00 Cy spoke 0:00 of 0:45",
        "0:00 Saved the meeting (2 notes)",
      ])
    let meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(
      meeting["transcript"] as? String
        == "Ana (written): Done: the API\nAna (written): Blocker: waiting on keys")
    let attendees = try #require(meeting["attendees"] as? [[String: Any]])
    #expect(attendees.map { $0["absent"] as? Bool } == [true, false, false])
    // The blocker was an item when it was written, or not: the meeting opens none.
    let shown = try syncups.json(try syncups("--json", "show", "eng")) as? [String: Any]
    #expect(shown?["items"] == nil || (shown?["items"] as? [Any])?.isEmpty == true)
  }

  @Test func presentCountsSomeoneAwayInWithTheirUpdateOnTheirTurn() throws {
    let syncups = try engineeringWithAnaAway()
    let result = try syncups(
      "--json", "start", "eng", "--present", "ana", input: "save\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    let events = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(events.map { $0["event"] as? String ?? "" } == ["started", "speaker", "update", "turn", "ended"])
    #expect(events[0]["speakers"] as? Int == 3)
    #expect(events[2]["attendee"] as? String == ana && events[2]["name"] as? String == "Ana")
    #expect(events[2]["present"] as? Bool == true && events[2]["day"] as? String == day(-1).stored)
    #expect(events[2]["done"] as? String == "the API" && events[2]["next"] is NSNull)
    #expect(events[2]["blockers"] as? [String] == ["waiting on keys"])
    let meeting = try #require(events[4]["meeting"] as? [String: Any])
    #expect(meeting["transcript"] as? String == "")
  }

  @Test func theAbsentEventSaysWhoIsAwayUntilWhenInJSON() throws {
    let syncups = try engineeringWithAnaAway()
    let result = try syncups(
      "--json", "start", "eng", input: "discard\n", environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    let events = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(events.map { $0["event"] as? String ?? "" } == ["started", "absent", "update", "speaker", "update", "ended"])
    let away = try #require(events[1]["away"] as? [String: Any])
    #expect(away["from"] as? String == day(-3).stored && away["to"] as? String == day(3).stored)
    #expect(away["note"] as? String == "holiday")
    #expect(events[2]["present"] as? Bool == false && events[2]["name"] as? String == "Ana")
  }

  @Test func absentAndPresentNamingOnePersonIsAUsageError() throws {
    let syncups = try engineeringWithAnaAway()
    let before = syncups.dataBytes
    let result = try syncups(
      "start", "eng", "--absent", "Ana", "--present", "ana", input: "",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 64)
    #expect(result.error == "Error: --absent and --present both name 'Ana'\n")
    #expect(syncups.dataBytes == before)
    let everyone = try syncups(
      "start", "eng", "--absent", "Ben", "--absent", "Cy", input: "",
      environment: StartEndToEndTests.immediate)
    #expect(everyone.status == 64)
    #expect(
      everyone.error
        == "Error: every attendee of 'Eng' is absent or away (--present NAME counts one in): "
        + "nobody is left to speak\n")
  }

  @Test func theScreenSaysWhoIsAwayAndShowsTheSpeakersUpdate() throws {
    let syncups = try engineeringWithAnaAway()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], columns: 100)
    #expect(meeting.waitFor("Eng Ana is away until \(day(3).shown) (holiday)"))
    #expect(
      meeting.waitFor(
        "Ben is speaking Speaker 1 of 2 Next: Cy Wrote for \(day(-1).shown): Next: the review"))
    #expect(meeting.waitFor("2 notes, last: Blocker: waiting on keys"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
  }
}
