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
}
