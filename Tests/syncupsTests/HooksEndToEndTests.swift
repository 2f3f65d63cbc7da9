import ChildProcessSupport
import Foundation
import Testing

/// Hooks and extensions run as the program: hook scripts written into the scratch home's
/// `XDG_CONFIG_HOME`, each recording what it was given.
@Suite("Hooks end to end")
struct HooksEndToEndTests {
  static let engID = "00000000-0000-0000-0000-000000000001"

  /// Eng: Ana, Ben and Cy, `seconds` long.
  func engineering(seconds: Int = 90) throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"00000000-0000-0000-0000-00000000000A","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":\(seconds),"id":"\(Self.engID)","meetings":[],"theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  func hooksDirectory(_ syncups: SyncUpsRun) -> String { syncups.home.path + "/config/syncups/hooks" }
  func recordDirectory(_ syncups: SyncUpsRun) -> String { syncups.home.path + "/record" }

  /// Writes the program `body` (a shell script) at `path`, executable unless told.
  func writeProgram(_ body: String, at path: String, executable: Bool = true) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
  }

  /// A hook for each of `events` (in `directory`, else the user's) that appends its input to
  /// `record/EVENT.json` and its environment to `record/EVENT.env`.
  func installRecorders(
    _ syncups: SyncUpsRun, for events: [String], in directory: String? = nil
  ) throws {
    let record = recordDirectory(syncups)
    try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
    for event in events {
      try writeProgram(
        """
        cat >> '\(record)'/"$SYNCUPS_EVENT.json"
        printf '%s|%s|%s|%s\\n' "$SYNCUPS_EVENT" "$SYNCUPS_FILE" "$SYNCUPS_SYNCUP" \
        "$SYNCUPS_NO_HOOKS" >> '\(record)'/"$SYNCUPS_EVENT.env"
        printf '%s\\n' "$SYNCUPS" >> '\(record)'/"$SYNCUPS_EVENT.program"

        """, at: (directory ?? hooksDirectory(syncups)) + "/" + event)
    }
  }

  /// What the recorder of `event` was given, a line per run; nil when it never ran.
  func recorded(_ syncups: SyncUpsRun, _ event: String, _ kind: String = "json") -> [String]? {
    guard
      let text = try? String(
        contentsOfFile: recordDirectory(syncups) + "/\(event).\(kind)", encoding: .utf8)
    else { return nil }
    return text.split(separator: "\n").map(String.init)
  }

  func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
  }

  @Test func itemCommandsFireWithTheItemObjectTheyPrint() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["item-opened", "item-resolved"])
    let added = try syncups("--json", "item", "add", "eng", "--blocker", "slow CI")
    #expect(added.status == 0)
    #expect(added.error == "")
    let resolved = try syncups("--json", "item", "resolve", "eng", "1", "--note", "faster now")
    #expect(resolved.status == 0)
    let reopened = try syncups("--json", "item", "reopen", "eng", "1")
    #expect(reopened.status == 0)

    let opened = try #require(recorded(syncups, "item-opened"))
    #expect(opened.count == 2)
    #expect(try object(opened[0]) == (try object(added.output)))
    #expect(try object(opened[1]) == (try object(reopened.output)))
    #expect(try object(opened[1])["resolved"] == nil)
    let closed = try #require(recorded(syncups, "item-resolved"))
    #expect(closed.count == 1)
    #expect(try object(closed[0]) == (try object(resolved.output)))
    #expect(
      recorded(syncups, "item-opened", "env")
        == [
          "item-opened|\(syncups.dataFile)|\(Self.engID)|1",
          "item-opened|\(syncups.dataFile)|\(Self.engID)|1",
        ])
  }

  @Test func aMeetingFiresItsEventsAsItsJSONLinesSayThem() throws {
    let syncups = try engineering()
    try installRecorders(
      syncups,
      for: ["meeting-started", "speaker-changed", "meeting-ended", "item-opened", "item-resolved"])
    let result = try syncups(
      "--json", "start", "eng", input: "blocker slow CI\nnext\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.error == "")
    let lines = result.output.split(separator: "\n").map(String.init)
    func events(_ name: String) -> [String] {
      lines.filter { $0.contains(#""event":"\#(name)""#) }
    }
    #expect(recorded(syncups, "meeting-started") == events("started"))
    #expect(events("started").count == 1)
    #expect(recorded(syncups, "speaker-changed") == events("speaker"))
    #expect(events("speaker").count == 2)
    #expect(recorded(syncups, "meeting-ended") == events("ended"))
    #expect(events("ended").count == 1)
    #expect(recorded(syncups, "item-resolved") == nil)

    // The blocker raised in the meeting, as stored with it.
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(try syncups("--json", "items", "eng").output.utf8))
        as? [NSDictionary])
    let opened = try #require(recorded(syncups, "item-opened"))
    #expect(opened.count == 1)
    #expect(try object(opened[0]) == items[0])
    #expect(
      recorded(syncups, "meeting-ended", "env")
        == ["meeting-ended|\(syncups.dataFile)|\(Self.engID)|1"])
    // The syncups that ran the hook, which it can call back without PATH.
    let program = URL(fileURLWithPath: SyncUpsRun.binary).resolvingSymlinksInPath().path
    #expect(recorded(syncups, "meeting-ended", "program") == [program])
  }

  @Test func anItemResolvedInAMeetingFiresOnceTheMeetingIsSaved() throws {
    let syncups = try engineering()
    #expect(try syncups("item", "add", "eng", "--blocker", "slow CI", "--owner", "Ana").status == 0)
    try installRecorders(syncups, for: ["item-opened", "item-resolved"])
    let discarded = try syncups(
      "start", "eng", input: "resolve 1 faster now\ndiscard\n",
      environment: StartEndToEndTests.immediate)
    #expect(discarded.status == 0)
    #expect(recorded(syncups, "item-resolved") == nil)

    let saved = try syncups(
      "start", "eng", input: "resolve 1 faster now\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(saved.status == 0)
    #expect(recorded(syncups, "item-opened") == nil)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(try syncups("--json", "items", "eng").output.utf8))
        as? [NSDictionary])
    #expect(items.count == 0)
    let all = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try syncups("--json", "items", "eng", "--all").output.utf8)) as? [NSDictionary])
    let resolved = try #require(recorded(syncups, "item-resolved"))
    #expect(resolved.count == 1)
    #expect(try object(resolved[0]) == all[0])
    #expect(try object(resolved[0])["resolution"] as? String == "faster now")
  }

  /// The terminal's meeting fires the same events as a script's, and a hook's trouble is
  /// said after the screen is given back.
  @Test func aMeetingOnTheTerminalFiresTheSameEvents() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["meeting-started", "speaker-changed", "meeting-ended"])
    try writeProgram("exit 5\n", at: hooksDirectory(syncups) + "/meeting-ended.d/failing")
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking"))
    meeting.type("e")
    #expect(meeting.waitFor("[s] Save and end"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
    let afterScreen = meeting.screen.split(separator: "\u{1B}[?1049l").last.map(String.init) ?? ""
    #expect(afterScreen.contains("Warning: the meeting-ended hook '"))

    #expect(
      recorded(syncups, "meeting-started") == [
        #"{"duration":90,"event":"started","overtime":false,"speakers":3,"syncUpID":"\#(Self.engID)","title":"Eng"}"#
      ])
    let speakers = try (recorded(syncups, "speaker-changed") ?? []).map(object)
    #expect(speakers.map { $0["name"] as? String } == ["Ana", "Ben"])
    #expect(speakers.map { $0["index"] as? Int } == [1, 2])
    let ended = try #require(recorded(syncups, "meeting-ended"))
    #expect(ended.count == 1)
    let stored = try StartEndToEndTests().savedMeetings(syncups)
    #expect(try object(ended[0])["meeting"] as? NSDictionary == stored.first.map { $0 as NSDictionary })
  }

  @Test func aDiscardedMeetingFiresEndedUnsavedAndNoItems() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["meeting-ended", "item-opened"])
    let result = try syncups(
      "--json", "start", "eng", input: "blocker slow CI\ndiscard\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(
      recorded(syncups, "meeting-ended")
        == [#"{"elapsed":0,"event":"ended","meeting":null,"saved":false}"#])
    #expect(recorded(syncups, "item-opened") == nil)
  }

  @Test func syncFiresSyncedWithItsJSONObject() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["synced"])
    #expect(try syncups("-q", "sync", "init").status == 0)
    #expect(recorded(syncups, "synced") == nil)
    try syncups("edit", "eng", "--title", "Core")
    let synced = try syncups("--json", "sync")
    #expect(synced.status == 0)
    let received = try #require(recorded(syncups, "synced"))
    #expect(received.count == 1)
    #expect(try object(received[0]) == (try object(synced.output)))
  }

  @Test func noHooksOptionAndVariableTurnThemOff() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["item-opened"])
    #expect(try syncups("--no-hooks", "item", "add", "eng", "--action", "one").status == 0)
    #expect(
      try syncups(
        "item", "add", "eng", "--action", "two", environment: ["SYNCUPS_NO_HOOKS": "1"]
      ).status == 0)
    #expect(recorded(syncups, "item-opened") == nil)
    try writeProgram("exit 0\n", at: hooksDirectory(syncups) + "/meeting-end")
    let listed = try syncups("--no-hooks", "hooks", "list")
    #expect(
      listed.output == """
        Hooks are off for this run (--no-hooks or SYNCUPS_NO_HOOKS).
        User hooks: \(hooksDirectory(syncups))
        item-opened  \(hooksDirectory(syncups))/item-opened  (not run: hooks off)
        \(hooksDirectory(syncups))/meeting-end  (never run: no event has that name)

        """)
    #expect(try syncups("item", "add", "eng", "--action", "three").status == 0)
    #expect(recorded(syncups, "item-opened")?.count == 1)
  }

  @Test func aFailingOrNonExecutableHookIsReportedOnceAndChangesNothing() throws {
    let syncups = try engineering()
    let hooks = hooksDirectory(syncups)
    try writeProgram("echo failing on purpose >&2\nexit 3\n", at: hooks + "/speaker-changed")
    try writeProgram("exit 0\n", at: hooks + "/meeting-ended", executable: false)
    let result = try syncups(
      "start", "eng", input: "next\nnote Done\nsave\n", environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("Saved the meeting (1 note)\n"))
    let log = syncups.home.path + "/.local/state/syncups/hooks.log"
    #expect(
      result.error.split(separator: "\n").sorted() == [
        "Warning: the meeting-ended hook '\(hooks)/meeting-ended' is not executable: "
          + "'chmod +x' it to run it.",
        "Warning: the speaker-changed hook '\(hooks)/speaker-changed' exited with status 3; "
          + "its output is in '\(log)'.",
      ])
    let saved = try object(try syncups("--json", "show", "eng").output)
    #expect((saved["meetings"] as? [NSDictionary])?.first?["transcript"] as? String == "Ben: Done")
    let logged = try String(contentsOfFile: log, encoding: .utf8)
    #expect(logged.components(separatedBy: "failing on purpose\n").count == 3)
    #expect(logged.contains(": speaker-changed \(hooks)/speaker-changed\nfailing on purpose\n"))
    #expect(logged.contains(": exit status 3 after "))
  }

  /// A hook that is a link to nothing, or whose `#!` interpreter is not there, is reported
  /// when its event fires, naming what is missing, and `hooks list` shows it.
  @Test func aMissingHookOrInterpreterIsReported() throws {
    let syncups = try engineering()
    let hooks = hooksDirectory(syncups)
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: hooks + "/meeting-ended", withDestinationPath: "/nonexistent")
    try writeProgram("exit 0\n", at: hooks + "/item-opened")
    try "#!/no/such/interp\nexit 0\n".write(
      toFile: hooks + "/item-opened", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/item-opened")

    let saved = try syncups(
      "start", "eng", input: "note Done\nsave\n", environment: StartEndToEndTests.immediate)
    #expect(saved.status == 0)
    #expect(
      saved.error
        == "Warning: the meeting-ended hook '\(hooks)/meeting-ended' is missing: it links to "
        + "'/nonexistent', which does not exist.\n")
    let added = try syncups("item", "add", "eng", "--action", "one")
    #expect(added.status == 0)
    #expect(
      added.error.hasSuffix(
        "\nWarning: the item-opened hook '\(hooks)/item-opened' could not be run: its "
          + "interpreter '/no/such/interp' was not found.\n"))
    let listed = try syncups("hooks", "list")
    #expect(!listed.output.contains("No hooks."))
    #expect(
      listed.output.contains(
        "meeting-ended  \(hooks)/meeting-ended  (not run: missing: it links to '/nonexistent', "
          + "which does not exist)\n"))
    let json = try syncups("--json", "hooks", "list")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let entries = try #require(object["hooks"] as? [[String: Any]])
    let missing = entries.filter { $0["missing"] as? Bool == true }.compactMap { $0["event"] as? String }
    #expect(missing == ["meeting-ended"])
  }

  /// The processes (not yet ended, nor being killed) whose command line holds `marker`,
  /// killed with their process groups unless told not to, so that a test that fails leaves
  /// none behind.
  static func survivors(marked marker: String, killing: Bool = true) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    let pids = entries.compactMap { Int32($0) }.filter { pid in
      guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      return String(decoding: line, as: UTF8.self).contains(marker) && !isBeingKilled(pid)
    }
    if killing {
      for pid in pids {
        let group = getpgid(pid)
        if group > 1 && group != getpgrp() { kill(-group, SIGKILL) }
        kill(pid, SIGKILL)
      }
    }
    return pids
  }

  /// Whether process `pid` has a SIGKILL pending: it is ending, but has not been given the
  /// processor to end yet (a loaded machine), so its command line can still be read.
  static func isBeingKilled(_ pid: Int32) -> Bool {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else {
      return false
    }
    let kill = UInt64(1) << (UInt64(SIGKILL) - 1)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0] == "SigPnd" || parts[0] == "ShdPnd",
        let mask = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16)
      else { return false }
      return mask & kill != 0
    }
  }

  /// What a hook starts in the background in its process group is killed when syncups ends,
  /// though the hook itself ended at once: no process of a hook's group outlives syncups.
  @Test func whatAHookLeavesRunningInItsGroupIsKilledWhenSyncupsEnds() throws {
    let syncups = try engineering()
    let marker = "background-\(UUID().uuidString)"
    try writeProgram(
      "sh -c 'sleep 3601; exit 0' \(marker) &\nexit 0\n",
      at: hooksDirectory(syncups) + "/item-opened")
    let result = try syncups("item", "add", "eng", "--action", "one")
    #expect(result.status == 0)
    #expect(result.error == "Raised action 1 of 'Eng': one\n")
    #expect(Self.survivors(marked: marker) == [])
  }

  /// A meeting's hooks run in the order its events happened, whatever the events: the first
  /// speaker's hook waits for meeting-started's to end (stopped at its limit here, though it
  /// would end as soon as another hook ran), and meeting-ended's for it.
  @Test func aMeetingsHooksRunInTheOrderItsEventsHappened() throws {
    let syncups = try engineering()
    #expect(try syncups("config", "set", "hook-timeout", "2s").status == 0)
    let record = recordDirectory(syncups)
    try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
    let order = record + "/order"
    try writeProgram(
      """
      echo "$SYNCUPS_EVENT" >> '\(order)'
      until grep -q speaker-changed '\(order)'; do sleep 0.05; done
      echo meeting-started-over >> '\(order)'

      """, at: hooksDirectory(syncups) + "/meeting-started")
    for event in ["speaker-changed", "meeting-ended"] {
      try writeProgram(
        "echo \"$SYNCUPS_EVENT\" >> '\(order)'\n", at: hooksDirectory(syncups) + "/" + event)
    }
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"])
    #expect(meeting.waitForOutput(containing: #""event":"speaker""#))
    // The first speaker's hook has run before the meeting is saved, so that meeting-ended's
    // alone is left for the wait at the end.
    let deadline = Date().addingTimeInterval(60)
    while (try? String(contentsOfFile: order, encoding: .utf8))?.contains("speaker-changed") != true
      && Date() < deadline
    {
      usleep(10_000)
    }
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    #expect(
      try String(contentsOfFile: order, encoding: .utf8)
        == "meeting-started\nspeaker-changed\nmeeting-ended\n")
    #expect(
      result.error
        == "Warning: the meeting-started hook '\(hooksDirectory(syncups))/meeting-started' ran "
        + "past its limit of 2 secs and was stopped.\n")
  }

  /// A hook that hangs on every speaker of a meeting as long as two of its limits: its runs
  /// keep starting as syncups gives up waiting, and none outlives syncups.
  @Test func noHookProcessOutlivesTheMeeting() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"00000000-0000-0000-0000-00000000000A","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"},\
      {"id":"00000000-0000-0000-0000-00000000000D","name":"Di"}],\
      "duration":4,"id":"\(Self.engID)","meetings":[],"theme":"orange","title":"Four"}]
      """)
    #expect(try syncups("config", "set", "hook-timeout", "2s").status == 0)
    let marker = "hang-\(UUID().uuidString)"
    try writeProgram(
      "sh -c 'sleep 3601; exit 0' \(marker)\n",
      at: hooksDirectory(syncups) + "/speaker-changed.d/" + marker)
    for _ in 0..<2 {
      let meeting = try RunningSyncUps(syncups, ["--json", "start", "four"])
      #expect(meeting.waitForOutput(containing: #""event":"ended""#))
      let result = try meeting.finish()
      #expect(result.status == 0)
      #expect(Self.survivors(marked: marker) == [])
      let warnings = result.error.split(separator: "\n").map(String.init)
      #expect(warnings.first?.hasPrefix("Warning: the speaker-changed hook '") == true)
    }
  }

  /// A command's answer is out before it waits for its hooks.
  @Test func theAnswerComesBeforeTheWaitForHooks() throws {
    let syncups = try engineering()
    #expect(try syncups("config", "set", "hook-timeout", "60s").status == 0)
    let record = recordDirectory(syncups)
    try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
    // Waits for the test's word, 30 seconds at most, then says it is over.
    try writeProgram(
      """
      i=0
      while [ ! -e '\(record)/go' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
      touch '\(record)/over'

      """, at: hooksDirectory(syncups) + "/item-opened")
    let command = try RunningSyncUps(syncups, ["--json", "item", "add", "eng", "--action", "one"])
    #expect(command.waitForOutput(containing: #""text" : "one""#))
    #expect(!FileManager.default.fileExists(atPath: record + "/over"))
    #expect(FileManager.default.createFile(atPath: record + "/go", contents: nil))
    let result = try command.finish()
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: record + "/over"))
  }

  /// Engineering with a hook on `event` that hangs for an hour, under a 5-minute limit; the
  /// marker its process's command line holds (see ``survivors(marked:killing:)``).
  func hangingHook(on event: String) throws -> (SyncUpsRun, String) {
    let syncups = try engineering()
    #expect(try syncups("config", "set", "hook-timeout", "5m").status == 0)
    let marker = "hang-\(UUID().uuidString)"
    try writeProgram(
      "sh -c 'sleep 3601; exit 0' \(marker)\n",
      at: hooksDirectory(syncups) + "/\(event).d/" + marker)
    return (syncups, marker)
  }

  /// On a terminal, the meeting's closing line comes at once, then the wait for its hooks is
  /// said; Ctrl-C then stops them and exits 130.
  @Test func theClosingLineComesBeforeTheWaitForHooksWhichCtrlCEnds() throws {
    let (syncups, marker) = try hangingHook(on: "meeting-ended")
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("e")
    #expect(meeting.waitFor("[s] Save and end"))
    meeting.type("s")
    #expect(meeting.waitFor("Waiting for 1 hook (meeting-ended), at most"))
    let afterScreen = meeting.screen.split(separator: "\u{1B}[?1049l").last.map(String.init) ?? ""
    let text = PseudoTerminalRun.visibleText(afterScreen)
    let closing = try #require(text.range(of: "Saved the meeting of Eng"))
    let waiting = try #require(text.range(of: "Waiting for 1 hook (meeting-ended)"))
    #expect(closing.lowerBound < waiting.lowerBound)
    #expect(!Self.survivors(marked: marker, killing: false).isEmpty)
    meeting.type("\u{03}")
    #expect(meeting.waitFor("was stopped by an interrupt."))
    #expect(meeting.wait() == 130)
    #expect(meeting.settingsAreRestored)
    #expect(Self.survivors(marked: marker) == [])
  }

  /// `hooks run` stopped by Ctrl-C while its hook hangs ends as any command does then: 130.
  @Test func hooksRunStoppedByCtrlCExits130() throws {
    let (syncups, marker) = try hangingHook(on: "meeting-ended")
    let run = try PseudoTerminalRun(syncups, ["hooks", "run", "meeting-ended", "--sample"])
    #expect(run.waitFor("Waiting for 1 hook (meeting-ended), at most"))
    run.type("\u{03}")
    #expect(run.waitFor("was stopped by an interrupt."))
    #expect(run.wait() == 130)
    #expect(Self.survivors(marked: marker) == [])
  }

  /// SIGTERM or SIGHUP (the terminal closed) while a command waits for its hooks stops them
  /// too: no hook outlives syncups, each run's end is logged, and the status tells the signal.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func aSignalDuringTheWaitForHooksStopsThem(_ signal: Int32, status: Int32) throws {
    let (syncups, marker) = try hangingHook(on: "item-opened")
    let run = try PseudoTerminalRun(syncups, ["item", "add", "eng", "--blocker", "slow CI"])
    #expect(run.waitFor("Waiting for 1 hook (item-opened), at most"))
    run.kill(signal)
    #expect(run.wait() == status)
    #expect(Self.survivors(marked: marker) == [])
    let log = try String(
      contentsOfFile: syncups.home.path + "/.local/state/syncups/hooks.log", encoding: .utf8)
    #expect(log.contains(": stopped after "))
    #expect(try syncups("items", "eng").output.contains("slow CI"))
  }

  /// A hook that hangs is killed, its process group with it, after the `hook-timeout`, and the
  /// meeting's time is not held up meanwhile.
  @Test func aHookPastItsLimitIsKilledAndTheMeetingKeepsTime() throws {
    let syncups = try engineering(seconds: 3)
    #expect(try syncups("config", "set", "hook-timeout", "15s").status == 0)
    let record = recordDirectory(syncups)
    try installRecorders(syncups, for: ["overtime"])
    try writeProgram(
      "echo $$ >> '\(record)/pids'\nsleep 60 &\necho $! >> '\(record)/pids'\nwait\n",
      at: hooksDirectory(syncups) + "/speaker-changed")
    let started = Date()
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng", "--overtime"])
    // Ana's slot of a second runs out while her hook hangs: the meeting does not wait for it
    // (15 seconds), however slowly a loaded machine starts the process.
    #expect(meeting.waitForOutput(containing: #""event":"overtime""#))
    #expect(Date().timeIntervalSince(started) < 10)
    let result = try meeting.finish()
    #expect(result.status == 0)
    // 3 seconds of meeting, then at most the limit for the hooks still running.
    #expect(Date().timeIntervalSince(started) < 45)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(recorded(syncups, "overtime") == lines.filter { $0.contains(#""event":"overtime""#) })
    #expect(lines.filter { $0.contains(#""event":"speaker""#) }.count == 3)
    // Said once, though several of the hook's runs were stopped; the runs still queued when
    // the meeting's process ended were dropped, which is said too.
    let warnings = result.error.split(separator: "\n").map(String.init)
    #expect(
      warnings.first
        == "Warning: the speaker-changed hook '\(hooksDirectory(syncups))/speaker-changed' ran "
        + "past its limit of 15 secs and was stopped.")
    #expect(warnings.dropFirst().allSatisfy { $0.hasSuffix("syncups ended while earlier hooks still ran.") })
    // Every process the hooks started is gone (or a zombie awaiting its reaper).
    let pids = try String(contentsOfFile: record + "/pids", encoding: .utf8)
      .split(separator: "\n").compactMap { Int32($0) }
    #expect(pids.count >= 2)
    for pid in pids {
      let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      let state = status.flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
      #expect(state == nil || state == "Z", "process \(pid) still runs")
    }
  }

  @Test func repositoryHooksRunOnlyWhileTrustedAsTheyWere() throws {
    let syncups = try engineering()
    let repository = (syncups.dataFile as NSString).deletingLastPathComponent
    #expect(try syncups("-q", "sync", "init").status == 0)
    let hooks = repository + "/.syncups/hooks"
    try installRecorders(syncups, for: ["item-opened"], in: hooks)

    #expect(try syncups("item", "add", "eng", "--action", "untrusted").status == 0)
    #expect(recorded(syncups, "item-opened") == nil)
    let listed = try syncups("hooks", "list")
    #expect(
      listed.output.contains(
        "Repository hooks: \(hooks) (untrusted: 'syncups hooks trust' runs them)\n"
          + "item-opened  \(hooks)/item-opened  (not run: untrusted)\n"))

    let trusted = try syncups("hooks", "trust", "--yes")
    #expect(trusted.status == 0)
    #expect(
      trusted.error
        == "Trusted the hooks in '\(hooks)' as they are now:\n  item-opened  \(hooks)/item-opened\n")
    #expect(try syncups("item", "add", "eng", "--action", "trusted").status == 0)
    #expect(recorded(syncups, "item-opened")?.count == 1)

    // A teammate changes the hook: it no longer runs until trusted again.
    try writeProgram("echo changed >> '\(recordDirectory(syncups))/changed'\n", at: hooks + "/item-opened")
    #expect(try syncups("item", "add", "eng", "--action", "changed").status == 0)
    #expect(!FileManager.default.fileExists(atPath: recordDirectory(syncups) + "/changed"))
    let json = try syncups("--json", "hooks", "list")
    #expect(try object(json.output)["repositoryTrust"] as? String == "changed")

    #expect(try syncups("hooks", "trust", "--yes").status == 0)
    #expect(try syncups("item", "add", "eng", "--action", "again").status == 0)
    #expect(FileManager.default.fileExists(atPath: recordDirectory(syncups) + "/changed"))
    let untrusted = try syncups("hooks", "untrust")
    #expect(untrusted.error == "The hooks in '\(hooks)' no longer run.\n")
    try FileManager.default.removeItem(atPath: recordDirectory(syncups) + "/changed")
    #expect(try syncups("item", "add", "eng", "--action", "untrusted again").status == 0)
    #expect(!FileManager.default.fileExists(atPath: recordDirectory(syncups) + "/changed"))
  }

  @Test func hooksRunWithTheSampleEvent() throws {
    let syncups = try engineering()
    try installRecorders(syncups, for: ["meeting-ended"])
    let ran = try syncups("hooks", "run", "meeting-ended", "--sample")
    #expect(ran.status == 0)
    // Printed for people to read; the hook gets it on one line.
    #expect(ran.output.hasPrefix("{\n  \"elapsed\" : 590,\n  \"event\" : \"ended\",\n"))
    let sample = try #require(recorded(syncups, "meeting-ended"))
    #expect(sample.count == 1)
    #expect(sample[0].hasPrefix(#"{"elapsed":590,"event":"ended","meeting":{"#))
    #expect(try object(sample[0]) == (try object(ran.output)))
    // Without --sample, the object comes from standard input, as it is.
    let given = #"{"event":"ended","saved":false}"#
    #expect(try syncups("hooks", "run", "meeting-ended", input: given + "\n").status == 0)
    #expect(recorded(syncups, "meeting-ended") == [sample[0], given])
    let none = try syncups("hooks", "run", "synced", "--sample")
    #expect(none.status == 0)
    #expect(none.error == "No synced hooks to run (see 'syncups hooks list').\n")
    try writeProgram("exit 1\n", at: hooksDirectory(syncups) + "/synced")
    let failed = try syncups("hooks", "run", "synced", "--sample")
    #expect(failed.status == 1)
    #expect(failed.error.hasPrefix("Warning: the synced hook '"))
  }

  @Test func anExtensionOnPathRunsWithTheDataFileAndItsArguments() throws {
    let syncups = try engineering()
    let bin = syncups.home.path + "/bin"
    try writeProgram(
      "printf '%s\\n' \"$0\" \"$SYNCUPS_FILE\" \"$@\"\nexit 7\n", at: bin + "/syncups-hello")
    let path = ["PATH": bin + ":/usr/bin:/bin"]
    let result = try syncups.run(
      ["--file", "other.json", "hello", "a b", "--json"], environment: path)
    #expect(result.status == 7)
    #expect(
      result.output
        == "\(bin)/syncups-hello\n\(syncups.home.path)/other.json\na b\n--json\n")
    let fromVariable = try syncups.run(["hello"], environment: path)
    #expect(fromVariable.output == "\(bin)/syncups-hello\n\(syncups.dataFile)\n")

    let help = try syncups.run(["help"], environment: path)
    #expect(help.output.contains("EXTENSIONS (syncups-NAME on PATH):\n  hello"))
    let unknown = try syncups("hallo")
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("Error: unknown command 'hallo'\n"))
    // A typo of an extension's name suggests it, as a typo of a command's does.
    let typo = try syncups.run(["hallo"], environment: path)
    #expect(typo.status == 64)
    #expect(typo.error.hasPrefix("Error: unknown command 'hallo'. Did you mean 'hello'?\n"))

    // The syncups that ran it, to call back when syncups is not on PATH.
    try writeProgram("\"$SYNCUPS\" --version\n", at: bin + "/syncups-back")
    let back = try syncups.run(["back"], environment: ["PATH": bin + ":/usr/bin:/bin"])
    #expect(back.status == 0)
    #expect(back.output == "syncups 0.4.0\n")
  }
}
