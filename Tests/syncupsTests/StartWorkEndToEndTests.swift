import ChildProcessSupport
import Foundation
import Testing

/// Work cards in `syncups start`, end to end against real git repositories made for each test:
/// a script's `work` events, the card on a terminal, a repository that is not there named on
/// stderr, and a repository of 100,000 commits that never holds the timer back.
@Suite("Meeting work cards end to end")
struct StartWorkEndToEndTests {
  static let ana = "00000000-0000-0000-0000-00000000000A"
  static let ben = "00000000-0000-0000-0000-00000000000B"

  /// Eng (Ana and Ben; 600 seconds) whose previous meeting was on Monday 5 January 2026 at
  /// 09:00 UTC, reading api and web, and a repository that is not there:
  /// - api: Ana's commit from before that meeting, then Ana's and Ben's since;
  /// - web: Ana's, under the second address she commits as.
  ///
  /// Ana has her two addresses as git identities; Ben has none, so his name is matched.
  func engineering() throws -> (SyncUpsRun, GitFixtures) {
    let git = GitFixtures()
    let api = try git.repository(
      "api",
      [
        .init(author: "Ana <ana@example.com>", date: "2026-01-02T10:00:00Z", subject: "Old work"),
        .init(
          author: "Ana <ana@example.com>", date: "2026-01-06T10:00:00Z", subject: "Retry uploads"),
        .init(author: "Ben <ben@example.com>", date: "2026-01-06T11:00:00Z", subject: "Fix the build"),
      ])
    let web = try git.repository(
      "web",
      [
        .init(
          author: "Ana <ana@home.example.org>", date: "2026-01-07T09:00:00Z",
          subject: "Show the retries")
      ])
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"gitAuthors":["ana@example.com","ana@home.example.org"],\
      "id":"\(Self.ana)","name":"Ana"},{"id":"\(Self.ben)","name":"Ben"}],\
      "duration":600,"id":"00000000-0000-0000-0000-000000000001",\
      "meetings":[{"date":"2026-01-05T09:00:00Z","id":"00000000-0000-0000-0000-0000000000E1",\
      "transcript":""}],"theme":"orange","title":"Eng"}]
      """)
    try Self.setRepositories([api, web, git.directory.path + "/gone"], of: syncups)
    return (syncups, git)
  }

  /// Sets the `repositories` setting of `syncups`'s scratch home.
  static func setRepositories(_ paths: [String], of syncups: SyncUpsRun) throws {
    let result = try syncups.run(["config", "set", "repositories"] + paths)
    #expect(result.status == 0, "\(result.error)")
  }

  /// The full hashes of `repository`'s commits, by subject.
  static func hashes(in repository: String, _ git: GitFixtures) throws -> [String: String] {
    let outcome = try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git,
        arguments: ["-C", repository, "log", "--format=%H %s"].map { Array($0.utf8) },
        environment: git.environment, directory: git.directory.path))
    return Dictionary(
      uniqueKeysWithValues: outcome.stdoutText.split(separator: "\n").map {
        (String($0.dropFirst(41)), String($0.prefix(40)))
      })
  }

  /// The JSON Lines events of `output` whose event is `name`.
  static func events(_ name: String, in output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }.filter { $0["event"] as? String == name }
  }

  @Test func aScriptGetsEachSpeakersWorkAsAnEvent() throws {
    let (syncups, git) = try engineering()
    let api = try Self.hashes(in: git.directory.path + "/api", git)
    let web = try Self.hashes(in: git.directory.path + "/web", git)
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"])
    #expect(meeting.waitForOutput(containing: #""event":"work","name":"Ana""#))
    meeting.send("next")
    #expect(meeting.waitForOutput(containing: #""event":"work","name":"Ben""#))
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    #expect(result.error == "Skipped \(git.directory.path)/gone: no such directory.\n")

    let work = try Self.events("work", in: result.output)
    #expect(work.map { $0["attendee"] as? String } == [Self.ana, Self.ben])
    #expect(work.map { $0["since"] as? String } == ["2026-01-05T09:00:00Z", "2026-01-05T09:00:00Z"])
    #expect(work.map { $0["count"] as? Int } == [2, 1])
    #expect(work.map { $0["repositories"] as? [String] } == [["web", "api"], ["api"]])
    #expect(work.map { $0["unread"] as? [String] } == [[], []])
    let commits = work.map { ($0["commits"] as? [[String: String]]) ?? [] }
    #expect(
      commits == [
        [
          [
            "repository": "web", "hash": web["Show the retries"] ?? "",
            "subject": "Show the retries", "date": "2026-01-07T09:00:00Z",
            "author": "Ana <ana@home.example.org>",
          ],
          [
            "repository": "api", "hash": api["Retry uploads"] ?? "",
            "subject": "Retry uploads", "date": "2026-01-06T10:00:00Z",
            "author": "Ana <ana@example.com>",
          ],
        ],
        [
          [
            "repository": "api", "hash": api["Fix the build"] ?? "",
            "subject": "Fix the build", "date": "2026-01-06T11:00:00Z",
            "author": "Ben <ben@example.com>",
          ]
        ],
      ])
    // The record keeps nothing of the cards.
    let data = String(decoding: try #require(syncups.dataBytes), as: UTF8.self)
    #expect(!data.contains("Retry uploads") && !data.contains("commits"))
  }

  /// `fixtures`' directory's `bin`, holding a `git` that waits for the file `gate` there to
  /// exist before it runs the real one: the environment for cards that arrive when a test
  /// says. The cards' events then come after the script has moved on.
  static func gatedGit(_ git: GitFixtures) throws -> (environment: [String: String], gate: String) {
    let bin = git.directory.path + "/bin"
    let gate = git.directory.path + "/gate"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try "#!/bin/sh\nwhile [ ! -e '\(gate)' ]; do sleep 0.05; done\nexec \(SyncEndToEndTests.git) \"$@\"\n"
      .write(toFile: bin + "/git", atomically: true, encoding: .utf8)
    #expect(chmod(bin + "/git", 0o755) == 0)
    return (["PATH": bin + ":/usr/bin:/bin"], gate)
  }

  /// A script that moves on before the cards arrive gets, when they do, the `work` event of
  /// every speaker whose turn has begun, in speaking order; a meeting that ends first, none.
  @Test func cardsArrivingAfterTheScriptMovedOnAreEachAnEvent() throws {
    let (syncups, git) = try engineering()
    let (environment, gate) = try Self.gatedGit(git)
    let early = try RunningSyncUps(syncups, ["--json", "start", "eng"], environment: environment)
    #expect(early.waitForOutput(containing: #""event":"speaker""#))
    early.send("discard")
    let discarded = try early.finish()
    #expect(discarded.status == 0)
    #expect(try Self.events("work", in: discarded.output).isEmpty)
    #expect(try Self.events("ended", in: discarded.output).count == 1)

    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng"], environment: environment)
    meeting.send("next")
    #expect(meeting.waitForOutput(containing: #""event":"speaker","index":2"#))
    #expect(FileManager.default.createFile(atPath: gate, contents: nil))
    #expect(meeting.waitForOutput(containing: #""event":"work","name":"Ben""#))
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)
    let events = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let names = events.compactMap { event -> String? in
      guard let kind = event["event"] as? String, ["speaker", "work"].contains(kind) else {
        return nil
      }
      return kind + " " + (event["name"] as? String ?? "")
    }
    #expect(names == ["speaker Ana", "speaker Ben", "work Ana", "work Ben"])
    let work = try Self.events("work", in: result.output)
    #expect(work.map { $0["count"] as? Int } == [2, 1])
  }

  /// Plain lines, with `--quiet`: the events as ever, the skipped repository not named.
  @Test func plainLinesListTheCommitsWithTheirHashes() throws {
    let (syncups, git) = try engineering()
    let api = try Self.hashes(in: git.directory.path + "/api", git)
    let meeting = try RunningSyncUps(syncups, ["--quiet", "start", "eng"])
    #expect(meeting.waitForOutput(containing: "Work of Ana"))
    meeting.send("discard")
    let result = try meeting.finish()
    #expect(result.status == 0)
    #expect(result.error == "")
    let lines = result.output.split(separator: "\n").map(String.init)
    let work = try #require(lines.firstIndex { $0.hasSuffix("Work of Ana: 2 commits in web, api") })
    #expect(lines[work + 2] == "  " + (api["Retry uploads"] ?? "").prefix(7) + " api: Retry uploads")
    #expect(lines[work + 1].hasSuffix(" web: Show the retries"))
  }

  /// `--repositories` reads those named instead of the setting (so the missing one is not
  /// named), and `--since` starts the window at 10:30 on 6 January, after Ana's first commit
  /// there and before Ben's: each card as a script's plain lines show it.
  @Test func sinceAndRepositoriesPickTheCardsWindowAndRepositories() throws {
    let (syncups, git) = try engineering()
    let api = try Self.hashes(in: git.directory.path + "/api", git)
    let web = try Self.hashes(in: git.directory.path + "/web", git)
    let meeting = try RunningSyncUps(
      syncups,
      [
        "start", "eng", "--since", "2026-01-06T10:30", "--repositories",
        git.directory.path + "/api", "--repositories", git.directory.path + "/web",
      ])
    #expect(meeting.waitForOutput(containing: "Work of Ana"))
    meeting.send("next")
    #expect(meeting.waitForOutput(containing: "Work of Ben"))
    meeting.send("discard")
    let result = try meeting.finish()
    #expect(result.status == 0)
    #expect(result.error == "")
    // Each line without its time: the cards come when they are ready.
    let lines = result.output.split(separator: "\n").map {
      $0.hasPrefix("  ") ? String($0) : String($0.drop { $0 != " " }.dropFirst())
    }
    let work = lines.indices.filter { lines[$0].hasPrefix("Work of") }.flatMap {
      lines[$0..<min($0 + 2, lines.count)]
    }
    #expect(
      work == [
        "Work of Ana: 1 commit in web", "  " + (web["Show the retries"] ?? "").prefix(7)
          + " Show the retries",
        "Work of Ben: 1 commit in api", "  " + (api["Fix the build"] ?? "").prefix(7)
          + " Fix the build",
      ])
  }

  @Test func aTerminalShowsTheSpeakersCardUnderTheirName() throws {
    let (syncups, git) = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], columns: 100)
    #expect(
      meeting.waitFor(
        "Ana is speaking Speaker 1 of 2 Next: Ben Work: 2 commits in web, api "
          + "web: Show the retries api: Retry uploads Meeting"))
    meeting.type("n")
    #expect(
      meeting.waitFor("Ben is speaking Speaker 2 of 2 Work (by name): 1 commit in api Fix the build"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
    let after = meeting.screen.split(separator: "\u{1B}[?1049l").last ?? ""
    #expect(after.contains("Skipped \(git.directory.path)/gone: no such directory.\r\n"))
  }

  /// A repository of 100,000 commits in the window: the speaker's slot runs out on time while
  /// it is read, and the card arrives with every commit counted (or, on a machine too slow to
  /// read it within its time limit, names the repository as unread).
  @Test func aHugeRepositoryNeverHoldsTheTimerBack() throws {
    let git = GitFixtures()
    // A minute apart, the last on 10 January 2026: all after the previous meeting.
    let big = try git.bigRepository("big", count: 100_000, last: 1_768_046_400)
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Old"},{"id":"\(Self.ben)","name":"Ben"}],\
      "duration":4,"id":"00000000-0000-0000-0000-000000000001",\
      "meetings":[{"date":"2025-01-01T00:00:00Z","id":"00000000-0000-0000-0000-0000000000E1",\
      "transcript":""}],"theme":"orange","title":"Eng"}]
      """)
    try Self.setRepositories([big], of: syncups)
    // Overtime: Old's turn goes on past its 2-second slot until the card is there.
    let meeting = try RunningSyncUps(syncups, ["--json", "start", "eng", "--overtime"])
    #expect(meeting.waitForOutput(containing: #""event":"overtime""#))
    #expect(meeting.waitForOutput(containing: #""event":"work","name":"Old""#))
    meeting.send("save")
    let result = try meeting.finish()
    #expect(result.status == 0)

    // The slot ran out at 2 seconds (3 on a loaded machine that reads the tick late).
    let overtime = try #require(try Self.events("overtime", in: result.output).first)
    #expect((2...3).contains(overtime["elapsed"] as? Int ?? 0), "\(overtime)")
    let work = try #require(try Self.events("work", in: result.output).first)
    let commits = (work["commits"] as? [[String: String]]) ?? []
    if (work["unread"] as? [String]) == ["big"] {
      #expect(work["count"] as? Int ?? -1 < 100_000)
    } else {
      #expect(work["count"] as? Int == 100_000)
      #expect(commits.count == 50)
      #expect(commits.first?["subject"] == "Change 99999")
      #expect(commits.first?["date"] == "2026-01-10T12:00:00Z")
    }
  }
}
