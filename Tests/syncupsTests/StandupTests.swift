import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// `standup` run in the process on Monday 23 November 2026 at 09:00 UTC, on a data file in
/// the in-memory file system and real repositories (``GitFixtures``): Eng met on Friday at
/// 09:30; Ops never met.
@MainActor
@Suite("Standup")
struct StandupTests {
  static let path = "/data/sync-ups.json"
  static let settings = "/config/syncups/config.json"
  static let monday = ISO8601DateFormatter().date(from: "2026-11-23T09:00:00Z")!

  static let file = """
    [
      {
        "attendees" : [
          { "gitAuthors" : [ "blob@example.com", "blob@home.example" ],
            "id" : "00000000-0000-0000-0000-0000000000A1", "name" : "Blob" },
          { "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ana" }
        ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-0000000000D0",
        "items" : [
          { "id" : "00000000-0000-0000-0000-000000000011", "kind" : "blocker",
            "opened" : "2026-11-19T09:30:00Z", "owner" : "00000000-0000-0000-0000-0000000000A1",
            "text" : "waiting on *API* keys" },
          { "id" : "00000000-0000-0000-0000-000000000012", "kind" : "action",
            "opened" : "2026-11-20T09:30:00Z", "text" : "book the room" }
        ],
        "meetings" : [
          { "date" : "2026-11-20T09:30:00Z", "id" : "00000000-0000-0000-0000-0000000000E1",
            "transcript" : "" }
        ],
        "theme" : "sky",
        "title" : "Eng"
      },
      {
        "attendees" : [ { "id" : "00000000-0000-0000-0000-0000000000B1", "name" : "Ana" } ],
        "duration" : 300, "id" : "00000000-0000-0000-0000-0000000000F0",
        "meetings" : [ ], "theme" : "sky", "title" : "Ops"
      }
    ]
    """

  let fixtures = GitFixtures()

  /// api: Blob before and after Friday's meeting (from two addresses), Ana on Saturday and
  /// someone else; web: Blob on Monday morning.
  func makeRepositories() throws -> [String] {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T08:00:00Z", subject: "Before the meeting"),
        .init(author: "Blob <blob@home.example>", date: "2026-11-20T15:00:00Z", subject: "Retry uploads"),
        .init(author: "Ana <ana@example.com>", date: "2026-11-21T10:00:00Z", subject: "Fix the *build*"),
        .init(author: "Cy <cy@example.com>", date: "2026-11-22T10:00:00Z", subject: "Not theirs"),
      ])
    let web = try fixtures.repository(
      "web",
      [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:30:00Z", subject: "Log the retries")])
    return [api, web]
  }

  /// What `standup` prints for `command`, with `repositories` as the setting.
  func standup(
    _ command: StandupCommand, repositories: [String], json: Bool = false, file: String = Self.file
  ) throws -> String {
    let settings = try JSONSerialization.data(withJSONObject: ["repositories": repositories])
    return try withDependencies {
      $0.defaultFileStorage.fileSystem = InMemoryFileSystem(files: [Self.path: Data(file.utf8)])
      $0.syncUpsFileURL = URL(filePath: Self.path)
      $0.date = .constant(Self.monday)
      $0.utcOffset = { _ in 0 }
      $0.defaultAppStorage = AppStorage(
        url: URL(filePath: Self.settings),
        fileSystem: InMemoryFileSystem(files: [Self.settings: settings]))
      $0.workCards = .git(environment: fixtures.environment)
    } operation: {
      let context = CommandContext(
        options: GlobalOptions(file: Self.path, json: json, color: .never),
        environment: fixtures.environment)
      return try command.answer(from: context.readSyncUps(), in: context)
    }
  }

  /// Blob's two addresses and the commits since Friday's meeting, newest first; open items
  /// with their age in working days; the item nobody owns last.
  @Test func textSinceTheLastMeeting() throws {
    let repositories = try makeRepositories()
    #expect(
      try standup(StandupCommand(syncUp: "eng"), repositories: repositories) == """
        Eng: work since Fri 20 Nov 2026, 09:30

        Blob: 2 commits in web, api
          web  54d053c  Log the retries
          api  6263150  Retry uploads
          blocked 2 days: waiting on *API* keys

        Ana (by name): 1 commit in api
          api  01fe3cc  Fix the *build*

        Nobody's
          action 1 day: book the room

        (by name): Ana has no git identity; 'syncups edit <syncup> --git-author NAME=EMAIL' sets one.

        """)
  }

  /// Eng with a rota of Blob and Ana, Blob the facilitator of Friday's meeting, and Ana away
  /// `anaAway` days (YYYY-MM-DD).
  static func fileWithRota(anaAway: String? = nil) -> String {
    file.replacingOccurrences(
      of: #""transcript" : "" }"#,
      with: #""transcript" : "", "facilitator" : { "attendee" : "00000000-0000-0000-0000-0000000000A1", "name" : "Blob" } }"#
    ).replacingOccurrences(
      of: #""title" : "Eng""#, with: #""facilitators" : "rotate", "title" : "Eng""#
    ).replacingOccurrences(
      of: #"{ "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ana" }"#,
      with: anaAway.map {
        #"{ "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ana", "away" : [ { "id" : "00000000-0000-0000-0000-0000000000AA", "from" : ""# + $0 + #"", "to" : ""# + $0 + #"" } ] }"#
      } ?? #"{ "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ana" }"#)
  }

  /// With a rota, the heading is followed by today's facilitator: the next after Friday's,
  /// passing over someone away today; JSON names them too.
  @Test func theRotaNamesTodaysFacilitator() throws {
    let repositories = try makeRepositories()
    let text = try standup(
      StandupCommand(syncUp: "eng"), repositories: repositories, file: Self.fileWithRota())
    #expect(text.hasPrefix("Eng: work since Fri 20 Nov 2026, 09:30\nFacilitator: Ana\n\nBlob: 2 commits"))
    let markdown = try standup(
      StandupCommand(syncUp: "eng", format: .markdown), repositories: repositories,
      file: Self.fileWithRota())
    #expect(markdown.hasPrefix("## Eng: work since Fri 20 Nov 2026, 09:30\n\nFacilitator: Ana\n\n### Blob"))
    let away = try standup(
      StandupCommand(syncUp: "eng"), repositories: repositories,
      file: Self.fileWithRota(anaAway: "2026-11-23"))
    #expect(away.hasPrefix("Eng: work since Fri 20 Nov 2026, 09:30\nFacilitator: Blob\n\n"))
    let json = try standup(
      StandupCommand(syncUp: "eng"), repositories: repositories, json: true,
      file: Self.fileWithRota())
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["facilitator"] as? String == "Ana")
    // Without a rota there is no such line, nor key.
    let plain = try standup(StandupCommand(syncUp: "eng"), repositories: repositories, json: true)
    #expect(
      (try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])?["facilitator"]
        == nil)
  }

  /// `--limit 1` shows each attendee's newest commit and says how many more there are, in
  /// text, Markdown and JSON; the summary still counts them all.
  @Test func limitShowsTheNewestCommitsAndSaysHowManyMore() throws {
    let repositories = try makeRepositories()
    let text = try standup(StandupCommand(syncUp: "eng", limit: 1), repositories: repositories)
    #expect(
      text.hasPrefix(
        """
        Eng: work since Fri 20 Nov 2026, 09:30

        Blob: 2 commits in web, api
          web  54d053c  Log the retries
          … 1 more
          blocked 2 days: waiting on *API* keys

        Ana (by name): 1 commit in api
          api  01fe3cc  Fix the *build*

        """))
    let markdown = try standup(
      StandupCommand(syncUp: "eng", format: .markdown, limit: 1), repositories: repositories)
    #expect(markdown.contains("- web `54d053c` Log the retries\n- … 1 more\n"))
    let json = try standup(
      StandupCommand(syncUp: "eng", format: .json, limit: 1), repositories: repositories)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let cards = try #require(object["attendees"] as? [[String: Any]])
    #expect(cards.map { ($0["commits"] as? [Any])?.count } == [1, 1])
    #expect(cards.map { $0["moreCommits"] as? Int } == [1, 0])
  }

  /// Before a sync-up's first meeting, a Monday looks back to Friday's start; `--since`
  /// overrides either.
  @Test func markdownBeforeTheFirstMeetingAndWithSince() throws {
    let repositories = try makeRepositories()
    #expect(
      try standup(StandupCommand(syncUp: "ops", format: .markdown), repositories: repositories)
        == """
        ## Ops: work since Fri 20 Nov 2026, 00:00

        ### Ana (by name)

        1 commit in api

        - api `01fe3cc` Fix the \\*build\\*

        """)
    #expect(
      try standup(
        StandupCommand(syncUp: "eng", since: DateArgument(parsing: "2026-11-22"), format: .markdown),
        repositories: repositories) == """
        ## Eng: work since Sun 22 Nov 2026, 00:00

        ### Blob

        1 commit in web

        - web `54d053c` Log the retries

        - **Blocker** (Blob), 2 days: waiting on \\*API\\* keys

        ### Ana (by name)

        No commits

        ### Nobody's

        - **Action**, 1 day: book the room

        """)
  }

  @Test func json() throws {
    let repositories = try makeRepositories()
    let folder = fixtures.directory.path
    #expect(
      try standup(StandupCommand(syncUp: "eng", format: .json), repositories: ["~/*"])
        .replacingOccurrences(of: folder, with: "FOLDER") == """
        {
          "attendees" : [
            {
              "byName" : false,
              "commits" : [
                {
                  "author" : "Blob <blob@example.com>",
                  "date" : "2026-11-23T08:30:00Z",
                  "hash" : "54d053c11967610dd31fd6e95b48baa3ecb48374",
                  "repository" : "web",
                  "subject" : "Log the retries"
                },
                {
                  "author" : "Blob <blob@home.example>",
                  "date" : "2026-11-20T15:00:00Z",
                  "hash" : "626315014d7d5b1fd4b05d3930f02050bf942a47",
                  "repository" : "api",
                  "subject" : "Retry uploads"
                }
              ],
              "id" : "00000000-0000-0000-0000-0000000000A1",
              "name" : "Blob",
              "openItems" : [
                {
                  "id" : "00000000-0000-0000-0000-000000000011",
                  "kind" : "blocker",
                  "opened" : "2026-11-19T09:30:00Z",
                  "owner" : "00000000-0000-0000-0000-0000000000A1",
                  "text" : "waiting on *API* keys",
                  "ageWorkingDays" : 2,
                  "number" : 1,
                  "ownerName" : "Blob"
                }
              ],
              "repositories" : [
                "web",
                "api"
              ],
              "unread" : []
            },
            {
              "byName" : true,
              "commits" : [
                {
                  "author" : "Ana <ana@example.com>",
                  "date" : "2026-11-21T10:00:00Z",
                  "hash" : "01fe3cc156eb28a8044ef2b1dfd710c0ca84dab4",
                  "repository" : "api",
                  "subject" : "Fix the *build*"
                }
              ],
              "id" : "00000000-0000-0000-0000-0000000000A2",
              "name" : "Ana",
              "openItems" : [],
              "repositories" : [
                "api"
              ],
              "unread" : []
            }
          ],
          "repositories" : [
            "~/*"
          ],
          "since" : "2026-11-20T09:30:00Z",
          "syncUp" : "00000000-0000-0000-0000-0000000000D0",
          "title" : "Eng",
          "unownedItems" : [
            {
              "id" : "00000000-0000-0000-0000-000000000012",
              "kind" : "action",
              "opened" : "2026-11-20T09:30:00Z",
              "text" : "book the room",
              "ageWorkingDays" : 1,
              "number" : 2,
              "ownerName" : null
            }
          ],
          "until" : null
        }

        """)
    #expect(repositories.allSatisfy { $0.hasPrefix(folder) })
  }
}
