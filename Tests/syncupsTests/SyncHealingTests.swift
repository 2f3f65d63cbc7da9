import ChildProcessSupport
import Foundation
import Testing

extension Teammate {
  /// Makes this machine a plain `git clone` of `remote`, as someone who never ran
  /// `sync init` has: no merge driver registered.
  func plainClone(_ remote: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect(try git("clone", "-q", remote, ".").status == 0)
  }

  /// git as Carl, who commits with plain git.
  @discardableResult
  func gitAsCarl(_ arguments: String...) throws -> Outcome {
    try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git,
        arguments: (["-C", directory, "-c", "user.name=Carl", "-c", "user.email=carl@example.com"]
          + arguments).map { Array($0.utf8) },
        environment: run.environment(environment), directory: run.home.path, timeout: 120))
  }

  /// The short id of `HEAD`.
  func head() throws -> String {
    String(try git("rev-parse", "--short", "HEAD").stdoutText.dropLast())
  }
}

/// A team whose third member, Carl, works with plain git: a `git clone` without the merge
/// driver, `git pull` and `git commit`.
final class PlainGitTeam {
  let team: SyncTeam
  let carl = Teammate()

  init() throws {
    team = try SyncTeam()
    try carl.plainClone(team.remote)
  }

  /// Carl adds Design and commits it with git; Ana adds Retro and syncs; Carl's `git pull`
  /// then stops with git's conflict markers in the data file, as git merges it line by line.
  func carlPullsAConflict() throws {
    #expect(try carl("add", "--title", "Design").status == 0)
    #expect(try carl.gitAsCarl("commit", "-qam", "Add Design").status == 0)
    #expect(try team.ana("add", "--title", "Retro").status == 0)
    _ = try team.ana.sync()
    let pulled = try carl.gitAsCarl("pull", "-q", "--no-rebase")
    #expect(pulled.status != 0)
    #expect(String(decoding: carl.dataBytes ?? Data(), as: UTF8.self).contains("<<<<<<< "))
  }
}

/// What plain git leaves in the data file, and how `sync` puts it right with nobody running
/// git by hand. Real git, a bare remote and three teammates' clones.
@Suite("Sync heals what git left")
struct SyncHealingTests {
  @Test func aPlainGitPullsConflictIsFinishedBySync() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    // Every command says what it is and what to run.
    let listed = try carl("list")
    #expect(listed.status == 65)
    #expect(listed.error.hasPrefix("Error: cannot decode '\(carl.dataFile)'"))
    #expect(
      listed.error.hasSuffix(
        "; git left a merge of it unfinished (git's conflict markers): run 'syncups sync' to "
          + "finish the merge\n"))
    let synced = try carl.sync()
    #expect(synced["recovered"] as? [String] == ["finished the merge of 'sync-ups.json' git had left unfinished"])
    #expect(synced["pushed"] as? Bool == true)
    let added = (synced["received"] as? [String: Any])?["added"] as? [[String: Any]]
    #expect(added?.compactMap { $0["title"] as? String } == ["Retro"])
    #expect(Set(try carl.titles()) == ["Engineering", "Design", "Retro"])
    #expect(try carl.git("status", "--porcelain").stdoutText == "")
    #expect(try carl.git("rev-parse", "-q", "--verify", "MERGE_HEAD").status != 0)
    #expect(try carl.commitSubjects().first == "Merge sync-ups git left unfinished")
    #expect(try carl.git("rev-list", "--count", "--merges", "-n", "1", "HEAD").stdoutText == "1\n")
    // The merge reached the team.
    _ = try plain.team.ana.sync()
    #expect(Set(try plain.team.ana.titles()) == ["Engineering", "Design", "Retro"])
  }

  @Test func syncInitInAPlainCloneRegistersTheDriverAndFinishesTheMerge() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    let initialized = try carl("sync", "init")
    #expect(initialized.status == 0, "\(initialized.error)")
    #expect(initialized.error.hasPrefix(
      "Recovered: finished the merge of 'sync-ups.json' git had left unfinished.\n"))
    #expect(try carl.git("config", "merge.syncups.driver").stdoutText.hasSuffix(" merge-driver %O %A %B %P\n"))
    #expect(Set(try carl.titles()) == ["Engineering", "Design", "Retro"])
    #expect(try carl.commitSubjects().first == "Merge sync-ups git left unfinished")
    #expect(try carl.git("status", "--porcelain").stdoutText == "")
  }

  @Test func aMergeStagedButNotCommittedIsCommittedBySync() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    // Carl resolved it by hand, staged it and stopped there: the merge is still open.
    #expect(try carl.git("checkout", "--theirs", "--", "sync-ups.json").status == 0)
    #expect(try carl.git("add", "sync-ups.json").status == 0)
    let synced = try carl.sync()
    #expect(synced["recovered"] as? [String] == ["finished the merge of 'sync-ups.json' git had left unfinished"])
    #expect(try carl.git("rev-parse", "-q", "--verify", "MERGE_HEAD").status != 0)
    #expect(try carl.commitSubjects().first == "Merge sync-ups git left unfinished")
    #expect(try carl.git("rev-list", "--count", "--merges", "-n", "1", "HEAD").stdoutText == "1\n")
  }

  /// A sync killed while it finished git's merge leaves its journal beside git's unfinished
  /// merge: the next one finishes the merge from git's index, and takes nothing for cut short.
  @Test func aSyncKilledWhileFinishingGitsMergeIsFinishedByTheNext() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    #expect(FileManager.default.createFile(atPath: carl.directory + "/.git/syncups-sync", contents: nil))
    let synced = try carl.sync()
    #expect(synced["recovered"] as? [String] == ["finished the merge of 'sync-ups.json' git had left unfinished"])
    #expect(Set(try carl.titles()) == ["Engineering", "Design", "Retro"])
    #expect(try carl.leftovers() == [])
  }

  /// Carl commits the conflict markers and pushes them. Ben, with nothing local, is not moved
  /// onto them; once the team reverts the commit, Ben's next sync moves on by itself.
  @Test func aFastForwardOntoATeammatesBrokenFileIsRefusedUntilTheRemoteIsFixed() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    let ben = plain.team.ben
    #expect(try carl.gitAsCarl("commit", "-qam", "Merge").status == 0)
    #expect(try carl.git("push", "-q").status == 0)
    let broken = try carl.head()
    let before = ben.dataBytes
    let benHead = try ben.head()
    for _ in 1...2 {
      let result = try ben("--json", "sync")
      #expect(result.status == 65)
      #expect(result.error.hasPrefix(
        "Error: cannot merge the sync-ups from origin/master: 'sync-ups.json' as commit "
          + "\(broken) by Carl <carl@example.com> left it is not a valid data file ("))
      #expect(result.error.hasSuffix(
        "; your file was kept as it is. To recover, revert \(broken) on the remote ('git revert "
          + "\(broken)' in a clone of it, then push) and run 'syncups sync' again\n"))
      #expect(ben.dataBytes == before)
      #expect(try ben.head() == benHead)
    }
    #expect(try ben("list").status == 0)
    // The team reverts it; Ben moves on without doing anything else.
    #expect(try carl.gitAsCarl("revert", "-m", "1", "--no-edit", "HEAD").status == 0)
    #expect(try carl.git("push", "-q").status == 0)
    _ = try ben.sync()
    #expect(try ben.git("rev-parse", "HEAD").stdoutText == carl.git("rev-parse", "HEAD").stdoutText)
    #expect(try ben.titles() == ["Engineering", "Design"])
  }

  /// Carl's own clone holds the committed markers: his sync merges the two versions his merge
  /// commit joined again, by id, commits the repair and pushes it.
  @Test func committedConflictMarkersAreRepairedBySync() throws {
    let plain = try PlainGitTeam()
    try plain.carlPullsAConflict()
    let carl = plain.carl
    #expect(try carl.gitAsCarl("commit", "-qam", "Merge").status == 0)
    let broken = try carl.head()
    let listed = try carl("list")
    #expect(listed.status == 65)
    #expect(listed.error.hasSuffix("; it holds git's conflict markers: run 'syncups sync' to repair it\n"))
    let synced = try carl.sync()
    let recovered = try #require(synced["recovered"] as? [String])
    #expect(recovered.count == 1)
    #expect(recovered.first?.hasPrefix(
      "repaired 'sync-ups.json', which commit \(broken) by Carl <carl@example.com> left "
        + "undecodable (") == true)
    #expect(recovered.first?.hasSuffix("), merging again, by id, the two versions its merge joined") == true)
    #expect(Set(try carl.titles()) == ["Engineering", "Design", "Retro"])
    #expect(try carl.commitSubjects().first
      == "Repair sync-ups.json, left undecodable by commit \(broken) by Carl <carl@example.com>")
    #expect(synced["pushed"] as? Bool == true)
    _ = try plain.team.ana.sync()
    #expect(Set(try plain.team.ana.titles()) == ["Engineering", "Design", "Retro"])
  }

  @Test func aHandEditCommittedBrokenIsRestoredFromTheLastCommitThatDecodes() throws {
    let plain = try PlainGitTeam()
    let carl = plain.carl
    let good = try carl.head()
    try "[ oops\n".write(toFile: carl.dataFile, atomically: true, encoding: .utf8)
    #expect(try carl.gitAsCarl("commit", "-qam", "Edit by hand").status == 0)
    let synced = try carl.sync()
    let recovered = try #require(synced["recovered"] as? [String])
    #expect(recovered.first?.hasSuffix(", as commit \(good) had it") == true)
    #expect(try carl.titles() == ["Engineering"])
  }

  /// A sync with nothing to do does not decode the file again when it is the version the last
  /// sync decoded: a hand edit in place, of the same size, is still seen.
  @Test func aHandEditInPlaceAfterASyncIsSeenByTheNextSync() throws {
    let team = try SyncTeam()
    let ana = team.ana
    _ = try ana.sync()
    let good = try ana.head()
    #expect(try ana.sync()["recovered"] as? [String] == [])
    // The note of the version decoded: this syncups, then the file's size and hash.
    let note = try String(contentsOfFile: ana.directory + "/.git/syncups.decoded", encoding: .utf8)
    let version = try ana("--version").output.split(separator: " ").last.map { $0.dropLast() }
    #expect(note.hasPrefix("\(version ?? "?") "))
    let size = try #require(ana.dataBytes).count
    #expect(note.split(separator: " ").dropLast().last == "\(size)")
    // The same bytes but one, written into the same file: the same size and inode.
    let handle = try #require(FileHandle(forUpdatingAtPath: ana.dataFile))
    try handle.seek(toOffset: 0)
    try handle.write(contentsOf: Data("{".utf8))
    try handle.close()
    #expect(try ana("list").status == 65)
    try ana.identify(as: "Ana")
    #expect(try ana.git("commit", "-qam", "Edit by hand").status == 0)
    let synced = try ana.sync()
    let recovered = try #require(synced["recovered"] as? [String])
    #expect(recovered.first?.hasSuffix(", as commit \(good) had it") == true)
    #expect(try ana.titles() == ["Engineering"])
  }

  @Test func everyCommitSyncMakesNamesTheVersionThatMadeIt() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    _ = try team.ana.sync()
    _ = try team.ben.sync()
    let version = String(try team.ana("version").output.split(separator: " ").last!.dropLast())
    #expect(!version.isEmpty)
    let trailers = try team.ben.git(
      "log", "--format=%s|%(trailers:key=Syncups-Version,valueonly,separator=%x2C)"
    ).stdoutText.split(separator: "\n").map(String.init)
    #expect(trailers == [
      "Merge sync-ups from origin/master|\(version)", "Add sync-up Retro|\(version)",
      "Add sync-up Design|\(version)", "Add sync-up Engineering|\(version)",
      "Share sync-ups through git|\(version)",
    ])
  }
}
