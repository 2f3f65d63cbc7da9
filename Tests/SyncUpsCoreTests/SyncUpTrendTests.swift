#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite("Sync-up trend")
struct SyncUpTrendTests {
  static let ana = Attendee(id: UUID(0xA1), name: "Ana")
  static let ben = Attendee(id: UUID(0xA2), name: "Ben")
  static let cy = Attendee(id: UUID(0xA3), name: "Cy")
  static var utc: LocalCalendar { LocalCalendar(utcOffset: { _ in 0 }) }

  static func at(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
  }

  static func day(_ text: String) -> CalendarDay {
    CalendarDay(text)!
  }

  static func present(_ attendee: Attendee) -> MeetingAttendee {
    MeetingAttendee(id: attendee.id, name: attendee.name, absent: false)
  }

  static func meeting(
    _ number: Int, _ date: String, length: Int? = 600, planned: Int = 600,
    attendees: [MeetingAttendee]? = nil, turns: [Meeting.Turn]? = nil,
    scheduled: String? = nil
  ) -> Meeting {
    Meeting(
      id: UUID(0xE00 + number), date: at(date), transcript: "",
      scheduled: scheduled.map(at), duration: length,
      plannedDuration: length == nil ? nil : planned, attendees: attendees, turns: turns)
  }

  /// Newest first, as a sync-up stores them.
  static func syncUp(_ meetings: [Meeting], attendees: [Attendee] = [ana, ben, cy], items: [Item] = [])
    -> SyncUp
  {
    SyncUp(
      id: UUID(0xD0), attendees: IdentifiedArray(uniqueElements: attendees), duration: 600,
      items: IdentifiedArray(uniqueElements: items),
      meetings: IdentifiedArray(uniqueElements: meetings.sorted { $0.date > $1.date }),
      title: "Design")
  }

  static func trend(
    _ syncUp: SyncUp, weeks: Int, today: String, calendar: LocalCalendar = utc,
    workingDays: WorkingDays = .mondayToFriday, age: (Item) -> Int = { _ in 0 },
    byPerson: Bool = false
  ) throws -> SyncUpTrend {
    try SyncUpTrend(
      syncUp, weeks: weeks, today: day(today), calendar: calendar, workingDays: workingDays,
      age: age, byPerson: byPerson)
  }

  @Test func weeksRunFromMondayAcrossAYearBoundaryWithAGapForAWeekWithoutMeetings() throws {
    // Wednesday 6 January 2027: three weeks from Monday 21 December; the first has none.
    let trend = try Self.trend(
      Self.syncUp([
        Self.meeting(1, "2026-12-31T09:00:00Z", length: 500),
        Self.meeting(2, "2027-01-01T09:00:00Z", length: 701, planned: 600),
        Self.meeting(3, "2027-01-04T09:00:00Z", length: 900, planned: 900),
        // Before the weeks covered, and after today's week: left out.
        Self.meeting(4, "2026-12-20T09:00:00Z"), Self.meeting(5, "2027-01-11T09:00:00Z"),
      ]), weeks: 3, today: "2027-01-06")
    #expect(trend.weeks.map(\.start) == [Self.day("2026-12-21"), Self.day("2026-12-28"), Self.day("2027-01-04")])
    #expect(trend.weeks.map(\.meetings) == [0, 2, 1])
    // 500 and 701: a mean of 600.5, halves up.
    #expect(trend.weeks.map(\.lengthMean) == [nil, 601, 900])
    #expect(trend.weeks.map(\.plannedMean) == [nil, 600, 900])
    #expect(trend.weeks.map(\.overran) == [0, 1, 0])
    #expect(trend.weeks[0].attendancePercent == nil)
    // Over all the weeks: (500 + 701 + 900) / 3 = 700.33…; plans (600 + 600 + 900) / 3.
    #expect(trend.lengthMean == 700)
    #expect(trend.plannedMean == 700)
    #expect(trend.overran == 1)
    #expect(trend.longest == SyncUpTrend.Longest(seconds: 900, day: Self.day("2027-01-04")))
    #expect(trend.points.map(\.day) == [Self.day("2026-12-31"), Self.day("2027-01-01"), Self.day("2027-01-04")])
  }

  @Test func aMeetingJustAfterMidnightOnTheMondayAfterClocksChangeIsInItsLocalWeek() throws {
    // Berlin: UTC+1, UTC+2 from 01:00 UTC on Sunday 29 March 2026.
    let berlin = LocalCalendar(utcOffset: { $0 < Self.at("2026-03-29T01:00:00Z") ? 3600 : 7200 })
    let syncUp = Self.syncUp([
      // 00:30 on Monday 23 March there, still Sunday in UTC.
      Self.meeting(1, "2026-03-22T23:30:00Z"),
      // 00:30 on Monday 30 March there (UTC+2), 22:30 on Sunday in UTC.
      Self.meeting(2, "2026-03-29T22:30:00Z"),
      // 23:30 on Sunday 29 March there: the week before.
      Self.meeting(3, "2026-03-29T21:30:00Z"),
    ])
    let local = try Self.trend(syncUp, weeks: 3, today: "2026-04-01", calendar: berlin)
    #expect(local.weeks.map(\.start) == [Self.day("2026-03-16"), Self.day("2026-03-23"), Self.day("2026-03-30")])
    #expect(local.weeks.map(\.meetings) == [0, 2, 1])
    let utc = try Self.trend(syncUp, weeks: 3, today: "2026-04-01")
    #expect(utc.weeks.map(\.meetings) == [1, 2, 0])
  }

  @Test func weeksStartOnTheFirstDayOfTheWorkdaysWeek() throws {
    let sundayToThursday = try #require(WorkingDays(rawValue: "sun-thu"))
    #expect(sundayToThursday.firstDay == 0)
    #expect(WorkingDays.mondayToFriday.firstDay == 1)
    #expect(try #require(WorkingDays(rawValue: "mon-sun")).firstDay == 1)
    #expect(try #require(WorkingDays(rawValue: "tue,thu")).firstDay == 2)
    // Saturday 7 November 2026 is in the week from Sunday 1 November.
    let trend = try Self.trend(
      Self.syncUp([Self.meeting(1, "2026-11-01T09:00:00Z")]), weeks: 2, today: "2026-11-07",
      workingDays: sundayToThursday)
    #expect(trend.weeks.map(\.start) == [Self.day("2026-10-25"), Self.day("2026-11-01")])
    #expect(trend.weeks.map(\.meetings) == [0, 1])
  }

  @Test func openBlockersFallIntoTheirAgeBucketsAndTheOldestIsNamed() throws {
    let ages = [0, 2, 3, 5, 6, 10, 11, 40, 12]
    let items = ages.enumerated().map { index, _ in
      Item(
        id: UUID(0xF00 + index), kind: .blocker, text: "blocker \(index)",
        opened: Self.at("2026-11-02T09:00:00Z"))
    }
    // A resolved blocker and an open action are not aged.
    var resolved = Item(
      id: UUID(0xF99), kind: .blocker, text: "done", opened: Self.at("2026-01-02T09:00:00Z"))
    resolved.resolved = Self.at("2026-11-03T09:00:00Z")
    let action = Item(
      id: UUID(0xF98), kind: .action, text: "write it", opened: Self.at("2026-01-02T09:00:00Z"))
    var age = Dictionary(uniqueKeysWithValues: zip(items.map(\.id), ages))
    age[resolved.id] = 99
    age[action.id] = 99
    let trend = try Self.trend(
      Self.syncUp([Self.meeting(1, "2026-11-03T09:00:00Z")], items: items + [resolved, action]),
      weeks: 2, today: "2026-11-04", age: { age[$0.id] ?? -1 })
    #expect(SyncUpTrend.ageBuckets.map(\.lowerBound) == [0, 3, 6, 11])
    #expect(trend.ages.counts == [2, 2, 2, 3])
    #expect(trend.ages.open == 9)
    #expect(trend.ages.oldest == SyncUpTrend.Ages.Blocker(id: UUID(0xF07), text: "blocker 7", age: 40))
    // Opened on Monday 2 November, one resolved on Tuesday 3: this week's.
    #expect(trend.weeks.map(\.blockersOpened) == [0, 9])
    #expect(trend.weeks.map(\.blockersResolved) == [0, 1])
    let none = try Self.trend(Self.syncUp([]), weeks: 1, today: "2026-11-04")
    #expect(none.ages == SyncUpTrend.Ages([]))
    #expect(none.ages.counts == [0, 0, 0, 0])
    #expect(none.ages.oldest == nil)
  }

  @Test func perPersonFiguresAreRefusedUnderThreeAttendees() throws {
    let meetings = [Self.meeting(1, "2026-11-03T09:00:00Z")]
    #expect(throws: SyncUpTrend.TooFewPeople(attendees: 2)) {
      try Self.trend(
        Self.syncUp(meetings, attendees: [Self.ana, Self.ben]), weeks: 1, today: "2026-11-04",
        byPerson: true)
    }
    // Without --by-person the same sync-up has its trend.
    let trend = try Self.trend(
      Self.syncUp(meetings, attendees: [Self.ana, Self.ben]), weeks: 1, today: "2026-11-04")
    #expect(trend.people == nil)
    #expect(trend.weeks.map(\.meetings) == [1])
  }

  @Test func perPersonSharesAgainstTheEvenShareWithFormerAttendees() throws {
    let dee = MeetingAttendee(id: UUID(0xA4), name: "Dee", absent: false)
    func turn(_ id: UUID, _ name: String, _ seconds: Int) -> Meeting.Turn {
      Meeting.Turn(attendee: id, name: name, seconds: seconds, slot: 100)
    }
    let trend = try Self.trend(
      Self.syncUp([
        Self.meeting(
          1, "2026-11-02T09:00:00Z",
          attendees: [Self.present(Self.ana), Self.present(Self.ben), dee],
          turns: [turn(Self.ana.id, "Ana", 150), turn(Self.ben.id, "Ben", 50), turn(dee.id, "Dee", 100)]),
        Self.meeting(
          2, "2026-11-03T09:00:00Z",
          attendees: [
            Self.present(Self.ana), Self.present(Self.ben),
            MeetingAttendee(id: Self.cy.id, name: "Cy", absent: true),
          ],
          turns: [turn(Self.ana.id, "Ana", 100), turn(Self.ben.id, "Ben", 100)]),
      ]), weeks: 1, today: "2026-11-04", byPerson: true)
    // 500 seconds spoken: Ana 250 (50%), Ben 150 (30%), Dee 100 (20%); three spoke, 33% each.
    #expect(
      trend.people == [
        SyncUpTrend.Person(
          id: Self.ana.id, name: "Ana", former: false, spoken: 250, sharePercent: 50,
          evenPercent: 33, expected: 2, attended: 2, turns: 2, turnsOver: 1),
        SyncUpTrend.Person(
          id: Self.ben.id, name: "Ben", former: false, spoken: 150, sharePercent: 30,
          evenPercent: 33, expected: 2, attended: 2, turns: 2, turnsOver: 0),
        SyncUpTrend.Person(
          id: Self.cy.id, name: "Cy", former: false, spoken: 0, sharePercent: 0,
          evenPercent: 33, expected: 1, attended: 0, turns: 0, turnsOver: 0),
        SyncUpTrend.Person(
          id: dee.id, name: "Dee", former: true, spoken: 100, sharePercent: 20,
          evenPercent: 33, expected: 1, attended: 1, turns: 1, turnsOver: 0),
      ])
    // Places: 3 and 3, 5 of 6 taken.
    #expect(trend.weeks[0].expected == 6)
    #expect(trend.weeks[0].attended == 5)
    #expect(trend.weeks[0].attendancePercent == 83)
    #expect(trend.weeks[0].turns == 5)
    #expect(trend.weeks[0].turnsOver == 1)
  }

  @Test func startsAndWarningsAreCountedOnlyWhenMeetingsRecordThem() throws {
    func turn(warned: CuePhase?) -> Meeting.Turn {
      Meeting.Turn(attendee: Self.ana.id, name: "Ana", seconds: 120, slot: 100, warned: warned)
    }
    let trend = try Self.trend(
      Self.syncUp([
        // Week one: neither recorded.
        Self.meeting(1, "2026-10-27T09:00:00Z", turns: [turn(warned: nil)]),
        // Week two: on time (30 seconds after), late by 5 and by 3 minutes; one turn warned.
        Self.meeting(
          2, "2026-11-02T09:00:30Z", turns: [turn(warned: .last), turn(warned: nil)],
          scheduled: "2026-11-02T09:00:00Z"),
        Self.meeting(
          3, "2026-11-03T09:05:00Z", scheduled: "2026-11-03T09:00:00Z"),
        Self.meeting(
          4, "2026-11-04T09:03:00Z", scheduled: "2026-11-04T09:00:00Z"),
      ]), weeks: 2, today: "2026-11-04")
    #expect(trend.recordsSchedule)
    #expect(trend.recordsWarnings)
    #expect(trend.weeks.map(\.scheduled) == [0, 3])
    #expect(trend.weeks.map(\.onTime) == [nil, 1])
    #expect(trend.weeks.map(\.late) == [nil, 2])
    #expect(trend.weeks.map(\.lateMean) == [nil, 240])
    #expect(trend.weeks.map(\.warned) == [nil, 1])
    #expect(trend.weeks.map(\.turnsOver) == [1, 2])
    #expect(trend.points.map(\.lateness) == [nil, 30, 300, 180])

    let plain = try Self.trend(
      Self.syncUp([Self.meeting(1, "2026-11-02T09:00:00Z", turns: [turn(warned: nil)])]),
      weeks: 1, today: "2026-11-04")
    #expect(!plain.recordsSchedule)
    #expect(!plain.recordsWarnings)
    #expect(plain.weeks[0].late == nil)
    #expect(plain.weeks[0].warned == nil)
  }
}
