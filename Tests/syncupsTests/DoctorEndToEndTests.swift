import ChildProcessSupport
import Foundation
import Testing

/// `doctor` on the clones of a team: real git, a bare remote on a local path.
@Suite("Doctor end to end")
struct DoctorEndToEndTests {
  /// `doctor --json` with `arguments`, checked to exit with `status`: its object.
  func doctor(
    _ teammate: Teammate, _ arguments: String..., status: Int32,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    let result = try teammate.run.run(
      ["--json", "doctor"] + arguments, environment: teammate.environment)
    #expect(result.status == status, "\(result.error)", sourceLocation: sourceLocation)
    return try #require(try teammate.run.json(result) as? [String: Any], sourceLocation: sourceLocation)
  }

  /// Each check as `name: status`.
  func statuses(_ report: [String: Any]) -> [String] {
    (report["checks"] as? [[String: Any]] ?? []).map {
      "\($0["name"] as? String ?? "?"): \($0["status"] as? String ?? "?")"
    }
  }

  func check(_ name: String, in report: [String: Any]) -> [String: Any]? {
    (report["checks"] as? [[String: Any]])?.first { $0["name"] as? String == name }
  }

  func version(_ teammate: Teammate) throws -> String {
    String(try teammate("version").output.split(separator: " ").last!.dropLast())
  }

  @Test func aHealthyCloneIsAllOkAndNamesTheVersionEachTeammateSyncedWith() throws {
    let team = try SyncTeam()
    let report = try doctor(team.ben, status: 0)
    #expect(statuses(report) == [
      "data file: ok", "format: ok", "repository: ok", "merge: ok", "lock: ok", "temporary files: ok",
      "merge driver: ok", "attributes: ok", "remote: ok", "versions: ok", "hooks: ok",
    ])
    #expect(report["ok"] as? Bool == true)
    #expect(check("remote", in: report)?["message"] as? String == "'origin' answers")
    #expect(check("remote", in: report)?["fix"] is NSNull)
    let teammates = report["teammates"] as? [[String: Any]]
    #expect(teammates?.map { $0["name"] as? String } == ["syncups"])
    #expect(teammates?.map { $0["version"] as? String } == [try version(team.ben)])
    let human = try team.ben("doctor", "--offline")
    #expect(human.status == 0)
    let lines = human.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "ok    data file: '\(team.ben.dataFile)' decodes (1 sync-up)")
    #expect(lines.contains("ok    remote: origin/master, not checked (--offline)"))
    #expect(lines.contains("ok    versions: syncups \(try version(team.ben))"))
    #expect(!human.output.contains("fix:"))
  }

  @Test func aPlainCloneFailsForWantOfTheDriverUntilSyncInit() throws {
    let plain = try PlainGitTeam()
    let carl = plain.carl
    #expect(try carl("add", "--title", "Design").status == 0)
    #expect(try carl.gitAsCarl("commit", "-qam", "Add Design").status == 0)
    let report = try doctor(carl, "--offline", status: 1)
    #expect(report["ok"] as? Bool == false)
    #expect(statuses(report).contains("merge driver: fail"))
    #expect(
      check("merge driver", in: report)?["fix"] as? String
        == "run 'syncups sync init' (it registers the driver)")
    // A commit made with plain git says no version.
    let teammates = report["teammates"] as? [[String: Any]]
    #expect(teammates?.map { $0["name"] as? String } == ["Carl", "syncups"])
    #expect(teammates?.first?["version"] is NSNull)
    let human = try carl("doctor", "--offline")
    #expect(human.status == 1)
    #expect(human.output.contains(
      "fail  merge driver: not registered in this clone: git merges the data file line by line, "
        + "with conflict markers\n      fix: run 'syncups sync init' (it registers the driver)\n"))
    #expect(human.output.contains("ok    versions: Carl unknown, syncups \(try version(carl))\n"))
    #expect(try carl("sync", "init").status == 0)
    _ = try doctor(carl, "--offline", status: 0)
  }

  @Test func theRepositorysUntrustedHooksAreAWarningUntilTrusted() throws {
    let team = try SyncTeam()
    let hooks = team.ben.directory + "/.syncups/hooks"
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try "#!/bin/sh\nexit 0\n".write(toFile: hooks + "/synced", atomically: true, encoding: .utf8)
    #expect(chmod(hooks + "/synced", 0o755) == 0)
    let report = try doctor(team.ben, "--offline", status: 0)
    #expect(statuses(report).filter { !$0.hasSuffix(": ok") } == ["hooks: warn"])
    #expect(report["ok"] as? Bool == true)
    #expect(check("hooks", in: report)?["message"] as? String
      == "the repository's hooks are untrusted, and do not run")
    #expect(check("hooks", in: report)?["fix"] as? String
      == "read them ('syncups hooks list'), then 'syncups hooks trust'")
    #expect(try team.ben("hooks", "trust", "--yes").status == 0)
    let trusted = try doctor(team.ben, "--offline", status: 0)
    #expect(check("hooks", in: trusted)?["message"] as? String
      == "the repository's hooks are trusted")
  }

  @Test func aStaleIndexLockFailsAndSaysHowToRemoveIt() throws {
    let team = try SyncTeam()
    let gitDirectory = String(
      try team.ben.git("rev-parse", "--absolute-git-dir").stdoutText.dropLast())
    #expect(FileManager.default.createFile(atPath: gitDirectory + "/index.lock", contents: nil))
    let report = try doctor(team.ben, "--offline", status: 1)
    #expect(statuses(report).filter { !$0.hasSuffix(": ok") } == ["lock: fail"])
    let lock = try #require(check("lock", in: report))
    #expect(
      lock["message"] as? String
        == "'\(gitDirectory)/index.lock' is there: git cannot change the repository while it is")
    let top = String(try team.ben.git("rev-parse", "--show-toplevel").stdoutText.dropLast())
    #expect(
      lock["fix"] as? String
        == "if no git runs in '\(top)', remove it: rm '\(gitDirectory)/index.lock'")
  }

  @Test func aCloneMidMergeFailsAndNamesSyncAsTheFix() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    let report = try doctor(carl, "--offline", status: 1)
    #expect(statuses(report).filter { !$0.hasSuffix(": ok") } == [
      "data file: fail", "merge: fail", "merge driver: fail",
    ])
    #expect(check("data file", in: report)?["fix"] as? String == "run 'syncups sync'")
    #expect(check("merge", in: report)?["message"] as? String
      == "git left a merge of 'sync-ups.json' unfinished")
    #expect(check("merge", in: report)?["fix"] as? String
      == "run 'syncups sync' (it finishes the merge by id, commits and pushes it)")
    _ = try carl.sync()
    _ = try doctor(carl, "--offline", status: 0)
  }
}
