import Foundation
import SharedState
import Testing

/// `start --pace` and `--warn` end to end: the pace line and the flash on a pseudo-terminal,
/// the bell as the `bell` setting says, `m`, and the `warn` events a script gets.
@Suite("Meeting pace and cues, end to end")
struct StartPaceEndToEndTests {
  /// Reverse video for the whole screen: the flash of a cue.
  static let flash = "\u{1B}[?5h"

  /// How many times `part` occurs in `text`.
  func count(_ part: String, in text: String) -> Int {
    text.components(separatedBy: part).count - 1
  }

  /// Runs a meeting of two 3-second slots with cues at 2 s and 1 s left and overtime, on a
  /// pseudo-terminal, each speaker running into overtime before `n`; `keys` typed first. The
  /// run and its screen, once saved.
  func cuedMeeting(bell: String?, keys: String = "") throws -> (SyncUpsRun, PseudoTerminalRun) {
    let syncups = try StartRecordEndToEndTests().eng(seconds: 6, attendees: 2)
    if let bell { #expect(try syncups("config", "set", "bell", bell).status == 0) }
    let meeting = try PseudoTerminalRun(
      syncups, ["--color", "never", "start", "eng", "--overtime", "--warn", "2s,1s"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type(keys)
    #expect(meeting.waitFor(" over !"))
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking"))
    #expect(meeting.waitFor("+0:01 over !"))
    meeting.type("n")
    #expect(meeting.waitFor("[s] Save and end [r] Resume"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    return (syncups, meeting)
  }

  /// Each turn flashes three times (wrap-up, last, time up); the bell rings on the speaker
  /// change and each overtime under `change` (and `on`, and by default), on the cues under
  /// `cues`, on both under `all` (a cue and the overtime at once ring once), never under `off`.
  @Test(arguments: [
    ("off", 0), ("change", 3), ("on", 3), (nil, 3), ("cues", 6), ("all", 7),
  ] as [(String?, Int)])
  func theScreenFlashesOnEachCueAndTheBellRingsAsTheSettingSays(bell: String?, rings: Int) throws {
    let (syncups, meeting) = try cuedMeeting(bell: bell)
    let frames = meeting.screen.components(separatedBy: "\u{1B}[?1049l").first ?? ""
    #expect(count(Self.flash, in: frames) == 6, "\(bell ?? "default")")
    #expect(count("\u{07}", in: frames) == rings, "\(bell ?? "default")")
    let saved = try StartEndToEndTests().savedMeetings(syncups)
    let turns = try #require(saved.first?["turns"] as? [[String: Any]])
    #expect(turns.map { $0["warned"] as? String } == ["timeUp", "timeUp"])
  }

  /// `m` mutes every sound for the rest of the meeting; the screen still flashes.
  @Test func mMutesTheBellButNotTheFlash() throws {
    let (_, meeting) = try cuedMeeting(bell: "all", keys: "m")
    let frames = meeting.screen.components(separatedBy: "\u{1B}[?1049l").first ?? ""
    #expect(count(Self.flash, in: frames) == 6)
    #expect(count("\u{07}", in: frames) == 0)
  }

  /// A settings file of an older syncups holds the bell as true or false: true still rings on
  /// each change, false never.
  @Test(arguments: [(true, "change"), (false, "off")])
  func anOlderSettingsFilesBellKeepsItsMeaning(old: Bool, now: String) throws {
    let syncups = SyncUpsRun()
    let directory = syncups.home.path + "/config/syncups"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(#"{"bell": \#(old)}"#.utf8).write(to: URL(fileURLWithPath: directory + "/config.json"))
    let got = try syncups("config", "get", "bell")
    #expect(got.output == now + "\n")
    #expect(got.error == "")
  }

  @Test func badCuesAndPacesAreUsageErrorsAndNothingStarts() throws {
    let syncups = try StartRecordEndToEndTests().eng(seconds: 6, attendees: 2)
    let before = syncups.dataBytes
    let warn = try syncups("start", "eng", "--warn", "soon")
    #expect(warn.status == 64)
    #expect(warn.error.contains("invalid value 'soon' for '--warn'"))
    let pace = try syncups("start", "eng", "--pace", "fast")
    #expect(pace.status == 64)
    #expect(pace.error.contains("invalid value 'fast' for '--pace'"))
    let bell = try syncups("config", "set", "bell", "loud")
    #expect(bell.status == 64)
    #expect(syncups.dataBytes == before)
  }

  /// A script gets a warn event at each cue, and each turn says the last cue it reached.
  @Test func aScriptGetsWarnEvents() throws {
    let syncups = try StartEndToEndTests().engineering()
    let result = try syncups(
      "start", "eng", "--warn", "10s", input: "note First\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(
      result.output == """
        Started Eng: 3 speakers, 1 min, 30 secs
        0:00 Ana is speaking (speaker 1 of 3)
        0:00 Note from Ana: First
        0:20 Ana: wrap up (0:10 left)
        0:30 Ana spoke 0:30 of 0:30
        0:30 Ben is speaking (speaker 2 of 3)
        0:50 Ben: wrap up (0:10 left)
        1:00 Ben spoke 0:30 of 0:30
        1:00 Cy is speaking (speaker 3 of 3)
        1:20 Cy: wrap up (0:10 left)
        1:30 Cy spoke 0:30 of 0:30
        1:30 Saved the meeting (1 note)

        """)
    let json = try syncups(
      "--json", "start", "eng", "--warn", "10s", input: "",
      environment: StartEndToEndTests.immediate)
    let lines = json.output.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.contains(#""event":"warn""#) } == [
        #"{"elapsed":20,"event":"warn","left":10,"phase":"wrapUp","speaker":"Ana"}"#,
        #"{"elapsed":50,"event":"warn","left":10,"phase":"wrapUp","speaker":"Ben"}"#,
        #"{"elapsed":80,"event":"warn","left":10,"phase":"wrapUp","speaker":"Cy"}"#,
      ])
    #expect(
      lines.first { $0.contains(#""event":"turn""#) }
        == #"{"attendee":"00000000-0000-0000-0000-00000000000A","elapsed":30,"event":"turn","name":"Ana","overtime":0,"seconds":30,"slot":30,"warned":"wrapUp"}"#)
  }

  /// Under bank, a speaker who leaves time banks it, and the pace line says so with the
  /// meeting ahead of its plan.
  @Test func thePaceLineShowsAheadAndTheBank() throws {
    let syncups = try StartEndToEndTests().engineering()
    let meeting = try PseudoTerminalRun(syncups, ["--color", "never", "start", "eng", "--pace", "bank"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking"))
    #expect(meeting.waitFor("Pace ahead 0:"))
    #expect(meeting.waitFor(" banked"))
    meeting.type("e")
    #expect(meeting.waitFor("[s] Save and end"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
  }
}
