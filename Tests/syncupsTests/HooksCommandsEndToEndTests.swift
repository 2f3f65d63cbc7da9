import ChildProcessSupport
import Foundation
import Testing

/// The `hooks` commands as a user meets them: trying hooks with `hooks run`, trusting a
/// repository's, and the examples shipped in `contrib/hooks`, installed as the README says and
/// tried with `hooks run EVENT --sample`, with stand-ins for the programs they call (`curl`,
/// `notify-send`) recording what they were given.
@Suite("Hooks commands end to end")
struct HooksCommandsEndToEndTests {
  let hooks = HooksEndToEndTests()

  /// `contrib/hooks/NAME` installed as the README says: in `hooks/EVENT.d/`.
  func installExample(_ name: String, in syncups: SyncUpsRun) throws {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../contrib/hooks/" + name).standardized.path
    let event = String(name.prefix { $0 != "." })
    let directory = hooks.hooksDirectory(syncups) + "/\(event).d"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: example, toPath: directory + "/" + name)
  }

  /// A stand-in for the program `name` in the scratch home's `bin` that writes its arguments,
  /// a line each, to `record/NAME.args` and its standard input to `record/NAME.in`.
  func installStandIn(_ name: String, in syncups: SyncUpsRun) throws {
    let record = hooks.recordDirectory(syncups)
    try FileManager.default.createDirectory(atPath: record, withIntermediateDirectories: true)
    try hooks.writeProgram(
      "printf '%s\\n' \"$@\" > '\(record)/\(name).args'\ncat > '\(record)/\(name).in'\n",
      at: syncups.home.path + "/bin/" + name)
  }

  /// What the stand-in `name` was given: its arguments' lines (`args`) or its input (`in`).
  func given(_ syncups: SyncUpsRun, _ name: String, _ kind: String) -> String? {
    try? String(
      contentsOfFile: hooks.recordDirectory(syncups) + "/\(name).\(kind)", encoding: .utf8)
  }

  /// The stand-ins first, then syncups itself, then the system's programs (jq, git); the
  /// sample's data file in a temporary directory of the scratch home's.
  func environment(_ syncups: SyncUpsRun, _ extra: [String: String] = [:]) throws -> [String: String] {
    let temporary = syncups.home.path + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    return [
      "PATH": syncups.home.path + "/bin:"
        + (SyncUpsRun.binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin",
      "TMPDIR": temporary,
    ].merging(extra) { $1 }
  }

  /// The sample meeting's notes, as `meeting show --format markdown` writes them.
  static let sampleNotes = """
    # Engineering — Wed 25 Nov 2026, 10:09

    **Attendees:** Ana, Ben

    ## Ana

    Spoke for 5 min of a 5 min slot.

    - Shipped the release

    ## Ben

    Spoke for 4 min, 50 secs of a 5 min slot.

    - Reviewing the PR

    **Total:** 9 min, 50 secs of 10 min planned.
    """

  @Test func theChatExamplePostsTheSampleMeetingsNotes() throws {
    let syncups = try hooks.engineering()
    try installExample("meeting-ended.chat", in: syncups)
    try installStandIn("curl", in: syncups)
    let before = syncups.dataBytes
    let environment = try environment(
      syncups, ["SYNCUPS_CHAT_WEBHOOK": "https://chat.example/hooks/standup"])
    let ran = try syncups.run(["hooks", "run", "meeting-ended", "--sample"], environment: environment)
    #expect(ran.status == 0, "\(ran.error)")
    #expect(ran.error.hasPrefix("Ran 1 meeting-ended hook; the output is in '"))
    let posted = try #require(given(syncups, "curl", "in"))
    let body = try #require(
      try JSONSerialization.jsonObject(with: Data(posted.utf8)) as? [String: String])
    #expect(body == ["text": Self.sampleNotes])
    #expect(given(syncups, "curl", "args")?.hasSuffix("@-\nhttps://chat.example/hooks/standup\n") == true)
    // The sample's data file was the hook's, and is gone; the data in use is untouched.
    #expect(syncups.dataBytes == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: syncups.home.path + "/tmp") == [])

    // A discarded meeting posts nothing.
    try FileManager.default.removeItem(atPath: hooks.recordDirectory(syncups) + "/curl.in")
    let discarded = try syncups.run(
      ["hooks", "run", "meeting-ended"], input: #"{"event":"ended","meeting":null,"saved":false}"#,
      environment: environment)
    #expect(discarded.status == 0)
    #expect(given(syncups, "curl", "in") == nil)
  }

  /// A wiki repository for `meeting-ended.wiki`, with the environment its commits need, and
  /// a way to run git in it.
  func wiki(_ syncups: SyncUpsRun) throws -> (
    path: String, environment: [String: String], git: (String...) throws -> String
  ) {
    let wiki = syncups.home.path + "/wiki"
    try FileManager.default.createDirectory(atPath: wiki, withIntermediateDirectories: true)
    let environment = try environment(
      syncups,
      [
        "SYNCUPS_WIKI": wiki, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Ana",
        "GIT_AUTHOR_EMAIL": "ana@example.com", "GIT_COMMITTER_NAME": "Ana",
        "GIT_COMMITTER_EMAIL": "ana@example.com", "SYNCUPS_CLOCK": "immediate",
      ])
    func git(_ arguments: String...) throws -> String {
      let outcome = try ChildProcess.run(
        Invocation(
          program: SyncEndToEndTests.git, arguments: (["-C", wiki] + arguments).map { Array($0.utf8) },
          environment: syncups.environment(environment), directory: syncups.home.path,
          timeout: 120))
      #expect(outcome.status == 0, "\(outcome.stderrText)")
      return outcome.stdoutText
    }
    _ = try git("init", "--quiet")
    return (wiki, environment, git)
  }

  @Test func theWikiExampleCommitsTheSampleMeetingsNotes() throws {
    let syncups = try hooks.engineering()
    try installExample("meeting-ended.wiki", in: syncups)
    let wiki = try wiki(syncups)
    let ran = try syncups.run(["hooks", "run", "meeting-ended", "--sample"], environment: wiki.environment)
    #expect(ran.status == 0, "\(ran.error)")
    #expect(try String(contentsOfFile: wiki.path + "/Stand-ups.md", encoding: .utf8) == Self.sampleNotes + "\n")
    #expect(try wiki.git("log", "--format=%s") == "Add the notes of Engineering — Wed 25 Nov 2026, 10:09\n")
  }

  /// `contrib/hooks/meeting-ended.wiki` as real meetings end.
  @Test func theWikiExampleCommitsEachSavedMeetingsNotes() throws {
    let syncups = try hooks.engineering()
    try installExample("meeting-ended.wiki", in: syncups)
    let wiki = try wiki(syncups)
    let environment = wiki.environment

    let first = try syncups.run(["start", "eng"], input: "note Shipped it\nsave\n", environment: environment)
    #expect(first.status == 0)
    #expect(!first.error.contains("Warning"), "\(first.error)")
    let discarded = try syncups.run(["start", "eng"], input: "discard\n", environment: environment)
    #expect(discarded.status == 0)
    let second = try syncups.run(["start", "eng"], input: "note Reviewed\nsave\n", environment: environment)
    #expect(second.status == 0)

    let older = try syncups.run(["meeting", "show", "eng", "2", "--format", "markdown"])
    let newer = try syncups.run(["meeting", "show", "eng", "1", "--format", "markdown"])
    let page = try String(contentsOfFile: wiki.path + "/Stand-ups.md", encoding: .utf8)
    #expect(page == older.output + "\n" + newer.output)
    let title = String(newer.output.prefix { $0 != "\n" }.drop { $0 == "#" || $0 == " " })
    #expect(try wiki.git("log", "--format=%s") == "Add the notes of \(title)\n" + "Add the notes of \(title)\n")
  }

  @Test func theNotifyExampleKnowsYouByTheMeSettingInAnyCase() throws {
    let syncups = try hooks.engineering()
    try installExample("speaker-changed.notify", in: syncups)
    try installStandIn("notify-send", in: syncups)
    let notified = hooks.recordDirectory(syncups) + "/notify-send.args"
    func run(me: String?, variable: String?, input: String? = nil) throws -> String? {
      try? FileManager.default.removeItem(atPath: notified)
      if let me {
        #expect(try syncups("config", "set", "me", me).status == 0)
      } else {
        #expect(try syncups("config", "unset", "me").status == 0)
      }
      let environment = try environment(syncups, variable.map { ["SYNCUPS_ME": $0] } ?? [:])
      let ran = try syncups.run(
        ["hooks", "run", "speaker-changed"] + (input == nil ? ["--sample"] : []),
        input: input ?? "", environment: environment)
      #expect(ran.status == 0, "\(ran.error)")
      return given(syncups, "notify-send", "args")
    }
    // The sample's speaker is Ana.
    #expect(
      try run(me: "ana", variable: "Ben")
        == "--app-name=syncups\nYour turn, Ana\nThe stand-up is yours.\n")
    #expect(try run(me: "Ben", variable: "Ana") == nil)
    #expect(try run(me: nil, variable: "ANA") == "--app-name=syncups\nYour turn, Ana\nThe stand-up is yours.\n")
    // Beyond ASCII, and a name with quotes and a pattern's characters in it, whole.
    let zoe = #"{"count":2,"elapsed":0,"event":"speaker","index":1,"name":"Zoë \"Z.\" (x)","slot":300}"#
    #expect(
      try run(me: #"ZOË "z." (X)"#, variable: nil, input: zoe)
        == "--app-name=syncups\nYour turn, Zoë \"Z.\" (x)\nThe stand-up is yours.\n")
    #expect(try run(me: #"Zoë "zx" (x)"#, variable: nil, input: zoe) == nil)
    #expect(try run(me: "Zoë", variable: nil, input: zoe) == nil)
  }

  /// Every key of `value`, as paths: `meeting.turns[].name`; an array's elements' keys
  /// together.
  static func keyPaths(_ value: Any, at path: String = "") -> Set<String> {
    if let object = value as? [String: Any] {
      return object.reduce(into: []) { paths, member in
        let key = path.isEmpty ? member.key : path + "." + member.key
        paths.insert(key)
        paths.formUnion(keyPaths(member.value, at: key))
      }
    }
    if let array = value as? [Any] {
      return array.reduce(into: []) { $0.formUnion(keyPaths($1, at: path + "[]")) }
    }
    return []
  }

  /// The manual's sample of each event has the keys a real event of its kind gives a hook,
  /// the optional ones too: an open blocker is on the agenda as the meeting starts and as its
  /// owner speaks, a blocker is raised and resolved, the meeting runs over and is saved, and
  /// the sync-up is synced.
  @Test func eachSampleHasTheKeysARealEventGives() throws {
    let syncups = try hooks.engineering(seconds: 3)
    let events = [
      "meeting-started", "speaker-changed", "overtime", "meeting-ended", "item-opened",
      "item-resolved", "synced",
    ]
    try hooks.installRecorders(syncups, for: events)
    #expect(try syncups("-q", "sync", "init").status == 0)
    #expect(try syncups("item", "add", "eng", "--blocker", "slow CI", "--owner", "ana").status == 0)
    #expect(try syncups("item", "resolve", "eng", "1", "--note", "faster now").status == 0)
    #expect(try syncups("item", "add", "eng", "--blocker", "waiting on keys", "--owner", "ana").status == 0)
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng", "--overtime"])
    #expect(meeting.waitForOutput(containing: #""event":"overtime""#))
    meeting.send("next")
    meeting.send("save")
    #expect(try meeting.finish().status == 0)
    #expect(try syncups("-q", "sync").status == 0)

    for event in events {
      let real = try #require(hooks.recorded(syncups, event)?.first, "no \(event) event")
      let sample = try syncups("hooks", "run", event, "--sample").output
      let realKeys = Self.keyPaths(try JSONSerialization.jsonObject(with: Data(real.utf8)))
      let sampleKeys = Self.keyPaths(try JSONSerialization.jsonObject(with: Data(sample.utf8)))
      #expect(sampleKeys == realKeys, "\(event): \(real)")
    }
    // The samples the examples use are the manual's: a speaker with an item on the agenda.
    let speaker = try hooks.object(try syncups("hooks", "run", "speaker-changed", "--sample").output)
    #expect(speaker["name"] as? String == "Ana")
    #expect((speaker["items"] as? [NSDictionary])?.first?["text"] as? String == "waiting on API keys")
  }

  @Test func withoutSampleItReadsOneJSONObjectNeverATerminal() throws {
    let syncups = try hooks.engineering()
    try hooks.installRecorders(syncups, for: ["item-opened"])
    let problems = [
      ("", "not valid JSON: expected a value, found the end of the file (at line 1, column 1)"),
      ("\n", "not valid JSON: expected a value, found the end of the file (at line 2, column 1)"),
      ("[1]", "expected an object, found an array (at the top level)"),
      (
        #"{"a":1} {"b":2}"#,
        "not valid JSON: found '{' after the end of the document (at line 1, column 9)"
      ),
    ]
    for (input, problem) in problems {
      let ran = try syncups("hooks", "run", "item-opened", input: input)
      #expect(ran.status == 65, "\(input)")
      #expect(ran.error == "Error: standard input is not the event's JSON object: \(problem)\n")
    }
    #expect(hooks.recorded(syncups, "item-opened") == nil)
    // Given as it came, line break and all.
    #expect(try syncups("hooks", "run", "item-opened", input: "{ \"id\": 1 }\n").status == 0)
    #expect(hooks.recorded(syncups, "item-opened") == [#"{ "id": 1 }"#])

    let terminal = try PseudoTerminalRun(syncups, ["hooks", "run", "item-opened"])
    #expect(terminal.wait() == 64)
    #expect(
      PseudoTerminalRun.visibleText(terminal.screen).contains(
        "'hooks run' reads the event's JSON object from standard input, which is a terminal: "
          + "give --sample, or pipe the object in"))
    #expect(hooks.recorded(syncups, "item-opened")?.count == 1)
  }

  /// A data repository with a hook of its own for `item-opened`, and where it lies.
  func repositoryWithHook() throws -> (SyncUpsRun, String) {
    let syncups = try hooks.engineering()
    let repository = (syncups.dataFile as NSString).deletingLastPathComponent
    #expect(try syncups("-q", "sync", "init").status == 0)
    let directory = repository + "/.syncups/hooks"
    try hooks.installRecorders(syncups, for: ["item-opened"], in: directory)
    return (syncups, directory)
  }

  func repositoryTrust(_ syncups: SyncUpsRun) throws -> String? {
    try hooks.object(try syncups("--json", "hooks", "list").output)["repositoryTrust"] as? String
  }

  @Test func trustShowsTheProgramsAndAsksFirst() throws {
    let (syncups, directory) = try repositoryWithHook()
    let refused = try syncups("hooks", "trust")
    #expect(refused.status == 64)
    #expect(
      refused.error.hasPrefix(
        "Error: refusing to trust the hooks in '\(directory)' without --yes: standard input is "
          + "not a terminal; read them, then run 'syncups hooks trust --yes'\n"))
    #expect(try repositoryTrust(syncups) == "untrusted")

    let program = try #require(FileManager.default.contents(atPath: directory + "/item-opened"))
    let declined = try PseudoTerminalRun(syncups, ["hooks", "trust"], columns: 200)
    #expect(declined.waitFor("Trust these hooks to run as you? [y/N]"))
    let review = PseudoTerminalRun.visibleText(declined.screen)
    #expect(review.contains("The hooks in '\(directory)' would run as you:"))
    #expect(
      review.contains(
        "item-opened \(directory)/item-opened \(program.count) bytes, SHA-256 "))
    #expect(review.contains("| #!/bin/sh | cat >> '\(hooks.recordDirectory(syncups))'/\"$SYNCUPS_EVENT.json\""))
    declined.type("n\r")
    #expect(declined.wait() == 0)
    #expect(PseudoTerminalRun.visibleText(declined.screen).contains("Nothing trusted."))
    #expect(try repositoryTrust(syncups) == "untrusted")

    let agreed = try PseudoTerminalRun(syncups, ["hooks", "trust"], columns: 200)
    #expect(agreed.waitFor("[y/N]"))
    agreed.type("yes\r")
    #expect(agreed.wait() == 0)
    #expect(try repositoryTrust(syncups) == "trusted")
  }

  @Test func anUnreadableTrustFileIsSaidAndKept() throws {
    let (syncups, directory) = try repositoryWithHook()
    let file = syncups.home.path + "/config/syncups/trusted-hooks.json"
    #expect(try syncups("hooks", "trust", "--yes").status == 0)
    // Paths are written as they are; a file written with escaped slashes still reads.
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.hasPrefix("{\n  \"\(directory)\" : \""))
    try written.replacingOccurrences(of: "/", with: "\\/").write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(try repositoryTrust(syncups) == "trusted")

    let corrupt = #"{"\#(directory)": 1}"#
    try corrupt.write(toFile: file, atomically: true, encoding: .utf8)
    let message =
      "cannot read the trusted hooks in '\(file)': expected a string, found a number "
      + "(at \(directory)); mend it, or remove it to trust no repository's hooks"
    for command in [["hooks", "trust", "--yes"], ["hooks", "untrust"]] {
      let failed = try syncups.run(command)
      #expect(failed.status == 65, "\(command)")
      #expect(failed.error == "Error: \(message)\n")
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == corrupt)
    let listed = try syncups("hooks", "list")
    #expect(
      listed.output.contains(
        "Repository hooks: \(directory) (\(message))\n"
          + "item-opened  \(directory)/item-opened  (not run: trust unreadable)\n"))
    #expect(try repositoryTrust(syncups) == "unreadable")
    #expect(try syncups("item", "add", "eng", "--action", "x").status == 0)
    #expect(hooks.recorded(syncups, "item-opened") == nil)
  }

  @Test func helpKnowsExtensionsAndAsksThemForTheirs() throws {
    let syncups = try hooks.engineering()
    let bin = syncups.home.path + "/bin"
    try hooks.writeProgram("printf '%s\\n' \"$0\" \"$@\"\n", at: bin + "/syncups-titles")
    let path = ["PATH": bin + ":/usr/bin:/bin"]
    let help = try syncups.run(["help", "titles"], environment: path)
    #expect(help.status == 0)
    #expect(help.output == "\(bin)/syncups-titles\n--help\n")
    #expect(try syncups.run(["__complete", "extensions"], environment: path).output == "titles\n")

    // With none installed, the help still says how to add one.
    let top = try syncups("--help")
    #expect(
      top.output.replacingOccurrences(of: "\n", with: " ").hasSuffix(
        "See 'syncups help <command>' for detailed help. A program named 'syncups-NAME' on PATH "
          + "adds the command NAME (see EXTENSIONS in syncups(1)). "))
    let unknown = try syncups("help", "titles")
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("Error: unknown command 'titles'"))
    #expect(try syncups("__complete", "extensions").output == "")
  }
}
