import ChildProcessSupport
import Foundation
import Testing

/// `schedule`, `next` and `edit --attendee-zone` run as the program, on meetings in 2099 so
/// that whatever day the tests run, the meetings to come are the same; in UTC (`TZ`), the
/// meetings in Berlin.
@Suite("Schedules end to end")
struct ScheduleEndToEndTests {
  static let ana = "00000000-0000-0000-0000-00000000000A"
  static let ben = "00000000-0000-0000-0000-00000000000B"

  /// Eng (Ana, Ben) and Ops (Ana), neither scheduled.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Ana"},{"id":"\(Self.ben)","name":"Ben"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"},\
      {"attendees":[{"id":"\(Self.ana)","name":"Ana"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000002","meetings":[],\
      "theme":"sky","title":"Ops"}]
      """)
    return syncups
  }

  @Test func setEchoesTheNormalFormAndTheNextFiveMeetings() throws {
    let syncups = try engineering()
    let set = try syncups(
      "schedule", "set", "eng", "Weekdays", "9:30", "--zone", "europe/berlin", "--from",
      "2099-11-30")
    #expect(set.status == 0, "\(set.error)")
    #expect(set.output == "")
    #expect(
      set.error == """
        Scheduled 'Eng': weekdays 09:30.
        Rule  weekdays 09:30
        Zone  Europe/Berlin
        From  Mon 30 Nov 2099
        Next  Mon 30 Nov 2099, 09:30 CET (08:30 your time)
              Tue 1 Dec 2099, 09:30 CET (08:30 your time)
              Wed 2 Dec 2099, 09:30 CET (08:30 your time)
              Thu 3 Dec 2099, 09:30 CET (08:30 your time)
              Fri 4 Dec 2099, 09:30 CET (08:30 your time)

        """)
    // In the user's own zone, the user's time is not repeated.
    let own = try syncups(
      "schedule", "set", "ops", "monthly on last fri 16:00", "--from", "2099-12-01",
      environment: ["TZ": "America/New_York"])
    #expect(own.status == 0, "\(own.error)")
    #expect(own.error.contains("Zone  America/New_York\n"))
    #expect(own.error.contains("Next  Fri 25 Dec 2099, 16:00 EST\n      Fri 29 Jan 2100, 16:00 EST\n"))

    let shown = try syncups("--json", "schedule", "show", "eng")
    #expect(shown.status == 0)
    let object = try #require(try syncups.json(shown) as? [String: Any])
    #expect(Set(object.keys) == ["syncUp", "title", "schedule", "rule", "rrule", "next"])
    #expect(object["rule"] as? String == "weekdays 09:30")
    #expect(object["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    let schedule = try #require(object["schedule"] as? [String: Any])
    #expect(schedule["rule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR at 09:30")
    #expect(schedule["zone"] as? String == "Europe/Berlin")
    #expect(schedule["from"] as? String == "2099-11-30")
    #expect(schedule["revision"] as? Int == 1)
    let next = try #require(object["next"] as? [[String: Any]])
    #expect(
      next.map { $0["start"] as? String } == [
        "2099-11-30T09:30:00+01:00", "2099-12-01T09:30:00+01:00", "2099-12-02T09:30:00+01:00",
        "2099-12-03T09:30:00+01:00", "2099-12-04T09:30:00+01:00",
      ])
    // The sync-up object holds it too.
    let syncUp = try #require(try syncups.json(syncups("--json", "show", "eng")) as? [String: Any])
    #expect((syncUp["schedule"] as? [String: Any])?["zone"] as? String == "Europe/Berlin")
  }

  @Test func aBadRuleZoneOrDateIsRefusedNamingItAndNothingIsStored() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let refused: [([String], String)] = [
      (["fortnightly", "09:30"], "'fortnightly' is not a rule (such as 'weekdays 09:30'"),
      (["weekdays", "25:00"], "'25:00' is not a time such as 09:30 (00:00 to 23:59)"),
      (["FREQ=YEARLY at 09:30"], "FREQ=YEARLY is not supported: use DAILY, WEEKLY or MONTHLY"),
      (["FREQ=WEEKLY;BYHOUR=9 at 09:30"], "rule part BYHOUR is not supported"),
      (["weekdays", "09:30", "--zone", "Mars/Olympus"],
       "'Mars/Olympus' is not a time zone this system knows"),
      (["weekdays", "09:30", "--from", "2099-13-01"], "'2099-13-01'"),
      (["weekdays", "09:30", "--from", "2099-12-01", "--until", "2099-11-01"],
       "the last day (Sun 1 Nov 2099) is before the first (Tue 1 Dec 2099)"),
    ]
    for (words, message) in refused {
      let result = try syncups.run(["schedule", "set", "eng"] + words)
      #expect(result.status == 64, "\(words)")
      #expect(result.error.hasPrefix("Error: ") && result.error.contains(message), "\(words): \(result.error)")
      #expect(syncups.dataBytes == before, "\(words)")
    }
    // Without a schedule, show, next, skip and clear say so.
    for words in [["schedule", "show", "eng"], ["next", "eng"], ["schedule", "clear", "eng"]] {
      let result = try syncups.run(words)
      #expect(result.status == 1, "\(words)")
      #expect(
        result.error
          == "Error: 'Eng' has no schedule; set one with 'syncups schedule set Eng weekdays 09:30'\n",
        "\(words)")
    }
    #expect(syncups.dataBytes == before)
  }

  @Test func skipUnskipAndMoveChangeTheMeetingsNextLists() throws {
    let syncups = try engineering()
    try syncups(
      "schedule", "set", "eng", "weekdays 09:30", "--zone", "Europe/Berlin", "--from",
      "2099-11-30")
    let skip = try syncups("schedule", "skip", "eng", "2099-12-01", "--reason", "offsite")
    #expect(skip.status == 0, "\(skip.error)")
    #expect(skip.error.hasPrefix("Skipped the meeting of 'Eng' on Tue 1 Dec 2099.\n"))
    #expect(skip.error.contains("Skipped  Tue 1 Dec 2099 (offsite)\n"))
    let move = try syncups("schedule", "move", "eng", "2099-11-30", "2099-12-01T10:00")
    #expect(move.status == 0, "\(move.error)")
    #expect(
      move.error.hasPrefix(
        "Moved the meeting of 'Eng' on Mon 30 Nov 2099 to Tue 1 Dec 2099, 10:00 CET (09:00 your time).\n"))
    let next = try #require(
      try syncups.json(syncups("--json", "next", "eng", "--count", "3")) as? [[String: Any]])
    #expect(
      next.map { $0["start"] as? String }
        == ["2099-12-01T10:00:00+01:00", "2099-12-02T09:30:00+01:00", "2099-12-03T09:30:00+01:00"])
    #expect(next.map { $0["day"] as? String } == ["2099-11-30", "2099-12-02", "2099-12-03"])
    #expect(next.map { $0["moved"] as? Bool } == [true, false, false])
    #expect(next.map { $0["skipped"] as? Bool } == [false, false, false])
    #expect(Set(next[0].keys) == ["syncup", "id", "start", "day", "zone", "in", "facilitator", "away", "skipped", "moved"])
    #expect(next[0]["syncup"] as? String == "Eng")
    #expect(next[0]["zone"] as? String == "Europe/Berlin")
    #expect((next[0]["in"] as? Int ?? 0) > 0)
    #expect(next[0]["facilitator"] is NSNull)

    // A day the rule does not meet, or a time that cannot be read: refused.
    let before = syncups.dataBytes
    let saturday = try syncups("schedule", "skip", "eng", "2099-12-05")
    #expect(saturday.status == 64)
    #expect(
      saturday.error.hasPrefix(
        "Error: 'Eng' does not meet on Sat 5 Dec 2099 (weekdays 09:30, Europe/Berlin)\n"))
    let badTime = try syncups("schedule", "move", "eng", "2099-12-02", "noon")
    #expect(badTime.status == 64)
    #expect(
      badTime.error.hasPrefix(
        "Error: 'noon' is not a date and time such as 2026-12-02T10:00, or a time such as 10:00\n"))
    let notSkipped = try syncups("schedule", "unskip", "eng", "2099-12-02")
    #expect(notSkipped.status == 1)
    #expect(notSkipped.error == "Error: the meeting of 'Eng' on Wed 2 Dec 2099 is not skipped\n")
    #expect(syncups.dataBytes == before)

    let unskip = try syncups("--json", "schedule", "unskip", "eng", "2099-12-01")
    #expect(unskip.status == 0)
    let object = try #require(try syncups.json(unskip) as? [String: Any])
    #expect((object["schedule"] as? [String: Any])?["skips"] == nil)
    #expect((object["schedule"] as? [String: Any])?["revision"] as? Int == 4)

    let cleared = try syncups("--json", "schedule", "clear", "eng")
    #expect(cleared.status == 0)
    #expect((try syncups.json(cleared) as? [String: Any])?["schedule"] is NSNull)
  }

  @Test func nextListsEveryScheduledSyncUpInTimeOrderWithLocalTimes() throws {
    let syncups = try engineering()
    try syncups(
      "schedule", "set", "ops", "monthly on day 1 08:00", "--zone", "America/New_York",
      "--from", "2099-12-01")
    try syncups(
      "schedule", "set", "eng", "weekdays 09:30", "--zone", "Europe/Berlin", "--from",
      "2099-11-30")
    let zone = try syncups("edit", "eng", "--attendee-zone", "ben=asia/kolkata", "--json")
    #expect(zone.status == 0, "\(zone.error)")
    let edited = try #require(try syncups.json(zone) as? [String: Any])
    #expect(
      (edited["attendees"] as? [[String: Any]])?.map { $0["zone"] as? String }
        == [nil, "Asia/Kolkata"])
    let all = try #require(
      try syncups.json(syncups("--json", "next", "--count", "2")) as? [[String: Any]])
    #expect(
      all.map { "\($0["syncup"] ?? "") \($0["start"] ?? "")" } == [
        "Eng 2099-11-30T09:30:00+01:00", "Eng 2099-12-01T09:30:00+01:00",
        "Ops 2099-12-01T08:00:00-05:00", "Ops 2100-01-01T08:00:00-05:00",
      ])
    let text = try syncups("next")
    #expect(text.status == 0)
    let lines = text.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("Eng: Mon 30 Nov 2099, 09:30 CET (08:30 your time), in "))
    #expect(lines[1] == "  Local times: Ben 14:00 IST")
    #expect(lines[2].hasPrefix("Ops: Tue 1 Dec 2099, 08:00 EST (13:00 your time), in "))
    // Away that day: named.
    try syncups("away", "eng", "ana", "--from", "2099-11-30", "--to", "2099-11-30")
    let away = try #require(
      try syncups.json(syncups("--json", "next", "eng")) as? [[String: Any]])
    #expect(away.first?["away"] as? [String] == ["Ana"])
    #expect(try syncups("next", "eng").output.contains("\n  Away: Ana\n"))
    // A zone that cannot be read is refused; an empty one removes it.
    let bad = try syncups("edit", "eng", "--attendee-zone", "Ben=Nowhere")
    #expect(bad.status == 64)
    let removed = try syncups("edit", "eng", "--attendee-zone", "Ben=", "--json")
    #expect(
      ((try syncups.json(removed) as? [String: Any])?["attendees"] as? [[String: Any]])?
        .compactMap { $0["zone"] as? String } == [])
    // Nothing scheduled: said so, exit 0.
    try syncups("schedule", "clear", "eng")
    try syncups("schedule", "clear", "ops")
    let none = try syncups("next")
    #expect(none.status == 0)
    #expect(none.error == "No sync-up has a schedule; set one with 'syncups schedule set'.\n")
    #expect(try syncups("--json", "next").output == "[]\n")
  }
}
