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
        ["id", "opened", "resolved"].contains(key) ? "set" : "\(value)"
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
          "text": "waiting on API keys",
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
          "id": "set", "kind": "blocker", "opened": "set", "owner": Self.ana,
          "text": "waiting on API keys",
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
      (["item", "edit", "eng", "1"], "Error: nothing to change: give '--text' or '--owner'\n"),
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
    let none = try syncups("items", "eng", "--kind", "blocker")
    #expect(none.status == 0)
    #expect(none.output == "")
    #expect(none.error == "No open blockers.\n")
    #expect(try syncups("--json", "items", "eng", "--kind", "blocker").output == "[]\n")
  }
}
