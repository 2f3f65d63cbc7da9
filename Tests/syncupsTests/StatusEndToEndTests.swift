import ChildProcessSupport
import Foundation
import Testing

/// `syncups status` beside meetings run from scripts on the live clock, each test with its own
/// runtime directory (`XDG_RUNTIME_DIR`) in its scratch home.
@Suite("Status end to end")
struct StatusEndToEndTests {
  /// Two sync-ups: "Eng" (Ana, Ben, Cy; 90 s) and "Design" (Di, Ed; 60 s).
  func syncUps() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"00000000-0000-0000-0000-00000000000A","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"},\
      {"attendees":[{"id":"00000000-0000-0000-0000-00000000000D","name":"Di"},\
      {"id":"00000000-0000-0000-0000-00000000000E","name":"Ed"}],\
      "duration":60,"id":"00000000-0000-0000-0000-000000000002","meetings":[],\
      "theme":"sky","title":"Design"}]
      """)
    return syncups
  }

  /// The runtime directory of the tests' runs.
  func runtime(_ syncups: SyncUpsRun) throws -> [String: String] {
    let path = syncups.home.path + "/run"
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return ["XDG_RUNTIME_DIR": path]
  }

  /// Starts a meeting of `syncUp` from a script, and waits until its first speaker is named.
  func startMeeting(
    _ syncups: SyncUpsRun, _ syncUp: String, environment: [String: String],
    firstSpeaker: String
  ) throws -> RunningProcess {
    let process = try ChildProcess.spawn(
      syncups.invocation(["start", syncUp], environment: environment, input: .open))
    #expect(process.waitForOutput(containing: "\(firstSpeaker) is speaking"))
    return process
  }

  func finish(_ process: RunningProcess) -> Outcome {
    process.closeInput()
    return ChildProcess.collect([process])[0]
  }

  @Test func aRunningMeetingIsShownAndGoneOnceSaved() throws {
    let syncups = try syncUps()
    let environment = try runtime(syncups)
    let meeting = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")

    let json = try syncups.run(["status", "--json"], environment: environment)
    #expect(json.status == 0)
    #expect(json.error == "")
    let array = try #require(try syncups.json(json) as? [[String: Any]])
    #expect(array.count == 1)
    let status = try #require(array.first)
    #expect(
      Set(status.keys) == [
        "pid", "file", "syncUp", "started", "speaker", "speakerIndex", "speakerCount", "next",
        "turnLeft", "turnElapsed", "meetingLeft", "elapsed", "overtime", "paused", "ending",
        "openBlockers", "variance", "projectedEnd", "phase",
      ])
    #expect(status["variance"] is Int)
    #expect(status["projectedEnd"] is String)
    #expect(status["phase"] as? String == "none")
    #expect(status["pid"] as? Int == Int(meeting.pid))
    #expect(status["file"] as? String == syncups.dataFile)
    let syncUp = try #require(status["syncUp"] as? [String: Any])
    #expect(syncUp["id"] as? String == "00000000-0000-0000-0000-000000000001")
    #expect(syncUp["title"] as? String == "Eng")
    #expect(status["speaker"] as? String == "Ana")
    #expect(status["speakerIndex"] as? Int == 1)
    #expect(status["speakerCount"] as? Int == 3)
    #expect(status["next"] as? [String] == ["Ben", "Cy"])
    #expect((20...30).contains(status["turnLeft"] as? Int ?? -1))
    #expect((80...90).contains(status["meetingLeft"] as? Int ?? -1))
    #expect((0...10).contains(status["elapsed"] as? Int ?? -1))
    #expect(status["overtime"] as? Int == 0)
    #expect(status["paused"] as? Bool == false)
    #expect(status["ending"] as? Bool == false)
    #expect((status["started"] as? String)?.hasSuffix("Z") == true)

    // Paused, the times stand still, and the line and templates say so.
    meeting.writeInput(Array("pause\n".utf8))
    #expect(meeting.waitForOutput(containing: "Paused"))
    let line = try syncups.run(["status"], environment: environment)
    #expect(line.status == 0)
    let pattern = #/Eng: Ana speaking, 0:[23]\d left \(meeting 1:[23]\d left\), paused\n/#
    #expect(line.output.wholeMatch(of: pattern) != nil, "\(line.output)")
    let formatted = try syncups.run(
      ["status", "--format", "{speaker} of {title}: {state} {speakerIndex}/{speakerCount}, next {next} {{ok}}"],
      environment: environment)
    #expect(formatted.output == "Ana of Eng: paused 1/3, next Ben {ok}\n")
    let again = try syncups.run(["status", "--format", "{turnLeft}"], environment: environment)
    let turnLeft = line.output.firstMatch(of: #/speaking, (\d:\d\d) left/#).map { String($0.1) }
    #expect(again.output == (turnLeft ?? "?") + "\n")

    meeting.writeInput(Array("resume\nnext\n".utf8))
    #expect(meeting.waitForOutput(containing: "Ben is speaking"))
    let next = try syncups.run(["status", "--format", "{speaker} {speakerIndex}"], environment: environment)
    #expect(next.output == "Ben 2\n")

    meeting.writeInput(Array("save\n".utf8))
    let outcome = finish(meeting)
    #expect(outcome.status == 0, "\(outcome.summary)")
    // The meeting removed its file as it ended.
    let directory = environment["XDG_RUNTIME_DIR"]! + "/syncups"
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [".gitignore"])
    let after = try syncups.run(["status"], environment: environment)
    #expect(after.status == 1)
    #expect(after.output == "")
    #expect(after.error == "Error: no meeting is running\n")
    let quiet = try syncups.run(["status", "-q", "--json"], environment: environment)
    #expect(quiet.status == 1)
    #expect(quiet.output == "[]\n")
    #expect(quiet.error == "")
  }

  @Test func noMeetingPrintsAnEmptyJSONArraySoScriptsCanCountIt() throws {
    let syncups = try syncUps()
    // The status directory is not created until a meeting runs.
    let environment = try runtime(syncups)
    let json = try syncups.run(["status", "--json"], environment: environment)
    #expect(json.status == 1)
    #expect(json.output == "[]\n")
    #expect(json.error == "Error: no meeting is running\n")
    let text = try syncups.run(["status"], environment: environment)
    #expect(text.status == 1)
    #expect(text.output == "")
  }

  @Test func twoMeetingsAtOnceAreBothListed() throws {
    let syncups = try syncUps()
    let environment = try runtime(syncups)
    let eng = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let design = try startMeeting(syncups, "design", environment: environment, firstSpeaker: "Di")
    let result = try syncups.run(["status", "--format", "{title}: {speaker}"], environment: environment)
    #expect(result.status == 0)
    // By when they started; both may have started within the same second.
    #expect(Set(result.output.split(separator: "\n")) == ["Eng: Ana", "Design: Di"])
    let json = try #require(try syncups.json(try syncups.run(["status", "--json"], environment: environment)) as? [[String: Any]])
    #expect(Set(json.compactMap { $0["pid"] as? Int }) == [Int(eng.pid), Int(design.pid)])
    eng.writeInput(Array("discard\n".utf8))
    design.writeInput(Array("discard\n".utf8))
    #expect(finish(eng).status == 0)
    #expect(finish(design).status == 0)
    #expect(try syncups.run(["status"], environment: environment).status == 1)
  }

  @Test func aMeetingKilledWithSIGKILLIsNotShown() throws {
    let syncups = try syncUps()
    let environment = try runtime(syncups)
    let meeting = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let file = environment["XDG_RUNTIME_DIR"]! + "/syncups/\(meeting.pid).json"
    #expect(FileManager.default.fileExists(atPath: file))
    meeting.send(SIGKILL)
    let outcome = finish(meeting)
    #expect(outcome.signal == SIGKILL)
    #expect(FileManager.default.fileExists(atPath: file))
    let result = try syncups.run(["status"], environment: environment)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error == "Error: no meeting is running\n")
    // The stale file is cleared away.
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func aFileNamingALiveProcessThatIsNotTheMeetingIsIgnored() throws {
    let syncups = try syncUps()
    let environment = try runtime(syncups)
    let meeting = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let directory = environment["XDG_RUNTIME_DIR"]! + "/syncups"
    let published = try String(contentsOfFile: directory + "/\(meeting.pid).json", encoding: .utf8)
    meeting.writeInput(Array("discard\n".utf8))
    #expect(finish(meeting).status == 0)
    // The same meeting's file, as if this test's own process had written it but started at
    // another time: the pid was reused.
    let me = getpid()
    var forged = try #require(try JSONSerialization.jsonObject(with: Data(published.utf8)) as? [String: Any])
    let start = try #require(forged["processStart"] as? Int)
    forged["pid"] = Int(me)
    forged["processStart"] = start + 12345
    let file = directory + "/\(me).json"
    try JSONSerialization.data(withJSONObject: forged).write(to: URL(fileURLWithPath: file))
    let result = try syncups.run(["status"], environment: environment)
    #expect(result.status == 1)
    #expect(result.output == "")
    // With this process's real start time, the same file is a meeting.
    let stat = try String(contentsOfFile: "/proc/\(me)/stat", encoding: .utf8)
    let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
    forged["processStart"] = Int(fields[19])
    try JSONSerialization.data(withJSONObject: forged).write(to: URL(fileURLWithPath: file))
    let shown = try syncups.run(["status", "--format", "{title} {speaker}"], environment: environment)
    #expect(shown.status == 0)
    #expect(shown.output == "Eng Ana\n")
  }

  @Test func withoutXDGRuntimeDirTheDataDirectoryIsUsed() throws {
    let syncups = try syncUps()
    let meeting = try startMeeting(syncups, "eng", environment: [:], firstSpeaker: "Ana")
    let directory = syncups.home.path + "/data/syncups/run"
    let attributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    let file = try FileManager.default.attributesOfItem(atPath: directory + "/\(meeting.pid).json")
    #expect((file[.posixPermissions] as? Int) == 0o600)
    // The data directory may be a repository `sync init` made: the state files stay out of it.
    #expect(
      FileManager.default.contents(atPath: directory + "/.gitignore") == Data("*\n".utf8))
    // A relative XDG_RUNTIME_DIR is ignored, as the XDG specification asks.
    let result = try syncups.run(
      ["status", "--format", "{speaker}"], environment: ["XDG_RUNTIME_DIR": "run"])
    #expect(result.output == "Ana\n")
    meeting.writeInput(Array("discard\n".utf8))
    #expect(finish(meeting).status == 0)
  }

  @Test func aMeetingRunsAndSavesWhenItCannotPublish() throws {
    let syncups = try syncUps()
    // A runtime directory that is a file: nothing can be created in it, even by root.
    let file = syncups.home.path + "/not-a-directory"
    try Data().write(to: URL(fileURLWithPath: file))
    let environment = ["XDG_RUNTIME_DIR": file]
    let meeting = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    meeting.writeInput(Array("note Still saved\nsave\n".utf8))
    let outcome = finish(meeting)
    #expect(outcome.status == 0, "\(outcome.summary)")
    // Said once, though the meeting changed several times.
    #expect(
      outcome.stderrText
        == "Warning: syncups status cannot show this meeting: cannot create the status "
        + "directory: cannot create directory '\(file)/syncups': Not a directory\n")
    let shown = try syncups("--json", "show", "eng")
    #expect(shown.output.contains(#""transcript" : "Ana: Still saved""#))
    let result = try syncups.run(["status"], environment: environment)
    #expect(result.status == 1)
    #expect(result.error == "Error: no meeting is running\n")
  }

  @Test func aStatusDirectoryOthersMayUseIsRefused() throws {
    let syncups = try syncUps()
    let environment = try runtime(syncups)
    let directory = environment["XDG_RUNTIME_DIR"]! + "/syncups"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let meeting = try startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    // The meeting does not publish there…
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    // …and status refuses to read it, even with -q.
    let result = try syncups.run(["status", "-q"], environment: environment)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.error == "Error: refusing the status directory '\(directory)': others may use it "
        + "(mode 0755); make it private with 'chmod 700'\n")
    meeting.writeInput(Array("save\n".utf8))
    #expect(finish(meeting).status == 0)
  }

  @Test func badTemplatesAreUsageErrors() throws {
    let syncups = try syncUps()
    let result = try syncups("status", "--format", "{who}")
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.error == """
        Error: bad template for '--format': unknown placeholder '{who}' (known: {title}, \
        {speaker}, {next}, {turnLeft}, {meetingLeft}, {elapsed}, {state}, {speakerIndex}, \
        {speakerCount})
        Usage: syncups status [--format <template>]
        See 'syncups status --help' for more information.

        """)
    let both = try syncups("status", "--json", "--format", "{speaker}")
    #expect(both.status == 64)
    #expect(both.error.hasPrefix("Error: '--format' and '--json' cannot be used together\n"))
  }
}
