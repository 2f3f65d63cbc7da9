import ChildProcessSupport
import Foundation
import Testing

/// A team of three where Carl's syncups is older: it knows nothing of items or updates, and its
/// merge, made here with plain git (`git merge -s ours`, his own side whole), drops what Ana
/// wrote. Real git, a bare remote and three clones.
private final class OlderMergeTeam {
  let team: SyncTeam
  let carl = Teammate()
  /// Carl's merge commit, short.
  private(set) var merge = ""

  /// Ben deletes Engineering; Ana (this version) adds an item and writes an update to it, and
  /// keeps it over Ben's delete; Carl renames it Platform and merges Ana's version as an older
  /// merge driver would, keeping his own side whole: Ana's item and update are gone from what
  /// he pushes.
  init() throws {
    team = try SyncTeam()
    try carl.plainClone(team.remote)
    #expect(try team.ben("delete", "engineering", "--yes").status == 0)
    _ = try team.ben.sync()
    #expect(try team.ana("item", "add", "engineering", "--action", "Write the notes").status == 0)
    #expect(
      try team.ana(
        "update", "engineering", "--as", "ana", "--done", "the login page", "--date", "2026-11-20"
      ).status == 0)
    _ = try team.ana.sync()
    #expect(try carl("edit", "engineering", "--title", "Platform").status == 0)
    #expect(try carl.gitAsCarl("commit", "-qam", "Rename Engineering").status == 0)
    #expect(try carl.gitAsCarl("fetch", "-q").status == 0)
    #expect(try carl.gitAsCarl("merge", "-q", "-s", "ours", "--no-edit", "origin/master").status == 0)
    #expect(try carl.gitAsCarl("push", "-q", "origin", "HEAD:master").status == 0)
    merge = try carl.head()
    let items = try carl.syncUps().first?["items"] as? [Any]
    #expect(items == nil || items?.isEmpty == true)
  }
}

/// `sync` repairing a merge an older syncups (or plain git, or a forge) made: what its rules
/// dropped and this version's keep comes back, once.
@Suite("Sync repairs an older merge")
struct SyncRepairEndToEndTests {
  @Test func anOlderMergeThatDroppedAnItemAndAnUpdateHasThemRestoredAndSaysSo() throws {
    let older = try OlderMergeTeam()
    let ana = older.team.ana
    let synced = try ana("sync")
    #expect(synced.status == 0, "\(synced.error)")
    #expect(
      synced.error == """
        Received from origin/master:
          changed 'Platform'
        Restored what an older syncups's merge of \(older.merge) by Carl dropped:
          action 'Write the notes' in 'Platform'
          Ana's update for Fri 20 Nov 2026 in 'Platform'
        Pushed to origin/master.

        """)
    #expect(try ana.commitSubjects().first == "Restore what the merge \(older.merge) by Carl dropped")
    let full = try ana.git("rev-parse", older.merge).stdoutText.dropLast()
    #expect(
      try ana.git("log", "-1", "--format=%(trailers:key=Syncups-Repaired,valueonly)").stdoutText
        == "\(full)\n\n")
    // The team gets them back; Carl keeps his title.
    _ = try older.team.ben.sync()
    for teammate in [ana, older.team.ben] {
      let syncUp = try #require(try teammate.syncUps().first)
      #expect(syncUp["title"] as? String == "Platform")
      #expect((syncUp["items"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Write the notes"])
      #expect((syncUp["updates"] as? [[String: Any]])?.map { $0["done"] as? String } == ["the login page"])
    }
  }

  @Test func syncJSONListsWhatWasRestoredAndTheRepairIsNotMadeTwice() throws {
    let older = try OlderMergeTeam()
    let ana = older.team.ana
    let report = try ana.sync()
    let syncUp = try #require(try ana.syncUps().first)
    let id = try #require(syncUp["id"] as? String)
    let item = try #require((syncUp["items"] as? [[String: Any]])?.first?["id"] as? String)
    let restored = try #require(report["restored"] as? [[String: Any]])
    #expect(restored.count == 2)
    // An update's id is made of its attendee's and its day, and is not shown.
    #expect((restored.last?["path"] as? String)?.count == "updates.".count + item.count)
    for (entry, (path, kind, message)) in zip(
      restored,
      [
        ("items.\(item)", "item", "action 'Write the notes' in 'Platform'"),
        ("updates.", "update", "Ana's update for Fri 20 Nov 2026 in 'Platform'"),
      ])
    {
      #expect(entry["commit"] as? String == older.merge)
      #expect(entry["author"] as? String == "Carl")
      #expect(entry["syncUp"] as? [String: String] == ["id": id, "title": "Platform"])
      #expect((entry["path"] as? String)?.hasPrefix(path) == true)
      #expect(entry["kind"] as? String == kind)
      #expect(entry["message"] as? String == message)
    }
    // Ben receives Carl's merge and Ana's repair of it together: nothing is restored again.
    let benReport = try older.team.ben.sync()
    #expect((benReport["restored"] as? [Any])?.isEmpty == true)
    #expect(try older.team.ben.commitSubjects().first?.hasPrefix("Restore what") == true)
    // Nor does Ana's next sync look at Carl's merge again.
    #expect((try ana.sync()["restored"] as? [Any])?.isEmpty == true)
    try older.team.converge()
  }

  @Test func aSyncKilledOnceGitHasMergedAnOlderMergeInRepairsItNextTime() throws {
    let older = try OlderMergeTeam()
    let ana = older.team.ana
    try ana.killSyncOnceGitHasMerged(gitRunning: false)
    #expect(try ana.head() == older.merge)
    let report = try ana.sync()
    #expect(
      report["recovered"] as? [String] == [
        "restored what an older syncups's merge it had received dropped"
      ])
    #expect(
      (report["restored"] as? [[String: Any]])?.map { $0["message"] as? String } == [
        "action 'Write the notes' in 'Platform'", "Ana's update for Fri 20 Nov 2026 in 'Platform'",
      ])
    #expect(report["pushed"] as? Bool == true)
    #expect(try ana.commitSubjects().first == "Restore what the merge \(older.merge) by Carl dropped")
    try older.team.converge()
    #expect((try older.team.ben.syncUps().first?["items"] as? [Any])?.count == 1)
  }

  /// An older syncups merged an item's resolution field by field: when both sides resolved it
  /// anew, one outside a meeting and one in a meeting, it kept the later words and time with
  /// the other side's meeting. This version takes the resolution whole from one side.
  @Test func anOlderMergeThatMixedTwoResolutionsHasTheResolutionTakenWholeFromOneSide() throws {
    let team = try SyncTeam()
    let carl = Teammate()
    try carl.plainClone(team.remote)
    let ana = team.ana
    #expect(try ana("item", "add", "engineering", "--blocker", "CI is red", "--owner", "Ana").status == 0)
    #expect(try ana("item", "resolve", "engineering", "1", "--note", "rerun").status == 0)
    _ = try ana.sync()
    #expect(try carl.gitAsCarl("pull", "-q").status == 0)
    // Ana reopens it and resolves it in a meeting; then Carl reopens it and resolves it anew.
    #expect(try ana("item", "reopen", "engineering", "1").status == 0)
    #expect(try ana.meeting("engineering", "resolve 1 the runner was full\nsave\n").status == 0)
    _ = try ana.sync()
    let anas = try #require((try ana.syncUps().first?["items"] as? [[String: Any]])?.first)
    let meeting = try #require(anas["resolvedIn"] as? String)
    #expect(try carl("item", "reopen", "engineering", "1").status == 0)
    #expect(try carl("item", "resolve", "engineering", "1", "--note", "pinned the image").status == 0)
    #expect(try carl.gitAsCarl("commit", "-qam", "Resolve CI is red").status == 0)
    // Carl's older merge: Ana's file (her meeting, and the item resolved in it) with his
    // words and times, as it merged each field on its own.
    #expect(try carl.gitAsCarl("fetch", "-q").status == 0)
    #expect(
      try carl.gitAsCarl("merge", "-q", "-s", "ours", "--no-commit", "origin/master").status == 0)
    let carls = String(decoding: try #require(carl.dataBytes), as: UTF8.self)
    var mixed = try carl.git("show", "origin/master:sync-ups.json").stdoutText
    for key in ["reopened", "resolution", "resolved"] {
      let value = try Regex(#""\#(key)" : "[^"]*""#)
      let carlsValue = try #require(carls.firstMatch(of: value)).output[0].substring!
      mixed = mixed.replacing(value, with: carlsValue)
    }
    #expect(mixed.contains(meeting) && mixed.contains("pinned the image"))
    try mixed.write(toFile: carl.dataFile, atomically: true, encoding: .utf8)
    #expect(try carl.gitAsCarl("commit", "-qam", "Merge origin/master").status == 0)
    #expect(try carl.gitAsCarl("push", "-q", "origin", "HEAD:master").status == 0)
    let merge = try carl.head()

    let synced = try ana("sync")
    #expect(synced.status == 0, "\(synced.error)")
    #expect(
      synced.error == """
        Received from origin/master:
          changed 'Engineering'
        Restored what an older syncups's merge of \(merge) by Carl mixed:
          the resolution of blocker 'CI is red' in 'Engineering', taken whole from one side
        Pushed to origin/master.

        """)
    #expect(try ana.commitSubjects().first == "Restore what the merge \(merge) by Carl mixed")
    let item = try #require((try ana.syncUps().first?["items"] as? [[String: Any]])?.first)
    #expect(item["resolution"] as? String == "pinned the image")
    #expect(item["resolvedIn"] == nil)
    #expect(item["resolved"] != nil)
    let report = try team.ben.sync()
    #expect((report["restored"] as? [Any])?.isEmpty == true)
    try team.converge()
  }

  @Test func aMergeThisVersionMadeIsNotExaminedAgain() throws {
    let team = try SyncTeam()
    #expect(try team.ana("item", "add", "engineering", "--action", "Write the notes").status == 0)
    #expect(try team.ben("edit", "engineering", "--title", "Platform").status == 0)
    _ = try team.ana.sync()
    _ = try team.ben.sync()
    // Ben's merge carries this version's trailer: Ana fast-forwards onto it and restores nothing.
    let report = try team.ana.sync()
    #expect((report["restored"] as? [Any])?.isEmpty == true)
    #expect(try team.ana.commitSubjects().first == "Merge sync-ups from origin/master")
  }
}
