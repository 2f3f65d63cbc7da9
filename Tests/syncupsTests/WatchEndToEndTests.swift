import ChildProcessSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `syncups watch` beside real meetings on the live clock: run from scripts and on
/// pseudo-terminals, each test with its own runtime directory in its scratch home. Waits are on
/// output, never on time.
@Suite("Watch end to end")
struct WatchEndToEndTests {
  let status = StatusEndToEndTests()

  /// The entries of the status directory, sorted.
  func entries(_ environment: [String: String]) -> [String] {
    let directory = environment["XDG_RUNTIME_DIR"]! + "/syncups"
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  /// The JSON Lines of `text`, as objects.
  func objects(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func withNoMeetingRunningItSaysSoAndFails() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    for arguments in [["watch"], ["watch", "--json"], ["watch", "eng", "--compact"]] {
      let result = try syncups.run(arguments, environment: environment)
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(result.error == "Error: no meeting is running\n")
    }
  }

  /// A watcher started mid-meeting in a pipe sees the whole state first, then each change the
  /// meeting makes, at the meeting time the meeting itself gives it, then the end; it leaves
  /// nothing behind.
  @Test func aPipedWatcherFollowsTheMeetingChangeByChange() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let meeting = try ChildProcess.spawn(
      syncups.invocation(["start", "eng", "--json"], environment: environment, input: .open))
    #expect(meeting.waitForOutput(containing: #""name":"Ana""#))
    let watcher = try ChildProcess.spawn(syncups.invocation(["watch"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"snapshot""#))
    #expect(entries(environment).contains("\(meeting.pid).watch.\(watcher.pid)"))

    meeting.writeInput(Array("pause\n".utf8))
    #expect(watcher.waitForOutput(containing: #""event":"paused""#))
    meeting.writeInput(Array("resume\nnext\n".utf8))
    #expect(meeting.waitForOutput(containing: #""name":"Ben""#))
    #expect(watcher.waitForOutput(containing: #""event":"turn""#))
    meeting.writeInput(Array("save\n".utf8))
    meeting.closeInput()
    let outcomes = ChildProcess.collect([meeting, watcher])
    #expect(outcomes[0].status == 0, "\(outcomes[0].summary)")
    #expect(outcomes[1].status == 0, "\(outcomes[1].summary)")
    #expect(outcomes[1].stderrText == "")

    let seen = try objects(outcomes[1].stdoutText)
    #expect(seen.map { $0["event"] as? String } == ["snapshot", "paused", "resumed", "turn", "ended"])
    let snapshot = seen[0]
    #expect(snapshot["speaker"] as? String == "Ana")
    #expect(snapshot["next"] as? [String] == ["Ben", "Cy"])
    #expect(snapshot["planned"] as? Int == 90)
    #expect(snapshot["items"] as? [String] == [])
    // The meeting reckons its pace and publishes it: on its plan, within the dead band.
    #expect((snapshot["variance"] as? Int).map { abs($0) <= 10 } == true)
    #expect(seen[3]["speaker"] as? String == "Ben")
    #expect(seen[3]["next"] as? [String] == ["Cy"])
    // The meeting's own line for Ben's turn, and the watcher's: the same meeting second, give
    // or take the one second a rounding may put between them.
    let own = try objects(outcomes[0].stdoutText).first {
      $0["event"] as? String == "speaker" && $0["name"] as? String == "Ben"
    }
    let ownElapsed = try #require(own?["elapsed"] as? Int)
    let seenElapsed = try #require(seen[3]["elapsed"] as? Int)
    #expect(abs(ownElapsed - seenElapsed) <= 1, "\(ownElapsed) vs \(seenElapsed)")
    let ended = seen[4]
    #expect(ended["planned"] as? Int == 90)
    #expect(ended["turnsOver"] as? Int == 0)
    #expect(ended["elapsed"] as? Int == (try objects(outcomes[0].stdoutText).last?["elapsed"] as? Int))
    // The meeting's state, its last state for watchers and the watcher's file are all gone.
    #expect(entries(environment) == [".gitignore"])
  }

  /// A meeting killed under a watcher: the watcher says the meeting does not answer, exits 1
  /// and removes its file.
  @Test func aKilledMeetingEndsItsWatcherWithStatus1() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let meeting = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let watcher = try ChildProcess.spawn(
      syncups.invocation(["watch", "--json"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"snapshot""#))
    meeting.send(SIGKILL)
    // Reaped at once, as a shell does: until then the meeting's process is a zombie.
    #expect(ChildProcess.collect([meeting])[0].signal == SIGKILL)
    let outcome = ChildProcess.collect([watcher])[0]
    #expect(outcome.status == 1, "\(outcome.summary)")
    let message = outcome.stderrText
    #expect(
      message.wholeMatch(of: #/Error: meeting not responding \(last update \d+ s ago\)\n/#) != nil,
      "\(message)")
    #expect(entries(environment) == [".gitignore", "\(meeting.pid).json"])
  }

  /// `watch | head -1`: the first line is the snapshot, and the watcher ends quietly, with
  /// status 0, once its reader has gone.
  @Test func aWatcherPipedToHeadExitsQuietly() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let meeting = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    var invocation = syncups.invocation(
      ["-c", #"{ "$0" watch; echo "watch exited $?" >&2; } | head -1"#, SyncUpsRun.binary],
      environment: environment)
    invocation.program = "/bin/sh"
    let piped = try ChildProcess.run(invocation)
    #expect(piped.status == 0)
    #expect(piped.stderrText == "watch exited 0\n")
    let line = try objects(piped.stdoutText)
    #expect(line.count == 1)
    #expect(line.first?["event"] as? String == "snapshot")
    #expect(line.first?["speaker"] as? String == "Ana")
    #expect(entries(environment).filter { $0.contains(".watch.") } == [])
    meeting.writeInput(Array("save\n".utf8))
    #expect(status.finish(meeting).status == 0)
  }

  /// On terminals: the meeting's screen counts its watchers, a watcher's screen follows the
  /// meeting (ringing and flashing for `--me`), one line follows it too, `q` quits and gives
  /// the terminal back as it was, and the meeting's end ends the line with its summary.
  @Test func theMeetingScreenCountsWatchersOnTerminals() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], environment: environment)
    #expect(meeting.waitFor("Ana is speaking"))
    let screen = try PseudoTerminalRun(
      syncups, ["watch", "eng", "--me", "ben"], environment: environment)
    #expect(screen.waitFor("Ana is speaking"))
    // Ben is next: the bell and a flash of the whole screen.
    #expect(screen.screen.components(separatedBy: "\u{07}").count - 1 == 1)
    #expect(screen.screen.components(separatedBy: "\u{1B}[?5h").count - 1 == 1)
    #expect(screen.waitFor("Speaker 1 of 3 · Next: Ben, Cy"))
    let line = try PseudoTerminalRun(syncups, ["watch", "--compact"], environment: environment)
    #expect(line.waitFor("Eng · Ana 0:"))
    #expect(meeting.waitFor("2 watching"))

    meeting.type("n")
    #expect(screen.waitFor("Ben is speaking"))
    // Ben's turn starts: the bell and the flash again.
    #expect(screen.screen.components(separatedBy: "\u{07}").count - 1 == 2)
    #expect(screen.screen.components(separatedBy: "\u{1B}[?5h").count - 1 == 2)
    #expect(line.waitFor("Eng · Ben 0:"))
    screen.type("q")
    #expect(screen.wait() == 0)
    #expect(screen.settingsAreRestored)
    #expect(meeting.waitFor("1 watching"))

    meeting.type("e")
    #expect(meeting.waitFor("[s] Save and end"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    #expect(line.waitFor("ended "))
    #expect(line.wait() == 0)
    #expect(line.settingsAreRestored)
    #expect(entries(environment) == [".gitignore"])
  }

  /// `--wait` with no meeting: the watcher says it waits (Design has no schedule: no next
  /// meeting), follows the meeting once it starts, and ends with it.
  @Test func aWaitingWatcherFollowsTheMeetingThatStarts() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let watcher = try ChildProcess.spawn(
      syncups.invocation(["watch", "design", "--wait", "--json"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"waiting""#))
    let other = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let meeting = try status.startMeeting(
      syncups, "design", environment: environment, firstSpeaker: "Di")
    #expect(watcher.waitForOutput(containing: #""event":"snapshot""#))
    meeting.writeInput(Array("save\n".utf8))
    #expect(status.finish(meeting).status == 0)
    let outcome = ChildProcess.collect([watcher])[0]
    #expect(outcome.status == 0, "\(outcome.summary)")
    let seen = try objects(outcome.stdoutText)
    #expect(seen.map { $0["event"] as? String } == ["waiting", "snapshot", "ended"])
    #expect(seen.first?["syncup"] as? String == "Design")
    #expect(seen.first?["next"] is NSNull)
    #expect((seen[1]["syncUp"] as? [String: Any])?["title"] as? String == "Design")
    #expect(seen[1]["speaker"] as? String == "Di")
    other.writeInput(Array("save\n".utf8))
    #expect(status.finish(other).status == 0)
  }

  /// A watcher runs ten steps nicer than whoever started it (as far as 19): it never takes
  /// the processor from the meeting.
  @Test func aWatcherRunsAtALowerCPUPriority() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let watcher = try ChildProcess.spawn(
      syncups.invocation(["watch", "--wait", "--json"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"waiting""#))
    let stat = try String(contentsOfFile: "/proc/\(watcher.pid)/stat", encoding: .utf8)
    // The fields after the command's name in parentheses: state is the 3rd, nice the 19th.
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    errno = 0
    let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    #expect(fields.count > 17 && Int32(fields[16]) == min(own + 10, 19))
    kill(watcher.pid, SIGTERM)
    _ = ChildProcess.collect([watcher])
  }

  /// Schedules Eng on weekdays at 09:30 in Berlin from Monday 30 November 2099: its first
  /// meeting is the next whatever the time of day.
  func scheduleEng(_ syncups: SyncUpsRun, environment: [String: String]) throws {
    let set = try syncups.run(
      [
        "schedule", "set", "eng", "weekdays 09:30", "--zone", "Europe/Berlin", "--from",
        "2099-11-30",
      ], environment: environment)
    #expect(set.status == 0, "\(set.error)")
  }

  /// `--wait` for a scheduled sync-up: the first line is the waiting object with the exact
  /// start of its next meeting, as `next` gives it; then the meeting that starts is followed.
  @Test func aWaitingWatcherShowsTheNextScheduledMeeting() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    try scheduleEng(syncups, environment: environment)
    let next = try #require(
      try syncups.json(syncups.run(["--json", "next", "eng"], environment: environment))
        as? [[String: Any]])
    let start = try #require(next.first?["start"] as? String)
    #expect(start == "2099-11-30T09:30:00+01:00")

    let watcher = try ChildProcess.spawn(
      syncups.invocation(["watch", "eng", "--wait", "--json"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"waiting""#))
    let meeting = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    #expect(watcher.waitForOutput(containing: #""event":"snapshot""#))
    meeting.writeInput(Array("save\n".utf8))
    #expect(status.finish(meeting).status == 0)
    let outcome = ChildProcess.collect([watcher])[0]
    #expect(outcome.status == 0, "\(outcome.summary)")
    let seen = try objects(outcome.stdoutText)
    #expect(seen.map { $0["event"] as? String } == ["waiting", "snapshot", "ended"])
    #expect(seen.first?["syncup"] as? String == "Eng")
    #expect(seen.first?["next"] as? String == start)
    #expect(seen[1]["speaker"] as? String == "Ana")
  }

  /// On terminals, a waiting watcher shows the next scheduled meeting and how long until it
  /// (with no sync-up named: the soonest of all), or that none is scheduled; it reads the data
  /// file and leaves it byte for byte as it was.
  @Test func aWaitingWatcherShowsTheNextMeetingOnTerminals() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    try scheduleEng(syncups, environment: environment)
    let before = syncups.dataBytes
    let screen = try PseudoTerminalRun(syncups, ["watch", "--wait"], environment: environment)
    #expect(screen.waitFor("waiting for a meeting…"))
    #expect(screen.waitFor("next: Eng, Mon 30 Nov 2099, 09:30 CET (08:30 your time), in "))
    #expect(screen.waitFor(" days"))
    let line = try PseudoTerminalRun(
      syncups, ["watch", "design", "--wait", "--compact"], environment: environment)
    #expect(line.waitFor("waiting for a meeting of design… · no meeting scheduled"))
    screen.type("q")
    #expect(screen.wait() == 0)
    line.type("q")
    #expect(line.wait() == 0)
    #expect(syncups.dataBytes == before)
    #expect(entries(environment) == [".gitignore"])
  }

  /// A meeting that stops answering (stopped with SIGSTOP) is said on the watcher's line
  /// after 5 seconds of silence; once it goes on, so does the line.
  @Test func aSilentMeetingIsSaidNotResponding() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let meeting = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let line = try PseudoTerminalRun(syncups, ["watch", "--compact"], environment: environment)
    #expect(line.waitFor("Eng · Ana 0:"))
    meeting.send(SIGSTOP)
    #expect(line.waitFor("Eng · meeting not responding (last update "))
    meeting.send(SIGCONT)
    meeting.writeInput(Array("next\n".utf8))
    #expect(line.waitFor("Eng · Ben 0:"))
    line.type("q")
    #expect(line.wait() == 0)
    meeting.writeInput(Array("save\n".utf8))
    #expect(status.finish(meeting).status == 0)
  }

  /// `--follow`: after a meeting ends the watcher waits for the next, and follows it too; it
  /// is ended by SIGTERM (status 0), and leaves nothing behind.
  @Test func aFollowingWatcherGoesOnToTheNextMeeting() throws {
    let syncups = try status.syncUps()
    let environment = try status.runtime(syncups)
    let first = try status.startMeeting(syncups, "eng", environment: environment, firstSpeaker: "Ana")
    let watcher = try ChildProcess.spawn(
      syncups.invocation(["watch", "--follow", "--json"], environment: environment))
    #expect(watcher.waitForOutput(containing: #""event":"snapshot""#))
    first.writeInput(Array("save\n".utf8))
    #expect(status.finish(first).status == 0)
    #expect(watcher.waitForOutput(containing: #""event":"ended""#))
    let second = try status.startMeeting(
      syncups, "design", environment: environment, firstSpeaker: "Di")
    #expect(watcher.waitForOutput(containing: #""speaker":"Di""#))
    watcher.send(SIGTERM)
    let outcome = ChildProcess.collect([watcher])[0]
    #expect(outcome.status == 0, "\(outcome.summary)")
    let seen = try objects(outcome.stdoutText)
    #expect(seen.map { $0["event"] as? String } == ["snapshot", "ended", "waiting", "snapshot"])
    // Between meetings, nothing is scheduled: no sync-up and no next meeting.
    #expect(seen[2]["syncup"] is NSNull)
    #expect(seen[2]["next"] is NSNull)
    #expect(seen.last?["speaker"] as? String == "Di")
    second.writeInput(Array("save\n".utf8))
    #expect(status.finish(second).status == 0)
    #expect(entries(environment) == [".gitignore"])
  }
}
