import ChildProcessSupport
import Foundation
import Testing

/// The merge rules as a team meets them through `sync`: real git, a bare remote, three clones.
@Suite("Sync merge rules end to end")
struct SyncMergeRulesEndToEndTests {
  @Test func aDeleteThatTwoTeammatesMergedApartKeepsBothOfTheirChanges() throws {
    let team = try SyncTeam()
    // A version after the first, so that the merge must find the newest one before the delete.
    #expect(try team.ana("edit", "engineering", "--title", "Eng").status == 0)
    _ = try team.ana.sync()
    let carol = Teammate()
    #expect(try carol("sync", "init", "--clone", team.remote).status == 0)
    _ = try team.ben.sync()

    #expect(try carol("delete", "eng", "--yes").status == 0)
    _ = try carol.sync()
    #expect(try team.ana("edit", "eng", "--title", "Core").status == 0)
    #expect(try team.ben("edit", "eng", "--remove-attendee", "Ben").status == 0)
    // Ben merges Carol's delete while the remote refuses pushes, so his merge waits; Ana merges
    // it too and pushes. Ben's next merge has Carol's delete for its base.
    let hook = team.remote + "/hooks/pre-receive"
    try "#!/bin/sh\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
    #expect(chmod(hook, 0o755) == 0)
    #expect(try team.ben("sync").status == 1)
    try FileManager.default.removeItem(atPath: hook)
    #expect((try team.ana.sync()["conflicts"] as? [Any])?.count == 1)
    let benSync = try team.ben.sync()
    #expect((benSync["conflicts"] as? [Any])?.isEmpty == true)

    try team.converge()
    _ = try carol.sync()
    #expect(carol.dataBytes == team.ana.dataBytes)
    for teammate in [team.ana, team.ben, carol] {
      let syncUps = try teammate.syncUps()
      #expect(syncUps.map { $0["title"] as? String } == ["Core"])
      let attendees = syncUps.first?["attendees"] as? [[String: Any]]
      #expect(attendees?.map { $0["name"] as? String } == ["Ana"])
    }
  }

  /// Ana resolves a blocker at 09:00 and syncs at 10:00; Ben resolves it at 09:30 and syncs at
  /// 09:31. Ben's resolution, made later, is kept, and each is told truly who did what when.
  @Test func theResolutionMadeLaterIsKeptThoughItWasSyncedFirst() throws {
    let team = try SyncTeam()
    try team.ana.identify(as: "Ana")
    try team.ben.identify(as: "Ben")
    #expect(try team.ana("item", "add", "engineering", "--blocker", "waiting on API keys").status == 0)
    try team.converge()
    for (teammate, time) in [(team.ana, "09:00"), (team.ben, "09:30")] {
      let name = teammate === team.ana ? "Ana" : "Ben"
      #expect(try teammate("item", "resolve", "engineering", "1", "--note", "\(name) at \(time)").status == 0)
      try teammate.backdateResolutions(to: "2026-11-28T\(time):00Z")
    }
    func at(_ time: String) -> [String: String] {
      ["GIT_COMMITTER_DATE": "2026-11-28T\(time):00Z", "GIT_AUTHOR_DATE": "2026-11-28T\(time):00Z"]
    }
    #expect(try team.ben("sync", environment: at("09:31")).status == 0)
    let anaSync = try team.ana("sync", environment: at("10:00"))
    #expect(anaSync.status == 0, "\(anaSync.error)")
    #expect(
      anaSync.error == """
        Committed: Edit Engineering (1 item resolved)
        Received from origin/master:
          changed 'Engineering'
        Pushed to origin/master.
        Conflict: Engineering: item 'waiting on API keys' resolved as 'Ana at 09:00' here at Sat 28 Nov 2026, 09:00 and resolved as 'Ben at 09:30' there at Sat 28 Nov 2026, 09:30; kept it resolved as 'Ben at 09:30' (made later)

        """)
    let benSync = try team.ben("sync")
    #expect(benSync.status == 0, "\(benSync.error)")
    #expect(
      benSync.error == """
        Received from origin/master:
          conflict merged by Ana: Engineering: item 'waiting on API keys' resolved as 'Ana at 09:00' by Ana at Sat 28 Nov 2026, 09:00 and resolved as 'Ben at 09:30' here at Sat 28 Nov 2026, 09:30; kept it resolved as 'Ben at 09:30' (made later)

        """)
    try team.converge()
    let items = try #require(
      try team.ana.run.json(team.ana("--json", "items", "--all")) as? [[String: Any]])
    #expect(items.map { $0["resolution"] as? String } == ["Ben at 09:30"])
    #expect(items.map { $0["resolved"] as? String } == ["2026-11-28T09:30:00Z"])
  }
}
