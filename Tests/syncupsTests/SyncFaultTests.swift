import ChildProcessSupport
import Foundation
import Testing

extension Teammate {
  /// The environment for a run whose `git` is `script` (a POSIX shell script, which runs the
  /// real git at the end), put first on `PATH`.
  func gitWrapper(_ script: String) throws -> [String: String] {
    let bin = run.home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try ("#!/bin/sh\n" + script + "\n").write(toFile: bin + "/git", atomically: true, encoding: .utf8)
    #expect(chmod(bin + "/git", 0o755) == 0)
    return ["PATH": bin + ":/usr/bin:/bin"]
  }

  /// A `git` for ``gitWrapper(_:)`` under which the first `count` pushes find the remote's
  /// branch locked, as when someone else's push holds it: the remote rejects them with
  /// "failed to update ref". It counts every push in `<home>/pushes`.
  func remoteLockedForPushes(_ count: Int, remote: String) throws -> [String: String] {
    let counter = run.home.path + "/pushes"
    let lock = remote + "/refs/heads/master.lock"
    return try gitWrapper(
      """
      for word in "$@"; do
        if [ "$word" = push ]; then
          pushes=$(($(cat '\(counter)' 2>/dev/null || echo 0) + 1))
          echo $pushes > '\(counter)'
          if [ $pushes -le \(count) ]; then
            touch '\(lock)'
            \(SyncEndToEndTests.git) "$@"
            status=$?
            rm -f '\(lock)'
            exit $status
          fi
        fi
      done
      exec \(SyncEndToEndTests.git) "$@"
      """)
  }

  /// How many pushes a ``remoteLockedForPushes(_:remote:)`` git counted.
  var pushes: Int {
    (try? String(contentsOfFile: run.home.path + "/pushes", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
  }

  /// Installs a `pre-merge-commit` hook, which git runs once it has written the merged data
  /// file and before it commits the merge, that writes git's process id to the returned file
  /// and waits until `release` exists: the moment a killed sync is most harmful, reached
  /// without luck. Removing the hook (``removeMergeHook()``) lets later merges through.
  func pauseMerges(until release: String) throws -> String {
    let marker = run.home.path + "/merging-git"
    let hook = directory + "/.git/hooks/pre-merge-commit"
    try """
      #!/bin/sh
      echo $PPID > '\(marker).tmp' && mv '\(marker).tmp' '\(marker)'
      while [ ! -e '\(release)' ]; do sleep 0.05; done
      exit 1

      """.write(toFile: hook, atomically: true, encoding: .utf8)
    #expect(chmod(hook, 0o755) == 0)
    return marker
  }

  func removeMergeHook() {
    unlink(directory + "/.git/hooks/pre-merge-commit")
  }

  /// Runs a sync that merges and kills it once git has committed the merge: with `gitRunning`,
  /// in git's `post-merge` hook (the merge is `HEAD`, and git has not tidied up after it yet),
  /// else once git has finished, before syncups goes on.
  func killSyncOnceGitHasMerged(gitRunning: Bool) throws {
    let home = run.home.path
    let (marker, release) = (home + "/merged", home + "/release")
    let wait = """
      echo $PPID > '\(marker).tmp' && mv '\(marker).tmp' '\(marker)'
      while [ ! -e '\(release)' ]; do sleep 0.05; done
      """
    var environment = environment
    let hook = directory + "/.git/hooks/post-merge"
    if gitRunning {
      try "#!/bin/sh\n\(wait)\n".write(toFile: hook, atomically: true, encoding: .utf8)
      #expect(chmod(hook, 0o755) == 0)
    } else {
      environment.merge(
        try gitWrapper(
          """
          for word in "$@"; do
            if [ "$word" = merge ]; then
              \(SyncEndToEndTests.git) "$@"
              status=$?
              \(wait)
              exit $status
            fi
          done
          exec \(SyncEndToEndTests.git) "$@"
          """)
      ) { $1 }
    }
    let sync = try ChildProcess.spawn(run.invocation(["sync"], environment: environment))
    #expect(waitForFile(marker))
    sync.send(SIGKILL)
    #expect(ChildProcess.collect([sync])[0].signal == SIGKILL)
    #expect(FileManager.default.createFile(atPath: release, contents: nil))
    unlink(hook)
  }

  /// Files in the data file's directory and its git directory a sync must never leave behind.
  func leftovers() throws -> [String] {
    let top = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.contains("merge_file") || $0.contains(".tmp-")
    }
    let git = try FileManager.default.contentsOfDirectory(atPath: directory + "/.git").filter {
      $0.hasSuffix(".lock") || $0.hasPrefix("MERGE_") || $0.hasPrefix("syncups-")
    }
    return (top + git).sorted()
  }
}

/// Waits for `path` to exist: true once it does, false after a minute (a guard against
/// waiting for ever, not a bound on the machine's speed).
private func waitForFile(_ path: String) -> Bool {
  let deadline = Date().addingTimeInterval(60)
  while !FileManager.default.fileExists(atPath: path) {
    guard Date() < deadline else { return false }
    usleep(20_000)
  }
  return true
}

/// Whether process `pid` has ended (a zombie has), within a minute.
private func waitForExit(_ pid: pid_t) -> Bool {
  let deadline = Date().addingTimeInterval(60)
  while Date() < deadline {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return true
    }
    // The state follows the command's closing parenthesis: Z for a zombie.
    if stat.split(separator: ")").last?.dropFirst().first == "Z" { return true }
    usleep(20_000)
  }
  return false
}

/// `sync` when things go wrong: killed in the middle, pushes that lose races, commit times
/// that decide conflicts. Real git, a bare remote and two teammates' clones.
@Suite("Sync under faults")
struct SyncFaultTests {
  /// Ben adds Design and pushes; Ana adds Retro and starts a sync, which merges Ben's commit
  /// and pauses there (``Teammate/pauseMerges(until:)``). Returns Ana's running sync and the
  /// process id of its git.
  private func anaSyncPausedInAMerge(_ team: SyncTeam, release: String) throws
    -> (RunningProcess, pid_t)
  {
    #expect(try team.ben("add", "--title", "Design").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ana("add", "--title", "Retro").status == 0)
    let marker = try team.ana.pauseMerges(until: release)
    let sync = try ChildProcess.spawn(team.ana.run.invocation(["sync"], environment: team.ana.environment))
    #expect(waitForFile(marker))
    let text = try String(contentsOfFile: marker, encoding: .utf8)
    return (sync, try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))))
  }

  @Test func aSyncKilledOnceGitWroteTheMergeTakesItsGitAlongAndBringsNothingDeletedBack() throws {
    let team = try SyncTeam()
    let release = team.ana.run.home.path + "/release"
    let (sync, git) = try anaSyncPausedInAMerge(team, release: release)
    // syncups alone is killed, as by the out-of-memory killer: its git must not go on alone.
    sync.send(SIGKILL)
    #expect(ChildProcess.collect([sync])[0].signal == SIGKILL)
    #expect(waitForExit(git), "git went on after syncups was killed")
    #expect(FileManager.default.createFile(atPath: release, contents: nil))
    team.ana.removeMergeHook()
    // The working file holds Ben's Design, which Ben now deletes; Ana edits after the kill.
    #expect(try team.ben("delete", "design", "--yes").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ana("edit", "engineering", "--duration", "10m").status == 0)
    let recovered = try team.ana.sync()
    #expect(recovered["recovered"] as? [String] == ["undid the merge it had not finished; it is done again now"])
    #expect(recovered["committed"] as? String == "Edit Engineering")
    #expect((recovered["conflicts"] as? [Any])?.isEmpty == true)
    try team.converge()
    for teammate in [team.ana, team.ben] {
      #expect(try teammate.titles() == ["Engineering", "Retro"])
      #expect(try teammate.syncUps().first?["duration"] as? Int == 600)
      #expect(try teammate.leftovers() == [])
    }
  }

  @Test func aSyncKilledWithItsGitLeavesALockAndTemporaryFilesTheNextSyncPutsRight() throws {
    let team = try SyncTeam()
    let release = team.ana.run.home.path + "/release"
    let (sync, git) = try anaSyncPausedInAMerge(team, release: release)
    // The whole of it killed at once, as by a power cut; git, killed while it wrote the index
    // or merged, leaves its lock and its temporary file.
    sync.send(SIGKILL)
    kill(git, SIGKILL)
    _ = ChildProcess.collect([sync])
    #expect(waitForExit(git))
    #expect(FileManager.default.createFile(atPath: release, contents: nil))
    team.ana.removeMergeHook()
    let lock = team.ana.directory + "/.git/index.lock"
    #expect(FileManager.default.createFile(atPath: lock, contents: nil))
    #expect(FileManager.default.createFile(atPath: team.ana.directory + "/.merge_file_Xq3bZ1", contents: Data("[]".utf8)))
    #expect(try team.ana("add", "--title", "Later").status == 0)
    let result = try team.ana("sync")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.error.hasPrefix(
        """
        Recovered from an interrupted sync: removed '\(lock)', left by a sync that was killed.
        Recovered from an interrupted sync: removed a temporary file of the merge it was doing.
        Recovered from an interrupted sync: undid the merge it had not finished; it is done again now.
        Committed: Add sync-up Later
        Received from origin/master:
          added 'Design'
        Pushed to origin/master.

        """))
    try team.converge()
    #expect(Set(try team.ben.titles()) == ["Engineering", "Design", "Retro", "Later"])
    #expect(try team.ana.leftovers() == [])
    // Nothing is left to recover the next time.
    #expect(try team.ana.sync()["recovered"] as? [String] == [])
  }

  @Test func aDataFileGitLeftMissingIsReadAsItWasAndWhatWasAddedSinceIsKept() throws {
    let team = try SyncTeam()
    let release = team.ana.run.home.path + "/release"
    let (sync, _) = try anaSyncPausedInAMerge(team, release: release)
    sync.send(SIGKILL)
    _ = ChildProcess.collect([sync])
    #expect(FileManager.default.createFile(atPath: release, contents: nil))
    team.ana.removeMergeHook()
    // git writes the data file in place: killed between removing and writing it, it leaves
    // none, and a command run since starts a new one.
    try FileManager.default.removeItem(atPath: team.ana.dataFile)
    #expect(try team.ana("add", "--title", "Later").status == 0)
    let result = try team.ana.sync()
    #expect(result["committed"] as? String == "Add sync-up Later")
    try team.converge()
    #expect(Set(try team.ben.titles()) == ["Engineering", "Design", "Retro", "Later"])
  }

  @Test func aDataFileLeftCutShortByAKilledSyncIsRestoredFromTheLastCommit() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    _ = try team.ana.sync()
    // As a sync killed while git restored the file leaves it: its journal, and half a file.
    #expect(FileManager.default.createFile(atPath: team.ana.directory + "/.git/syncups-sync", contents: nil))
    try "[\n  {\n    \"attendees\" : [".write(toFile: team.ana.dataFile, atomically: true, encoding: .utf8)
    // Until then every other command says what to run.
    let listed = try team.ana("list")
    #expect(listed.status == 65)
    #expect(listed.error.hasPrefix("Error: cannot decode '\(team.ana.dataFile)'"))
    #expect(
      listed.error.hasSuffix(
        "; a sync was interrupted while git wrote it: run 'syncups sync' to recover it\n"))
    let result = try team.ana.sync()
    #expect(result["recovered"] as? [String] == ["restored 'sync-ups.json' it had left cut short"])
    #expect(result["committed"] is NSNull)
    #expect(try team.ana.titles() == ["Engineering", "Design"])
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
  }

  // MARK: - Killed once git has committed its merge

  /// Ana and Ben rename Engineering differently, and Ben syncs first; Ana's sync merges Ben's
  /// rename, a conflict, and is killed once git has committed the merge
  /// (``Teammate/killSyncOnceGitHasMerged(gitRunning:)``). Ana's next sync, as `sync --json`
  /// says it.
  private func anaSyncKilledAfterGitCommitsItsMerge(_ team: SyncTeam, gitRunning: Bool) throws
    -> [String: Any]
  {
    // Ana's rename is the later one (or of the same second, when her later sync wins the tie).
    #expect(try team.ben("edit", "engineering", "--title", "Infrastructure").status == 0)
    #expect(try team.ana("edit", "engineering", "--title", "Platform").status == 0)
    _ = try team.ben.sync()
    try team.ana.killSyncOnceGitHasMerged(gitRunning: gitRunning)
    #expect(try team.ana.git("log", "-1", "--format=%s", "HEAD").stdoutText == "Merge sync-ups from origin/master\n")
    return try team.ana.sync()
  }

  /// What the next sync says and pushes of the killed merge's conflict.
  private func expectTheConflictReachesTheTeam(_ team: SyncTeam, _ report: [String: Any]) throws {
    let conflicts = try #require(report["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["path"] as? String == "title")
    #expect(conflicts.first?["kept"] as? String == "ours")
    #expect(
      (conflicts.first?["message"] as? String).map(withoutTimes)
        == "Engineering: title changed to 'Platform' here at TIME and 'Infrastructure' there at "
        + "TIME; kept 'Platform' (made later)")
    #expect(report["pushed"] as? Bool == true)
    let pushed = try team.ana.git("log", "-1", "--format=%B", "origin/master").stdoutText
    #expect(pushed.hasPrefix("Merge sync-ups from origin/master\n\nSyncups-Conflict: {"))
    #expect(pushed.contains("\"path\":\"title\""))
    // Ben, whose title was replaced, is told.
    let received = try #require((try team.ben.sync()["received"] as? [String: Any])?["conflicts"] as? [[String: Any]])
    #expect(received.map { $0["path"] as? String } == ["title"])
    try team.converge()
    #expect(try team.ben.titles() == ["Platform"])
    #expect(try team.ana.leftovers() == [])
  }

  @Test func aSyncKilledInGitsMergeAfterItsCommitRecordsTheMergesConflictsNextTime() throws {
    let team = try SyncTeam()
    let report = try anaSyncKilledAfterGitCommitsItsMerge(team, gitRunning: true)
    #expect(
      report["recovered"] as? [String] == [
        "finished the merge it had made", "recorded the conflicts of the merge it had made",
      ])
    try expectTheConflictReachesTheTeam(team, report)
  }

  @Test func aSyncKilledRightAfterGitsMergeRecordsTheMergesConflictsNextTime() throws {
    let team = try SyncTeam()
    let report = try anaSyncKilledAfterGitCommitsItsMerge(team, gitRunning: false)
    #expect(report["recovered"] as? [String] == ["recorded the conflicts of the merge it had made"])
    try expectTheConflictReachesTheTeam(team, report)
  }

  // MARK: - Pushes that lose races

  @Test func aPushTheRemoteCannotTakeForNowIsRetriedUntilItGoesThrough() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    // Four pushes lose the race for the remote's branch; the fifth goes through.
    let environment = try team.ana.remoteLockedForPushes(4, remote: team.remote)
    let result = try team.ana("--json", "sync", environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(team.ana.pushes == 5)
    #expect((try team.ana.run.json(result) as? [String: Any])?["pushed"] as? Bool == true)
    _ = try team.ben.sync()
    #expect(try team.ben.titles() == ["Engineering", "Design"])
  }

  @Test func aPushThatKeepsLosingFailsPendingAndSaysSoInJSON() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let environment = try team.ana.remoteLockedForPushes(5, remote: team.remote)
    let result = try team.ana("--json", "sync", environment: environment)
    #expect(result.status == 1)
    #expect(team.ana.pushes == 5)
    let message =
      "the push to 'origin' was rejected 5 times: others are pushing at the same time; your "
      + "changes are committed locally: run 'syncups sync' again"
    #expect(result.error == "Error: \(message)\n")
    let report = try #require(try team.ana.run.json(result) as? [String: Any])
    #expect(report["error"] as? String == message)
    #expect(report["pending"] as? Bool == true)
    #expect(report["committed"] as? String == "Add sync-up Design")
    #expect(try team.ana.sync()["pushed"] as? Bool == true)
  }

  @Test func aConflictFoundBeforeALostPushIsStillReported() throws {
    let team = try SyncTeam()
    #expect(try team.ana("edit", "engineering", "--title", "Platform").status == 0)
    #expect(try team.ben("edit", "engineering", "--title", "Infrastructure").status == 0)
    _ = try team.ana.sync()
    let environment = try team.ben.remoteLockedForPushes(1, remote: team.remote)
    let result = try team.ben("--json", "sync", environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(team.ben.pushes == 2)
    let conflicts = try #require((try team.ben.run.json(result) as? [String: Any])?["conflicts"] as? [[String: Any]])
    #expect(
      conflicts.map { ($0["message"] as? String).map(withoutTimes) } == [
        "Engineering: title changed to 'Infrastructure' here at TIME and 'Platform' there at "
          + "TIME; kept 'Infrastructure' (made later)"
      ])
  }

  // MARK: - Which side is newer

  /// Ana renames Engineering to Platform at `anaTime`, Ben to Infrastructure at `benTime`
  /// (commit times, whole seconds apart), each as a syncups older than 0.4.0 does, without
  /// recording when; Ana pushes first and Ben merges. The title both end with.
  private func renamesAt(ana anaTime: String, ben benTime: String) throws -> String? {
    let team = try SyncTeam()
    for (teammate, title) in [(team.ana, "Platform"), (team.ben, "Infrastructure")] {
      let text = try #require(teammate.dataBytes.map { String(decoding: $0, as: UTF8.self) })
      try text.replacingOccurrences(of: "\"Engineering\"", with: "\"\(title)\"")
        .write(toFile: teammate.dataFile, atomically: true, encoding: .utf8)
    }
    #expect(try team.ana("sync", environment: ["GIT_COMMITTER_DATE": anaTime]).status == 0)
    let result = try team.ben("sync", environment: ["GIT_COMMITTER_DATE": benTime])
    #expect(result.status == 0, "\(result.error)")
    try team.converge()
    return try team.ana.titles().first
  }

  /// A change without a time of its own counts at its side's commit time.
  @Test func theSideCommittedLaterWinsAnUnstampedConflictWhicheverSideItIs() throws {
    #expect(try renamesAt(ana: "2026-03-02T10:00:00Z", ben: "2026-03-01T10:00:00Z") == "Platform")
    #expect(try renamesAt(ana: "2026-03-01T10:00:00Z", ben: "2026-03-02T10:00:00Z") == "Infrastructure")
  }
}
