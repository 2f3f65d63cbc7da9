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

  @Test func someoneAwayStartsAbsentAndTheirUpdateIsRead() throws {
    let syncups = try engineeringWithAnaAway()
    let result = try syncups(
      "start", "eng", input: "next\nnext\n", environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    let wrote = "wrote for \(day(-1).shown)"
    #expect(
      result.output.split(separator: "\n").map(String.init) == [
        "Started Eng: 2 speakers, 1 min, 30 secs",
        "0:00 Ana is away until \(day(3).shown) (holiday)",
        "0:00 Ana \(wrote): Done: the API; Blocker: waiting on keys",
        "0:00 Ben is speaking (speaker 1 of 2)",
        "0:00 Ben \(wrote): Next: the review",
        "0:00 Ben spoke 0:00 of 0:45",
        "0:00 Cy is speaking (speaker 2 of 2)",
        "0:00 Cy spoke 0:00 of 0:45",
        "0:00 Saved the meeting (1 note)",
      ])
    let meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(meeting["transcript"] as? String == "Ana (written): Done: the API; Blocker: waiting on keys")
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
    #expect(meeting.waitFor("1 note, last: Done: the API; Blocker: waiting on keys"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
  }
}
