import Foundation
import SharedState
import Testing

/// The `item` commands and `items` run as the program: good and bad references, `--json`, and
/// the data file left as it was by every command that fails.
@Suite("Items end to end")
struct ItemsEndToEndTests {
  static let ana = "00000000-0000-0000-0000-00000000000A"
  static let dee1 = "D1000000-0000-0000-0000-0000000000D1"
  static let dee2 = "D2000000-0000-0000-0000-0000000000D2"

  /// Eng: Ana, Ben and two attendees named Dee.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Ana"},\
      {"id":"00000000-0000-0000-0000-00000000000B","name":"Ben"},\
      {"id":"\(Self.dee1)","name":"Dee"},{"id":"\(Self.dee2)","name":"dee"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  func object(_ syncups: SyncUpsRun, _ result: SyncUpsRun.Result) throws -> [String: Any] {
    #expect(result.status == 0, "\(result.error)")
    return try #require(try syncups.json(result) as? [String: Any])
  }

  /// The keys of an item object, and its values but the id and dates.
  func summary(_ item: [String: Any]) -> [String: String] {
    var summary: [String: String] = [:]
    for (key, value) in item {
      summary[key] =
        ["id", "opened", "resolved", "reopened"].contains(key) ? "set" : "\(value)"
    }
    return summary
  }

  @Test func raiseResolveReopenEditAndDeleteWithJSON() throws {
    let syncups = try engineering()
    let blocker = try object(
      syncups,
      syncups("--json", "item", "add", "eng", "--blocker", "waiting on API keys", "--owner", "ANA"))
    #expect(
      summary(blocker)
        == [
          "id": "set", "kind": "blocker", "opened": "set", "owner": Self.ana,
          "text": "waiting on API keys", "number": "1", "ageWorkingDays": "0", "ownerName": "Ana",
        ])
    let action = try syncups("item", "add", "eng", "--action", "write the notes")
    #expect(action.status == 0)
    #expect(action.output == "")
    #expect(action.error == "Raised action 2 of 'Eng': write the notes\n")

    let listed = try syncups("--json", "items", "eng")
    let items = try #require(try syncups.json(listed) as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["waiting on API keys", "write the notes"])

    // By id prefix.
    let id = try #require(blocker["id"] as? String)
    let resolved = try object(
      syncups, syncups("--json", "item", "resolve", "eng", String(id.prefix(6)), "--note", "came"))
    #expect(
      summary(resolved)
        == [
          "id": "set", "kind": "blocker", "opened": "set", "owner": Self.ana,
          "resolution": "came", "resolved": "set", "text": "waiting on API keys",
          "number": "1", "ageWorkingDays": "0", "ownerName": "Ana",
        ])
    let open = try #require(try syncups.json(syncups("--json", "items", "eng")) as? [[String: Any]])
    #expect(open.map { $0["text"] as? String } == ["write the notes"])
    let done = try #require(
      try syncups.json(syncups("--json", "items", "eng", "--resolved")) as? [[String: Any]])
    #expect(done.map { $0["text"] as? String } == ["waiting on API keys"])

    let reopened = try object(syncups, syncups("--json", "item", "reopen", "eng", "1"))
    #expect(
      summary(reopened)
        == [
          "id": "set", "kind": "blocker", "opened": "set", "owner": Self.ana, "reopened": "set",
          "text": "waiting on API keys", "number": "1", "ageWorkingDays": "0", "ownerName": "Ana",
        ])

    let edited = try object(
      syncups,
      syncups("--json", "item", "edit", "eng", "2", "--text", "write the release notes",
        "--owner", "ben"))
    #expect(
      summary(edited)
        == [
          "id": "set", "kind": "action", "opened": "set",
          "owner": "00000000-0000-0000-0000-00000000000B", "text": "write the release notes",
          "number": "2", "ageWorkingDays": "0", "ownerName": "Ben",
        ])

    let deleted = try syncups("item", "delete", "eng", "1", "--yes")
    #expect(deleted.status == 0)
    #expect(deleted.error == "Deleted the blocker 'waiting on API keys' from 'Eng'.\n")
    let left = try #require(try syncups.json(syncups("--json", "items", "--all")) as? [[String: Any]])
    #expect(left.map { $0["text"] as? String } == ["write the release notes"])
    #expect(try syncups("__complete", "items", "eng").output == "1\taction: write the release notes\n")
  }

  @Test func badReferencesAndOptionsChangeNothing() throws {
    let syncups = try engineering()
    #expect(try syncups("item", "add", "eng", "--blocker", "stuck").status == 0)
    let before = try String(contentsOfFile: syncups.dataFile, encoding: .utf8)
    let cases: [([String], Int32, String)] = [
      (["item", "resolve", "eng", "2"], 1, "Error: no item matches '2': 'Eng' has 1 item\n"),
      (["item", "resolve", "eng", "beef"], 1, "Error: no item matches 'beef': 'Eng' has 1 item\n"),
      (["item", "reopen", "eng", "1"], 1, "Error: blocker 1 of 'Eng' is open already\n"),
      (["item", "delete", "nope", "1", "--yes"], 1, "Error: no sync-up matches 'nope'\n"),
      (
        ["item", "add", "eng", "--action", "x", "--owner", "dee"], 1,
        "Error: 'dee' matches 2 attendees of 'Eng'; use an id: D1000000, D2000000\n"
      ),
      (
        ["item", "edit", "eng", "1", "--owner", "zed"], 1,
        "Error: no attendee 'zed' in 'Eng'\n"
      ),
    ]
    for (arguments, status, error) in cases {
      let result = try syncups.run(arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.error == error, "\(arguments)")
    }
    let usage: [([String], String)] = [
      (["item", "add", "eng"], "Error: give '--blocker TEXT' or '--action TEXT'\n"),
      (
        ["item", "add", "eng", "--blocker", "a", "--action", "b"],
        "Error: '--blocker' and '--action' cannot be used together\n"
      ),
      (["item", "add", "eng", "--blocker", " "], "Error: '--blocker' cannot be blank\n"),
      (
        ["item", "edit", "eng", "1"],
        "Error: nothing to change: give '--text', '--owner' or '--no-owner'\n"
      ),
      (
        ["item", "edit", "eng", "1", "--owner", "ana", "--no-owner"],
        "Error: '--owner' and '--no-owner' cannot be used together\n"
      ),
      (
        ["item", "delete", "eng", "1"],
        "Error: refusing to delete the blocker 'stuck' without --yes: standard input is not a "
          + "terminal\n"
      ),
      (
        ["items", "--kind", "risk"],
        "Error: invalid value 'risk' for '--kind' (expected blocker or action)\n"
      ),
    ]
    for (arguments, error) in usage {
      let result = try syncups.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.hasPrefix(error), "\(arguments): \(result.error)")
    }
    #expect(try String(contentsOfFile: syncups.dataFile, encoding: .utf8) == before)
  }

  @Test func anOwnerNamedOnlyByIdAndItemsWithoutAny() throws {
    let syncups = try engineering()
    let raised = try object(
      syncups, syncups("--json", "item", "add", "eng", "--action", "x", "--owner", "d200"))
    #expect(raised["owner"] as? String == Self.dee2)
    let unowned = try object(syncups, syncups("--json", "item", "edit", "eng", "1", "--no-owner"))
    #expect(unowned["owner"] == nil)
    #expect(unowned["text"] as? String == "x")
    let none = try syncups("items", "eng", "--kind", "blocker")
    #expect(none.status == 0)
    #expect(none.output == "")
    #expect(none.error == "No open blockers.\n")
    #expect(try syncups("--json", "items", "eng", "--kind", "blocker").output == "[]\n")
  }
}

/// The `workdays` setting as `config` takes it.
@Suite("Items end to end: workdays")
struct ItemAgesEndToEndTests {
  /// Eng with a blocker.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[],"duration":300,"id":"00000000-0000-0000-0000-000000000001",\
      "items":[{"id":"00000000-0000-0000-0000-000000000007","kind":"blocker",\
      "opened":"2026-11-20T20:00:00Z","text":"keys"}],"meetings":[],"theme":"sky","title":"Eng"}]
      """)
    return syncups
  }

  @Test func aBadWorkdaysValueIsAUsageError() throws {
    let syncups = try engineering()
    let result = try syncups("config", "set", "workdays", "mon-funday")
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "Error: invalid value 'mon-funday' for 'workdays' (expected a list of days and ranges "
          + "such as mon-fri, sun-thu or mon,tue,thu)\n"))
    #expect(try syncups("config", "get", "workdays").output == "mon-fri\n")
  }
}

/// Ages count local dates in the time zone `TZ` names, as the C library does. The test picks,
/// from the time it runs, a zone and a moment to raise the item so that a local midnight lies
/// between that moment and now in one of the zone and UTC and not in the other, at least an
/// hour away from either: the two ages then differ by one, whatever the time of day.
@Suite("Items end to end: time zones")
struct ItemTimeZoneEndToEndTests {
  @Test func agesCountTheDatesOfTZ() throws {
    let now = Int(Date().timeIntervalSince1970)
    let utcTime = now % 86_400
    // The zone `hours` east of UTC, and its time of day now.
    let choices = (-12...14).map { hours in (hours, ((utcTime + 3600 * hours) % 86_400 + 86_400) % 86_400) }
    let opened: Int
    let expected: (zone: Int, utc: Int)
    let hours: Int
    if let (east, local) = choices.first(where: { 3600 <= $0.1 && $0.1 <= utcTime - 3600 }) {
      // A minute before the zone's midnight, after UTC's.
      (hours, opened, expected) = (east, now - local - 60, (1, 0))
    } else {
      let (east, local) = try #require(
        choices.first { utcTime + 3600 <= $0.1 && $0.1 <= 82_800 })
      // A minute after the zone's midnight, before UTC's.
      (hours, opened, expected) = (east, now - local + 60, (0, 1))
    }
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[],"duration":300,"id":"00000000-0000-0000-0000-000000000001",\
      "items":[{"id":"00000000-0000-0000-0000-000000000007","kind":"blocker",\
      "opened":"\(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(opened))))",\
      "text":"keys"}],"meetings":[],"theme":"sky","title":"Eng"}]
      """)
    #expect(try syncups("config", "set", "workdays", "mon-sun").status == 0)
    // POSIX names zones east of UTC with a minus sign.
    let zone = hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    for (tz, days) in [(zone, expected.zone), ("UTC", expected.utc)] {
      let listed = try syncups("items", "eng", environment: ["TZ": tz])
      #expect(
        listed.output == "1  blocker  -  \(days) day\(days == 1 ? "" : "s")  keys\n", "TZ=\(tz)")
    }
  }
}

/// Sharp edges of items: line breaks refused, numbers that are positions before id prefixes,
/// and an unknown kind kept.
extension ItemsEndToEndTests {
  /// A line break in an item's text, a resolution or a blocker is refused as a usage error,
  /// and nothing is written.
  @Test(arguments: [
    ["item", "add", "eng", "--blocker", "waiting on\nAPI keys"],
    ["item", "add", "eng", "--action", "send\r\nthe notes"],
    ["item", "edit", "eng", "1", "--text", "two\nlines"],
    ["item", "resolve", "eng", "1", "--note", "keys came\nfrom Ops"],
    ["update", "eng", "--as", "ana", "--blocker", "no\u{2028}VPN"],
  ])
  func aLineBreakIsRefused(_ arguments: [String]) throws {
    let syncups = try engineering()
    #expect(try syncups("item", "add", "eng", "--action", "book the room").status == 0)
    let before = syncups.dataBytes
    let result = try syncups.run(arguments)
    #expect(result.status == 64)
    let option = arguments[arguments.count - 2]
    #expect(result.error.hasPrefix("Error: '\(option)' must be one line: it holds a line break\n"))
    #expect(syncups.dataBytes == before)
  }

  /// With 5000 items, `5000` is the 5000th, though another's id starts with 5000; with fewer
  /// it is that id's prefix. The hint of an ambiguous prefix speaks of items.
  @Test func aNumberIsAPositionBeforeAnIDPrefix() throws {
    let syncups = SyncUpsRun()
    let opened = "2026-11-12T14:00:00Z"
    func item(_ id: String, _ text: String) -> String {
      #"{"id":"\#(id)","kind":"action","opened":"\#(opened)","text":"\#(text)"}"#
    }
    let many = (1...5000).map {
      item(String(format: "A%07X-0000-0000-0000-000000000000", $0), "item \($0)")
    }
    let digits = item("50000000-0000-0000-0000-000000000001", "the keys")
    let twin = item("50000000-0000-0000-0000-000000000002", "the keys twin")
    try syncups.writeDataFile(
      #"[{"attendees":[],"duration":300,"id":"00000000-0000-0000-0000-000000000001","#
        + #""items":[\#((many + [digits, twin]).joined(separator: ","))],"meetings":[],"#
        + #""theme":"orange","title":"Huge"}]"#)
    let position = try syncups("item", "resolve", "huge", "5000")
    #expect(position.status == 0, "\(position.error)")
    #expect(position.error == "Resolved action 5000 of 'Huge': item 5000\n")
    let ambiguous = try syncups("item", "resolve", "huge", "50000000")
    #expect(ambiguous.status == 1)
    #expect(
      ambiguous.error == """
        Error: '50000000' matches 2 items:
          50000000  the keys
          50000000  the keys twin
        Use more of the id, or the item's number in 'syncups items'.

        """)
    // More of the id names one.
    let more = try syncups("item", "resolve", "huge", "500000000000")
    #expect(more.status == 1)
    let full = try syncups("item", "resolve", "huge", "50000000-0000-0000-0000-000000000002")
    #expect(full.error == "Resolved action 5002 of 'Huge': the keys twin\n")
  }

  /// A kind a newer syncups wrote (`risk`) loads, shows as written and is written back.
  @Test func anUnknownKindIsKeptAndShown() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Ana"}],"duration":300,\
      "id":"00000000-0000-0000-0000-000000000001","items":[\
      {"id":"00000000-0000-0000-0000-0000000000F1","kind":"risk","opened":"2026-11-12T14:00:00Z",\
      "owner":"\(Self.ana)","text":"the vendor may slip"}],"meetings":[],"theme":"orange","title":"Eng"}]
      """)
    let listed = try syncups("items", "eng")
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.hasPrefix("1  risk  Ana  "))
    #expect(listed.output.hasSuffix("  the vendor may slip\n"))
    #expect(try syncups("item", "edit", "eng", "1", "--text", "the vendor slips").status == 0)
    let file = try #require(syncups.dataBytes.map { String(decoding: $0, as: UTF8.self) })
    #expect(file.contains(#""kind" : "risk""#))
    #expect(file.contains("the vendor slips"))
    let json = try #require(try syncups.json(try syncups("--json", "items", "eng")) as? [[String: Any]])
    #expect(json.first?["kind"] as? String == "risk")
  }
}

/// Removing an attendee who owns open items, and deleting a sync-up, say what goes.
extension ItemsEndToEndTests {
  @Test func removingAnAttendeeWhoOwnsOpenItemsWarnsAndSaysHowToHandThemOver() throws {
    let syncups = try engineering()
    #expect(try syncups("item", "add", "eng", "--blocker", "keys", "--owner", "ben").status == 0)
    #expect(try syncups("item", "add", "eng", "--action", "notes", "--owner", "ana").status == 0)
    #expect(try syncups("item", "add", "eng", "--action", "room", "--owner", "ben").status == 0)
    #expect(try syncups("item", "resolve", "eng", "1").status == 0)
    let removed = try syncups("edit", "eng", "--remove-attendee", "ben")
    #expect(removed.status == 0, "\(removed.error)")
    #expect(
      removed.error.hasSuffix(
        "Warning: Ben, removed, owns 1 open item of 'Eng' (3): hand it over with "
          + "'syncups item edit Eng N --owner NAME'.\n"))
    // An attendee without open items goes quietly.
    #expect(try syncups("item", "edit", "eng", "2", "--owner", "ben").status == 1)
    #expect(try syncups("item", "resolve", "eng", "2").status == 0)
    let quiet = try syncups("edit", "eng", "--remove-attendee", "ana")
    #expect(quiet.status == 0)
    #expect(!quiet.error.contains("Warning"))
  }

  @Test func deleteSaysWhatGoesWithTheSyncUp() throws {
    let syncups = try engineering()
    #expect(try syncups("item", "add", "eng", "--blocker", "keys").status == 0)
    #expect(try syncups("item", "add", "eng", "--action", "notes").status == 0)
    #expect(try syncups("item", "resolve", "eng", "2").status == 0)
    #expect(
      try syncups("update", "eng", "--as", "ana", "--date", "2099-12-01", "--done", "x").status
        == 0)
    #expect(try syncups("away", "eng", "ben", "--from", "2099-12-01").status == 0)
    let deleted = try syncups("delete", "eng", "--yes")
    #expect(deleted.status == 0, "\(deleted.error)")
    #expect(
      deleted.error
        == "Deleted 'Eng' and its 1 open item, 1 resolved item, 1 update and time away for Ben.\n")
  }
}
