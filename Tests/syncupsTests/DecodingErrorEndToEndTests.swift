import Foundation
import Testing

/// The messages of a bad import or a bad data file speak JSON, never Swift.
@Suite("End to end: decoding errors")
struct DecodingErrorEndToEndTests {
  static let syncUp =
    #"{"attendees":[],"duration":300,"id":"00000000-0000-0000-0000-000000000001","#
    + #""meetings":[],"theme":"teal","title":"Design"}"#

  /// Documents that fail at each kind of place, our format and the app's.
  static let badDocuments = [
    // Not "": an empty data file holds no sync-ups yet.
    "{}", "3", "null", "\"x\"", "true", "[3]", "[[]]", "[{", " ",
    "[" + syncUp.replacingOccurrences(of: #""title":"Design""#, with: #""title":null"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""attendees":[]"#, with: #""attendees":{}"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""duration":300"#, with: #""duration":true"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""theme":"teal""#, with: #""theme":7"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""id":"00000000-0000-0000-0000-000000000001""#, with: #""id":5"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""id":"00000000-0000-0000-0000-000000000001""#, with: #""id":"x""#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""meetings":[]"#, with: #""meetings":[{"date":"x","id":"00000000-0000-0000-0000-000000000002","transcript":""}]"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""duration":300"#, with: #""duration":[16,"a"]"#) + "]",
    "[" + syncUp.replacingOccurrences(of: #""duration":300"#, with: #""duration":[16,4852094820647174144]"#)
      .replacingOccurrences(of: #""meetings":[]"#, with: #""meetings":[{"date":"x","id":"00000000-0000-0000-0000-000000000002","transcript":""}]"#) + "]",
  ]

  static let swiftWords = [
    "Array<", "Dictionary<", "<Any>", "String", "Double", "Int", "UInt64", "Bool", "Swift",
    "Expected to decode",
  ]

  @Test func anImportOfAnObjectSaysWhatItShouldHold() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("import", "-", input: "{}")
    #expect(result.status == 65)
    #expect(
      result.error == "Error: cannot import standard input: expected a JSON array of sync-ups, "
        + "found an object (at the top level)\n")
  }

  @Test func aDataFileHoldingAnObjectSaysWhatItShouldHold() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile("{}")
    let result = try syncups("list")
    #expect(result.status == 65)
    #expect(
      result.error == "Error: cannot decode '\(syncups.dataFile)': expected a JSON array of "
        + "sync-ups, found an object (at the top level)\n")
  }

  @Test func aCorruptDataFileIsPlacedByLineAndColumn() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile("[\n  {\"title\": \"Eng\",\n   \"duration\": 300,,\n")
    let result = try syncups("list")
    #expect(result.status == 65)
    #expect(
      result.error
        == "Error: cannot decode '\(syncups.dataFile)': not valid JSON: expected a key in double "
        + "quotes, found ',' (at line 3, column 20)\n")
    let imported = try syncups("--file", "other.json", "import", "-", input: "[1 2]")
    #expect(imported.status == 65)
    #expect(
      imported.error
        == "Error: cannot import standard input: not valid JSON: expected ',' or ']', found '2' "
        + "(at line 1, column 4)\n")
  }

  @Test func validJSONNestedTooDeeplyIsSaidToBe() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
    let before = syncups.dataBytes
    for arguments in [["list"], ["add", "--title", "Eng"]] {
      let result = try syncups.run(arguments)
      #expect(result.status == 65)
      #expect(result.error.hasSuffix(
        "'\(syncups.dataFile)': nested too deeply: more than 512 arrays and objects inside one "
          + "another (at line 1, column 513)\n"), "\(arguments)")
    }
    #expect(syncups.dataBytes == before)
  }

  @Test func noMessageNamesASwiftType() throws {
    let syncups = SyncUpsRun()
    for document in Self.badDocuments {
      let imported = try syncups("import", "-", input: document)
      try syncups.writeDataFile(document)
      let loaded = try syncups("list")
      for result in [imported, loaded] {
        #expect(result.status == 65, "\(document)")
        for word in Self.swiftWords {
          #expect(!result.error.contains(word), "\(document): \(result.error)")
        }
      }
    }
  }
}
