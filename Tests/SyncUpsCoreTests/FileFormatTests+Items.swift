#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// A sync-up's items in the file: the key is there only when there are items.
@Suite("Sync-ups file: items")
struct ItemFileFormatTests {
  static let opened = Date(timeIntervalSince1970: 1_234_567_890)

  /// An open blocker with only the keys every item holds, and a resolved action with all.
  static let syncUp = SyncUp(
    id: UUID(1),
    items: [
      Item(id: UUID(7), kind: .blocker, text: "waiting on API keys", opened: opened),
      Item(
        id: UUID(8), kind: .action, text: "write the \"notes\"", owner: UUID(2),
        opened: opened, openedIn: UUID(4), resolved: opened + 86_400, resolvedIn: UUID(5),
        resolution: "done"),
    ],
    title: "Eng")

  @Test func itemsAreWrittenByTheirKeysInOrder() throws {
    let data = try SyncUpsFile.encode([Self.syncUp])
    #expect(String(decoding: data, as: UTF8.self) == #"""
      [
        {
          "attendees" : [

          ],
          "duration" : 300,
          "id" : "00000000-0000-0000-0000-000000000001",
          "items" : [
            {
              "id" : "00000000-0000-0000-0000-000000000007",
              "kind" : "blocker",
              "opened" : "2009-02-13T23:31:30Z",
              "text" : "waiting on API keys"
            },
            {
              "id" : "00000000-0000-0000-0000-000000000008",
              "kind" : "action",
              "opened" : "2009-02-13T23:31:30Z",
              "openedIn" : "00000000-0000-0000-0000-000000000004",
              "owner" : "00000000-0000-0000-0000-000000000002",
              "resolution" : "done",
              "resolved" : "2009-02-14T23:31:30Z",
              "resolvedIn" : "00000000-0000-0000-0000-000000000005",
              "text" : "write the \"notes\""
            }
          ],
          "meetings" : [

          ],
          "theme" : "bubblegum",
          "title" : "Eng"
        }
      ]
      """#)
    #expect(data == (try SyncUpsFile.encodeWithJSONEncoder([Self.syncUp])))
    #expect(SyncUpsFile.decodeFast(data) == [Self.syncUp])
    #expect(try SyncUpsFile.decodeWithJSONDecoder(data) == [Self.syncUp])
  }

  /// Without items the key is absent, so a file written before items existed keeps its bytes;
  /// an empty list read is no items.
  @Test func noItemsNoKey() throws {
    var syncUp = Self.syncUp
    syncUp.items = []
    let data = try SyncUpsFile.encode([syncUp])
    #expect(!String(decoding: data, as: UTF8.self).contains("items"))
    #expect(try SyncUpsFile.encodeWithJSONEncoder([syncUp]) == data)
    let empty = "[\(FileFormatTests.syncUpJSON(["items": "[]"]))]"
    let absent = "[\(FileFormatTests.syncUpJSON())]"
    #expect(try SyncUpsFile.decode(Data(empty.utf8)) == SyncUpsFile.decode(Data(absent.utf8)))
    #expect(try SyncUpsFile.decode(Data(absent.utf8))[0].items == [])
  }

  /// An item's keys a later version added are kept and written back.
  @Test func anItemsUnknownKeysAreKept() throws {
    let json = """
      [\(FileFormatTests.syncUpJSON(["items": #"[{"id": "00000000-0000-0000-0000-000000000007", "kind": "action", "opened": "2009-02-13T23:31:30Z", "priority": 2, "text": "a"}]"#]))]
      """
    let syncUps = try SyncUpsFile.decode(Data(json.utf8))
    #expect(
      syncUps[0].items
        == [
          Item(
            id: UUID(7), kind: .action, text: "a", opened: Self.opened,
            unknownKeys: ["priority": .number(2)])
        ])
    #expect(try SyncUpsFile.decode(SyncUpsFile.encode(syncUps)) == syncUps)
  }

  static let badFiles: [FileFormatTests.BadFile] = [
    .init(
      name: "item without text",
      json: "[\(FileFormatTests.syncUpJSON(["items": #"[{"id": "00000000-0000-0000-0000-000000000007", "kind": "action", "opened": "2009-02-13T23:31:30Z"}]"#]))]",
      failure: FileFormatTests.DecodingFailure(
        kind: "keyNotFound", path: "[0].items[0].text",
        message: #"No value associated with key CodingKeys(stringValue: "text", intValue: nil) ("text")."#)),
    .init(
      name: "duplicate item id",
      json: "[\(FileFormatTests.syncUpJSON(["items": #"[{"id": "00000000-0000-0000-0000-000000000007", "kind": "action", "opened": "2009-02-13T23:31:30Z", "text": "a"}, {"id": "00000000-0000-0000-0000-000000000007", "kind": "action", "opened": "2009-02-13T23:31:30Z", "text": "b"}]"#]))]",
      failure: FileFormatTests.DecodingFailure(
        kind: "dataCorrupted", path: "[0].items[1]",
        message: "Duplicate item id 00000000-0000-0000-0000-000000000007: the item at index 0 has it too")),
  ]

  /// A kind a later version writes (`risk`) is kept like any value this version does not know:
  /// the file loads, and the kind is written back as it was.
  @Test func anUnknownKindIsKeptAndWrittenBack() throws {
    let json = "[\(FileFormatTests.syncUpJSON(["items": #"[{"id": "00000000-0000-0000-0000-000000000007", "kind": "risk", "opened": "2009-02-13T23:31:30Z", "text": "a"}]"#]))]"
    let syncUps = try SyncUpsFile.decode(Data(json.utf8))
    let item = try #require(syncUps.first?.items.first)
    #expect(item.kind.rawValue == "risk")
    #expect(!item.kind.isKnown && item.kind.label == "Risk")
    #expect(item.isOpen)
    let written = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
    #expect(written.contains(#""kind" : "risk""#))
    #expect(try SyncUpsFile.decode(Data(written.utf8)) == syncUps)
  }

  @Test(arguments: badFiles)
  func strictDecodingOfItems(_ bad: FileFormatTests.BadFile) {
    #expect(
      FileFormatTests.decodingFailure { try SyncUpsFile.decode(Data(bad.json.utf8)) }
        == bad.failure)
  }
}
