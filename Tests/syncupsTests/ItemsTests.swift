import Foundation
import SharedState
import Testing

@testable import syncups

/// `items` run in the process on a data file in the in-memory file system, at a fixed date in
/// a fixed time zone (New York's): the ages of items raised in three meetings on consecutive
/// days.
@MainActor
@Suite("Items")
struct ItemsTests {
  static let path = "/data/sync-ups.json"
  static let settings = "/config/syncups/config.json"

  static func item(
    _ id: String, _ kind: String, _ text: String, owner: String?, opened: String,
    meeting: String, resolved: String? = nil
  ) -> String {
    // A two-digit owner is one of the attendees below; a longer one a whole id.
    let owner =
      owner.map {
        #""owner" : "\#($0.count == 2 ? "00000000-0000-0000-0000-0000000000" + $0 : $0)", "#
      } ?? ""
    let resolved = resolved.map { #""resolution" : "done", "resolved" : "\#($0)", "# } ?? ""
    return """
      { "id" : "00000000-0000-0000-0000-0000000000\(id)", "kind" : "\(kind)",
        "opened" : "\(opened)", "openedIn" : "00000000-0000-0000-0000-0000000000\(meeting)",
        \(owner)\(resolved)"text" : "\(text)" }
      """
  }

  /// Eng (Ana, Ben) met on Thursday 12, Friday 13 and Saturday 14 November 2026 at 09:00 in
  /// New York (14:00 UTC), raising an item in each; the first meeting's second item was
  /// resolved on the Friday. Ops has one open item; Empty none.
  static let file = """
    [
      {
        "attendees" : [
          { "id" : "00000000-0000-0000-0000-0000000000A1", "name" : "Ana" },
          { "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ben" }
        ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-0000000000D0",
        "items" : [
          \(item("11", "blocker", "waiting on API keys", owner: "A1", opened: "2026-11-12T14:00:00Z", meeting: "E1")),
          \(item("12", "action", "book the room", owner: nil, opened: "2026-11-12T14:01:00Z", meeting: "E1", resolved: "2026-11-13T14:00:00Z")),
          \(item("13", "action", "write the release notes", owner: "A2", opened: "2026-11-13T14:00:00Z", meeting: "E2")),
          \(item("14", "blocker", "staging is down", owner: "99C0FFEE-0000-0000-0000-000099C0FFEE", opened: "2026-11-14T14:00:00Z", meeting: "E3"))
        ],
        "meetings" : [
          { "date" : "2026-11-14T14:05:00Z", "id" : "00000000-0000-0000-0000-0000000000E3", "transcript" : "" },
          { "date" : "2026-11-13T14:05:00Z", "id" : "00000000-0000-0000-0000-0000000000E2", "transcript" : "" },
          { "date" : "2026-11-12T14:05:00Z", "id" : "00000000-0000-0000-0000-0000000000E1", "transcript" : "" }
        ],
        "theme" : "sky",
        "title" : "Eng"
      },
      {
        "attendees" : [ { "id" : "00000000-0000-0000-0000-0000000000B1", "name" : "Ana" } ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-0000000000F0",
        "items" : [
          \(item("21", "action", "rotate the keys", owner: "B1", opened: "2026-11-02T14:00:00Z", meeting: "E9"))
        ],
        "meetings" : [ ],
        "theme" : "sky",
        "title" : "Ops"
      },
      {
        "attendees" : [ ], "duration" : 300, "id" : "00000000-0000-0000-0000-0000000000C0",
        "meetings" : [ ], "theme" : "sky", "title" : "Empty"
      }
    ]
    """

  /// Monday 16 November 2026, 09:30 in New York.
  static let monday = Date(timeIntervalSince1970: 1_794_839_400)

  /// What `items` prints for `command` at `now` in New York, with the settings file holding
  /// `settings`.
  func items(
    _ command: ItemsCommand, now: Date = monday, json: Bool = false, settings: String = "{}"
  ) throws -> String? {
    try withDependencies {
      $0.defaultFileStorage.fileSystem = InMemoryFileSystem(files: [Self.path: Data(Self.file.utf8)])
      $0.syncUpsFileURL = URL(filePath: Self.path)
      $0.date = .constant(now)
      let newYork = TimeZone(identifier: "America/New_York")!
      $0.utcOffset = { newYork.secondsFromGMT(for: $0) }
      $0.defaultAppStorage = AppStorage(
        url: URL(filePath: Self.settings),
        fileSystem: InMemoryFileSystem(files: [Self.settings: Data(settings.utf8)]))
    } operation: {
      let context = CommandContext(
        options: GlobalOptions(file: Self.path, json: json, color: .never),
        environment: ["HOME": "/nonexistent"])
      return try command.answer(from: context.readSyncUps(), in: context)
    }
  }

  /// Thursday to Monday is two working days (Friday, Monday), Friday to Monday one, Saturday
  /// to Monday one; an owner no longer on the sync-up shows by short id.
  @Test func agesAfterThreeMeetingsOnConsecutiveDays() throws {
    #expect(
      try items(ItemsCommand(syncUp: "eng")) == """
        1  blocker  Ana       2 days  waiting on API keys
        3  action   Ben       1 day   write the release notes
        4  blocker  99C0FFEE  1 day   staging is down

        """)
    #expect(
      try items(ItemsCommand(syncUp: "eng", all: true)) == """
        1  blocker  Ana       2 days    waiting on API keys
        2  action   -         resolved  book the room
        3  action   Ben       1 day     write the release notes
        4  blocker  99C0FFEE  1 day     staging is down

        """)
    // On the Thursday evening, the first meeting's items are 0 days old.
    #expect(
      try items(
        ItemsCommand(syncUp: "eng", owner: "ana"),
        now: Date(timeIntervalSince1970: 1_794_524_400)) == """
        1  blocker  Ana  0 days  waiting on API keys

        """)
  }

  /// Every sync-up with items, each under its title; `--owner` by name in each.
  @Test func everySyncUpAndOwners() throws {
    #expect(
      try items(ItemsCommand()) == """
        Eng  00000000
          1  blocker  Ana       2 days  waiting on API keys
          3  action   Ben       1 day   write the release notes
          4  blocker  99C0FFEE  1 day   staging is down

        Ops  00000000
          1  action  Ana  10 days  rotate the keys

        """)
    #expect(
      try items(ItemsCommand(owner: "ana")) == """
        Eng  00000000
          1  blocker  Ana  2 days  waiting on API keys

        Ops  00000000
          1  action  Ana  10 days  rotate the keys

        """)
    #expect(try items(ItemsCommand(resolved: true, owner: "ben")) == nil)
    #expect(throws: CommandFailure.self) { try items(ItemsCommand(owner: "zed")) }
  }

  /// With Sunday to Thursday, Thursday to Sunday is one working day (Sunday), and so are
  /// Friday and Saturday to Sunday.
  @Test func workdaysSundayToThursday() throws {
    let sunday = Self.monday - 86_400
    #expect(
      try items(ItemsCommand(syncUp: "eng"), now: sunday, settings: #"{"workdays":"sun-thu"}"#)
        == """
        1  blocker  Ana       1 day  waiting on API keys
        3  action   Ben       1 day  write the release notes
        4  blocker  99C0FFEE  1 day  staging is down

        """)
    #expect(
      try items(ItemsCommand(syncUp: "eng"), now: sunday) == """
        1  blocker  Ana       1 day   waiting on API keys
        3  action   Ben       0 days  write the release notes
        4  blocker  99C0FFEE  0 days  staging is down

        """)
  }

  @Test func json() throws {
    let answer = try #require(try items(ItemsCommand(syncUp: "eng", kind: .action), json: true))
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String: Any]])
    #expect(items.map { $0["id"] as? String } == ["00000000-0000-0000-0000-000000000013"])
    #expect(
      Set(items[0].keys)
        == [
          "id", "kind", "opened", "openedIn", "owner", "text", "number", "ageWorkingDays",
          "ownerName",
        ])
    #expect(items[0]["opened"] as? String == "2026-11-13T14:00:00Z")
    // What `items` prints: the position `item resolve` takes, the age and the owner.
    #expect(items[0]["number"] as? Int == 3)
    #expect(items[0]["ageWorkingDays"] as? Int == 1)
    #expect(items[0]["ownerName"] as? String == "Ben")
  }

  /// Across sync-ups each item says which holds it; an owner no longer on the sync-up has no
  /// name, and a resolved item's age is up to its resolution.
  @Test func jsonAcrossSyncUpsNamesEachItemsSyncUp() throws {
    let answer = try #require(try items(ItemsCommand(all: true), json: true))
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String: Any]])
    let rows = items.map { item -> String in
      let syncUp = item["syncUp"] as? [String: Any]
      return "\(syncUp?["title"] as? String ?? "-") \(item["number"] as? Int ?? 0) "
        + "\(item["ageWorkingDays"] as? Int ?? -1) \(item["ownerName"] as? String ?? "null")"
    }
    #expect(
      rows == [
        "Eng 1 2 Ana", "Eng 2 1 null", "Eng 3 1 Ben", "Eng 4 1 null", "Ops 1 10 Ana",
      ])
    #expect(
      (items[0]["syncUp"] as? [String: Any])?["id"] as? String
        == "00000000-0000-0000-0000-0000000000D0")
    // A sync-up named: no syncUp key.
    let one = try #require(try self.items(ItemsCommand(syncUp: "ops"), json: true))
    #expect(!one.contains("\"syncUp\""))
  }

  /// Any two of --open, --resolved and --all are refused, rather than one silently winning.
  @Test func twoStatesAtOnceAreAUsageError() throws {
    for (first, second) in [("--open", "--resolved"), ("--resolved", "--all"), ("--open", "--all")] {
      do {
        try ItemsCommand(open: first == "--open", resolved: first == "--resolved" || second == "--resolved", all: second == "--all")
          .validate(path: ["items"])
        Issue.record("\(first) \(second) accepted")
      } catch {
        #expect(error.message == "'\(first)' and '\(second)' cannot be used together: give one")
      }
    }
    #expect(throws: Never.self) { try ItemsCommand(resolved: true).validate(path: ["items"]) }
  }
}
