import Foundation
import SharedState
import Testing

/// What `syncups start` saves of a meeting, and how it gets there: real time, absentees, the
/// speaking order, overtime; in a script, with the immediate clock and with real time, and on a
/// terminal.
@Suite("Meeting records end to end")
struct StartRecordEndToEndTests {
  let ana = "00000000-0000-0000-0000-00000000000A"
  let ben = "00000000-0000-0000-0000-00000000000B"
  let cy = "00000000-0000-0000-0000-00000000000C"

  func engineering() throws -> SyncUpsRun {
    try StartEndToEndTests().engineering()
  }

  func saved(_ syncups: SyncUpsRun) throws -> [[String: Any]] {
    try StartEndToEndTests().savedMeetings(syncups)
  }

  /// `[[id, name, absent]]` of a saved meeting's attendees.
  func attendees(_ meeting: [String: Any]) -> [[String]] {
    (meeting["attendees"] as? [[String: Any]] ?? []).map {
      [$0["id"] as? String ?? "", $0["name"] as? String ?? "", "\($0["absent"] as? Bool ?? false)"]
    }
  }

  /// `[[attendee, name, seconds, slot]]` of a saved meeting's turns.
  func turns(_ meeting: [String: Any]) -> [[String]] {
    (meeting["turns"] as? [[String: Any]] ?? []).map {
      [
        $0["attendee"] as? String ?? "", $0["name"] as? String ?? "",
        "\($0["seconds"] as? Int ?? -1)", "\($0["slot"] as? Int ?? -1)",
      ]
    }
  }

  @Test func anAbsenteeIsLeftOutAndTheOthersShareTheMeeting() throws {
    let syncups = try engineering()
    let result = try syncups(
      "start", "eng", "--absent", "ben", environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(
      result.output == """
        Started Eng: 2 speakers, 1 min, 30 secs
        0:00 Ben is absent
        0:00 Ana is speaking (speaker 1 of 2)
        0:45 Ana spoke 0:45 of 0:45
        0:45 Cy is speaking (speaker 2 of 2)
        1:30 Cy spoke 0:45 of 0:45
        1:30 Saved the meeting (0 notes)

        """)
    let meeting = try #require(try saved(syncups).first)
    #expect(meeting["duration"] as? Int == 90)
    #expect(meeting["plannedDuration"] as? Int == 90)
    #expect(meeting["endedEarly"] as? Bool == false)
    // The meeting's start is recorded; the saving moment is read from the real clock a
    // moment later, so the two may differ by a second on a loaded machine.
    let started = try #require(meeting["started"] as? String)
    let saved = try #require(meeting["date"] as? String)
    #expect(started.count == "2026-11-28T21:25:44Z".count)
    #expect(started <= saved)
    #expect(
      attendees(meeting) == [[ana, "Ana", "false"], [ben, "Ben", "true"], [cy, "Cy", "false"]])
    #expect(turns(meeting) == [[ana, "Ana", "45", "45"], [cy, "Cy", "45", "45"]])
  }

  @Test func theAbsentCommandMarksTheSpeakerAndMovesOn() throws {
    let syncups = try engineering()
    let result = try syncups(
      "--json", "start", "eng", input: "absent\nnote Here\nnext\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    let events = result.output.split(separator: "\n").map(String.init)
    #expect(
      events[1...3] == [
        #"{"count":3,"elapsed":0,"event":"speaker","index":1,"name":"Ana","slot":30}"#,
        #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":0,"event":"absent","name":"Ana"}"#,
        // Ben and Cy share the whole meeting, Ana's slot included; Ben is the first of the
        // two present to have the floor.
        #"{"count":2,"elapsed":0,"event":"speaker","index":1,"name":"Ben","slot":45}"#,
      ])
    let meeting = try #require(try saved(syncups).first)
    #expect(meeting["transcript"] as? String == "Ben: Here")
    // Saved while Cy, the last speaker, still had time in his slot: early.
    #expect(meeting["endedEarly"] as? Bool == true)
    #expect(turns(meeting) == [[ben, "Ben", "0", "45"], [cy, "Cy", "0", "45"]])
    #expect(attendees(meeting).map { $0[2] } == ["true", "false", "false"])
  }

  @Test func rotatedOrderStartsOnePlaceFurtherEachMeeting() throws {
    let syncups = try engineering()
    #expect(try syncups("config", "set", "order", "rotated").status == 0)
    for _ in 1...3 {
      // Real time: the save comes at once, then waits 2.5 s for the lock.
    let result = try syncups("start", "eng", input: "save\n")
      #expect(result.status == 0)
    }
    // --order wins over the setting.
    let listed = try syncups(
      "start", "eng", "--order", "listed", input: "save\n",
      environment: StartEndToEndTests.immediate)
    #expect(listed.output.contains("0:00 Ana is speaking (speaker 1 of 3)"))
    // Newest first: listed, then the rotated ones started by Cy, Ben, Ana.
    let openers = try saved(syncups).map { attendees($0).first?[1] }
    #expect(openers == ["Ana", "Cy", "Ben", "Ana"])
    #expect(try saved(syncups).map { $0["endedEarly"] as? Bool } == [true, true, true, true])
  }

  /// Once a script's input has ended nobody can say next: a speaker in overtime is moved on,
  /// and the rest of the meeting keeps to the slots.
  @Test func overtimeInAScriptEndsWithItsInput() throws {
    let syncups = try threeSeconds()
    let meeting = try RunningSyncUps(syncups, ["start", "eng", "--overtime"])
    #expect(meeting.waitForOutput(containing: "Ana is over time"))
    let result = try meeting.finish()
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map { $0.drop { $0 != " " }.dropFirst() }
    #expect(lines.first == "Eng: 3 speakers, 3 secs, overtime allowed")
    #expect(
      Array(lines.dropFirst(2)) == [
        "Ana is over time", "Ana spoke 0:01 of 0:01", "Ben is speaking (speaker 2 of 3)",
        "Ben spoke 0:01 of 0:01", "Cy is speaking (speaker 3 of 3)", "Cy spoke 0:01 of 0:01",
        "Saved the meeting (0 notes)",
      ])
    let immediate = try syncups(
      "start", "eng", "--overtime", input: "note First\n",
      environment: StartEndToEndTests.immediate)
    #expect(immediate.output.hasSuffix("0:03 Cy spoke 0:01 of 0:01\n0:03 Saved the meeting (1 note)\n"))
    #expect(!immediate.output.contains("over time"))
  }

  /// Eng: Ana, Ben and Cy in three seconds.
  func threeSeconds() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(ana)","name":"Ana"},{"id":"\(ben)","name":"Ben"},\
      {"id":"\(cy)","name":"Cy"}],"duration":3,"id":"00000000-0000-0000-0000-000000000001",\
      "meetings":[],"theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  @Test func badMeetingOptionsChangeNothing() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let unknown = try syncups("start", "eng", "--absent", "Zed")
    #expect(unknown.status == 1)
    #expect(unknown.error == "Error: no attendee 'Zed' in 'Eng'\n")
    let everyone = try syncups(
      "start", "eng", "--absent", "Ana", "--absent", "Ben", "--absent", "cy")
    #expect(everyone.status == 64)
    #expect(everyone.error == "Error: every attendee of 'Eng' is absent: nobody is left to speak\n")
    let order = try syncups("start", "eng", "--order", "sideways")
    #expect(order.status == 64)
    #expect(
      order.error.hasPrefix(
        "Error: invalid value 'sideways' for '--order' (expected listed, shuffled or rotated)"))
    #expect(try syncups("config", "set", "order", "random").status == 64)
    #expect(try syncups("config", "set", "overtime", "maybe").status == 64)
    #expect(syncups.dataBytes == before)
  }

  /// Live time: what the meeting saves is the time that passed, pauses left out, and the
  /// events' elapsed is that time too, not the slot Next jumps to.
  @Test func aScriptedMeetingRecordsRealTimeWithoutItsPauses() throws {
    let syncups = try engineering()
    let wall = ContinuousClock()
    let start = wall.now
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"])
    #expect(meeting.waitForOutput(containing: #""event":"speaker""#))
    Thread.sleep(forTimeInterval: 1)
    meeting.send("pause")
    #expect(meeting.waitForOutput(containing: #""event":"paused""#))
    // The meeting is paused from before this point until after the resume is sent: ≥ 2 s.
    Thread.sleep(forTimeInterval: 2)
    meeting.send("resume")
    #expect(meeting.waitForOutput(containing: #""event":"resumed""#))
    Thread.sleep(forTimeInterval: 1)
    meeting.send("next")
    #expect(meeting.waitForOutput(containing: #""name":"Ben""#))
    meeting.send("save")
    let result = try meeting.finish()
    let took = wall.now - start
    #expect(result.status == 0)
    #expect(took >= .seconds(4))

    let events = result.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let ben = try #require(events.first { $0["event"] as? String == "speaker" && $0["name"] as? String == "Ben" })
    let benAt = try #require(ben["elapsed"] as? Int)
    let saved = try #require(try saved(syncups).first)
    let duration = try #require(saved["duration"] as? Int)
    // Bounds, not exact figures: a busy machine delays each line the script sends. At least
    // the 2 s slept while running; at most the wall time less the 2 s pause (rounding aside).
    #expect(duration >= 2, "the meeting took \(duration) s")
    #expect(Double(duration) <= took / .seconds(1) - 2 + 0.5, "\(duration) s of \(took), pause included")
    // Ben's turn began at meeting time (about 2 s), not at the 30 s his slot starts at.
    #expect((1...duration).contains(benAt), "Ben started at \(benAt) s of meeting time")
    let spoken = turns(saved).map { Int($0[2]) ?? -1 }
    #expect(spoken.count == 2)
    #expect(spoken[0] >= 2 && spoken[0] <= duration)
    #expect(spoken.reduce(0, +) <= duration + 1)
    #expect(turns(saved).map { $0[3] } == ["30", "30"])
  }

  /// A data file with one sync-up "Eng" of `seconds` seconds and the first `count` of Ana,
  /// Ben and Cy.
  func eng(seconds: Int, attendees count: Int) throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    let people = zip([ana, ben, cy], ["Ana", "Ben", "Cy"]).prefix(count)
      .map { #"{"id":"\#($0.0)","name":"\#($0.1)"}"# }
    try syncups.writeDataFile(
      """
      [{"attendees":[\(people.joined(separator: ","))],"duration":\(seconds),\
      "id":"00000000-0000-0000-0000-000000000001","meetings":[],"theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  /// A `--json` meeting of ``eng(seconds:attendees:)`` running in real time, once its first
  /// speaker is announced.
  func runningMeeting(seconds: Int, attendees: Int) throws -> (SyncUpsRun, RunningSyncUps) {
    let syncups = try eng(seconds: seconds, attendees: attendees)
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"])
    #expect(meeting.waitForOutput(containing: #""event":"speaker""#))
    return (syncups, meeting)
  }

  /// The JSON Lines events of a meeting's output.
  func events(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// Real time: a speaker who takes over mid-second (`next` 0.6 s in) gets a whole slot,
  /// counted from the instant their turn started, not cut to the meeting's ticks.
  @Test func aTurnStartedMidSecondRunsItsWholeSlot() throws {
    let (syncups, meeting) = try runningMeeting(seconds: 6, attendees: 2)
    Thread.sleep(forTimeInterval: 0.6)
    meeting.send("next")
    #expect(meeting.waitForOutput(containing: #""name":"Ben","slot":3}"#))
    let result = try meeting.finish()  // Ben's slot runs out: the meeting ends
    #expect(result.status == 0)
    let saved = try #require(try saved(syncups).first)
    let record = turns(saved)
    #expect(record.map { $0[1] } == ["Ana", "Ben"])
    // A loaded machine may deliver the last tick late, never early.
    #expect((3...4).contains(Int(record[1][2]) ?? 0), "\(record)")
    #expect(record[1][3] == "3")
  }

  /// Real time, saved 1.7 s in: the events, the closing event and the record give one number
  /// of seconds for one length (rounded to the nearest, the one rule).
  @Test func theEventsAndTheRecordAgreeOnEverySecond() throws {
    let (syncups, meeting) = try runningMeeting(seconds: 60, attendees: 1)
    Thread.sleep(forTimeInterval: 1.7)
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    let all = try events(result.output)
    let turn = try #require(all.first { $0["event"] as? String == "turn" })
    let ended = try #require(all.last)
    let recorded = try #require((ended["meeting"] as? [String: Any])?["duration"] as? Int)
    #expect((1...10).contains(recorded))  // 2, unless a loaded machine reads the line late
    #expect(turn["elapsed"] as? Int == recorded)
    #expect(turn["seconds"] as? Int == recorded)
    #expect(ended["elapsed"] as? Int == recorded)
    #expect(try saved(syncups).first?["duration"] as? Int == recorded)
  }

  /// Another process holds the lock when the meeting ends: the meeting says at once that it
  /// waits, and its last events come out as they happen, not when the lock is let go.
  @Test func aMeetingWaitingForTheLockSaysSoAndEmitsItsEvents() throws {
    let (syncups, meeting) = try runningMeeting(seconds: 90, attendees: 3)
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    let sent = ContinuousClock.now
    meeting.send("save")
    #expect(meeting.waitForOutput(containing: #""event":"turn""#))
    let waited = ContinuousClock.now - sent
    lock.unlock()
    let result = try meeting.finish()
    #expect(result.status == 0)
    // Held until the turn came out: before the fix, the save's own ten-second wait.
    #expect(waited < .seconds(8))
    #expect(
      result.error
        == "Waiting for the data file: another process holds its lock (a sync?); the meeting is "
        + "saved as soon as it lets go.\n")
    #expect(try saved(syncups).count == 1)
  }

  /// Waiting for the data file's lock to save (another command, a sync) is not meeting time.
  @Test func waitingToSaveIsNotMeetingTime() throws {
    let syncups = try engineering()
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    let release = DispatchWorkItem { lock.unlock() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 4, execute: release)
    // Real time: the save comes at once (within a second, however busy the machine), then
    // waits about 4 s for the lock.
    let result = try syncups("start", "eng", input: "save\n")
    #expect(result.status == 0)
    let ended = result.output.split(separator: "\n").last ?? ""
    #expect(ended == "0:00 Saved the meeting (0 notes)" || ended == "0:01 Saved the meeting (0 notes)")
    #expect((0...1).contains(try saved(syncups).first?["duration"] as? Int ?? -1))
  }

  /// Another process (a sync) holds the lock past the lock timeout and rewrites the file: the
  /// meeting waits, then lands on the file as that process left it.
  @Test func aMeetingOutwaitsALongLockAndKeepsWhatTheHolderWrote() throws {
    let syncups = try engineering()
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    let before = try #require(syncups.dataBytes)
    let renamed = String(decoding: before, as: UTF8.self)
      .replacingOccurrences(of: #""title":"Eng""#, with: #""title":"Engineering""#)
    let release = DispatchWorkItem {
      _ = try? LiveFileSystem.shared.write(Data(renamed.utf8), to: syncups.dataFile)
      lock.unlock()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 2, execute: release)
    let result = try syncups(
      "start", "eng", input: "note Kept\nsave\n",
      environment: StartEndToEndTests.immediate.merging(["SYNCUPS_LOCK_TIMEOUT": "0.3"]) { $1 })
    #expect(result.status == 0)
    #expect(
      result.error
        == "Waiting for the data file: another process holds its lock (a sync?); the meeting is "
        + "saved as soon as it lets go.\n")
    let shown = try syncups("--json", "show", "engineering")
    let object = try #require(try syncups.json(shown) as? [String: Any])
    #expect(object["title"] as? String == "Engineering")
    let meetings = try #require(object["meetings"] as? [[String: Any]])
    #expect(meetings.map { $0["transcript"] as? String } == ["Ana: Kept"])
  }

  /// On a terminal: overtime shows on screen, `a` marks the speaker absent.
  @Test func theKeysAndTheOvertimeDisplayOnATerminal() throws {
    let syncups = try threeSeconds()
    let meeting = try PseudoTerminalRun(syncups, ["--color", "never", "start", "eng", "--overtime"])
    #expect(meeting.waitFor("Ana is speaking"))
    // Her one-second slot runs out: the turn goes on, its overtime shown.
    #expect(meeting.waitFor(" elapsed +0:0"))
    #expect(meeting.waitFor(" over !"))
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking Speaker 2 of 3 Next: Cy"))
    meeting.type("a")
    // Ben absent: Cy is the second of the two present to have the floor.
    #expect(meeting.waitFor("Cy is speaking Speaker 2 of 2"))
    meeting.type("n")
    #expect(meeting.waitFor("[s] Save and end [r] Resume"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
    let saved = try #require(try saved(syncups).first)
    #expect(attendees(saved).map { $0[2] } == ["false", "true", "false"])
    let record = turns(saved)
    #expect(record.map { $0[1] } == ["Ana", "Cy"])
    #expect(record.map { $0[3] } == ["1", "2"])
    #expect((Int(record[0][2]) ?? 0) >= 1)
    #expect(saved["endedEarly"] as? Bool == false)
  }
}
