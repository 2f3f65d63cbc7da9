import Foundation
import SharedState
import Testing

/// Skips and late joiners in `syncups start`, end to end: from a script (plain and JSON Lines)
/// and with the keys on a terminal, and the meeting saved with everyone who came present.
@Suite("Meeting skips and late joiners end to end")
struct StartLineupEndToEndTests {
  let ana = "00000000-0000-0000-0000-00000000000A"
  let cy = "00000000-0000-0000-0000-00000000000C"

  /// The saved meeting's attendees as `name absent?` and its turns' names.
  func savedLineup(_ syncups: SyncUpsRun) throws -> (attendees: [String], turns: [String]) {
    let meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    let attendees = try #require(meeting["attendees"] as? [[String: Any]])
    let turns = try #require(meeting["turns"] as? [[String: Any]])
    return (
      attendees.map { "\($0["name"] as? String ?? "") \($0["absent"] as? Bool ?? true)" },
      turns.map { $0["name"] as? String ?? "" }
    )
  }

  @Test func aScriptSkipsTheSpeakerAndBringsInALateJoiner() throws {
    let syncups = try StartEndToEndTests().engineering()
    let result = try syncups(
      "start", "eng", "--absent", "cy",
      input: "skip\njoined zed\njoined cy\nnext\nnext\nnext\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "Error: nobody absent is named 'zed' (absent: Cy)\n")
    #expect(
      result.output.split(separator: "\n") == [
        "Started Eng: 2 speakers, 1 min, 30 secs",
        "0:00 Cy is absent",
        "0:00 Ana is speaking (speaker 1 of 2)",
        "0:00 Ana skipped, speaks last",
        "0:00 Ben is speaking (speaker 2 of 2)",
        "0:00 Cy joined, speaks last",
        "0:00 Ben spoke 0:00 of 0:30",
        "0:00 Ana is speaking (speaker 2 of 3)",
        "0:00 Ana spoke 0:00 of 0:30",
        "0:00 Cy is speaking (speaker 3 of 3)",
        "0:00 Cy spoke 0:00 of 0:30",
        "0:00 Saved the meeting (0 notes)",
      ])
    let saved = try savedLineup(syncups)
    #expect(saved.attendees == ["Ana false", "Ben false", "Cy false"])
    #expect(saved.turns == ["Ben", "Ana", "Cy"])
  }

  @Test func aScriptGetsSkippedAndJoinedAsJSONLines() throws {
    let syncups = try StartEndToEndTests().engineering()
    let result = try syncups(
      "--json", "start", "eng", "--absent", "Cy", input: "skip\nJOINED cy\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    let events = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      events.map { $0["event"] as? String ?? "" } == [
        "started", "absent", "speaker", "skipped", "speaker", "joined", "turn", "ended",
      ])
    #expect(events[3]["attendee"] as? String == ana && events[3]["name"] as? String == "Ana")
    #expect(events[3]["seconds"] as? Int == 0 && events[3]["elapsed"] as? Int == 0)
    #expect(events[4]["name"] as? String == "Ben" && events[4]["slot"] as? Int == 45)
    #expect(events[5]["attendee"] as? String == cy && events[5]["name"] as? String == "Cy")
    #expect(events[6]["name"] as? String == "Ben" && events[6]["slot"] as? Int == 30)
    let saved = try savedLineup(syncups)
    #expect(saved.attendees == ["Ana false", "Ben false", "Cy false"])
    // Ana, skipped before she said a word, did not speak.
    #expect(saved.turns == ["Ben"])
  }

  @Test func theKeysSkipAndBringInLateJoinersOnATerminal() throws {
    let syncups = try StartEndToEndTests().engineering()
    let meeting = try PseudoTerminalRun(
      syncups, ["start", "eng", "--absent", "Ben", "--absent", "Cy"], columns: 100)
    #expect(meeting.waitFor("Ana is speaking Speaker 1 of 1"))
    // The last speaker cannot be skipped: only j is offered.
    #expect(meeting.waitFor("b blocker o action e end j join"))
    meeting.type("j")
    #expect(meeting.waitFor("Joined: ▏ Absent: Ben, Cy"))
    #expect(meeting.waitFor("enter join esc cancel"))
    meeting.type("zed\r")
    #expect(meeting.waitFor("nobody absent is named 'zed' (absent: Ben, Cy)"))
    meeting.type("\u{7F}\u{7F}\u{7F}cy\r")
    #expect(meeting.waitFor("Ana is speaking Speaker 1 of 2 Next: Cy"))
    #expect(meeting.waitFor("e end s skip j join"))
    meeting.type("s")
    #expect(meeting.waitFor("Cy is speaking Speaker 2 of 2 Next: Ana"))
    // One absent left: j takes him at once.
    meeting.type("j")
    #expect(meeting.waitFor("Cy is speaking Speaker 2 of 3 Next: Ana, Ben"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
    let saved = try savedLineup(syncups)
    #expect(saved.attendees == ["Ana false", "Ben false", "Cy false"])
    #expect(saved.turns.first == "Cy")
    #expect(!saved.turns.contains("Ben"))
  }
}
