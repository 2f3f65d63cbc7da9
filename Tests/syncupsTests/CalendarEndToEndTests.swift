import ChildProcessSupport
import Foundation
import SyncUpsCore
import Testing

/// `syncups calendar` run as the program: its exact text, its stability, its errors, and its
/// meetings as a real iCalendar library expands them against `next`'s.
@Suite("Calendar end to end")
struct CalendarEndToEndTests {
  static let engID = "5E6B1A52-3C0D-4F7E-9A61-0C1D2E3F4A5B"

  /// Eng (Ana and Ben, ten minutes), daily at 09:30 UTC for three days from 30 November 2026,
  /// the second skipped and the third moved to 11:00; and Lunch, without a schedule.
  static let eng = [
    CalendarFixtures.SyncUp(
      id: engID, title: "Eng", attendees: [("00000000-0000-4000-8000-00000000000A", "Ana", []),
        ("00000000-0000-4000-8000-00000000000B", "Ben", [])],
      schedule: CalendarFixtures.schedule(
        rule: "FREQ=DAILY;COUNT=3 at 09:30", zone: "UTC", from: "2026-11-30", revision: 2,
        skips: ["2026-12-01"], moves: [("2026-12-02", "2026-12-02T11:00:00Z")])),
    CalendarFixtures.SyncUp(id: "00000000-0000-4000-8000-00000000000E", title: "Lunch"),
  ]

  @Test func writesTheScheduleAsRecurringEvents() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(CalendarFixtures.dataFile(Self.eng))
    let written = try syncups("calendar")
    #expect(written.status == 0)
    #expect(written.error == "")
    let uid = "UID:5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b@syncups"
    let event = ["DURATION:PT10M", "SUMMARY:Eng", "DESCRIPTION:Attendees: Ana\\, Ben"]
    #expect(
      written.output.components(separatedBy: "\r\n") == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//syncups//syncups//EN", "CALSCALE:GREGORIAN",
        "BEGIN:VTIMEZONE", "TZID:UTC", "BEGIN:STANDARD", "DTSTART:20261129T093000",
        "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:UTC", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VEVENT", uid, "DTSTAMP:19700101T000000Z", "SEQUENCE:2",
        "DTSTART;TZID=UTC:20261130T093000", "RRULE:FREQ=DAILY;COUNT=3",
        "EXDATE;TZID=UTC:20261201T093000",
      ] + event + [
        "END:VEVENT",
        "BEGIN:VEVENT", uid, "DTSTAMP:19700101T000000Z", "SEQUENCE:2",
        "RECURRENCE-ID;TZID=UTC:20261202T093000", "DTSTART;TZID=UTC:20261202T110000",
      ] + event + ["END:VEVENT", "END:VCALENDAR", ""])
    // Named, the same; nothing in it moves with the time it is written.
    #expect(try syncups("calendar", "eng").output == written.output)
  }

  @Test func theSameScheduleGivesTheSameBytesFoldedWithCRLF() throws {
    var team = Self.eng
    team[0].title = "Planning; weekly, with notes — " + String(repeating: "ü", count: 40)
    team[0].schedule = CalendarFixtures.schedule(
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO at 15:00", zone: "Europe/Berlin",
      from: "2026-11-30", revision: 5, skips: ["2026-12-01"])
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(CalendarFixtures.dataFile(team))
    let first = try syncups("calendar")
    let file = syncups.home.path + "/team.ics"
    let second = try syncups("calendar", "--output", file)
    #expect(second.status == 0)
    #expect(second.output == "")
    #expect(second.error == "Wrote 1 sync-up to '\(file)'.\n")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes == Data(first.output.utf8))
    let lines = first.output.components(separatedBy: "\r\n")
    #expect(lines.last == "")
    #expect(!first.output.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    // Unfolded, the title is whole, escaped.
    let unfolded = first.output.replacingOccurrences(of: "\r\n ", with: "")
    #expect(
      unfolded.contains(
        "\r\nSUMMARY:Planning\\; weekly\\, with notes — \(String(repeating: "ü", count: 40))\r\n"))
    #expect(unfolded.contains("\r\nSEQUENCE:5\r\n"))
    #expect(unfolded.contains("\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO\r\n"))
    #expect(unfolded.contains("\r\nDTSTART;TZID=Europe/Berlin:20261201T150000\r\n"))
    #expect(unfolded.contains("\r\nEXDATE;TZID=Europe/Berlin:20261201T150000\r\n"))
    // Berlin's offsets, and its change to summer time in 2027.
    #expect(unfolded.contains("\r\nTZID:Europe/Berlin\r\n"))
    #expect(
      unfolded.contains(
        "\r\nBEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\n"
          + "TZOFFSETTO:+0200\r\nTZNAME:CEST\r\nEND:DAYLIGHT\r\n"))
  }

  @Test func aSyncUpWithoutAScheduleIsAnError() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(CalendarFixtures.dataFile([Self.eng[1]]))
    let none = try syncups("calendar")
    #expect(none.status == 1)
    #expect(
      none.error == "Error: no sync-up has a schedule: give one a schedule with 'syncups schedule set'\n")
    #expect(none.output == "")
    try syncups.writeDataFile(CalendarFixtures.dataFile(Self.eng))
    let named = try syncups("calendar", "eng", "lunch", "--output", syncups.home.path + "/x.ics")
    #expect(named.status == 1)
    #expect(named.error == "Error: 'Lunch' has no schedule: give it one with 'syncups schedule set'\n")
    #expect(!FileManager.default.fileExists(atPath: syncups.home.path + "/x.ics"))
    let unknown = try syncups("calendar", "nosuch")
    #expect(unknown.status == 1)
    #expect(unknown.error.hasPrefix("Error: no sync-up matches 'nosuch'"))
  }
}

/// The calendar's meetings as Python's `icalendar` and `recurring-ical-events` expand them,
/// against the `start` values of `next --count 60 --json`: sync-ups in zones with daylight
/// saving time, meetings at a time the clocks skip or show twice, every other week, the last
/// Friday of the month, counted, skipped and moved.
@Suite("Calendar against an iCalendar library")
struct CalendarOracleTests {
  /// Whether python3 with both modules is here (the CI installs them).
  static let available: Bool = {
    guard ExternalProgram.path("python3") != nil else { return false }
    return (try? ExternalProgram.run(
      "python3", ["-c", "import icalendar, recurring_ical_events"]))?.status == 0
  }()

  /// Prints, one a line in UTC, the starts of the events of UID argv[2] in the calendar file
  /// argv[1] from argv[3] to argv[4] (ISO 8601, UTC).
  static let expand = """
    import sys, datetime, icalendar, recurring_ical_events
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
    start = datetime.datetime.fromisoformat(sys.argv[3].replace('Z', '+00:00'))
    end = datetime.datetime.fromisoformat(sys.argv[4].replace('Z', '+00:00'))
    starts = []
    for event in recurring_ical_events.of(calendar).between(start, end):
        if str(event['UID']) != sys.argv[2]:
            continue
        moment = event['DTSTART'].dt.astimezone(datetime.timezone.utc)
        if moment >= start:
            starts.append(moment)
    for moment in sorted(starts):
        print(moment.strftime('%Y-%m-%dT%H:%M:%SZ'))
    """

  /// A sync-up of the test, stored and as the model holds it.
  struct Case {
    var id: String
    var rule: String
    var zone: String
    var from: String
    var skips: [String] = []
    var moves: [(date: String, to: String)] = []

    var stored: CalendarFixtures.SyncUp {
      CalendarFixtures.SyncUp(
        id: id, title: "S" + id.suffix(1),
        schedule: CalendarFixtures.schedule(
          rule: rule, zone: zone, from: from, skips: skips, moves: moves))
    }

    /// The schedule's next `count` meetings after `now`, in UTC.
    func next(_ count: Int, after now: Date) throws -> [Date] {
      let schedule = Schedule(
        rule: try ScheduleRule(parsing: rule), zone: zone, from: try #require(CalendarDay(from)),
        skips: skips.map { ScheduleSkip(date: CalendarDay($0)!) },
        moves: try moves.map {
          ScheduleMove(date: CalendarDay($0.date)!, to: try #require(iso.date(from: $0.to)))
        })
      return schedule.occurrences(after: now, count: count).map(\.start)
    }
  }

  static var iso: ISO8601DateFormatter { ISO8601DateFormatter() }

  @Test(.enabled(if: available, "python3 with icalendar and recurring-ical-events is missing: skipping"))
  func theCalendarsMeetingsAreTheSchedulesMeetings() throws {
    let now = Date()
    let today = CalendarFixtures.day(0)
    var cases = [
      Case(
        id: "00000000-0000-4000-8000-000000000001",
        rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO at 15:00", zone: "Europe/Berlin",
        from: today),
      // The last Sunday of March and of October at 02:30: a time Berlin's clocks skip, and
      // one they show twice.
      Case(
        id: "00000000-0000-4000-8000-000000000002", rule: "FREQ=MONTHLY;BYDAY=-1SU at 02:30",
        zone: "Europe/Berlin", from: today),
      Case(
        id: "00000000-0000-4000-8000-000000000003", rule: "FREQ=MONTHLY;BYDAY=1MO at 10:00",
        zone: "America/New_York", from: today),
      Case(
        id: "00000000-0000-4000-8000-000000000004", rule: "FREQ=DAILY;INTERVAL=3;COUNT=30 at 23:30",
        zone: "Asia/Kolkata", from: CalendarFixtures.day(1)),
      // Five years of last Fridays, in London's summer time and out of it.
      Case(
        id: "00000000-0000-4000-8000-000000000005", rule: "FREQ=MONTHLY;BYDAY=-1FR at 16:00",
        zone: "Europe/London", from: today),
    ]
    // Skip the third fortnightly meeting and move the fifth to 17:00 UTC the day after, each
    // by its day in Berlin.
    let planned = try cases[0].next(5, after: now)
    let berlin = try #require(ZoneRules.named("Europe/Berlin"))
    let day = { (date: Date) in LocalCalendar(zone: berlin).day(of: date).text }
    cases[0].skips = [day(planned[2])]
    cases[0].moves = [(day(planned[4]), CalendarFixtures.day(1, from: planned[4]) + "T17:00:00Z")]
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(CalendarFixtures.dataFile(cases.map(\.stored)))

    let file = syncups.home.path + "/team.ics"
    #expect(try syncups("calendar", "--output", file).status == 0)
    for test in cases {
      let next = try syncups("next", test.id, "--count", "60", "--json")
      #expect(next.status == 0, "\(next.error)")
      let meetings = try #require(try syncups.json(next) as? [[String: Any]])
      // Each start with its zone's offset, in UTC as the library's are printed.
      let expected = try meetings.map {
        Self.iso.string(from: try #require(($0["start"] as? String).flatMap(Self.iso.date(from:))))
      }
      #expect(expected.count == (test.rule.contains("COUNT=30") ? 30 : 60))
      let last = try #require(expected.last.flatMap(Self.iso.date(from:)))
      let expanded = try ExternalProgram.run(
        "python3",
        [
          "-c", Self.expand, file, test.id.lowercased() + "@syncups", expected[0],
          Self.iso.string(from: last.addingTimeInterval(1)),
        ])
      #expect(expanded.status == 0, "\(expanded.standardError)")
      #expect(expanded.standardOutput.split(separator: "\n").map(String.init) == expected, "\(test.rule)")
    }
  }
}
