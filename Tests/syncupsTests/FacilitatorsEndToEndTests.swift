import ChildProcessSupport
import Foundation
import Testing

/// The facilitator rota run as the program: `edit --facilitators` and `--no-facilitators`,
/// good and bad; `show`; `start` naming, saving and overriding the facilitator; `next` and
/// `calendar` naming them. Meetings to come are in 2099, so that whatever day the tests run,
/// they are the same.
@Suite("Facilitators end to end")
struct FacilitatorsEndToEndTests {
  static let ana = "00000000-0000-0000-0000-00000000000A"
  static let ben = "00000000-0000-0000-0000-00000000000B"
  static let cy = "00000000-0000-0000-0000-00000000000C"

  /// Schedules Eng on weekdays at 09:30 in Berlin from Monday 30 November 2099.
  func scheduleWeekdays(_ syncups: SyncUpsRun) throws {
    let set = try syncups(
      "schedule", "set", "eng", "weekdays 09:30", "--zone", "Europe/Berlin", "--from",
      "2099-11-30")
    #expect(set.status == 0, "\(set.error)")
  }

  /// Eng (Ana, Ben, Cy; 90 seconds), no meetings; Ben away on 1 December 2099.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Ana"},\
      {"away":[{"from":"2099-12-01","id":"00000000-0000-0000-0000-0000000000BB","to":"2099-12-01"}],\
      "id":"\(Self.ben)","name":"Ben"},{"id":"\(Self.cy)","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  func syncUpObject(_ syncups: SyncUpsRun) throws -> [String: Any] {
    try #require(try syncups.json(syncups("--json", "show", "eng")) as? [String: Any])
  }

  @Test func editSetsTheRotaShowShowsItAndNoFacilitatorsRemovesIt() throws {
    let syncups = try engineering()
    let listed = try syncups("edit", "eng", "--facilitators", "cy, Ana", "--json")
    #expect(listed.status == 0, "\(listed.error)")
    let object = try #require(try syncups.json(listed) as? [String: Any])
    #expect(object["facilitators"] as? [String] == [Self.cy, Self.ana])
    let shown = try syncups("show", "eng")
    #expect(shown.output.contains("  Per attendee  30 secs\n  Facilitators  Cy, Ana (rotating)\n"))

    // rotate: everyone, in list order, a new attendee too.
    #expect(try syncups("edit", "eng", "--facilitators", "rotate", "--add-attendee", "Dee").status == 0)
    #expect(try syncUpObject(syncups)["facilitators"] as? String == "rotate")
    #expect(try syncups("show", "eng").output.contains("  Facilitators  Ana, Ben, Cy, Dee (rotating)\n"))

    // Names are resolved after the attendee changes: a name added on the way counts.
    let added = try syncups("edit", "eng", "--add-attendee", "Eve", "--facilitators", "Eve,Ben")
    #expect(added.status == 0, "\(added.error)")
    let eve = try #require(
      (try syncUpObject(syncups)["attendees"] as? [[String: Any]])?.last?["id"] as? String)
    #expect(try syncUpObject(syncups)["facilitators"] as? [String] == [eve, Self.ben])

    let removed = try syncups("edit", "eng", "--no-facilitators")
    #expect(removed.status == 0)
    #expect(try syncUpObject(syncups)["facilitators"] == nil)
    #expect(!(try syncups("show", "eng").output.contains("Facilitators")))
  }

  @Test func anUnknownBlankOrRepeatedNameIsAUsageErrorAndNothingIsStored() throws {
    let syncups = try engineering()
    #expect(try syncups("edit", "eng", "--facilitators", "Ana,Ben").status == 0)
    let before = syncups.dataBytes
    let refused: [([String], String)] = [
      (["--facilitators", "Ana,Xavier"], "Error: no attendee 'Xavier' in 'Eng'\n"),
      (["--facilitators", "Ana,,Ben"], "takes rotate or attendees' names separated by commas"),
      (["--facilitators", "Ana,ana"], "Error: --facilitators names Ana twice\n"),
      (["--title", "Core", "--facilitators", "Nobody"], "Error: no attendee 'Nobody' in 'Eng'\n"),
    ]
    for (words, message) in refused {
      let result = try syncups.run(["edit", "eng"] + words)
      #expect(result.status == 64, "\(words)")
      #expect(result.error.contains(message), "\(words): \(result.error)")
      #expect(syncups.dataBytes == before, "\(words)")
    }
  }

  @Test func startNamesAndSavesTheFacilitatorAndFacilitatorOverridesOnce() throws {
    let syncups = try engineering()
    // Without a rota: nothing shown, nothing saved.
    let plain = try syncups("start", "eng", environment: StartEndToEndTests.immediate)
    #expect(plain.status == 0)
    #expect(plain.output.hasPrefix("Started Eng: 3 speakers, 1 min, 30 secs\n0:00 Ana is speaking"))
    #expect(try StartEndToEndTests().savedMeetings(syncups).first?["facilitator"] == nil)

    #expect(try syncups("edit", "eng", "--facilitators", "Cy,Ana").status == 0)
    let first = try syncups("start", "eng", environment: StartEndToEndTests.immediate)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.hasPrefix(
      "Started Eng: 3 speakers, 1 min, 30 secs\nFacilitator: Cy\n0:00 Ana is speaking"))
    var meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(meeting["facilitator"] as? [String: String] == ["attendee": Self.cy, "name": "Cy"])

    // The next meeting: the next on the rota, in the started event too.
    let second = try syncups("--json", "start", "eng", environment: StartEndToEndTests.immediate)
    #expect(second.status == 0)
    let started = try #require(
      try JSONSerialization.jsonObject(with: Data(second.output.split(separator: "\n")[0].utf8))
        as? [String: Any])
    #expect(started["event"] as? String == "started")
    #expect(started["facilitator"] as? String == "Ana")
    meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(meeting["facilitator"] as? [String: String] == ["attendee": Self.ana, "name": "Ana"])

    // --facilitator names someone else for once; an unknown name starts nothing.
    let before = syncups.dataBytes
    let unknown = try syncups(
      "start", "eng", "--facilitator", "Xavier", environment: StartEndToEndTests.immediate)
    #expect(unknown.status == 64)
    #expect(unknown.error == "Error: no attendee 'Xavier' in 'Eng'\n")
    #expect(syncups.dataBytes == before)
    let once = try syncups(
      "start", "eng", "--facilitator", "ben", environment: StartEndToEndTests.immediate)
    #expect(once.status == 0)
    #expect(once.output.contains("\nFacilitator: Ben\n"))
    meeting = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(meeting["facilitator"] as? [String: String] == ["attendee": Self.ben, "name": "Ben"])
    // Ben is not on the rota: it starts again from its top.
    let after = try syncups("start", "eng", environment: StartEndToEndTests.immediate)
    #expect(after.output.contains("\nFacilitator: Cy\n"))
  }

  @Test func startPassesOverThoseAbsentFromTheStart() throws {
    let syncups = try engineering()
    #expect(try syncups("edit", "eng", "--facilitators", "rotate").status == 0)
    let result = try syncups(
      "start", "eng", "--absent", "ana", environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Started Eng: 2 speakers, 1 min, 30 secs\nFacilitator: Ben\n"))
  }

  @Test func nextNamesEachMeetingsFacilitatorAdvancingTheRota() throws {
    let syncups = try engineering()
    try scheduleWeekdays(syncups)
    // Without a rota: none named, null in JSON.
    let none = try syncups("--json", "next", "eng")
    let noneObjects = try #require(try syncups.json(none) as? [[String: Any]])
    #expect(noneObjects.map { $0["facilitator"] is NSNull } == [true])
    #expect(!(try syncups("next", "eng").output.contains("Facilitator")))

    #expect(try syncups("edit", "eng", "--facilitators", "rotate").status == 0)
    // Ana; Ben is away on Tue 1 Dec, so Cy; then Ana and Ben.
    let text = try syncups("next", "eng", "--count", "4")
    #expect(text.status == 0, "\(text.error)")
    let named = text.output.split(separator: "\n").filter { $0.hasPrefix("  Facilitator: ") || $0.hasPrefix("  Away: ") }
    #expect(
      named == [
        "  Facilitator: Ana", "  Facilitator: Cy", "  Away: Ben", "  Facilitator: Ana",
        "  Facilitator: Ben",
      ])
    let json = try syncups("--json", "next", "eng", "--count", "4")
    let objects = try #require(try syncups.json(json) as? [[String: Any]])
    #expect(objects.map { $0["facilitator"] as? String } == ["Ana", "Cy", "Ana", "Ben"])
    // schedule show --json lists the next five the same way.
    let shown = try #require(try syncups.json(syncups("--json", "schedule", "show", "eng")) as? [String: Any])
    #expect(
      (shown["next"] as? [[String: Any]])?.map { $0["facilitator"] as? String }
        == ["Ana", "Cy", "Ana", "Ben", "Cy"])
  }

  @Test func theCalendarsDescriptionNamesTheRotaTheSameEveryTime() throws {
    let syncups = try engineering()
    try scheduleWeekdays(syncups)
    #expect(try syncups("edit", "eng", "--facilitators", "Cy,Ana").status == 0)
    let first = try syncups("calendar")
    #expect(first.status == 0)
    #expect(
      first.output.contains(
        "\r\nDESCRIPTION:Attendees: Ana\\, Ben\\, Cy\\nFacilitators: Cy\\, Ana (rotating)\r\n"))
    #expect(try syncups("calendar").output == first.output)
  }
}
