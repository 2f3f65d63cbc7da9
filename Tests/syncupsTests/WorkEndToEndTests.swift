import ChildProcessSupport
import Foundation
import Testing

/// Git identities on `edit` and `show`, the `repositories` setting, and `standup` as a person
/// runs them, on the built binary.
@Suite("Work end to end")
struct WorkEndToEndTests {
  @Test func gitAuthorsAreAddedShownAndRemoved() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Blob", "--attendee", "Ana")
    let before = try #require(syncups.dataBytes)
    #expect(!String(decoding: before, as: UTF8.self).contains("gitAuthors"))
    let edited = try syncups(
      "edit", "eng", "--git-author", "Blob=blob@example.com", "--git-author",
      "blob=Blob B", "--git-author", "Ana=ana@example.com", "--git-author",
      "Blob=blob@example.com")
    #expect(edited.status == 0, "\(edited.error)")
    let show = try syncups("show", "eng")
    #expect(
      show.output.hasSuffix(
        "Attendees\n  Blob  git: blob@example.com, Blob B\n  Ana   git: ana@example.com\n"))
    let json = try #require(try syncups.json(try syncups("show", "eng", "--json")) as? [String: Any])
    let attendees = try #require(json["attendees"] as? [[String: Any]])
    #expect(attendees.map { $0["gitAuthors"] as? [String] } == [["blob@example.com", "Blob B"], ["ana@example.com"]])

    // Taking one the attendee does not have fails and changes nothing.
    let stored = try #require(syncups.dataBytes)
    let missing = try syncups("edit", "eng", "--no-git-author", "Blob=blob@work.example")
    #expect(missing.status == 1)
    #expect(
      missing.error
        == "Error: Blob has no git author 'blob@work.example' (theirs: 'blob@example.com', 'Blob B')\n")
    #expect(syncups.dataBytes == stored)
    let malformed = try syncups("edit", "eng", "--git-author", "Blob")
    #expect(malformed.status == 64)
    #expect(
      malformed.error.hasPrefix(
        "Error: invalid value 'Blob' for '--git-author' (expected NAME=IDENTITY, such as "
          + "Blob=blob@example.com)\n"))

    // One, then all of an attendee's: the file is as it was before any.
    #expect(try syncups("edit", "eng", "--no-git-author", "Blob=Blob B").status == 0)
    let one = try #require(try syncups.json(try syncups("show", "eng", "--json")) as? [String: Any])
    #expect((one["attendees"] as? [[String: Any]])?.first?["gitAuthors"] as? [String] == ["blob@example.com"])
    #expect(try syncups("edit", "eng", "--no-git-author", "Blob", "--no-git-author", "ana").status == 0)
    #expect(syncups.dataBytes == before)
  }

  @Test func addTakesGitAuthorsForTheAttendeesItAdds() throws {
    let syncups = SyncUpsRun()
    let added = try syncups(
      "add", "--title", "Eng", "--attendee", "Blob", "--attendee", "Ana", "--git-author",
      "ana=ana@example.com", "--json")
    #expect(added.status == 0, "\(added.error)")
    let object = try #require(try syncups.json(added) as? [String: Any])
    #expect(
      (object["attendees"] as? [[String: Any]])?.map { $0["gitAuthors"] as? [String] }
        == [nil, ["ana@example.com"]])
    let unknown = try syncups("add", "--title", "Ops", "--attendee", "Blob", "--git-author", "Cy=cy@x")
    #expect(unknown.status == 1)
    #expect(unknown.error.hasPrefix("Error: "))
    #expect(try syncups("list", "--json").output.contains("Ops") == false)
  }

  @Test func theRepositoriesSettingTakesSeveralPaths() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("config", "set", "repositories", "~/src/*", "/srv/git/big repo").status == 0)
    #expect(try syncups("config", "get", "repositories").output == "'~/src/*' '/srv/git/big repo'\n")
    #expect(
      try syncups("config", "get", "repositories", "--json").output
        == "[\n  \"~/src/*\",\n  \"/srv/git/big repo\"\n]\n")
    let list = try syncups("config", "list").output
    #expect(list.contains("\nrepositories      '~/src/*' '/srv/git/big repo'\n"))
    let two = try syncups("config", "set", "bell", "on", "off")
    #expect(two.status == 64)
    #expect(
      two.error.hasPrefix(
        "Error: 'bell' takes one value, not 2 (only repositories takes several)\n"))
    #expect(try syncups("config", "unset", "repositories").status == 0)
    #expect(try syncups("config", "get", "repositories").output == "\n")
  }

  /// Repositories that are not there are named once on standard error; the cards still come.
  @Test func standupNamesWhatItSkipped() throws {
    let syncups = SyncUpsRun()
    let fixtures = GitFixtures()
    let api = try fixtures.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "Kept")])
    try syncups("add", "--title", "Eng", "--attendee", "Blob")
    try syncups("config", "set", "repositories", api, fixtures.directory.path + "/gone")
    let standup = try syncups("standup", "eng", "--since", "2026-11-23")
    #expect(standup.status == 0)
    #expect(standup.error == "Skipped \(fixtures.directory.path)/gone: no such directory.\n")
    #expect(
      standup.output.hasSuffix(
        "\n\nBlob (by name): 1 commit in api\n  api  \(String(try commitHash(api).prefix(7)))  Kept\n\n"
          + "(by name): Blob has no git identity; 'syncups edit <syncup> --git-author NAME=EMAIL' sets one.\n"))
    let none = try syncups("standup", "eng", "--repositories", fixtures.directory.path + "/none-*")
    #expect(none.status == 0)
    #expect(
      none.error == "Skipped \(fixtures.directory.path)/none-*: matches no git repository.\n")
    #expect(none.output.hasSuffix("\n\nBlob (by name): no commits\n\n(by name): Blob has no git identity; 'syncups edit <syncup> --git-author NAME=EMAIL' sets one.\n"))
  }

  /// A past meeting's window runs from the meeting before it to it.
  @Test func meetingShowWorkRecomputesThePastMeetingsCards() throws {
    let syncups = SyncUpsRun()
    let fixtures = GitFixtures()
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-19T08:00:00Z", subject: "Before"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-19T12:00:00Z", subject: "Thursday"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T09:00:00Z", subject: "Friday"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T10:00:00Z", subject: "After"),
      ])
    try syncups.writeDataFile(
      """
      [ { "attendees" : [ { "id" : "00000000-0000-0000-0000-0000000000A1", "name" : "Blob" } ],
          "duration" : 300, "id" : "00000000-0000-0000-0000-0000000000D0",
          "meetings" : [
            { "date" : "2026-11-20T09:30:00Z", "id" : "00000000-0000-0000-0000-0000000000E2",
              "transcript" : "" },
            { "date" : "2026-11-19T09:30:00Z", "id" : "00000000-0000-0000-0000-0000000000E1",
              "transcript" : "" } ],
          "theme" : "sky", "title" : "Eng" } ]
      """)
    let text = try syncups("meeting", "show", "eng", "1", "--work", "--repositories", api)
    #expect(text.status == 0, "\(text.error)")
    #expect(
      text.output.hasSuffix(
        """
        No notes were taken.

        Work since Thu 19 Nov 2026, 09:30 until Fri 20 Nov 2026, 09:30
          Blob (by name): 2 commits in api
            api  \(try shortHash(api, "main~1"))  Friday
            api  \(try shortHash(api, "main~2"))  Thursday

        """))
    let json = try syncups("meeting", "show", "eng", "2", "--work", "--repositories", api, "--json")
    let object = try #require(try syncups.json(json) as? [String: Any])
    let work = try #require(object["work"] as? [String: Any])
    #expect(work["since"] as? String == "2026-11-18T00:00:00Z")
    #expect(work["until"] as? String == "2026-11-19T09:30:00Z")
    let cards = try #require(work["attendees"] as? [[String: Any]])
    #expect(
      (cards.first?["commits"] as? [[String: Any]])?.map { $0["subject"] as? String } == ["Before"])
    let without = try syncups("meeting", "show", "eng", "1", "--repositories", api)
    #expect(without.status == 64)
  }

  private func shortHash(_ repository: String, _ revision: String) throws -> String {
    String(try commitHash(repository, revision).prefix(7))
  }

  private func commitHash(_ repository: String, _ revision: String = "main") throws -> String {
    let outcome = try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git,
        arguments: ["-C", repository, "rev-parse", revision].map { Array($0.utf8) },
        environment: ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"], directory: "/"))
    return outcome.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
