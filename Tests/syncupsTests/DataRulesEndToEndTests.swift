import ChildProcessSupport
import Foundation
import Testing

/// The rules for what is stored, as a person meets them: `import --merge` bringing back what
/// was deleted, the one-second-per-attendee rule where it applies, the blank attendee of an
/// empty sync-up, and attendees who share a name.
@Suite("Data rules end to end")
struct DataRulesEndToEndTests {
  /// A sync-up of 3 attendees and 2 seconds, as a hand-written file or another program may
  /// hold, and one with no attendees.
  static let crampedAndEmpty = """
    [{"id": "00000000-0000-0000-0000-00000000000A", "title": "Cramped", "duration": 2,
      "theme": "navy", "meetings": [], "attendees": [
        {"id": "00000000-0000-0000-0000-0000000000A1", "name": "Ana"},
        {"id": "00000000-0000-0000-0000-0000000000A2", "name": "Ben"},
        {"id": "00000000-0000-0000-0000-0000000000A3", "name": "Cy"}]},
     {"id": "00000000-0000-0000-0000-00000000000B", "title": "Empty", "duration": 60,
      "theme": "navy", "meetings": [], "attendees": []}]
    """

  /// The sync-up `reference` names, as `show --json` prints it.
  private func shown(_ syncups: SyncUpsRun, _ reference: String) throws -> [String: Any] {
    let result = try syncups("--json", "show", reference)
    #expect(result.status == 0, "\(result.error)")
    return try #require(try syncups.json(result) as? [String: Any])
  }

  private func attendeeIDs(_ syncUp: [String: Any]) -> [String] {
    (syncUp["attendees"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  // MARK: - import --merge

  @Test func importMergeBringsBackADeletedSyncUpAndMeetingAndKeepsWhatChangedHere() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Ana")
    try syncups("add", "--title", "Design", "--attendee", "Ben")
    let meeting = try syncups(
      "start", "design", input: "note Ship it\nsave\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(meeting.status == 0, "\(meeting.error)")
    let backup = try syncups("export").output
    #expect(try syncups("delete", "eng", "--yes").status == 0)
    #expect(try syncups("meeting", "delete", "design", "1", "--yes").status == 0)
    #expect(try syncups("edit", "design", "--title", "Design Team").status == 0)

    let merged = try syncups("import", "--merge", "-", input: backup)
    #expect(merged.status == 0)
    #expect(
      merged.error
        == "Merged 2 sync-ups (syncups format):\n  added 'Eng'\n"
        + "  changed 'Design Team': 1 meeting added\n")
    let syncUps = try #require(try syncups.json(try syncups("list", "--json")) as? [[String: Any]])
    #expect(syncUps.map { $0["title"] as? String } == ["Eng", "Design Team"])
    let meetings = syncUps.last?["meetings"] as? [[String: Any]]
    #expect(meetings?.map { $0["transcript"] as? String } == ["Ben: Ship it"])

    let again = try syncups("import", "--merge", "-", input: backup)
    #expect(again.error == "Merged 2 sync-ups (syncups format): nothing to add.\n")
    let before = syncups.dataBytes
    #expect(try syncups("import", "-", input: backup).status == 0)
    #expect(syncups.dataBytes == before)

    #expect(try syncups("delete", "eng", "--yes").status == 0)
    let json = try syncups("--json", "import", "--merge", "-", input: backup)
    let answer = try #require(try syncups.json(json) as? [String: Any])
    #expect(answer["imported"] as? Int == 1)
    #expect(answer["skipped"] as? Int == 1)
    #expect(answer["format"] as? String == "syncups")
    #expect((answer["added"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Eng"])
    #expect((answer["restored"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Eng"])

    // A sync-up that was never in this file is added, not restored.
    let other = SyncUpsRun()
    try other("add", "--title", "Retro", "--attendee", "Cy")
    let fresh = try other("import", "--merge", "-", input: backup)
    #expect(
      fresh.error == "Merged 2 sync-ups (syncups format):\n  added 'Eng'\n  added 'Design'\n")
    #expect((answer["changed"] as? [Any])?.isEmpty == true)
  }

  @Test func importMergeReportsTheAttendeesItBringsBack() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Eng", "--attendee", "Ana", "--attendee", "Ben")
    let backup = try syncups("export").output
    #expect(try syncups("edit", "eng", "--remove-attendee", "Ben").status == 0)
    let merged = try syncups("--json", "import", "--merge", "-", input: backup)
    let answer = try #require(try syncups.json(merged) as? [String: Any])
    let changed = try #require((answer["changed"] as? [[String: Any]])?.first)
    #expect(changed["title"] as? String == "Eng")
    #expect(changed["meetings"] as? Int == 0)
    #expect(changed["attendees"] as? Int == 1)
    let names = (try shown(syncups, "eng")["attendees"] as? [[String: Any]])?.map {
      $0["name"] as? String
    }
    #expect(names == ["Ana", "Ben"])
  }

  // MARK: - One second per attendee, where it applies

  @Test func aSyncUpStoredTooShortCanBeRenamedButNotGivenMoreAttendees() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("import", "-", input: Self.crampedAndEmpty).status == 0)
    let renamed = try syncups("edit", "cramped", "--title", "Squeezed")
    #expect(renamed.status == 0, "\(renamed.error)")
    #expect(renamed.error == "Updated 'Squeezed' (00000000).\n")
    let added = try syncups("edit", "squeezed", "--add-attendee", "Dee")
    #expect(added.status == 64)
    #expect(
      added.error.hasPrefix(
        "Error: a meeting of 2 seconds is too short for 4 attendees: each needs at least a "
          + "second; use --duration 4s or longer\n"))
    #expect(try shown(syncups, "squeezed")["title"] as? String == "Squeezed")
    #expect(attendeeIDs(try shown(syncups, "squeezed")).count == 3)
  }

  @Test func aMeetingStartsWhenThosePresentFitItsLength() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("import", "-", input: Self.crampedAndEmpty).status == 0)
    let clock = ["SYNCUPS_CLOCK": "immediate"]
    let absent = try syncups("start", "cramped", "--absent", "Ana", input: "", environment: clock)
    #expect(absent.status == 0, "\(absent.error)")
    #expect(absent.output.hasPrefix("Started Cramped: 2 speakers, 2 secs\n"))
    let everyone = try syncups("start", "cramped", input: "", environment: clock)
    #expect(everyone.status == 65)
    #expect(
      everyone.error
        == "Error: cannot start 'Cramped': a meeting of 2 seconds is too short for 3 attendees: "
        + "each needs at least a second; lengthen it with 'syncups edit 00000000 --duration 3s'\n")
    #expect((try shown(syncups, "cramped")["meetings"] as? [Any])?.count == 1)
  }

  // MARK: - A sync-up without attendees

  @Test func anImportWithoutAttendeesGetsOneBlankAttendeeWhoTakesTheMeeting() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("import", "-", input: Self.crampedAndEmpty).status == 0)
    let empty = try shown(syncups, "empty")
    let attendees = try #require(empty["attendees"] as? [[String: Any]])
    #expect(attendees.map { $0["name"] as? String } == [""])
    let meeting = try syncups(
      "start", "empty", input: "note Hello\nsave\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(meeting.status == 0, "\(meeting.error)")
    let record = try #require((try shown(syncups, "empty")["meetings"] as? [[String: Any]])?.first)
    let present = record["attendees"] as? [[String: Any]]
    #expect(present?.map { $0["id"] as? String } == attendeeIDs(empty))
    let turns = record["turns"] as? [[String: Any]]
    #expect(turns?.map { $0["attendee"] as? String } == attendeeIDs(empty))

    // Merged again, the file's sync-up without attendees adds no second blank one.
    let merged = try syncups("import", "--merge", "-", input: Self.crampedAndEmpty)
    #expect(merged.error == "Merged 2 sync-ups (syncups format): nothing to add.\n")
    #expect(attendeeIDs(try shown(syncups, "empty")) == attendeeIDs(empty))
  }

  // MARK: - Attendees who share a name

  @Test func attendeesWhoShareANameAreWarnedAboutAndShownWithTheirIDs() throws {
    let syncups = SyncUpsRun()
    let added = try syncups(
      "add", "--title", "Eng", "--attendee", "Ana", "--attendee", "Ben", "--attendee", "ana")
    #expect(added.status == 0)
    let ids = attendeeIDs(try shown(syncups, "eng")).map { String($0.prefix(8)) }
    #expect(ids.count == 3)
    #expect(
      added.error.hasSuffix(
        "\nWarning: 2 attendees of 'Eng' are named 'Ana' (\(ids[0]), \(ids[2])); "
          + "name each by its id.\n"))
    let show = try syncups("show", "eng").output
    #expect(show.hasSuffix("Attendees\n  Ana  \(ids[0])\n  Ben\n  ana  \(ids[2])\n"))

    let ambiguous = try syncups("edit", "eng", "--remove-attendee", "ana")
    #expect(ambiguous.status == 1)
    #expect(ambiguous.error.contains(ids[0]) && ambiguous.error.contains(ids[2]))
    #expect(try syncups("edit", "eng", "--remove-attendee", ids[2]).status == 0)
    #expect(try syncups("show", "eng").output.hasSuffix("Attendees\n  Ana\n  Ben\n"))

    let renamed = try syncups("edit", "eng", "--rename-attendee", "Ben=ANA")
    #expect(
      renamed.error.hasSuffix(
        "\nWarning: 2 attendees of 'Eng' are named 'Ana' (\(ids[0]), \(ids[1])); "
          + "name each by its id.\n"))
    let retitled = try syncups("edit", "eng", "--title", "Core")
    let id = try #require(try shown(syncups, "core")["id"] as? String)
    #expect(retitled.error == "Updated 'Core' (\(id.prefix(8))).\n")
  }

  @Test func anImportWhoseAttendeesShareANameIsWarnedAbout() throws {
    let syncups = SyncUpsRun()
    let file = """
      [{"id": "00000000-0000-0000-0000-00000000000C", "title": "Twins", "duration": 60,
        "theme": "navy", "meetings": [], "attendees": [
          {"id": "C1000000-0000-0000-0000-000000000001", "name": "Sam"},
          {"id": "C2000000-0000-0000-0000-000000000002", "name": "Sam"}]}]
      """
    let imported = try syncups("import", "-", input: file)
    #expect(
      imported.error
        == "Created '\(syncups.dataFile)'.\nImported 1 sync-up (syncups format).\n"
        + "Warning: 2 attendees of 'Twins' are named 'Sam' (C1000000, C2000000); "
        + "name each by its id.\n")
  }
}
