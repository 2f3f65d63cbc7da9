import ChildProcessSupport
import Foundation
import Testing

/// One person's machine in a team that shares sync-ups through git: a scratch home (see
/// ``SyncUpsRun``) whose data file is `<home>/team/sync-ups.json`, with git's global
/// configuration pointing into the scratch home too, so nothing reads or writes the real one.
final class Teammate {
  let run = SyncUpsRun()
  var directory: String { run.home.path + "/team" }
  var dataFile: String { directory + "/sync-ups.json" }

  var environment: [String: String] {
    [
      "SYNCUPS_FILE": dataFile, "GIT_CONFIG_GLOBAL": run.home.path + "/gitconfig",
      "GIT_CONFIG_NOSYSTEM": "1",
    ]
  }

  /// A meeting of `syncUp` run from a script on the immediate clock.
  func meeting(_ syncUp: String, _ script: String) throws -> SyncUpsRun.Result {
    try self("start", syncUp, input: script, environment: ["SYNCUPS_CLOCK": "immediate"])
  }

  @discardableResult
  func callAsFunction(
    _ arguments: String..., input: String = "", environment extra: [String: String] = [:]
  ) throws -> SyncUpsRun.Result {
    try run.run(arguments, input: input, environment: environment.merging(extra) { $1 })
  }

  /// `syncups --json sync`, checked to succeed, as a dictionary.
  func sync(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let result = try self("--json", "sync")
    #expect(result.status == 0, "\(result.error)", sourceLocation: sourceLocation)
    return try #require(try run.json(result) as? [String: Any], sourceLocation: sourceLocation)
  }

  /// git in the data file's directory, with this machine's environment.
  @discardableResult
  func git(_ arguments: String...) throws -> Outcome {
    try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git, arguments: (["-C", directory] + arguments).map { Array($0.utf8) },
        environment: run.environment(environment), directory: run.home.path, timeout: 120))
  }

  /// The sync-ups as `list --json` prints them.
  func syncUps() throws -> [[String: Any]] {
    let result = try self("list", "--json")
    #expect(result.status == 0, "\(result.error)")
    return try #require(try run.json(result) as? [[String: Any]])
  }

  func titles() throws -> [String] { try syncUps().compactMap { $0["title"] as? String } }

  var dataBytes: Data? { FileManager.default.contents(atPath: dataFile) }

  /// Rewrites the data file's `resolved` times as `time` (`2026-11-28T09:00:00Z`): an item
  /// resolved then, as `item resolve` would have written it at that moment.
  func backdateResolutions(to time: String) throws {
    let text = try #require(dataBytes.map { String(decoding: $0, as: UTF8.self) })
    try text.replacing(#/"resolved" : "[^"]*"/#, with: "\"resolved\" : \"\(time)\"")
      .write(toFile: dataFile, atomically: true, encoding: .utf8)
  }

  /// Names this machine's git identity `name`.
  func identify(as name: String) throws {
    try "[user]\n\tname = \(name)\n\temail = \(name.lowercased())@example.com\n"
      .write(toFile: run.home.path + "/gitconfig", atomically: true, encoding: .utf8)
  }

  /// The subjects of the commits on the current branch, newest first.
  func commitSubjects() throws -> [String] {
    try git("log", "--format=%s").stdoutText.split(separator: "\n").map(String.init)
  }
}

/// `text` with each time a conflict names (`Sat 28 Nov 2026, 09:30`, `2026-11-28T09:30:00Z`) as
/// `TIME`, and two changes of one second told as one made later: for changes made by commands
/// as a test runs, whose times it cannot know.
func withoutTimes(_ text: String) -> String {
  text.replacing(#/[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(:\d{2})?/#, with: "TIME")
    .replacing(#/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#, with: "TIME")
    .replacing("(made at the same time)", with: "(made later)")
}

/// `text`, a data file, without the `changed` objects that date each change a command made:
/// what it holds besides.
func withoutStamps(_ text: String) -> String {
  text.replacing(#/\n *"changed" : \{[^}]*\},/#, with: "")
}

/// A team of two sharing a bare repository on a local path, set up the way the README says:
/// Ana runs `sync init <remote>` and `sync`, Ben `sync init --clone <remote>`.
final class SyncTeam {
  let server = try! ScratchDirectory()
  var remote: String { server.path + "/team.git" }
  let ana = Teammate()
  let ben = Teammate()

  /// The team, sharing `titles` (added by Ana before she shares them).
  init(sharing titles: [String] = ["Engineering"]) throws {
    let created = try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git, arguments: [Array("init".utf8), Array("-q".utf8), Array("--bare".utf8), Array(remote.utf8)],
        environment: ana.run.environment(ana.environment), directory: server.path))
    #expect(created.status == 0, "\(created.stderrText)")
    for title in titles {
      #expect(try ana("add", "--title", title, "--attendee", "Ana", "--attendee", "Ben").status == 0)
    }
    let initialized = try ana("sync", "init", remote)
    #expect(initialized.status == 0, "\(initialized.error)")
    _ = try ana.sync()
    let cloned = try ben("sync", "init", "--clone", remote)
    #expect(cloned.status == 0, "\(cloned.error)")
  }

  /// Syncs both until they agree, then checks that they do: the same bytes, a file that
  /// decodes, and nothing left uncommitted on either side.
  func converge(sourceLocation: SourceLocation = #_sourceLocation) throws {
    _ = try ana.sync(sourceLocation: sourceLocation)
    _ = try ben.sync(sourceLocation: sourceLocation)
    _ = try ana.sync(sourceLocation: sourceLocation)
    #expect(ana.dataBytes == ben.dataBytes, sourceLocation: sourceLocation)
    for teammate in [ana, ben] {
      #expect(try teammate("list").status == 0, sourceLocation: sourceLocation)
      #expect(try teammate.git("status", "--porcelain").stdoutText == "", sourceLocation: sourceLocation)
    }
  }
}

@Suite("Sync end to end")
struct SyncEndToEndTests {
  static let git = "/usr/bin/git"

  // MARK: - Two teammates

  @Test func eachAddsASyncUpAndBothSeeBoth() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    let anaSync = try team.ana.sync()
    #expect(anaSync["committed"] as? String == "Add sync-up Design")
    #expect(anaSync["pushed"] as? Bool == true)
    let benSync = try team.ben.sync()
    #expect(benSync["committed"] as? String == "Add sync-up Retro")
    let received = try #require(benSync["received"] as? [String: Any])
    #expect((received["added"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Design"])
    #expect((received["changed"] as? [Any])?.isEmpty == true)
    #expect(benSync["pending"] as? Bool == false)
    let anaHuman = try team.ana("sync")
    #expect(anaHuman.status == 0)
    #expect(anaHuman.error == "Received from origin/master:\n  added 'Retro'\n")
    #expect(anaHuman.output == "")
    #expect(try team.ana("sync").error == "Up to date with origin/master.\n")
    try team.converge()
    #expect(Set(try team.ana.titles()) == ["Engineering", "Design", "Retro"])
    #expect(try team.ben.commitSubjects().contains("Add sync-up Retro"))
  }

  @Test func bothHoldAMeetingOfTheSameSyncUpAndBothHistoriesHoldBoth() throws {
    let team = try SyncTeam()
    #expect(try team.ana.meeting("engineering", "note From Ana\nsave\n").status == 0)
    #expect(try team.ben.meeting("engineering", "note From Ben\nnote Again\nsave\n").status == 0)
    #expect(try team.ana.sync()["committed"] as? String == "Meeting of Engineering, 1 note")
    let benSync = try team.ben.sync()
    #expect(benSync["committed"] as? String == "Meeting of Engineering, 2 notes")
    let meetings = try #require((benSync["received"] as? [String: Any])?["meetings"] as? [[String: Any]])
    #expect(meetings.count == 1)
    #expect((meetings.first?["syncUp"] as? [String: Any])?["title"] as? String == "Engineering")
    try team.converge()
    let transcripts = try team.ana.syncUps().first?["meetings"] as? [[String: Any]]
    #expect(Set(transcripts?.compactMap { $0["transcript"] as? String } ?? []) == [
      "Ana: From Ana", "Ana: From Ben\nAna: Again",
    ])
  }

  @Test func oneRenamesWhileTheOtherChangesTheLengthAndBothChangesStay() throws {
    let team = try SyncTeam()
    #expect(try team.ana("edit", "engineering", "--title", "Platform").status == 0)
    #expect(try team.ben("edit", "engineering", "--duration", "12m").status == 0)
    #expect(try team.ana.sync()["committed"] as? String == "Edit Platform")
    let benSync = try team.ben.sync()
    #expect((benSync["conflicts"] as? [Any])?.isEmpty == true)
    try team.converge()
    let syncUp = try #require(try team.ana.syncUps().first)
    #expect(syncUp["title"] as? String == "Platform")
    #expect(syncUp["duration"] as? Int == 720)
  }

  /// Ana raises two items; Ben rewords the first while Ana resolves it, and both resolve the
  /// second their own way: the first keeps both changes, the second is a reported conflict.
  @Test func itemsRaisedEditedAndResolvedOnBothMachinesMergeByID() throws {
    let team = try SyncTeam()
    for (kind, text) in [("--blocker", "waiting on API keys"), ("--action", "book the room")] {
      #expect(try team.ana("item", "add", "engineering", kind, text, "--owner", "ben").status == 0)
    }
    try team.converge()
    // Ana resolves first, Ben after her: his resolution is the later act, or made in the same
    // second, when the side committed later (his, merging) is kept.
    #expect(try team.ana("item", "resolve", "engineering", "1", "--note", "they came").status == 0)
    #expect(try team.ana("item", "resolve", "engineering", "2", "--note", "room 7").status == 0)
    #expect(
      try team.ben("item", "edit", "engineering", "1", "--text", "waiting on the prod keys")
        .status == 0)
    #expect(try team.ben("item", "resolve", "engineering", "2", "--note", "room 4").status == 0)
    _ = try team.ana.sync()
    let benSync = try team.ben("--json", "sync")
    #expect(benSync.status == 0, "\(benSync.error)")
    let conflicts = try #require(
      (try team.ben.run.json(benSync) as? [String: Any])?["conflicts"] as? [[String: Any]])
    #expect(conflicts.compactMap { $0["path"] as? String }.map { $0.split(separator: ".").last } == ["resolution"])
    try team.converge()
    let items = try #require(
      try team.ana.run.json(team.ana("--json", "items", "--all")) as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["waiting on the prod keys", "book the room"])
    #expect(items[0]["resolution"] as? String == "they came")
    #expect(items[0]["resolved"] != nil)
    #expect(items[1]["resolution"] as? String == "room 4")
  }

  @Test func bothRenameDifferentlyAndBothMachinesEndWithOneReportedTitle() throws {
    let team = try SyncTeam()
    #expect(try team.ana("edit", "engineering", "--title", "Platform").status == 0)
    #expect(try team.ben("edit", "engineering", "--title", "Infrastructure").status == 0)
    _ = try team.ana.sync()
    let benSync = try team.ben("--json", "sync")
    #expect(benSync.status == 0, "\(benSync.error)")
    let conflicts = try #require((try team.ben.run.json(benSync) as? [String: Any])?["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["path"] as? String == "title")
    #expect(conflicts.first?["kept"] as? String == "ours")
    // Ben renamed it after Ana (or in the same second, when his later sync wins the tie).
    #expect(
      withoutTimes(benSync.error)
        == "Conflict: Engineering: title changed to 'Infrastructure' here at TIME and 'Platform' "
        + "there at TIME; kept 'Infrastructure' (made later)\n")
    try team.converge()
    // Ben's change is the later one (or as late, and his own side wins a tie).
    #expect(try team.ana.titles() == ["Infrastructure"])
  }

  @Test func oneDeletesWhileTheOtherHoldsAMeetingAndTheSyncUpIsKeptAndReported() throws {
    let team = try SyncTeam()
    #expect(try team.ana("delete", "engineering", "--yes").status == 0)
    #expect(try team.ana.sync()["committed"] as? String == "Delete sync-up Engineering")
    #expect(try team.ben.meeting("engineering", "note Still here\nsave\n").status == 0)
    let benSync = try team.ben("--json", "sync")
    #expect(benSync.status == 0, "\(benSync.error)")
    let report = try #require(try team.ben.run.json(benSync) as? [String: Any])
    #expect((report["conflicts"] as? [Any])?.count == 1)
    try team.converge()
    let syncUps = try team.ana.syncUps()
    #expect(syncUps.map { $0["title"] as? String } == ["Engineering"])
    #expect((syncUps.first?["meetings"] as? [[String: Any]])?.first?["transcript"] as? String == "Ana: Still here")
  }

  /// Ana deletes a sync-up Ben has changed and pushed: her sync keeps it, and says that once,
  /// with whose change kept it, and not that it was added.
  @Test func aSyncUpDeletedHereAndChangedThereIsSaidToBeKeptNotAdded() throws {
    let team = try SyncTeam()
    try "[user]\n\tname = Ben\n\temail = ben@example.com\n"
      .write(toFile: team.ben.run.home.path + "/gitconfig", atomically: true, encoding: .utf8)
    #expect(try team.ben.meeting("engineering", "note Still here\nsave\n").status == 0)
    #expect(try team.ben("sync").status == 0)
    #expect(try team.ana("delete", "engineering", "--yes").status == 0)
    let anaSync = try team.ana("sync")
    #expect(anaSync.status == 0, "\(anaSync.error)")
    #expect(!anaSync.error.contains("added"))
    #expect(anaSync.error.contains("Conflict: kept 'Engineering': deleted here, changed by Ben\n"))
    #expect(try team.ana.titles() == ["Engineering"])
  }

  @Test func aConflictTravelsWithTheMergeCommitAndIsToldToTheTeammateWhoseChangeLost() throws {
    let team = try SyncTeam()
    for (teammate, name) in [(team.ana, "Ana"), (team.ben, "Ben")] {
      try "[user]\n\tname = \(name)\n\temail = \(name.lowercased())@example.com\n"
        .write(toFile: teammate.run.home.path + "/gitconfig", atomically: true, encoding: .utf8)
    }
    #expect(try team.ana("add", "--title", "Design").status == 0)
    _ = try team.ana.sync()
    _ = try team.ben.sync()
    // Ana deletes Design and renames Engineering; Ben changes both, and merges after her.
    #expect(try team.ana("delete", "design", "--yes").status == 0)
    #expect(try team.ana("edit", "engineering", "--title", "Platform").status == 0)
    _ = try team.ana.sync()
    #expect(try team.ben("edit", "design", "--duration", "10m").status == 0)
    #expect(try team.ben("edit", "engineering", "--title", "Infrastructure").status == 0)
    #expect(try team.ben("sync").status == 0)
    let received = try team.ana("sync")
    #expect(received.status == 0, "\(received.error)")
    #expect(
      withoutTimes(received.error)
        == """
        Received from origin/master:
          conflict merged by Ben: Engineering: title changed to 'Infrastructure' by Ben at TIME and 'Platform' here at TIME; kept 'Infrastructure' (made later)
          kept 'Design': deleted here, changed by Ben
          changed 'Infrastructure'

        """)
    #expect(try team.ana.titles() == ["Infrastructure", "Design"])
    let conflicts = try team.ana.git("log", "-1", "--format=%(trailers:key=Syncups-Conflict,valueonly)", "origin/master")
    #expect(conflicts.stdoutText.split(separator: "\n").count == 2)
  }

  @Test func keysThisVersionDoesNotKnowAreKeptThroughSyncs() throws {
    let team = try SyncTeam()
    // A newer syncups on Ana's machine wrote a key this one does not know.
    let text = try #require(team.ana.dataBytes.map { String(decoding: $0, as: UTF8.self) })
    try text.replacingOccurrences(of: "\"duration\" : 300,", with: "\"duration\" : 300,\n    \"room\" : \"Blue\",")
      .write(toFile: team.ana.dataFile, atomically: true, encoding: .utf8)
    #expect(try team.ana.sync()["committed"] as? String == "Edit Engineering")
    #expect(try team.ben("edit", "engineering", "--duration", "10m").status == 0)
    _ = try team.ben.sync()
    try team.converge()
    let file = try #require(team.ben.dataBytes.map { String(decoding: $0, as: UTF8.self) })
    #expect(file.contains("\"room\" : \"Blue\""))
    #expect(file.contains("\"duration\" : 600"))
  }

  @Test func aRunningMeetingSavesOntoTheMergedFile() throws {
    let team = try SyncTeam()
    #expect(try team.ben("add", "--title", "Design").status == 0)
    _ = try team.ben.sync()
    let meeting = try RunningSyncUps(team.ana.run, ["start", "engineering"], environment: team.ana.environment)
    meeting.send("note During the sync")
    #expect(meeting.waitForOutput(containing: "During the sync"))
    let anaSync = try team.ana.sync()
    #expect((anaSync["received"] as? [String: Any]).flatMap { $0["added"] as? [[String: Any]] }?.count == 1)
    meeting.send("save")
    #expect(try meeting.finish().status == 0)
    #expect(try team.ana.titles() == ["Engineering", "Design"])
    #expect((try team.ana.syncUps().first?["meetings"] as? [Any])?.count == 1)
    try team.converge()
  }

  // MARK: - Setting up

  @Test func aFreshRemoteGetsTheBranchWithItsUpstream() throws {
    let team = try SyncTeam()
    #expect(try team.ana.git("config", "branch.master.remote").stdoutText == "origin\n")
    #expect(try team.ana.commitSubjects() == ["Add sync-up Engineering", "Share sync-ups through git"])
    #expect(try team.ben.titles() == ["Engineering"])
    let attributes = try String(contentsOfFile: team.ben.directory + "/.gitattributes", encoding: .utf8)
    #expect(attributes == "/sync-ups.json merge=syncups\n")
    let driver = try team.ben.git("config", "merge.syncups.driver").stdoutText
    #expect(driver == "'\(SyncUpsRun.binary)' merge-driver %O %A %B %P\n")
    // The driver follows syncups when it moves: every sync writes where it now is.
    #expect(try team.ben.git("config", "merge.syncups.driver", "'/old/syncups' merge-driver %O %A %B").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ben.git("config", "merge.syncups.driver").stdoutText == driver)
    // Also when the configuration says more than a plain reading of the file can follow.
    let included = team.ben.run.home.path + "/included"
    try "[merge \"syncups\"]\n\tdriver = '/elsewhere/syncups' merge-driver %O %A %B\n"
      .write(toFile: included, atomically: true, encoding: .utf8)
    #expect(try team.ben.git("config", "include.path", included).status == 0)
    #expect(try team.ben.git("config", "--unset", "merge.syncups.driver").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ben.git("config", "--local", "merge.syncups.driver").stdoutText == driver)
  }

  @Test func aCorruptLocalFileIsNeitherCommittedNorChanged() throws {
    let team = try SyncTeam()
    try "[{\"title\": \n".write(toFile: team.ana.dataFile, atomically: true, encoding: .utf8)
    let before = team.ana.dataBytes
    let commits = try team.ana.commitSubjects()
    let result = try team.ana("sync")
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: cannot decode '\(team.ana.dataFile)'"))
    // No sync was killed: there is nothing for a sync to recover.
    #expect(!result.error.contains("syncups sync"))
    #expect(team.ana.dataBytes == before)
    #expect(try team.ana.commitSubjects() == commits)
  }

  @Test func syncInitTwiceChangesNothingTheSecondTime() throws {
    let ana = Teammate()
    #expect(try ana("add", "--title", "Design").status == 0)
    let first = try ana("sync", "init")
    #expect(first.status == 0, "\(first.error)")
    #expect(first.error.contains("Committed: Add sync-up Design"))
    let commits = try ana.commitSubjects()
    let second = try ana("--json", "sync", "init", "/srv/git/team.git")
    #expect(second.status == 0, "\(second.error)")
    let report = try #require(try ana.run.json(second) as? [String: Any])
    #expect((report["committed"] as? [Any])?.isEmpty == true)
    #expect(report["remote"] as? String == "/srv/git/team.git")
    #expect(try ana.commitSubjects() == commits)
    // A relative path is the team's repository as seen from here, not from the data file.
    #expect(try ana("sync", "init", "shared/team.git").status == 0)
    #expect(try ana.git("remote", "get-url", "origin").stdoutText == ana.run.home.path + "/shared/team.git\n")
    #expect(try String(contentsOfFile: ana.directory + "/.gitignore", encoding: .utf8) == "/.sync-ups.json.lock\n/.sync-ups.json.tmp-*\n")
    #expect(try ana.git("status", "--porcelain").stdoutText == "")
  }

  @Test func anotherRemoteReplacesAnUnusedOriginAndSaysSoButASyncedOneOnlyWithForce() throws {
    let ana = Teammate()
    #expect(try ana("sync", "init", "/srv/git/typo.git").status == 0)
    let replaced = try ana("sync", "init", "/srv/git/team.git")
    #expect(replaced.status == 0, "\(replaced.error)")
    #expect(replaced.error.contains("Origin changed from '/srv/git/typo.git' to '/srv/git/team.git'.\n"))
    let team = try SyncTeam()
    let other = try ScratchDirectory()
    #expect(try team.ana.git("init", "-q", "--bare", other.path + "/other.git").status == 0)
    let refused = try team.ana("--json", "sync", "init", other.path + "/other.git")
    #expect(refused.status == 1)
    #expect(
      refused.error
        == "Error: origin is already '\(team.remote)', which this repository has synced with; to "
        + "share through '\(other.path)/other.git' instead, run 'syncups sync init --force "
        + "\(other.path)/other.git' (the sync-ups stay, and the next sync merges them with what "
        + "'\(other.path)/other.git' holds)\n")
    #expect(try team.ana.git("remote", "get-url", "origin").stdoutText == team.remote + "\n")
    // The object comes on the refusal too: what stands, and why nothing changed.
    let refusal = try #require(try team.ana.run.json(refused) as? [String: Any])
    #expect(refusal["error"] as? String == String(refused.error.dropFirst("Error: ".count).dropLast()))
    #expect(refusal["repository"] as? String == team.ana.directory)
    #expect(refusal["remote"] as? String == team.remote)
    #expect(refusal["previousRemote"] is NSNull)
    #expect((refusal["committed"] as? [Any])?.isEmpty == true)
    let forced = try team.ana("--json", "sync", "init", "--force", other.path + "/other.git")
    #expect(forced.status == 0, "\(forced.error)")
    let report = try #require(try team.ana.run.json(forced) as? [String: Any])
    #expect(report["previousRemote"] as? String == team.remote)
    #expect(report["remote"] as? String == other.path + "/other.git")
    // The new origin gets everything on the next sync.
    #expect(try team.ana.sync()["pushed"] as? Bool == true)
    let carol = Teammate()
    #expect(try carol("sync", "init", "--clone", other.path + "/other.git").status == 0)
    #expect(try carol.titles() == ["Engineering"])
    #expect(try ana("sync", "--force").status == 64)
  }

  @Test func cloningKeepsTheSyncUpsAlreadyHere() throws {
    let team = try SyncTeam()
    let carol = Teammate()
    #expect(try carol("add", "--title", "Local").status == 0)
    // Her own ignore file makes her first commit differ from Ana's: no history in common.
    try "/notes.txt\n".write(toFile: carol.directory + "/.gitignore", atomically: true, encoding: .utf8)
    let cloned = try carol("sync", "init", "--clone", team.remote)
    #expect(cloned.status == 0, "\(cloned.error)")
    #expect(Set(try carol.titles()) == ["Engineering", "Local"])
    #expect(try carol.git("log", "-1", "--format=%s").stdoutText == "Merge sync-ups from origin/master\n")
    #expect(try String(contentsOfFile: carol.directory + "/.gitignore", encoding: .utf8).hasPrefix("/notes.txt\n"))
    #expect(try carol.git("status", "--porcelain").stdoutText == "")
    #expect(try carol.sync()["pushed"] as? Bool == true)
    _ = try team.ana.sync()
    #expect(Set(try team.ana.titles()) == ["Engineering", "Local"])
  }

  @Test func aTitleArrivingBesideTheSameTitleIsWarnedOfAndReferencesSayToUseAnID() throws {
    let team = try SyncTeam()
    let carol = Teammate()
    #expect(try carol("add", "--title", "Engineering").status == 0)
    let mine = try #require(try carol.syncUps().first?["id"] as? String).prefix(8)
    let cloned = try carol("sync", "init", "--clone", team.remote)
    #expect(cloned.status == 0, "\(cloned.error)")
    let ids = try carol.syncUps().compactMap { ($0["id"] as? String)?.prefix(8) }
    #expect(ids.count == 2)
    let theirs = try #require(ids.first { $0 != mine })
    #expect(
      cloned.error.hasSuffix(
        "Warning: another sync-up has the title 'Engineering' too (\(mine)); name this one by its id, \(theirs).\n"))
    let shown = try carol("show", "engineering")
    #expect(shown.status == 1)
    #expect(shown.error.hasPrefix("Error: 2 sync-ups are titled 'Engineering':\n"))
    #expect(shown.error.contains("\nUse an id (the short ids above will do), or rename one: 'syncups edit ID --title …'.\n"))
    // The same on a sync that brings a title in.
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ana("add", "--title", "Retro").status == 0)
    let synced = try team.ana("sync")
    #expect(synced.status == 0)
    #expect(synced.error.contains("Warning: another sync-up has the title 'Retro' too ("))
  }

  @Test func commitsUseThePersonsIdentityElseAFallbackAndNeverChangeTheirConfiguration() throws {
    let ana = Teammate()
    #expect(try ana("add", "--title", "Design").status == 0)
    #expect(try ana("sync", "init").status == 0)
    #expect(try ana.git("log", "-1", "--format=%an <%ae>").stdoutText == "syncups <syncups@localhost>\n")
    #expect(try ana.git("config", "--local", "user.name").status == 1)

    let ben = Teammate()
    let configuration = "[user]\n\tname = Ben\n\temail = ben@example.com\n"
    try configuration.write(toFile: ben.run.home.path + "/gitconfig", atomically: true, encoding: .utf8)
    #expect(try ben("add", "--title", "Design").status == 0)
    #expect(try ben("sync", "init").status == 0)
    #expect(try ben.git("log", "-1", "--format=%an <%ae>").stdoutText == "Ben <ben@example.com>\n")
    #expect(try String(contentsOfFile: ben.run.home.path + "/gitconfig", encoding: .utf8) == configuration)
  }

  /// `sync` run from another repository's git hook inherits `GIT_DIR`, `GIT_WORK_TREE` and
  /// `GIT_INDEX_FILE`: it still commits, merges and pushes the data file's repository, and
  /// leaves the other one as it was.
  @Test func aSyncFromAnotherRepositorysHookWorksOnTheDataRepository() throws {
    let team = try SyncTeam()
    let other = team.ana.run.home.path + "/app"
    for arguments in [
      ["init", "-q", other], ["-C", other, "commit", "-q", "--allow-empty", "-m", "App"],
    ] {
      let outcome = try ChildProcess.run(
        Invocation(
          program: Self.git, arguments: arguments.map { Array($0.utf8) },
          environment: team.ana.run.environment(
            team.ana.environment.merging([
              "GIT_AUTHOR_NAME": "Ana", "GIT_AUTHOR_EMAIL": "ana@example.com",
              "GIT_COMMITTER_NAME": "Ana", "GIT_COMMITTER_EMAIL": "ana@example.com",
            ]) { $1 }),
          directory: team.ana.run.home.path))
      #expect(outcome.status == 0, "\(outcome.stderrText)")
    }
    let hook = [
      "GIT_DIR": other + "/.git", "GIT_WORK_TREE": other, "GIT_INDEX_FILE": other + "/.git/index",
      "GIT_PREFIX": "",
    ]
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let result = try team.ana("sync", environment: hook)
    #expect(result.status == 0, "\(result.error)")
    #expect(try team.ana.commitSubjects().first == "Add sync-up Design")
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
    #expect(try team.ben("sync", environment: hook).status == 0)
    #expect(Set(try team.ben.titles()) == ["Engineering", "Design"])
    let log = try ChildProcess.run(
      Invocation(
        program: Self.git, arguments: ["-C", other, "log", "--format=%s", "--all"].map { Array($0.utf8) },
        environment: team.ana.run.environment(team.ana.environment), directory: other))
    #expect(log.stdoutText == "App\n")
    #expect(!FileManager.default.fileExists(atPath: other + "/.gitattributes"))
  }

  @Test func withoutARemoteSyncCommitsLocallyAndSaysSo() throws {
    let ana = Teammate()
    #expect(try ana("sync", "init").status == 0)
    #expect(try ana("add", "--title", "Design").status == 0)
    #expect(try ana("add", "--title", "Retro").status == 0)
    #expect(try ana("edit", "design", "--duration", "10m").status == 0)
    let result = try ana("sync")
    #expect(result.status == 0)
    #expect(result.error.contains("Committed: Update sync-ups: 2 added\n"))
    #expect(result.error.contains("No remote to sync with"))
    let version = String(try ana("version").output.split(separator: " ").last!.dropLast())
    #expect(
      try ana.git("log", "-1", "--format=%B").stdoutText
        == "Update sync-ups: 2 added\n\n- Add sync-up Design\n- Add sync-up Retro\n\n"
        + "Syncups-Version: \(version)\n\n")
  }

  // MARK: - Failures

  @Test func offlineTheChangeIsCommittedAndPendingAndTheNextSyncPushesIt() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    try FileManager.default.moveItem(atPath: team.remote, toPath: team.remote + ".away")
    let offline = try team.ana("--json", "sync")
    #expect(offline.status == 1)
    #expect(
      offline.error.hasSuffix(
        "Error: cannot reach 'origin': '\(team.remote)' does not appear to be a git repository; your "
          + "changes are committed locally and the push is pending: run 'syncups sync' again when "
          + "'origin' can be reached\n"))
    let report = try #require(try team.ana.run.json(offline) as? [String: Any])
    #expect(report["pending"] as? Bool == true)
    #expect(report["pushed"] as? Bool == false)
    #expect(report["committed"] as? String == "Add sync-up Design")
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
    try FileManager.default.moveItem(atPath: team.remote + ".away", toPath: team.remote)
    let online = try team.ana.sync()
    #expect(online["pushed"] as? Bool == true)
    #expect(online["committed"] is NSNull)
    #expect(online["pending"] as? Bool == false)
    _ = try team.ben.sync()
    #expect(try team.ben.titles() == ["Engineering", "Design"])
  }

  @Test func syncOutsideARepositorySaysToRunSyncInit() throws {
    let ana = Teammate()
    #expect(try ana("add", "--title", "Design").status == 0)
    let before = ana.dataBytes
    let result = try ana("sync")
    #expect(result.status == 1)
    #expect(
      result.error == "Error: '\(ana.directory)' is not in a git repository; run 'syncups sync init [REMOTE]' first (or 'syncups sync init --clone URL' to join a team's repository)\n")
    #expect(ana.dataBytes == before)
    #expect(!FileManager.default.fileExists(atPath: ana.directory + "/.git"))
  }

  @Test func withoutGitSyncSaysToInstallIt() throws {
    let ana = Teammate()
    let result = try ana("sync", "init", environment: ["PATH": ana.run.home.path])
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("Error: git is not installed: no 'git' on PATH."))
  }

  @Test func syncWhileAnotherProcessHoldsTheLockExits75AndCommitsNothing() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let commits = try team.ana.commitSubjects()
    let descriptor = open(team.ana.directory + "/.sync-ups.json.lock", O_RDWR | O_CREAT, 0o600)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX) == 0)
    let result = try team.ana("sync", environment: ["SYNCUPS_LOCK_TIMEOUT": "0.3"])
    #expect(result.status == 75)
    #expect(result.error.hasPrefix("Error: cannot lock '\(team.ana.dataFile)'"))
    #expect(try team.ana.commitSubjects() == commits)
    flock(descriptor, LOCK_UN)
    #expect(try team.ana.sync()["committed"] as? String == "Add sync-up Design")
  }

  @Test func aTeammatesCorruptFileIsNeverMergedAndIsNamedByItsCommitAndAuthor() throws {
    let team = try SyncTeam()
    try "not json\n".write(toFile: team.ben.dataFile, atomically: true, encoding: .utf8)
    #expect(try team.ben.git("-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qam", "Break it").status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)
    let commit = try team.ben.git("rev-parse", "--short", "HEAD").stdoutText.dropLast()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let result = try team.ana("--json", "sync")
    #expect(result.status == 65)
    let message =
      "cannot merge the sync-ups from origin/master: 'sync-ups.json' as commit \(commit) by Ben "
      + "<ben@example.com> left it is not a valid data file (not valid JSON: expected a value, "
      + "found 'n' (at line 1, column 1)); "
      + "the merge was aborted, and your changes are committed locally. To recover, revert "
      + "\(commit) on the remote ('git revert \(commit)' in a clone of it, then push) and run "
      + "'syncups sync' again"
    #expect(result.error == "Error: \(message)\n")
    // The object comes on failures too, saying what was done before and what failed.
    let report = try #require(try team.ana.run.json(result) as? [String: Any])
    #expect(report["error"] as? String == message)
    #expect(report["committed"] as? String == "Add sync-up Design")
    #expect(report["pending"] as? Bool == true)
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
    #expect(try team.ana.git("rev-parse", "-q", "--verify", "MERGE_HEAD").status != 0)
    #expect(try team.ana.titles() == ["Engineering", "Design"])
    #expect(try team.ana.commitSubjects().first == "Add sync-up Design")
    // Recovering as the message says.
    #expect(try team.ben.git("-c", "user.name=Ben", "-c", "user.email=ben@example.com", "revert", "--no-edit", String(commit)).status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)
    #expect(try team.ana.sync()["pushed"] as? Bool == true)
  }

  @Test func gitsOwnReasonIsGivenWithTheFilesItNames() throws {
    let team = try SyncTeam()
    // A file of Ben's beside the data file, which Ana has changed without committing it.
    try "int main(void) { return 0; }\n".write(toFile: team.ben.directory + "/main.c", atomically: true, encoding: .utf8)
    #expect(try team.ben.git("add", "main.c").status == 0)
    #expect(try team.ben.git("-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qm", "Add main.c").status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)
    _ = try team.ana.sync()
    try "int main(void) { return 1; }\n".write(toFile: team.ana.directory + "/main.c", atomically: true, encoding: .utf8)
    try "int main(void) { return 2; }\n".write(toFile: team.ben.directory + "/main.c", atomically: true, encoding: .utf8)
    #expect(try team.ben.git("-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qam", "Change main.c").status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let result = try team.ana("sync")
    #expect(result.status == 1)
    #expect(
      result.error.hasSuffix(
        "Error: cannot merge the sync-ups from origin/master: Your local changes to the following "
          + "files would be overwritten by merge: main.c; the merge was aborted, and your changes "
          + "are committed locally\n"))
    #expect(try String(contentsOfFile: team.ana.directory + "/main.c", encoding: .utf8) == "int main(void) { return 1; }\n")
  }

  @Test func aSyncInitThatFailsStillPrintsItsObject() throws {
    let ana = Teammate()
    #expect(try ana("add", "--title", "Design").status == 0)
    let missing = ana.run.home.path + "/missing.git"
    let clone = try ana("--json", "sync", "init", "--clone", missing)
    #expect(clone.status == 1)
    let cloneReport = try #require(try ana.run.json(clone) as? [String: Any])
    #expect(
      cloneReport["error"] as? String
        == "cannot reach '\(missing)': '\(missing)' does not appear to be a git repository")
    #expect(clone.error == "Error: \(cloneReport["error"] as? String ?? "")\n")
    #expect(cloneReport["repository"] is NSNull)
    #expect(cloneReport["remote"] is NSNull)
    #expect((cloneReport["committed"] as? [Any])?.isEmpty == true)
    #expect(!FileManager.default.fileExists(atPath: ana.directory + "/.git"))
    // A data file that cannot be read: status 65 as always, the object all the same.
    try "[{\"title\": \n".write(toFile: ana.dataFile, atomically: true, encoding: .utf8)
    let initialized = try ana("--json", "sync", "init", missing)
    #expect(initialized.status == 65)
    let report = try #require(try ana.run.json(initialized) as? [String: Any])
    #expect((report["error"] as? String)?.hasPrefix("cannot decode '\(ana.dataFile)'") == true)
    #expect(report["repository"] is NSNull)
    #expect(report["remote"] is NSNull)
    #expect(report["previousRemote"] is NSNull)
  }

  @Test func aSyncThatCannotStartStillPrintsItsObject() throws {
    let ana = Teammate()
    #expect(try ana("add", "--title", "Design").status == 0)
    let result = try ana("--json", "sync")
    #expect(result.status == 1)
    let report = try #require(try ana.run.json(result) as? [String: Any])
    #expect((report["error"] as? String)?.hasPrefix("'\(ana.directory)' is not in a git repository") == true)
    #expect(report["pushed"] as? Bool == false)
    #expect(report["committed"] is NSNull)
  }

  @Test func aPushRejectedBecauseSomeonePushedFirstIsMergedAndPushedAgain() throws {
    let team = try SyncTeam()
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    #expect(try team.ben.git("-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qam", "Add Retro").status == 0)
    // Ben pushes between Ana's fetch and her push: a git on PATH that pushes his commit first.
    let bin = team.ana.run.home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let marker = team.ana.run.home.path + "/raced"
    try """
      #!/bin/sh
      for word in "$@"; do
        if [ "$word" = push ] && [ ! -e '\(marker)' ]; then
          touch '\(marker)'
          \(Self.git) -C '\(team.ben.directory)' push -q origin HEAD:refs/heads/master
        fi
      done
      exec \(Self.git) "$@"

      """.write(toFile: bin + "/git", atomically: true, encoding: .utf8)
    #expect(chmod(bin + "/git", 0o755) == 0)
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let result = try team.ana("--json", "sync", environment: ["PATH": bin + ":/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.error)")
    #expect(FileManager.default.fileExists(atPath: marker))
    let report = try #require(try team.ana.run.json(result) as? [String: Any])
    #expect(report["pushed"] as? Bool == true)
    #expect(((report["received"] as? [String: Any])?["added"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Retro"])
    try team.converge()
    #expect(Set(try team.ben.titles()) == ["Engineering", "Design", "Retro"])
  }

  @Test func aRemoteThatRefusesThePushLeavesItPending() throws {
    let team = try SyncTeam()
    let hook = team.remote + "/hooks/pre-receive"
    try "#!/bin/sh\necho 'closed for the holidays' >&2\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
    #expect(chmod(hook, 0o755) == 0)
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let result = try team.ana("--json", "sync")
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("Error: cannot push to 'origin': "))
    #expect(result.error.hasSuffix("; your changes are committed locally and the push is pending\n"))
    #expect((try team.ana.run.json(result) as? [String: Any])?["pending"] as? Bool == true)
    #expect(try team.ana.commitSubjects().first == "Add sync-up Design")
  }

  @Test func cloneOptionAndActionsAreCheckedBeforeAnythingRuns() throws {
    let ana = Teammate()
    let stray = try ana("sync", "--clone", "/srv/team.git")
    #expect(stray.status == 64)
    #expect(stray.error.hasPrefix("Error: '--clone' is an option of 'sync init'"))
    let both = try ana("sync", "init", "/a.git", "--clone", "/b.git")
    #expect(both.status == 64)
    let typo = try ana("sync", "iint")
    #expect(typo.status == 64)
    #expect(
      typo.error.hasPrefix(
        "Error: unknown argument 'iint' (expected 'init', or nothing to sync). Did you mean 'sync init'?\n"))
    #expect(!FileManager.default.fileExists(atPath: ana.directory))
  }
}

/// What `sync` and `sync init` say about items, hooks, time away and branches.
extension SyncEndToEndTests {
  /// Items opened and resolved are said in the commit, in what arrives and in `received`.
  @Test func syncSaysHowManyItemsWereOpenedAndResolved() throws {
    let team = try SyncTeam()
    for text in ["keys", "VPN", "laptop"] {
      #expect(try team.ana("item", "add", "engineering", "--blocker", text).status == 0)
    }
    #expect(try team.ana.sync()["committed"] as? String == "Edit Engineering (3 new items)")
    _ = try team.ben.sync()
    #expect(try team.ana("item", "add", "engineering", "--action", "notes").status == 0)
    #expect(try team.ana("item", "resolve", "engineering", "1").status == 0)
    #expect(
      try team.ana.sync()["committed"] as? String == "Edit Engineering (1 new item, 1 resolved)")
    let received = try team.ben("sync")
    #expect(received.status == 0, "\(received.error)")
    #expect(
      received.error == """
        Received from origin/master:
          changed 'Engineering' (1 new item, 1 resolved)

        """)
    #expect(try team.ana("item", "resolve", "engineering", "2").status == 0)
    _ = try team.ana.sync()
    let json = try #require(try team.ben.sync()["received"] as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["VPN"])
    #expect(items.map { $0["change"] as? String } == ["resolved"])
    #expect(items.map { $0["kind"] as? String } == ["blocker"])
    #expect(
      (items.first?["syncUp"] as? [String: Any])?["title"] as? String == "Engineering")
  }

  /// Repository hooks that arrive by `sync` are said, and that they run only once trusted;
  /// a change to them, that they stop until trusted again.
  @Test func hooksThatArriveOrChangeAreSaid() throws {
    let team = try SyncTeam()
    let hooks = team.ana.directory + "/.syncups/hooks"
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try "#!/bin/sh\nexit 0\n".write(toFile: hooks + "/synced", atomically: true, encoding: .utf8)
    chmod(hooks + "/synced", 0o755)
    #expect(try team.ana.git("add", ".syncups").status == 0)
    #expect(
      try team.ana.git(
        "-c", "user.name=Ana", "-c", "user.email=ana@example.com", "commit", "-qm", "Add a hook"
      ).status == 0)
    _ = try team.ana.sync()
    let arrived = try team.ben("sync")
    #expect(arrived.status == 0, "\(arrived.error)")
    let benHooks = team.ben.directory + "/.syncups/hooks"
    #expect(
      arrived.error == """
        Received from origin/master:
          hooks arrived in '\(benHooks)': they run only once trusted ('syncups hooks trust' shows them first)

        """)
    #expect(try team.ben("hooks", "trust", "--yes").status == 0)
    try "#!/bin/sh\necho changed\n".write(toFile: hooks + "/synced", atomically: true, encoding: .utf8)
    #expect(
      try team.ana.git(
        "-c", "user.name=Ana", "-c", "user.email=ana@example.com", "commit", "-qam", "Change it"
      ).status == 0)
    _ = try team.ana.sync()
    let changed = try team.ben.sync()
    let received = try #require(changed["received"] as? [String: Any])
    let said = try #require(received["hooks"] as? [String: Any])
    #expect(said["directory"] as? String == benHooks)
    #expect(said["new"] as? Bool == false)
    #expect(said["trusted"] as? Bool == false)
  }

  /// Two teammates each announce time away for Cy on days that overlap: the sync that brings
  /// them together says so.
  @Test func overlappingTimeAwayArrivingBySyncIsSaid() throws {
    let team = try SyncTeam()
    #expect(
      try team.ana("away", "engineering", "ben", "--from", "2099-12-01", "--to", "2099-12-04")
        .status == 0)
    _ = try team.ana.sync()
    #expect(
      try team.ben("away", "engineering", "ben", "--from", "2099-12-03", "--to", "2099-12-08")
        .status == 0)
    let merged = try team.ben("sync")
    #expect(merged.status == 0, "\(merged.error)")
    #expect(
      merged.error.contains(
        "  time away for Ben in 'Engineering' overlaps: from Thu 3 Dec 2099 to Tue 8 Dec 2099; "
          + "from Tue 1 Dec 2099 to Fri 4 Dec 2099 (cancel what is not so: 'syncups away "
          + "SYNC-UP NAME --cancel --from DAY')\n"))
  }

  /// `sync init URL` on a machine whose git names new branches master syncs with the
  /// remote's main, which its HEAD names; `sync init --clone` says what it brought in.
  @Test func syncInitUsesTheRemotesDefaultBranchAndCloneSaysWhatArrived() throws {
    let server = try ScratchDirectory()
    let remote = server.path + "/team.git"
    let ana = Teammate()
    func git(_ arguments: String..., in directory: String) throws -> Outcome {
      try ChildProcess.run(
        Invocation(
          program: Self.git, arguments: arguments.map { Array($0.utf8) },
          environment: ana.run.environment(ana.environment), directory: directory, timeout: 120))
    }
    #expect(try git("init", "-q", "--bare", "-b", "main", remote, in: server.path).status == 0)
    // Someone put a README on main first.
    let seed = server.path + "/seed"
    #expect(try git("init", "-q", "-b", "main", seed, in: server.path).status == 0)
    try "Team notes\n".write(toFile: seed + "/README", atomically: true, encoding: .utf8)
    #expect(try git("add", "README", in: seed).status == 0)
    #expect(
      try git(
        "-c", "user.name=Seed", "-c", "user.email=seed@example.com", "commit", "-q", "-m", "Start",
        in: seed
      ).status == 0)
    #expect(try git("push", "-q", remote, "main", in: seed).status == 0)

    #expect(try ana("add", "--title", "Engineering", "--attendee", "Ana").status == 0)
    #expect(try ana("sync", "init", remote).status == 0)
    let synced = try ana("sync")
    #expect(synced.status == 0, "\(synced.error)")
    #expect(synced.error.hasSuffix("Pushed to origin/main.\n"))
    let heads = try git("ls-remote", "--heads", remote, in: server.path).stdoutText
    #expect(heads.hasSuffix("\trefs/heads/main\n") && !heads.contains("master"))

    let ben = Teammate()
    #expect(try ben("add", "--title", "Design", "--attendee", "Ben").status == 0)
    let cloned = try ben("sync", "init", "--clone", remote)
    #expect(cloned.status == 0, "\(cloned.error)")
    #expect(cloned.error.contains("Received from origin/main:\n  added 'Engineering'\n"))
  }
}
