import ChildProcessSupport
import Foundation
import Testing

/// A sync-up's own repositories on this machine (`config set repositories PATH… --syncup
/// NAME`), the relative paths the setting keeps absolute, and which list `standup`, `start` and
/// `meeting show --work` read, on the built binary.
@Suite("A sync-up's own repositories end to end")
struct SyncUpRepositoriesEndToEndTests {
  /// The settings file of `syncups`'s scratch home, parsed.
  func settings(_ syncups: SyncUpsRun) throws -> [String: Any] {
    let bytes = try #require(
      FileManager.default.contents(atPath: syncups.home.path + "/config/syncups/config.json"))
    return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
  }

  /// The id of the sync-up `name`.
  func id(of name: String, in syncups: SyncUpsRun) throws -> String {
    let object = try #require(try syncups.json(try syncups("show", name, "--json")) as? [String: Any])
    return try #require(object["id"] as? String)
  }

  @Test func setGetListAndUnsetAsTextAndJSON() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    try syncups("add", "--title", "Design review", "--attendee", "Ana")
    let design = try id(of: "design", in: syncups)
    let glob = try syncups("config", "set", "repositories", "~/src/*")
    #expect(glob.status == 0)
    // None of them is there yet: each is kept, with a warning.
    #expect(
      glob.error
        == "Warning: ~/src/*: matches no git repository; kept, and skipped until it is a git "
        + "repository.\n")
    let data = syncups.dataBytes
    let set = try syncups(
      "config", "set", "repositories", "~/work/api", "/srv/git/big repo", "--syncup", "design")
    #expect(set.status == 0, "\(set.error)")
    #expect(set.output == "")
    #expect(
      set.error == """
        Warning: ~/work/api: no such directory; kept, and skipped until it is a git repository.
        Warning: /srv/git/big repo: no such directory; kept, and skipped until it is a git repository.

        """)
    let quiet = try syncups("config", "set", "repositories", "~/src/*", "-q")
    #expect(quiet.status == 0 && quiet.error == "")
    // A property of this machine: never in the data file.
    #expect(syncups.dataBytes == data)
    #expect(
      try settings(syncups)["repositories.\(design)"] as? [String]
        == ["~/work/api", "/srv/git/big repo"])

    let own = try syncups("config", "get", "repositories", "--syncup", "design")
    #expect(own.status == 0)
    #expect(own.output == "~/work/api '/srv/git/big repo'\n")
    #expect(own.error == "Design review's own repositories, read instead of the repositories setting.\n")
    let none = try syncups("config", "get", "repositories", "--syncup", "eng")
    #expect(none.output == "'~/src/*'\n")
    #expect(none.error == "The repositories setting: Eng has none of its own.\n")
    #expect(try syncups("config", "get", "repositories").output == "'~/src/*'\n")
    #expect(
      try syncups("config", "get", "repositories", "--syncup", "design", "--json").output == """
        {
          "from" : "syncUp",
          "key" : "repositories",
          "syncUp" : "\(design)",
          "value" : [
            "~/work/api",
            "/srv/git/big repo"
          ]
        }

        """)

    #expect(
      try syncups("config", "list").output == """
        bell                        change
        color                       auto
        default-duration            5m
        default-theme               bubblegum
        hook-timeout                10s
        order                       listed
        overtime                    off
        pace                        fixed
        repositories                '~/src/*'
          --syncup 'Design review'  ~/work/api '/srv/git/big repo'
        warn                        none
        workdays                    mon-fri
        me

        """)
    let list = try #require(try syncups.json(try syncups("config", "list", "--json")) as? [String: Any])
    let listed = try #require(list["sync-up-repositories"] as? [[String: Any]])
    #expect(listed.map { $0["id"] as? String } == [design])
    #expect(listed.map { $0["title"] as? String } == ["Design review"])
    #expect(listed.map { $0["repositories"] as? [String] } == [["~/work/api", "/srv/git/big repo"]])

    let unset = try syncups("config", "unset", "repositories", "--syncup", "design", "--json")
    #expect(unset.status == 0)
    #expect(
      unset.output == """
        {
          "from" : "setting",
          "key" : "repositories",
          "syncUp" : "\(design)",
          "value" : [
            "~/src/*"
          ]
        }

        """)
    // The file is as it was before any sync-up had its own.
    #expect(try settings(syncups)["repositories.\(design)"] == nil)
    #expect(try settings(syncups).keys.sorted() == ["repositories"])
    #expect(!(try syncups("config", "list").output.contains("--syncup")))
    let after = try syncups("config", "list", "--json")
    #expect((try syncups.json(after) as? [String: Any])?["sync-up-repositories"] as? [Any] != nil)
    #expect(syncups.dataBytes == data)
  }

  @Test func syncupIsOnlyForRepositoriesAndANameThatIsNoSyncUpChangesNothing() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    #expect(try syncups("config", "set", "repositories", "/srv/a").status == 0)
    let before = try settings(syncups)
    let bell = try syncups("config", "set", "bell", "off", "--syncup", "eng")
    #expect(bell.status == 64)
    #expect(bell.error.hasPrefix("Error: '--syncup' is only read with 'repositories', not 'bell'\n"))
    #expect(try syncups("config", "get", "order", "--syncup", "eng").status == 64)
    #expect(try syncups("config", "unset", "me", "--syncup", "eng").status == 64)
    let unknown = try syncups("config", "set", "repositories", "/srv/b", "--syncup", "ops")
    #expect(unknown.status == 1)
    #expect(unknown.error.hasPrefix("Error: "))
    #expect(try settings(syncups) as NSDictionary == before as NSDictionary)
  }

  /// Several sync-ups given their own at once, each by its own process: every one is kept.
  @Test func syncUpsGivenTheirOwnAtOnceKeepEveryOne() throws {
    let syncups = SyncUpsRun()
    let teams = (1...8).map { "Team \($0)" }
    for team in teams { try syncups("add", "--title", team, "--attendee", "Blob") }
    let running = try teams.map { team in
      try ChildProcess.spawn(
        syncups.invocation(["config", "set", "repositories", "/srv/" + team, "--syncup", team]))
    }
    #expect(ChildProcess.collect(running).map(\.status) == Array(repeating: 0, count: teams.count))
    let own = try settings(syncups).filter { $0.key.hasPrefix("repositories.") }
    #expect(Set(own.values.compactMap { ($0 as? [String])?.first }) == Set(teams.map { "/srv/" + $0 }))
  }

  /// Kept by the sync-up's id: a new title keeps it; a deleted sync-up's is listed nowhere.
  @Test func aRenamedSyncUpKeepsItsOwnAndADeletedOnesIsNotListed() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    try syncups("add", "--title", "Ops", "--attendee", "Ana")
    #expect(try syncups("config", "set", "repositories", "/srv/eng", "--syncup", "eng").status == 0)
    #expect(try syncups("config", "set", "repositories", "/srv/ops", "--syncup", "ops").status == 0)
    #expect(try syncups("edit", "eng", "--title", "Platform").status == 0)
    let renamed = try syncups("config", "get", "repositories", "--syncup", "platform")
    #expect(renamed.output == "/srv/eng\n")
    #expect(renamed.error == "Platform's own repositories, read instead of the repositories setting.\n")
    #expect(try syncups("delete", "ops", "--yes").status == 0)
    let list = try syncups("config", "list")
    #expect(list.status == 0)
    #expect(list.output.contains("\nrepositories\n  --syncup Platform  /srv/eng\nwarn  "))
    #expect(!list.output.contains("/srv/ops"))

    // A data file that cannot be read leaves them out of the list, which still comes.
    try syncups.writeDataFile("[ not json")
    let unreadable = try syncups("config", "list")
    #expect(unreadable.status == 0)
    #expect(unreadable.output.contains("\nrepositories\nwarn              none\nworkdays          mon-fri\n"))
    #expect(unreadable.error.hasPrefix("Sync-ups' own repositories are not listed: "))
  }

  /// A settings file from before sync-ups had their own repositories loads, and keeps every
  /// setting it had, known or not.
  @Test func aSettingsFileWrittenBeforeStillLoadsAndKeepsWhatItHad() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    let eng = try id(of: "eng", in: syncups)
    let directory = syncups.home.path + "/config/syncups"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try #"{"bell": false, "repositories": ["/srv/a"], "later-setting": {"kept": [1, 2]}}"#.write(
      toFile: directory + "/config.json", atomically: true, encoding: .utf8)
    let get = try syncups("config", "get", "repositories", "--syncup", "eng")
    #expect(get.status == 0)
    #expect(get.output == "/srv/a\n")
    #expect(try syncups("config", "set", "repositories", "/srv/b", "--syncup", "eng").status == 0)
    let object = try settings(syncups)
    #expect(object["bell"] as? Bool == false)
    #expect(object["repositories"] as? [String] == ["/srv/a"])
    #expect((object["later-setting"] as? [String: [Int]]) == ["kept": [1, 2]])
    #expect(object["repositories.\(eng)"] as? [String] == ["/srv/b"])
  }

  /// `config set repositories src/api` means the src/api here, wherever standup runs later.
  @Test func aRelativePathIsKeptAbsoluteAndTildeAsTyped() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    let home = syncups.home.path
    #expect(try syncups("config", "set", "repositories", "src/api", "./work/*/", "~/x").status == 0)
    #expect(
      try syncups("config", "get", "repositories").output
        == "\(home)/src/api '\(home)/work/*' ~/x\n")
    #expect(try syncups("config", "set", "repositories", "ops/", "--syncup", "eng").status == 0)
    #expect(try syncups("config", "get", "repositories", "--syncup", "eng").output == "\(home)/ops\n")
  }

  /// `--repositories` for one run, else the sync-up's own, else the setting: in standup,
  /// meeting show --work and start alike.
  @Test func eachCommandReadsTheOptionElseTheSyncUpsOwnElseTheSetting() throws {
    let syncups = SyncUpsRun()
    let git = GitFixtures()
    let api = try git.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "In api")])
    let web = try git.repository(
      "web", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T09:00:00Z", subject: "In web")])
    let other = try git.repository(
      "other",
      [.init(author: "Blob <blob@example.com>", date: "2026-11-23T10:00:00Z", subject: "In other")])
    try syncups.writeDataFile(
      """
      [ { "attendees" : [ { "id" : "00000000-0000-0000-0000-0000000000A1", "name" : "Blob" } ],
          "duration" : 300, "id" : "00000000-0000-0000-0000-0000000000D0",
          "meetings" : [
            { "date" : "2026-11-24T09:30:00Z", "id" : "00000000-0000-0000-0000-0000000000E1",
              "transcript" : "" } ],
          "theme" : "sky", "title" : "Eng" },
        { "attendees" : [ { "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Blob" } ],
          "duration" : 300, "id" : "00000000-0000-0000-0000-0000000000D1",
          "meetings" : [], "theme" : "sky", "title" : "Ops" } ]
      """)
    #expect(try syncups("config", "set", "repositories", api).status == 0)
    #expect(try syncups("config", "set", "repositories", web, "--syncup", "eng").status == 0)
    func subjects(_ arguments: String...) throws -> [String] {
      let result = try syncups.run(arguments + ["--since", "2026-11-23", "--json"])
      #expect(result.status == 0, "\(arguments): \(result.error)")
      let object = try #require(try syncups.json(result) as? [String: Any])
      let cards = try #require((object["work"] as? [String: Any] ?? object)["attendees"] as? [[String: Any]])
      return (cards.first?["commits"] as? [[String: Any]])?.compactMap { $0["subject"] as? String } ?? []
    }
    #expect(try subjects("standup", "eng") == ["In web"])
    #expect(try subjects("standup", "ops") == ["In api"])
    #expect(try subjects("standup", "eng", "--repositories", other) == ["In other"])
    let shown = try syncups("meeting", "show", "eng", "1", "--work", "--json")
    let work = try #require((try syncups.json(shown) as? [String: Any])?["work"] as? [String: Any])
    let cards = try #require(work["attendees"] as? [[String: Any]])
    #expect(
      (cards.first?["commits"] as? [[String: Any]])?.compactMap { $0["subject"] as? String }
        == ["In web"])

    for (arguments, subject) in [
      (["--json", "start", "eng", "--since", "2026-11-23"], "In web"),
      (["--json", "start", "eng", "--since", "2026-11-23", "--repositories", other], "In other"),
    ] {
      let meeting = try RunningSyncUps(syncups, arguments)
      #expect(meeting.waitForOutput(containing: #""event":"work""#))
      meeting.send("discard")
      let result = try meeting.finish()
      let events = try StartWorkEndToEndTests.events("work", in: result.output)
      #expect(
        events.map { ($0["commits"] as? [[String: Any]])?.compactMap { $0["subject"] as? String } }
          == [[subject]], "\(arguments)")
    }
  }
}
