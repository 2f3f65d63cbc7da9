#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// A sync-up's schedule: its rule's forms and normal form, the meetings it gives in fixed
/// zones (daylight saving time in Berlin and New York, an attendee in Kolkata), skips and
/// moves, the stored form and a merge of two clones.
@Suite("Schedule")
struct ScheduleTests {
  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }
  static func moment(_ text: String) -> Date { WorkWindowTests.moment(text) }
  static func rule(_ text: String) throws -> ScheduleRule { try ScheduleRule(parsing: text) }
  static let berlin = "Europe/Berlin"
  static let newYork = "America/New_York"
  static var kolkata: LocalCalendar { LocalCalendar(zone: ZoneRules.named("Asia/Kolkata")!) }

  static func schedule(
    _ rule: String, zone: String = berlin, from: String = "2026-11-30"
  ) throws -> Schedule {
    let first = day(from)
    return Schedule(rule: try Self.rule(rule).normalized(from: first), zone: zone, from: first)
  }

  /// The starts of the next `count` meetings after `after`, as UTC text.
  static func starts(_ schedule: Schedule, after: String, count: Int) -> [String] {
    schedule.occurrences(after: moment(after), count: count).map { DateText.iso8601($0.start) }
  }

  // MARK: Rules

  @Test func eachFormReadsToItsRuleAndNormalForm() throws {
    let forms: [(typed: String, text: String, rrule: String)] = [
      ("daily 09:30", "daily 09:30", "FREQ=DAILY"),
      ("Weekdays 9:30", "weekdays 09:30", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
      ("fri,MON,wed 09:30", "mon,wed,fri 09:30", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
      ("tue 15:00", "tue 15:00", "FREQ=WEEKLY;BYDAY=TU"),
      ("mon,tue,wed,thu,fri,sat,sun at 8:05", "daily 08:05",
       "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU"),
      ("every 2 weeks on tue,thu 15:00", "every 2 weeks on tue,thu 15:00",
       "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO"),
      ("every 3 days 07:00", "every 3 days 07:00", "FREQ=DAILY;INTERVAL=3"),
      ("monthly on first mon 10:00", "monthly on first mon 10:00", "FREQ=MONTHLY;BYDAY=1MO"),
      ("monthly on last friday 16:00", "monthly on last fri 16:00", "FREQ=MONTHLY;BYDAY=-1FR"),
      ("monthly on day 15 10:00", "monthly on day 15 10:00", "FREQ=MONTHLY;BYMONTHDAY=15"),
      ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH at 09:30", "every 2 weeks on mon,thu 09:30",
       "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=MO"),
      ("freq=monthly;byday=2tu at 14:00", "monthly on second tue 14:00",
       "FREQ=MONTHLY;BYDAY=2TU"),
      ("FREQ=DAILY;COUNT=10 at 09:00", "FREQ=DAILY;COUNT=10 at 09:00", "FREQ=DAILY;COUNT=10"),
      ("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231 at 09:00",
       "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231 at 09:00", "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231"),
      ("FREQ=WEEKLY;BYDAY=SU,MO;WKST=SU;INTERVAL=2 at 09:00",
       "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU at 09:00",
       "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU"),
    ]
    for (typed, text, rrule) in forms {
      let rule = try Self.rule(typed)
      #expect(rule.text == text, "\(typed)")
      #expect(rule.rruleText == rrule, "\(typed)")
      // The normal form and the stored form read back to the same rule.
      #expect(try Self.rule(rule.text) == rule, "\(typed)")
      #expect(try Self.rule(rule.storedText) == rule, "\(typed)")
    }
  }

  @Test func aBadRuleNamesWhatIsWrong() {
    let bad: [(String, String)] = [
      ("weekdays", "'weekdays' is not a time such as 09:30 (00:00 to 23:59)"),
      ("weekdays 24:00", "'24:00' is not a time such as 09:30 (00:00 to 23:59)"),
      ("weekdays 9:5", "'9:5' is not a time such as 09:30 (00:00 to 23:59)"),
      ("09:30", "'09:30' has a time but no days, such as 'weekdays 09:30'"),
      ("mon,funday 09:30", "'funday' is not a day of the week (mon, tue, wed, thu, fri, sat, sun)"),
      ("monthly on middle mon 10:00", "'middle' is not first, second, third, fourth, fifth or last"),
      ("monthly on day 32 10:00", "'32' is not a day of the month (1 to 31, or -1 for the last)"),
      ("FREQ=YEARLY at 09:30", "FREQ=YEARLY is not supported: use DAILY, WEEKLY or MONTHLY"),
      ("FREQ=WEEKLY;BYHOUR=9 at 09:30",
       "rule part BYHOUR is not supported (FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL, WKST are)"),
      ("FREQ=DAILY;COUNT=2;UNTIL=20261231 at 09:30", "a rule takes COUNT or UNTIL, not both"),
      ("FREQ=WEEKLY;BYDAY=1MO at 09:30", "BYDAY numbers a weekday (such as 1MO) only with FREQ=MONTHLY"),
      ("INTERVAL=2 at 09:30", "the rule 'INTERVAL=2' needs FREQ (DAILY, WEEKLY or MONTHLY)"),
      ("FREQ=DAILY;INTERVAL=0 at 09:30", "INTERVAL=0 is not a whole number from 1"),
    ]
    for (text, message) in bad {
      #expect(throws: ScheduleRule.Invalid(message), "\(text)") { try ScheduleRule(parsing: text) }
    }
  }

  // MARK: Meetings

  @Test func weekdaysGiveTheNextMeetingsInTheirZone() throws {
    // Wednesday 2 December 2026, 10:00 in Berlin (09:00Z): today's 09:30 has passed.
    let schedule = try Self.schedule("weekdays 09:30")
    #expect(
      Self.starts(schedule, after: "2026-12-02T09:00:00Z", count: 5) == [
        "2026-12-03T08:30:00Z", "2026-12-04T08:30:00Z", "2026-12-07T08:30:00Z",
        "2026-12-08T08:30:00Z", "2026-12-09T08:30:00Z",
      ])
    // A meeting that starts at the very moment asked about is the next.
    #expect(Self.starts(schedule, after: "2026-12-03T08:30:00Z", count: 1) == ["2026-12-03T08:30:00Z"])
    #expect(schedule.firstDay == Self.day("2026-11-30"))
  }

  /// A schedule that starts more than ten years ahead still gives its next meetings: the
  /// search looks ten years past its first day, not past now.
  @Test func aScheduleStartingYearsAheadGivesItsFirstMeetings() throws {
    let later = try Self.schedule("weekdays 09:30", from: "2099-11-30")
    #expect(
      Self.starts(later, after: "2026-11-28T12:00:00Z", count: 2)
        == ["2099-11-30T08:30:00Z", "2099-12-01T08:30:00Z"])
  }

  @Test func everyOtherWeekCountsWeeksFromTheOneHoldingTheFirstDay() throws {
    // From Friday 4 December: that week (30 Nov–6 Dec) is the first, with no Tuesday or
    // Thursday left; the next meetings are in the weeks of 14 and 28 December.
    let schedule = try Self.schedule("every 2 weeks on tue,thu 15:00", from: "2026-12-04")
    #expect(
      schedule.ruleDays(from: Self.day("2026-12-01"), through: Self.day("2027-01-10")).map(\.text)
        == ["2026-12-15", "2026-12-17", "2026-12-29", "2026-12-31"])
    // Weeks starting on Sunday count differently: 6 December starts the second week.
    let sundays = try Self.schedule(
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU at 09:00", from: "2026-12-01")
    #expect(
      sundays.ruleDays(from: Self.day("2026-12-01"), through: Self.day("2026-12-31")).map(\.text)
        == ["2026-12-13", "2026-12-14", "2026-12-27", "2026-12-28"])
  }

  @Test func monthlyRulesFindOrdinalsAndSkipMonthsWithoutTheDay() throws {
    func days(_ rule: String, from: String = "2026-12-01") throws -> [String] {
      try Self.schedule(rule, from: from).ruleDays(
        from: Self.day(from), through: Self.day("2027-05-31")
      ).map(\.text)
    }
    #expect(
      try days("monthly on last fri 16:00")
        == ["2026-12-25", "2027-01-29", "2027-02-26", "2027-03-26", "2027-04-30", "2027-05-28"])
    #expect(
      try days("monthly on first mon 10:00")
        == ["2026-12-07", "2027-01-04", "2027-02-01", "2027-03-01", "2027-04-05", "2027-05-03"])
    // February, April: no 31st.
    #expect(
      try days("monthly on day 31 10:00", from: "2027-01-01")
        == ["2027-01-31", "2027-03-31", "2027-05-31"])
    #expect(
      try days("FREQ=MONTHLY;BYMONTHDAY=-1 at 10:00", from: "2027-01-01")
        == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])
    #expect(
      try days("every 2 months on fifth thu 10:00")
        == ["2026-12-31", "2027-04-29"])
  }

  @Test func countAndUntilEndTheRule() throws {
    // Three meetings counted from the first day, whatever range is asked about.
    let three = try Self.schedule("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3 at 09:00")
    #expect(
      Self.starts(three, after: "2026-12-01T00:00:00Z", count: 5)
        == ["2026-12-02T08:00:00Z", "2026-12-07T08:00:00Z"])
    #expect(three.names(Self.day("2026-11-30")))
    #expect(!three.names(Self.day("2026-12-09")))
    let until = try Self.schedule("FREQ=DAILY;UNTIL=20261202 at 09:00")
    #expect(
      Self.starts(until, after: "2026-11-30T00:00:00Z", count: 5)
        == ["2026-11-30T08:00:00Z", "2026-12-01T08:00:00Z", "2026-12-02T08:00:00Z"])
    // A calendar file's UNTIL is the last meeting's moment in UTC.
    #expect(until.rruleText == "FREQ=DAILY;UNTIL=20261202T080000Z")
    #expect(until.rule.rruleText == "FREQ=DAILY;UNTIL=20261202")
  }

  @Test func aMeetingKeepsItsWallClockTimeAcrossDaylightSavingChanges() throws {
    // 09:30 in Berlin is 08:30Z in winter and 07:30Z in summer (from 29 March 2026).
    let berlin = try Self.schedule("daily 09:30", from: "2026-03-27")
    #expect(
      Self.starts(berlin, after: "2026-03-27T00:00:00Z", count: 4) == [
        "2026-03-27T08:30:00Z", "2026-03-28T08:30:00Z", "2026-03-29T07:30:00Z",
        "2026-03-30T07:30:00Z",
      ])
    // 02:30 does not exist on 29 March: moved forward by the gap, to 03:30 (01:30Z). On 25
    // October it happens twice: the first, in summer time (00:30Z).
    let early = try Self.schedule("daily 02:30", from: "2026-03-28")
    #expect(
      Self.starts(early, after: "2026-03-28T00:00:00Z", count: 3)
        == ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"])
    #expect(
      Self.starts(early, after: "2026-10-24T00:00:00Z", count: 3)
        == ["2026-10-24T00:30:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"])
    // New York: 02:30 on 8 March is 03:30 EDT (07:30Z); 01:30 on 1 November is first EDT.
    let newYork = try Self.schedule("daily 02:30", zone: Self.newYork, from: "2026-03-07")
    #expect(
      Self.starts(newYork, after: "2026-03-07T00:00:00Z", count: 3)
        == ["2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"])
    let fallBack = try Self.schedule("daily 01:30", zone: Self.newYork, from: "2026-10-31")
    #expect(
      Self.starts(fallBack, after: "2026-10-31T00:00:00Z", count: 3)
        == ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
  }

  @Test func anAttendeeElsewhereSeesTheirLocalTimeChangeOnTheirZonesDates() throws {
    // 11:00 in Berlin is 15:30 in Kolkata until Berlin's clocks go forward, then 14:30.
    let berlin = try Self.schedule("weekdays 11:00", from: "2026-03-01")
    #expect(
      berlin.localTimeChanges(
        in: Self.kolkata, from: Self.moment("2026-03-01T00:00:00Z"),
        to: Self.moment("2026-04-30T00:00:00Z"))
        == [
          LocalTimeChange(
            day: Self.day("2026-03-30"), before: TimeOfDay(hour: 15, minute: 30),
            after: TimeOfDay(hour: 14, minute: 30))
        ])
    // 09:00 in New York, seen from Berlin: 15:00, 14:00 from 9 March (New York changed),
    // 15:00 again from 30 March (Berlin did).
    let newYork = try Self.schedule("weekdays 09:00", zone: Self.newYork, from: "2026-03-01")
    let seenFromBerlin = LocalCalendar(zone: ZoneRules.named(Self.berlin)!)
    #expect(
      newYork.localTimeChanges(
        in: seenFromBerlin, from: Self.moment("2026-03-01T00:00:00Z"),
        to: Self.moment("2026-04-30T00:00:00Z"))
        == [
          LocalTimeChange(
            day: Self.day("2026-03-09"), before: TimeOfDay(hour: 15, minute: 0),
            after: TimeOfDay(hour: 14, minute: 0)),
          LocalTimeChange(
            day: Self.day("2026-03-30"), before: TimeOfDay(hour: 14, minute: 0),
            after: TimeOfDay(hour: 15, minute: 0)),
        ])
  }

  @Test func skippedDaysAreLeftOutAndMovedMeetingsStartWhenMoved() throws {
    var schedule = try Self.schedule("weekdays 09:30")
    schedule.addSkip(ScheduleSkip(date: Self.day("2026-12-03"), reason: "offsite"))
    // Thursday's meeting to Friday 11:00 Berlin; Friday's to the Monday after, at 08:00.
    schedule.addMove(ScheduleMove(date: Self.day("2026-12-02"), to: Self.moment("2026-12-04T10:00:00Z")))
    schedule.addMove(ScheduleMove(date: Self.day("2026-12-04"), to: Self.moment("2026-12-07T07:00:00Z")))
    #expect(schedule.revision == 3)
    let next = schedule.occurrences(after: Self.moment("2026-12-01T12:00:00Z"), count: 4)
    #expect(next.map(\.day.text) == ["2026-12-02", "2026-12-04", "2026-12-07", "2026-12-08"])
    #expect(
      next.map { DateText.iso8601($0.start) } == [
        "2026-12-04T10:00:00Z", "2026-12-07T07:00:00Z", "2026-12-07T08:30:00Z",
        "2026-12-08T08:30:00Z",
      ])
    #expect(next.map(\.isMoved) == [true, true, false, false])
    #expect(next[0].planned == Self.moment("2026-12-02T08:30:00Z"))
    // Including skipped ones, the skip is there with its reason.
    let all = schedule.occurrences(
      from: Self.moment("2026-12-03T00:00:00Z"), to: Self.moment("2026-12-05T00:00:00Z"),
      includingSkipped: true)
    #expect(all.map(\.day.text) == ["2026-12-03", "2026-12-02"])
    #expect(all.map(\.skip?.reason) == ["offsite", nil])
    // A meeting moved out of a range is not in it; one moved into it is.
    let friday = schedule.occurrences(
      from: Self.moment("2026-12-04T00:00:00Z"), to: Self.moment("2026-12-05T00:00:00Z"))
    #expect(friday.map(\.day.text) == ["2026-12-02"])
    // A move of a day the rule does not meet on moves nothing.
    schedule.addMove(ScheduleMove(date: Self.day("2026-12-05"), to: Self.moment("2026-12-05T10:00:00Z")))
    #expect(
      schedule.occurrences(
        from: Self.moment("2026-12-05T00:00:00Z"), to: Self.moment("2026-12-06T00:00:00Z")) == [])
  }

  // MARK: Stored

  static let syncUpID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

  static func scheduled() throws -> SyncUp {
    var syncUp = SyncUp(id: syncUpID, title: "Engineering")
    var schedule = try Self.schedule("every 2 weeks on tue,thu 15:00")
    schedule.addSkip(ScheduleSkip(date: day("2026-12-24"), reason: "holiday"))
    schedule.addMove(ScheduleMove(date: day("2026-12-01"), to: moment("2026-12-02T14:00:00Z")))
    syncUp.schedule = schedule
    return syncUp
  }

  @Test func theScheduleIsStoredAsItsRuleAndComesBack() throws {
    let syncUps: IdentifiedArrayOf<SyncUp> = [try Self.scheduled()]
    let data = try #require(SyncUpsFile.encodeFast(syncUps))
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"rule\" : \"FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO at 15:00\""))
    #expect(text.contains("\"zone\" : \"Europe/Berlin\""))
    #expect(text.contains("\"reason\" : \"holiday\""))
    #expect(data == (try SyncUpsFile.encodeWithJSONEncoder(syncUps)))
    #expect(SyncUpsFile.decodeFast(data) == syncUps)
    #expect(try SyncUpsFile.decodeWithJSONDecoder(data) == syncUps)
  }

  @Test func anUnknownKeyInAScheduleIsKeptAndABadRuleIsNamed() throws {
    let file = """
      [{"attendees": [], "duration": 300, "id": "\(Self.syncUpID)", "meetings": [],
        "schedule": {"from": "2026-11-30", "revision": 2, "rule": "weekdays 09:30",
          "later": true, "zone": "Europe/Berlin"},
        "theme": "bubblegum", "title": "Engineering"}]
      """
    let syncUps = try SyncUpsFile.decode(Data(file.utf8))
    let schedule = try #require(syncUps[0].schedule)
    #expect(schedule.rule.storedText == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR at 09:30")
    #expect(schedule.unknownKeys == ["later": .bool(true)])
    let written = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
    #expect(written.contains("\"later\" : true"))
    let bad = file.replacingOccurrences(of: "weekdays 09:30", with: "FREQ=YEARLY at 09:30")
    #expect {
      try SyncUpsFile.decode(Data(bad.utf8))
    } throws: { error in
      "\(error)".contains("Rule 'FREQ=YEARLY at 09:30' cannot be read: FREQ=YEARLY is not supported")
    }
  }

  @Test func twoClonesThatSkipOrMoveTheSameDateMergeToTheSameSchedule() throws {
    let base = try Self.scheduled()
    var ours = base, theirs = base
    ours.schedule!.addSkip(ScheduleSkip(date: Self.day("2026-12-31"), reason: "new year's eve"))
    theirs.schedule!.addSkip(ScheduleSkip(date: Self.day("2026-12-31"), reason: "closed"))
    ours.schedule!.addMove(ScheduleMove(date: Self.day("2026-12-15"), to: Self.moment("2026-12-16T14:00:00Z")))
    theirs.schedule!.addMove(ScheduleMove(date: Self.day("2026-12-15"), to: Self.moment("2026-12-15T09:00:00Z")))
    theirs.schedule!.addSkip(ScheduleSkip(date: Self.day("2026-12-17")))
    // Whichever clone merges, the same schedule: one skip a day, one move a day.
    let merged = SyncUpsMerge.merge(base: [base], ours: [ours], theirs: [theirs], sides: .newer(nil))
    let reversed = SyncUpsMerge.merge(base: [base], ours: [theirs], theirs: [ours], sides: .newer(nil))
    let schedule = try #require(merged.syncUps[0].schedule)
    #expect(reversed.syncUps[0].schedule == schedule)
    #expect(merged.conflicts == [])
    #expect(schedule.skips.map(\.date.text) == ["2026-12-17", "2026-12-24", "2026-12-31"])
    #expect(schedule.skip(on: Self.day("2026-12-31"))?.reason == "closed")
    #expect(
      schedule.moves.map { "\($0.date) \(DateText.iso8601($0.to))" }
        == ["2026-12-01 2026-12-02T14:00:00Z", "2026-12-15 2026-12-15T09:00:00Z"])
    // Both changed it: a version neither had, numbered past both.
    #expect(base.schedule!.revision == 2)
    #expect(schedule.revision == 6)
    // One clone unskips a day the other did not touch: it is gone.
    var unskipped = base
    unskipped.schedule!.skips = []
    let after = SyncUpsMerge.merge(base: [base], ours: [unskipped], theirs: [theirs], sides: .newer(nil))
    #expect(after.syncUps[0].schedule?.skips.map(\.date.text) == ["2026-12-17", "2026-12-31"])
  }

  @Test func aRuleBothClonesChangedIsTheOneChangedLast() throws {
    let base = try Self.scheduled()
    var ours = base, theirs = base
    ours.schedule!.rule = try Self.rule("weekdays 09:30")
    ours.stampChanges(from: base, at: Self.moment("2026-12-01T09:00:00Z"))
    theirs.schedule!.rule = try Self.rule("mon,thu 10:00")
    theirs.schedule!.zone = Self.newYork
    theirs.stampChanges(from: base, at: Self.moment("2026-12-01T10:00:00Z"))
    #expect(theirs.schedule!.changed["rule"] == Self.moment("2026-12-01T10:00:00Z"))
    let merged = SyncUpsMerge.merge(base: [base], ours: [ours], theirs: [theirs], sides: .newer(nil))
    #expect(merged.syncUps[0].schedule?.rule.text == "mon,thu 10:00")
    #expect(merged.syncUps[0].schedule?.zone == Self.newYork)
    #expect(merged.conflicts.map(\.path) == ["schedule.rule"])
    // A schedule set on one clone only is kept; cleared on one clone and not changed on the
    // other, it is gone.
    var none = base
    none.schedule = nil
    #expect(
      SyncUpsMerge.merge(base: [none], ours: [none], theirs: [base], sides: .newer(nil))
        .syncUps[0].schedule == base.schedule)
    #expect(
      SyncUpsMerge.merge(base: [base], ours: [none], theirs: [base], sides: .newer(nil))
        .syncUps[0].schedule == nil)
  }
}
