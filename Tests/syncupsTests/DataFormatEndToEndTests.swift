import ChildProcessSupport
import Foundation
import Testing

/// The data file declares its format and what it requires: `migrate` moves it to format 2, a
/// file requiring what this syncups does not know is read with a warning and never changed,
/// and `doctor`, the merge driver and `sync` honour the declaration.
@Suite("Data format end to end")
struct DataFormatEndToEndTests {
  /// One sync-up, in format 1.
  static let formatOne = """
    [
      {
        "attendees" : [
          {
            "id" : "00000000-0000-0000-0000-000000000002",
            "name" : "Ana"
          }
        ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-000000000001",
        "meetings" : [

        ],
        "theme" : "bubblegum",
        "title" : "Morning"
      }
    ]
    """

  /// `formatOne` as `migrate` writes it.
  static let formatTwo = """
    {
      "format" : 2,
      "requires" : [

      ],
      "syncUps" : [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Ana"
            }
          ],
          "duration" : 300,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [

          ],
          "theme" : "bubblegum",
          "title" : "Morning"
        }
      ],
      "writtenBy" : "0.4.0"
    }
    """

  /// `formatTwo` as a later syncups wrote it, requiring a feature this one does not know.
  static let requiringZzz = formatTwo
    .replacingOccurrences(of: "\"requires\" : [\n\n  ]", with: "\"requires\" : [\n    \"zzz\"\n  ]")
    .replacingOccurrences(of: "\"writtenBy\" : \"0.4.0\"", with: "\"writtenBy\" : \"0.9.0\"")

  static let refusal = "this data needs a newer syncups (requires: zzz; written by syncups 0.9.0)"

  // MARK: - migrate

  @Test func migrateMovesTheFileToFormatTwoOnceAndSaysWhoCanWriteIt() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.formatOne)
    let migrated = try syncups("migrate")
    #expect(migrated.status == 0, "\(migrated.error)")
    #expect(
      migrated.error
        == "Migrated sync-ups.json to format 2. syncups 0.4.0 and later can write it; "
        + "0.1.0–0.3.0 will refuse to change it.\n")
    #expect(String(decoding: syncups.dataBytes ?? Data(), as: UTF8.self) == Self.formatTwo)
    // Every command reads it as before, and a change keeps it format 2.
    #expect(try syncups("list").output.contains("Morning"))
    #expect(try syncups("edit", "morning", "--title", "Evening").status == 0)
    let edited = String(decoding: syncups.dataBytes ?? Data(), as: UTF8.self)
    #expect(edited.contains(#/"changed" : \{\n *"title" : "[^"]*"\n *\},/#))
    #expect(
      withoutStamps(edited)
        == Self.formatTwo.replacingOccurrences(of: "\"Morning\"", with: "\"Evening\""))

    let again = try syncups("migrate")
    #expect(again.status == 0)
    #expect(
      again.error
        == "sync-ups.json is already in format 2. syncups 0.4.0 and later can write it; "
        + "0.1.0–0.3.0 refuse to change it.\n")
    let json = try #require(try syncups.json(try syncups("--json", "migrate")) as? [String: Any])
    #expect(json["format"] as? Int == 2)
    #expect(json["previousFormat"] as? Int == 2)
    #expect(json["migrated"] as? Bool == false)
    #expect(json["writableSince"] as? String == "0.4.0")
    #expect(json["committed"] is NSNull)
  }

  @Test func migrateDryRunChangesNothing() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.formatOne)
    let before = syncups.dataBytes
    let dryRun = try syncups("migrate", "--dry-run")
    #expect(dryRun.status == 0, "\(dryRun.error)")
    #expect(
      dryRun.error
        == "Would migrate sync-ups.json to format 2. syncups 0.4.0 and later could write it; "
        + "0.1.0–0.3.0 would refuse to change it. Nothing was changed (--dry-run).\n")
    #expect(syncups.dataBytes == before)
    let json = try #require(
      try syncups.json(try syncups("--json", "migrate", "--dry-run")) as? [String: Any])
    #expect(json["previousFormat"] as? Int == 1)
    #expect(json["format"] as? Int == 2)
    #expect(json["migrated"] as? Bool == true)
    #expect(json["dryRun"] as? Bool == true)
    #expect(syncups.dataBytes == before)
  }

  @Test func migrateRefusesWhatItCannotDecodeOrDoesNotKnow() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.requiringZzz)
    let unknown = try syncups("migrate")
    #expect(unknown.status == 65)
    #expect(unknown.error == "Error: \(Self.refusal)\n")
    #expect(syncups.dataBytes == Data(Self.requiringZzz.utf8))

    try syncups.writeDataFile(#"[{"id": 1}]"#)
    let broken = try syncups("migrate")
    #expect(broken.status == 65)
    #expect(broken.error.hasPrefix("Error: cannot decode '\(syncups.dataFile)'"))
    #expect(syncups.dataBytes == Data(#"[{"id": 1}]"#.utf8))
  }

  // MARK: - A file requiring what this syncups does not know

  @Test func everyWritingCommandRefusesAFileRequiringAnUnknownFeature() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.requiringZzz)
    let importFile = syncups.home.path + "/import.json"
    try Self.formatOne.replacingOccurrences(of: "0000-000000000001", with: "0000-000000000009")
      .write(toFile: importFile, atomically: true, encoding: .utf8)
    for arguments in [
      ["add", "--title", "New"], ["edit", "morning", "--title", "Evening"],
      ["delete", "morning", "--yes"], ["start", "morning"],
      ["item", "add", "morning", "--blocker", "waiting on keys"],
      ["update", "morning", "--as", "ana", "--done", "login page"],
      ["away", "morning", "ana", "--from", "2030-01-07", "--to", "2030-01-08"],
      ["import", importFile], ["migrate"],
    ] {
      let result = try syncups.run(arguments, environment: ["SYNCUPS_CLOCK": "immediate"])
      #expect(result.status == 65, "\(arguments): \(result.error)")
      #expect(result.error == "Error: \(Self.refusal)\n", "\(arguments)")
      #expect(syncups.dataBytes == Data(Self.requiringZzz.utf8), "\(arguments)")
    }
  }

  @Test func readingCommandsStillPrintWithAWarning() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.requiringZzz)
    let warning = "Warning: \(Self.refusal): this syncups reads it but will not change it.\n"
    let list = try syncups("list", "--json")
    #expect(list.status == 0)
    #expect(list.error == warning)
    #expect((try syncups.json(list) as? [[String: Any]])?.map { $0["title"] as? String } == ["Morning"])
    let show = try syncups("show", "morning")
    #expect(show.status == 0)
    #expect(show.output.contains("Morning"))
    #expect(show.error == warning)
    let stats = try syncups("stats", "morning")
    #expect(stats.status == 0, "\(stats.error)")
    #expect(stats.error.hasPrefix(warning))
    // Export writes the sync-ups as the array, which any version imports.
    let export = try syncups("export")
    #expect(export.status == 0)
    #expect(export.output == Self.formatOne + "\n")
    #expect(syncups.dataBytes == Data(Self.requiringZzz.utf8))
  }

  @Test func importTakesAFormatTwoFile() throws {
    let syncups = SyncUpsRun()
    let file = syncups.home.path + "/two.json"
    try Self.formatTwo.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try syncups("import", file)
    #expect(imported.status == 0, "\(imported.error)")
    // The new file stays format 1: shared data is never upgraded on its own.
    #expect(String(decoding: syncups.dataBytes ?? Data(), as: UTF8.self) == Self.formatOne)
  }

  // MARK: - doctor

  @Test func doctorSaysWhichFormatTheFileIsAndWhetherThisSyncupsCanWriteIt() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.formatOne)
    func formatLine() throws -> (status: Int32, lines: [String]) {
      let result = try syncups("doctor", "--offline")
      let lines = result.output.split(separator: "\n").map(String.init)
      let index = try #require(lines.firstIndex { $0.contains(" format: ") })
      return (result.status, Array(lines[index...].prefix(2)))
    }
    #expect(try formatLine().lines.first == "ok    format: data format 1 (any syncups can write it)")
    #expect(try syncups("migrate").status == 0)
    #expect(try formatLine().lines.first == "ok    format: data format 2 (syncups 0.4.0 and later)")
    try syncups.writeDataFile(Self.requiringZzz)
    let newer = try formatLine()
    #expect(newer.status == 1)
    #expect(newer.lines == ["fail  format: \(Self.refusal)", "      fix: upgrade syncups"])
    let json = try #require(
      try syncups.json(try syncups("--json", "doctor", "--offline")) as? [String: Any])
    let check = (json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "format" }
    #expect(check?["status"] as? String == "fail")
    #expect(check?["message"] as? String == Self.refusal)
    #expect(check?["fix"] as? String == "upgrade syncups")
  }

  @Test func doctorWarnsOfATeammateOnAVersionOlderThanTheFormatNeeds() throws {
    let team = try SyncTeam()
    // Ben's last change came from 0.3.0, whose commits carry its version as 0.4.0's do.
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    #expect(
      try team.ben.git(
        "-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qa",
        "-m", "Add sync-up Retro", "-m", "Syncups-Version: 0.3.0"
      ).status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)
    _ = try team.ana.sync()
    let formatOne = try team.ana("doctor", "--offline")
    #expect(formatOne.status == 0)
    #expect(formatOne.output.contains("ok    versions: Ben 0.3.0, syncups 0.4.0\n"))
    #expect(try team.ana("migrate").status == 0)
    let formatTwo = try team.ana("doctor", "--offline")
    #expect(formatTwo.status == 0)
    #expect(
      formatTwo.output.contains(
        "warn  versions: syncups 0.4.0, Ben 0.3.0; the data file's format needs syncups 0.4.0 "
          + "or later, and Ben last synced with 0.3.0\n"
          + "      fix: each of them upgrades syncups to 0.4.0 or later before their next sync\n"))
  }

  // MARK: - The merge driver and sync

  @Test func theMergeDriverRefusesAVersionRequiringAnUnknownFeature() throws {
    let syncups = SyncUpsRun()
    let paths = ["base", "ours", "theirs"].map { syncups.home.path + "/" + $0 + ".json" }
    try Self.formatOne.write(toFile: paths[0], atomically: true, encoding: .utf8)
    try Self.formatOne.write(toFile: paths[1], atomically: true, encoding: .utf8)
    try Self.requiringZzz.write(toFile: paths[2], atomically: true, encoding: .utf8)
    let refused = try syncups.run(["merge-driver"] + paths)
    #expect(refused.status == 65)
    #expect(refused.error == "Error: \(Self.refusal)\n")
    #expect(FileManager.default.contents(atPath: paths[1]) == Data(Self.formatOne.utf8))
  }

  @Test func theMergeDriverKeepsFormatTwoWhenAnyVersionIsIt() throws {
    let syncups = SyncUpsRun()
    let paths = ["base", "ours", "theirs"].map { syncups.home.path + "/" + $0 + ".json" }
    try Self.formatOne.write(toFile: paths[0], atomically: true, encoding: .utf8)
    try Self.formatOne.replacingOccurrences(of: "\"Morning\"", with: "\"Evening\"")
      .write(toFile: paths[1], atomically: true, encoding: .utf8)
    try Self.formatTwo.write(toFile: paths[2], atomically: true, encoding: .utf8)
    let merged = try syncups.run(["merge-driver"] + paths)
    #expect(merged.status == 0, "\(merged.error)")
    #expect(
      FileManager.default.contents(atPath: paths[1])
        == Data(Self.formatTwo.replacingOccurrences(of: "\"Morning\"", with: "\"Evening\"").utf8))
  }

  @Test func migrateCommitsLocallyAndTheTeammateReceivesFormatTwo() throws {
    let team = try SyncTeam()
    #expect(try team.ana("add", "--title", "Design").status == 0)
    let migrated = try team.ana("migrate")
    #expect(migrated.status == 0, "\(migrated.error)")
    #expect(
      migrated.error.hasSuffix(
        "Committed it locally: teammates on syncups 0.1.0–0.3.0 must upgrade before the next "
          + "'syncups sync' shares it.\n"))
    #expect(try team.ana.commitSubjects().prefix(2) == ["Migrate sync-ups.json to format 2", "Add sync-up Design"])
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
    _ = try team.ana.sync()
    _ = try team.ben.sync()
    #expect(team.ben.dataBytes == team.ana.dataBytes)
    #expect(String(decoding: team.ben.dataBytes ?? Data(), as: UTF8.self).hasPrefix("{\n  \"format\" : 2,"))
    #expect(try team.ben("add", "--title", "Retro").status == 0)
    try team.converge()
    #expect(Set(try team.ana.titles()) == ["Engineering", "Design", "Retro"])
    #expect(String(decoding: team.ana.dataBytes ?? Data(), as: UTF8.self).hasPrefix("{\n  \"format\" : 2,"))
  }

  @Test func syncRefusesARemoteFileRequiringAnUnknownFeatureAndLeavesTheRepositoryClean() throws {
    let team = try SyncTeam()
    // Ben's next syncups wrote a file requiring a feature this one does not know.
    let engineering = try #require(try team.ben.syncUps().first?["id"] as? String)
    let newer = """
      {
        "format" : 2,
        "requires" : [
          "zzz"
        ],
        "syncUps" : [
          {
            "attendees" : [

            ],
            "duration" : 300,
            "id" : "\(engineering)",
            "meetings" : [

            ],
            "theme" : "bubblegum",
            "title" : "Engineering"
          }
        ],
        "writtenBy" : "0.9.0"
      }
      """
    try newer.write(toFile: team.ben.dataFile, atomically: true, encoding: .utf8)
    #expect(
      try team.ben.git(
        "-c", "user.name=Ben", "-c", "user.email=ben@example.com", "commit", "-qam", "Require zzz"
      ).status == 0)
    #expect(try team.ben.git("push", "-q").status == 0)

    #expect(try team.ana("add", "--title", "Design").status == 0)
    let head = try team.ana.git("rev-parse", "HEAD").stdoutText
    let refused = try team.ana("sync")
    #expect(refused.status == 65)
    #expect(
      refused.error.contains(
        "Error: \(Self.refusal): the sync-ups "
          + "from origin/master were not merged, and your changes are committed locally; "
          + "upgrade syncups and run 'syncups sync' again\n"))
    #expect(try team.ana.git("status", "--porcelain").stdoutText == "")
    #expect(try team.ana.commitSubjects().first == "Add sync-up Design")
    #expect(try team.ana.git("rev-parse", "HEAD~1").stdoutText == head)
    #expect(Set(try team.ana.titles()) == ["Engineering", "Design"])

    // Ben's own clone holds that file: his sync refuses it before anything.
    let benBefore = team.ben.dataBytes
    let benSync = try team.ben("sync")
    #expect(benSync.status == 65)
    #expect(benSync.error == "Error: \(Self.refusal)\n")
    #expect(team.ben.dataBytes == benBefore)
  }
}
