import Foundation
import SyncUpsCore
import Testing

/// With `--json`, the commands that change data without printing a sync-up answer with a
/// small object (the shapes of `JSONOutput+Answers.swift`), and say nothing on stderr.
@Suite("End to end: JSON answers")
struct JSONAnswersEndToEndTests {
  @Test func deletesAnswerWithWhatWent() throws {
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.alpha, Kitchen.beefStew])
    let meeting = try syncups("meeting", "delete", "alpha", "2", "--yes", "--json")
    #expect(meeting.status == 0)
    #expect(meeting.error == "")
    #expect(
      meeting.output == """
        {
          "date" : "2026-02-06T17:40:30Z",
          "id" : "CD340000-0000-4000-8000-000000000002",
          "syncUpID" : "BEEF0000-0000-4000-8000-00000000000A"
        }

        """)
    let syncUp = try syncups("--json", "delete", "alpha", "-y")
    #expect(syncUp.status == 0)
    #expect(syncUp.error == "")
    #expect(
      syncUp.output == """
        {
          "id" : "BEEF0000-0000-4000-8000-00000000000A",
          "meetingCount" : 2,
          "openItemCount" : 0,
          "resolvedItemCount" : 0,
          "timeAwayCount" : 0,
          "title" : "Alpha",
          "updateCount" : 0
        }

        """)
    #expect(try syncups.titles() == ["Beef stew"])
  }

  @Test func importAnswersWithTheCounts() throws {
    let source = SyncUpsRun()
    try source.store([Kitchen.alpha, Kitchen.beefStew])
    let exported = try source("export").output
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.beefStew])
    let imported = try syncups("import", "-", "--json", input: exported)
    #expect(imported.status == 0)
    #expect(imported.error == "")
    #expect(
      imported.output == """
        {
          "format" : "syncups",
          "imported" : 1,
          "skipped" : 1
        }

        """)
    let app = String(
      decoding: try SyncUpsFile.encodeAppFormat([Kitchen.beefStew.renamed("Soup")]), as: UTF8.self)
    let fromApp = try #require(
      try syncups.json(try syncups("import", "-", "--json", input: app)) as? [String: Any])
    #expect(fromApp["format"] as? String == "app")
    #expect(fromApp["imported"] as? Int == 0)
    #expect(fromApp["skipped"] as? Int == 1)
    #expect(try syncups.titles() == ["Beef stew", "Alpha"])
  }

  @Test func configSetAnswersWithTheTypedNewValue() throws {
    let syncups = SyncUpsRun()
    let bell = try syncups("config", "set", "bell", "off", "--json")
    #expect(bell.status == 0)
    #expect(bell.error == "")
    #expect(bell.output == "{\n  \"key\" : \"bell\",\n  \"value\" : false\n}\n")
    for (arguments, key, value) in [
      (["config", "set", "default-duration", "10m"], "default-duration", 600 as Any),
      (["config", "set", "color", "never"], "color", "never"),
      (["config", "set", "default-theme", "SKY"], "default-theme", "sky"),
      (["config", "unset", "bell"], "bell", true),
      (["config", "unset", "default-duration"], "default-duration", 300),
    ] {
      let result = try syncups.run(arguments + ["--json"])
      #expect(result.status == 0, "\(arguments)")
      let object = try #require(try syncups.json(result) as? NSDictionary, "\(arguments)")
      #expect(object == ["key": key, "value": value] as NSDictionary, "\(arguments)")
    }
    #expect(try syncups("config", "get", "default-theme").output == "sky\n")
  }
}

extension SyncUp {
  /// The same sync-up under another title.
  func renamed(_ title: String) -> SyncUp {
    var copy = self
    copy.title = title
    return copy
  }
}
