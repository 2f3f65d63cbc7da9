import Foundation
import SyncUpsCore
import Testing

@testable import syncups

/// The git gatherer on real repositories made for each test (``GitFixtures``).
@Suite("Work cards from git")
struct GitWorkGathererTests {
  let fixtures = GitFixtures()
  let blob = Attendee(id: UUID(), name: "Blob")
  let ana = Attendee(id: UUID(), name: "Ana", gitAuthors: ["ana@example.com"])

  /// 2026-11-23 is a Monday.
  static func moment(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// The events of one gathering, in order.
  func gather(
    _ repositories: [String], for attendees: [Attendee], window: WorkWindow,
    timeLimit: Duration = WorkRequest.defaultTimeLimit, environment: [String: String]? = nil
  ) async -> [WorkEvent] {
    let gatherer = WorkGatherer.git(environment: environment ?? fixtures.environment)
    var events: [WorkEvent] = []
    for await event in gatherer(
      WorkRequest(
        window: window, attendees: attendees, repositories: repositories, timeLimit: timeLimit))
    {
      events.append(event)
    }
    return events
  }

  /// The subjects on each card, and the repositories each card says were not read.
  func subjects(_ events: [WorkEvent]) -> [[String]] {
    events.compactMap { event in
      guard case .card(let card) = event else { return nil }
      return card.commits.map { "\($0.repository): \($0.subject)" }
    }
  }

  @Test func onAMondayTheCardsGoBackToFridaysStart() async throws {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-19T17:00:00Z", subject: "Thursday's"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T00:00:00Z", subject: "Friday's first"),
        .init(author: "Ana <ana@example.com>", date: "2026-11-20T10:00:00Z", subject: "Ana's Friday"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-21T12:00:00Z", subject: "Saturday's"),
      ])
    let web = try fixtures.repository(
      "web",
      [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "Monday's")])
    let window = WorkWindow.before(
      Self.moment("2026-11-23T09:00:00Z"), previousMeeting: nil, workingDays: .mondayToFriday,
      utcOffset: { _ in 0 })
    #expect(window == WorkWindow(since: Self.moment("2026-11-20T00:00:00Z")))
    let events = await gather([api, web], for: [blob, ana], window: window)
    #expect(
      subjects(events) == [
        ["web: Monday's", "api: Saturday's", "api: Friday's first"], ["api: Ana's Friday"],
      ])
    guard case .card(let card) = events.first else { return #expect(Bool(false)) }
    #expect(card.repositories == ["web", "api"])
    #expect(card.unread == [])
    #expect(card.commits[0].author == "Blob <blob@example.com>")
    #expect(card.commits[0].date == Self.moment("2026-11-23T08:00:00Z"))
    #expect(card.commits[0].hash.count == 40)
  }

  @Test func aSundayToThursdayWeekGoesBackFromSundayToThursday() async throws {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-18T23:59:59Z", subject: "Wednesday's"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-19T09:00:00Z", subject: "Thursday's"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-21T09:00:00Z", subject: "Saturday's"),
      ])
    let window = WorkWindow.before(
      Self.moment("2026-11-22T09:00:00Z"), previousMeeting: nil,
      workingDays: WorkingDays(rawValue: "sun-thu")!, utcOffset: { _ in 0 })
    let events = await gather([api], for: [blob], window: window)
    #expect(subjects(events) == [["api: Saturday's", "api: Thursday's"]])
  }

  @Test func anAuthorWithTwoAddressesGetsBothAndOnlyTheirs() async throws {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@home.example>", date: "2026-11-23T08:00:00Z", subject: "From home"),
        .init(author: "B. Lob <blob@work.example>", date: "2026-11-23T09:00:00Z", subject: "From work"),
        .init(author: "Blobby <blobby@work.example>", date: "2026-11-23T10:00:00Z", subject: "Not Blob's"),
      ])
    let blob = Attendee(
      id: UUID(), name: "Blob", gitAuthors: ["blob@home.example", "blob@work.example"])
    let byName = Attendee(id: UUID(), name: "Blob")
    let events = await gather(
      [api], for: [blob, byName], window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")))
    // Without identities the name stands in, whole: Blobby's commit is not Blob's.
    #expect(subjects(events) == [["api: From work", "api: From home"], ["api: From home"]])
  }

  @Test func aPastMeetingsWindowEndsAtThatMeeting() async throws {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T08:00:00Z", subject: "Before"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-20T10:00:00Z", subject: "During"),
        .init(author: "Blob <blob@example.com>", date: "2026-11-23T10:00:00Z", subject: "After"),
      ])
    let events = await gather(
      [api], for: [blob],
      window: WorkWindow(
        since: Self.moment("2026-11-20T09:00:00Z"), until: Self.moment("2026-11-23T09:00:00Z")))
    #expect(subjects(events) == [["api: During"]])
  }

  @Test func missingPathsAndOtherDirectoriesAreSkippedOnceWithWhy() async throws {
    let api = try fixtures.repository(
      "api",
      [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "Kept")])
    let gone = try fixtures.repository(
      "gone",
      [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "Lost")])
    try FileManager.default.removeItem(atPath: gone)
    let plain = fixtures.directory.path + "/plain"
    try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
    let file = try fixtures.directory.write("notes", to: "notes.txt")
    let events = await gather(
      [gone, plain, file, api, api, fixtures.directory.path + "/nothing-*"], for: [blob],
      window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")))
    #expect(
      events == [
        .skipped(repository: gone, reason: "no such directory"),
        .skipped(repository: plain, reason: "not a git repository"),
        .skipped(repository: file, reason: "not a directory"),
        .skipped(
          repository: fixtures.directory.path + "/nothing-*", reason: "matches no git repository"),
      ] + [.card(WorkCard(attendee: blob.id, commits: try #require(cardCommits(events))))])
    #expect(subjects(events) == [["api: Kept"]])
  }

  @Test func aGlobReadsTheRepositoriesItMatchesAndPassesOverOtherFolders() async throws {
    try fixtures.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "In api")])
    try fixtures.repository(
      "web", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T09:00:00Z", subject: "In web")])
    try FileManager.default.createDirectory(
      atPath: fixtures.directory.path + "/plain", withIntermediateDirectories: true)
    var environment = fixtures.environment
    environment["HOME"] = fixtures.directory.path
    let events = await gather(
      ["~/*"], for: [blob], window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")),
      environment: environment)
    #expect(events.count == 1)
    #expect(subjects(events) == [["web: In web", "api: In api"]])
  }

  /// 100,000 commits all in the window: git cannot print them within a millisecond, so the
  /// card names that repository unread.
  @Test func aBigRepositoryOverItsTimeLimitIsNamedUnread() async throws {
    let last = Int(Self.moment("2026-11-23T08:00:00Z").timeIntervalSince1970)
    let big = try fixtures.bigRepository("big", count: 100_000, last: last)
    let old = Attendee(id: UUID(), name: "Old")
    let events = await gather(
      [big], for: [blob, old],
      window: WorkWindow(since: Self.moment("2026-01-01T00:00:00Z")),
      timeLimit: .milliseconds(1))
    #expect(
      events == [
        .card(WorkCard(attendee: blob.id, commits: [], unread: ["big"])),
        .card(WorkCard(attendee: old.id, commits: [], unread: ["big"])),
      ])
  }

  /// A repository whose git never answers (a wrapper that sleeps, as on a hung network
  /// mount) is stopped at its time limit, whatever it started, and the others still come.
  @Test func aRepositoryThatHangsIsStoppedAtItsLimitAndTheOthersStillCome() async throws {
    let slow = try fixtures.repository(
      "slow", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "S")])
    let api = try fixtures.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "A")])
    let environment = try wrappedGit(
      "[ \"$2\" = '\(slow)' ] && sleep 120\nexec \(SyncEndToEndTests.git) \"$@\"")
    let request = WorkRequest(
      window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")), attendees: [blob],
      repositories: [slow, api], timeLimit: .seconds(1))
    // Read without awaiting, so that the time measured is the reading's, not that of a busy
    // test run's tasks waiting for a thread.
    let started = ContinuousClock.now
    let cards = GitWorkReading(request: request, environment: environment)
      .read(parallel: 8, shouldStop: { false }) { _ in }
    // Far below the sleep; generous for a busy machine.
    #expect(ContinuousClock.now - started < .seconds(60))
    #expect(cards.map { $0.commits.map { "\($0.repository): \($0.subject)" } } == [["api: A"]])
    #expect(cards.last?.unread == ["slow"])
  }

  /// Repositories are read side by side, as many as `parallel` at once, each git waited for
  /// on a thread of its own: all eight slow gits have started before the first is done, not
  /// two or three, as on the few threads a two-core machine's shared queue gives them.
  @Test func slowRepositoriesAreReadSideBySide() async throws {
    let names = (1...8).map { "r\($0)" }
    let repositories = try names.map { name in
      try fixtures.repository(
        name,
        [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: name)])
    }
    let log = fixtures.directory.path + "/log"
    let environment = try wrappedGit(
      """
      if [ "$3" = log ]; then
        echo started >> '\(log).started'
        sleep 3
        wc -l < '\(log).started' | tr -d ' ' >> '\(log).seen'
      fi
      exec \(SyncEndToEndTests.git) "$@"
      """)
    let events = await gather(
      repositories, for: [blob], window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")),
      timeLimit: .seconds(60), environment: environment)
    #expect(subjects(events).map { $0.count } == [8])
    // How many had started when the first one was done.
    let seen = try String(contentsOfFile: log + ".seen", encoding: .utf8)
    #expect(seen.split(separator: "\n").first == "8")
  }

  /// One `git log` per repository, however many attendees there are.
  @Test func eachRepositoryIsReadOnceForEveryone() async throws {
    let api = try fixtures.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "A")])
    let web = try fixtures.repository(
      "web", [.init(author: "Ana <ana@example.com>", date: "2026-11-23T08:00:00Z", subject: "W")])
    let log = fixtures.directory.path + "/calls"
    let environment = try wrappedGit(
      "echo \"$2\" >> '\(log)'\nexec \(SyncEndToEndTests.git) \"$@\"")
    let attendees = [blob, ana] + (1...4).map { Attendee(id: UUID(), name: "Person \($0)") }
    let events = await gather(
      [api, web], for: attendees, window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")),
      environment: environment)
    #expect(subjects(events) == [["api: A"], ["web: W"], [], [], [], []])
    let calls = try String(contentsOfFile: log, encoding: .utf8)
    #expect(calls.split(separator: "\n").sorted() == [Substring(api), Substring(web)])
  }

  /// git's variables that point at another repository, as a git hook inherits them, are not
  /// followed: each repository named is the one read, under its own name.
  @Test func anInheritedGitDirectoryDoesNotRedirectTheReading() async throws {
    let api = try fixtures.repository(
      "api", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "A")])
    let web = try fixtures.repository(
      "web", [.init(author: "Blob <blob@example.com>", date: "2026-11-23T09:00:00Z", subject: "W")])
    var environment = fixtures.environment
    environment["GIT_DIR"] = web + "/.git"
    environment["GIT_WORK_TREE"] = web
    environment["GIT_INDEX_FILE"] = web + "/.git/index"
    environment["GIT_OBJECT_DIRECTORY"] = web + "/.git/objects"
    let events = await gather(
      [api], for: [blob], window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")),
      environment: environment)
    #expect(subjects(events) == [["api: A"]])
  }

  /// The repository's `.mailmap` joins an author's two addresses: both commits are matched by
  /// the address it maps to, and shown under it.
  @Test func aMailmapJoiningTwoAddressesIsFollowed() async throws {
    let api = try fixtures.repository(
      "api",
      [
        .init(author: "Blob <blob@home.example>", date: "2026-11-23T08:00:00Z", subject: "From home"),
        .init(author: "B. Lob <blob@work.example>", date: "2026-11-23T09:00:00Z", subject: "From work"),
      ])
    try "Blob <blob@home.example> <blob@work.example>\n".write(
      toFile: api + "/.mailmap", atomically: true, encoding: .utf8)
    let blob = Attendee(id: UUID(), name: "Blob", gitAuthors: ["blob@home.example"])
    let events = await gather(
      [api], for: [blob], window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")))
    #expect(subjects(events) == [["api: From work", "api: From home"]])
    #expect(
      cardCommits(events)?.map(\.author) == ["Blob <blob@home.example>", "Blob <blob@home.example>"])
  }

  /// A commit reachable from two repositories given (a second clone, and a worktree a glob
  /// matches) is on the card once, under the first repository's name.
  @Test func aCommitInTwoClonesOrAWorktreeCountsOnce() async throws {
    let api = try fixtures.repository(
      "src/api",
      [
        .init(author: "Blob <blob@example.com>", date: "2026-11-23T08:00:00Z", subject: "Shared"),
      ])
    let clone = fixtures.directory.path + "/other/api-clone"
    try fixtures.git(["clone", "-q", api, clone])
    try fixtures.git(["-C", api, "branch", "-q", "work"])
    try fixtures.git(["-C", api, "worktree", "add", "-q", fixtures.directory.path + "/src/api-work", "work"])
    let events = await gather(
      [fixtures.directory.path + "/src/*", clone], for: [blob],
      window: WorkWindow(since: Self.moment("2026-11-23T00:00:00Z")))
    #expect(subjects(events) == [["api: Shared"]])
    #expect(cardCommits(events)?.first?.repository == "api")
  }

  /// The fixtures' environment with a `git` first on `PATH` that runs `script` (a shell
  /// script that ends by running the real git).
  private func wrappedGit(_ script: String) throws -> [String: String] {
    let bin = fixtures.directory.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try ("#!/bin/sh\n" + script + "\n").write(
      toFile: bin + "/git", atomically: true, encoding: .utf8)
    #expect(chmod(bin + "/git", 0o755) == 0)
    var environment = fixtures.environment
    environment["PATH"] = bin + ":/usr/bin:/bin"
    return environment
  }

  private func cardCommits(_ events: [WorkEvent]) -> [WorkCommit]? {
    for case .card(let card) in events { return card.commits }
    return nil
  }
}
