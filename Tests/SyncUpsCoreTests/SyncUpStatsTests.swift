#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite("Sync-up statistics")
struct SyncUpStatsTests {
  static let ana = Attendee(id: UUID(0xA1), name: "Ana")
  static let ben = Attendee(id: UUID(0xA2), name: "Ben")
  static let cy = Attendee(id: UUID(0xA3), name: "Cy")
  /// On the sync-up once, removed since; the newest meeting calls him "Dee".
  static let dee = UUID(0xA4)

  static func day(_ number: Int) -> Date {
    Date(timeIntervalSince1970: 1_780_000_000 + Double(number) * 86_400)
  }

  static func present(_ attendee: Attendee) -> MeetingAttendee {
    MeetingAttendee(id: attendee.id, name: attendee.name, absent: false)
  }

  static func turn(_ attendee: Attendee, _ seconds: Int, slot: Int) -> Meeting.Turn {
    Meeting.Turn(attendee: attendee.id, name: attendee.name, seconds: seconds, slot: slot)
  }

  /// Four meetings, newest first: two timed ones, one saved before meetings were timed, and
  /// an older timed one held when the sync-up lasted four minutes and Dee was on it.
  static let history = SyncUp(
    id: UUID(0xD0),
    attendees: [ana, ben, cy],
    duration: 300,
    meetings: [
      Meeting(
        id: UUID(0xE4), date: day(4), transcript: "", duration: 310, plannedDuration: 300,
        endedEarly: false,
        attendees: [
          present(ana), present(ben), MeetingAttendee(id: cy.id, name: "Cy", absent: true),
        ],
        turns: [turn(ana, 160, slot: 150), turn(ben, 150, slot: 150)]),
      Meeting(
        id: UUID(0xE3), date: day(3), transcript: "", duration: 280, plannedDuration: 300,
        endedEarly: true,
        attendees: [present(ana), present(ben), present(cy)],
        turns: [turn(ana, 100, slot: 100), turn(ben, 90, slot: 100), turn(cy, 90, slot: 100)]),
      Meeting(id: UUID(0xE2), date: day(2), transcript: "Ana: from before timings"),
      Meeting(
        id: UUID(0xE1), date: day(1), transcript: "", duration: 305, plannedDuration: 240,
        endedEarly: false,
        attendees: [
          present(ana), MeetingAttendee(id: ben.id, name: "Benjamin", absent: false),
          MeetingAttendee(id: dee, name: "Dee", absent: false),
        ],
        turns: [
          turn(ana, 70, slot: 60),
          Meeting.Turn(attendee: ben.id, name: "Benjamin", seconds: 80, slot: 60),
          Meeting.Turn(attendee: dee, name: "Dee", seconds: 155, slot: 120),
        ]),
    ],
    title: "Design")

  @Test func anOddNumberOfTimedMeetingsAndOneWithoutTimings() {
    let stats = SyncUpStats(Self.history)
    #expect(stats.syncUpID == UUID(0xD0))
    #expect(stats.title == "Design")
    #expect(stats.meetings == 4)
    #expect(stats.timed == 3)
    #expect(stats.untimed == 1)
    #expect(stats.lengths == [305, 280, 310])
    // Planned lengths 300, 300 and 240: the median is 300; 310 > 300 and 305 > 240 ran over.
    // The mean of 310, 280 and 305 is 298.33….
    #expect(
      stats.duration
        == SyncUpStats.Lengths(
          planned: 300, median: 305, mean: 298, max: 310, overran: 2, endedEarly: 1))
    #expect(
      stats.attendees == [
        SyncUpStats.Attendance(
          id: Self.ana.id, name: "Ana", attended: 3, absent: 0, medianSpeaking: 100,
          totalSpeaking: 330, overSlot: 2),
        // Named as on the sync-up today, not "Benjamin" as in the oldest meeting.
        SyncUpStats.Attendance(
          id: Self.ben.id, name: "Ben", attended: 3, absent: 0, medianSpeaking: 90,
          totalSpeaking: 320, overSlot: 1),
        SyncUpStats.Attendance(
          id: Self.cy.id, name: "Cy", attended: 1, absent: 1, medianSpeaking: 90,
          totalSpeaking: 90, overSlot: 0),
        SyncUpStats.Attendance(
          id: Self.dee, name: "Dee", attended: 1, absent: 0, medianSpeaking: 155,
          totalSpeaking: 155, overSlot: 1),
      ])
  }

  @Test func evenCountsTakeTheMeanOfTheTwoMiddleValuesRoundedHalfUp() {
    func meeting(_ number: Int, _ seconds: Int, turns: [Int]) -> Meeting {
      Meeting(
        id: UUID(0xE0 + number), date: Self.day(number), transcript: "", duration: seconds,
        plannedDuration: 30, attendees: [Self.present(Self.ana)],
        turns: turns.map { Self.turn(Self.ana, $0, slot: 30) })
    }
    let syncUp = SyncUp(
      id: UUID(0xD1), attendees: [Self.ana], duration: 30,
      meetings: [
        meeting(4, 40, turns: [40]), meeting(3, 31, turns: [31]), meeting(2, 20, turns: []),
        meeting(1, 10, turns: [10]),
      ])
    let stats = SyncUpStats(syncUp)
    // 10, 20, 31, 40: median (20 + 31) / 2 = 25.5 → 26; mean 101 / 4 = 25.25 → 25.
    #expect(
      stats.duration
        == SyncUpStats.Lengths(
          planned: 30, median: 26, mean: 25, max: 40, overran: 2, endedEarly: 0))
    // Turns 10, 31 and 40 over three meetings she attended, a fourth without a turn.
    #expect(
      stats.attendees == [
        SyncUpStats.Attendance(
          id: Self.ana.id, name: "Ana", attended: 4, absent: 0, medianSpeaking: 31,
          totalSpeaking: 81, overSlot: 2)
      ])
    let lastTwo = SyncUpStats(syncUp, selection: .last(2))
    // 31 and 40: 35.5 → 36 for both the median and the mean.
    #expect(lastTwo.duration.median == 36)
    #expect(lastTwo.duration.mean == 36)
    #expect(lastTwo.attendees.first?.medianSpeaking == 36)
    #expect(lastTwo.attendees.first?.totalSpeaking == 71)
  }

  @Test func lastTakesTheNewestMeetingsAndSinceThoseHeldFromADate() {
    let lastTwo = SyncUpStats(Self.history, selection: .last(2))
    #expect(lastTwo.meetings == 2)
    #expect(lastTwo.timed == 2)
    #expect(lastTwo.lengths == [280, 310])
    #expect(
      lastTwo.duration
        == SyncUpStats.Lengths(
          planned: 300, median: 295, mean: 295, max: 310, overran: 1, endedEarly: 1))
    // Dee is in no meeting of the selection, so he is not listed.
    #expect(lastTwo.attendees.map(\.name) == ["Ana", "Ben", "Cy"])

    let many = SyncUpStats(Self.history, selection: .last(10))
    #expect(many.meetings == 4)

    // From the second day on, that day included: the untimed meeting and the two newest.
    let since = SyncUpStats(Self.history, selection: .since(Self.day(2)))
    #expect(since.meetings == 3)
    #expect(since.timed == 2)
    #expect(since.untimed == 1)
    #expect(since.lengths == [280, 310])

    let future = SyncUpStats(Self.history, selection: .since(Self.day(5)))
    #expect(future.meetings == 0)
    #expect(future.duration.median == nil)
  }

  @Test func noMeetingsGiveCountsOfZeroAndNoTimingFigures() {
    let stats = SyncUpStats(SyncUp(id: UUID(0xD2), attendees: [Self.ana, Self.ben], title: "New"))
    #expect(stats.meetings == 0)
    #expect(stats.timed == 0)
    #expect(stats.lengths == [])
    #expect(
      stats.duration
        == SyncUpStats.Lengths(
          planned: nil, median: nil, mean: nil, max: nil, overran: 0, endedEarly: 0))
    #expect(
      stats.attendees == [
        SyncUpStats.Attendance(
          id: Self.ana.id, name: "Ana", attended: 0, absent: 0, medianSpeaking: nil,
          totalSpeaking: 0, overSlot: 0),
        SyncUpStats.Attendance(
          id: Self.ben.id, name: "Ben", attended: 0, absent: 0, medianSpeaking: nil,
          totalSpeaking: 0, overSlot: 0),
      ])
  }

  @Test func aCrowdIsCountedPerPersonToo() {
    let crowd = (0..<40).map { Attendee(id: UUID(0x100 + $0), name: "P\($0)") }
    let meeting = Meeting(
      id: UUID(0xE1), date: Self.day(1), transcript: "", duration: 400, plannedDuration: 400,
      attendees: crowd.map { MeetingAttendee(id: $0.id, name: $0.name, absent: false) },
      turns: crowd.map { Meeting.Turn(attendee: $0.id, name: $0.name, seconds: 10, slot: 10) })
    // Twice: the second time every one of the forty is found again rather than added.
    let syncUp = SyncUp(
      id: UUID(0xD4), attendees: IdentifiedArray(uniqueElements: crowd.prefix(3)), duration: 400,
      meetings: [
        meeting,
        Meeting(
          id: UUID(0xE2), date: Self.day(0), transcript: "", duration: 400,
          attendees: meeting.attendees, turns: meeting.turns),
      ])
    let stats = SyncUpStats(syncUp)
    #expect(stats.attendees.map(\.name) == crowd.map(\.name))
    #expect(stats.attendees.allSatisfy { $0.attended == 2 && $0.totalSpeaking == 20 })
  }

  @Test func meetingsWithoutTimingsCountAsHeldAndNothingElse() {
    let imported = SyncUp(
      id: UUID(0xD3), attendees: [Self.ana], duration: 60,
      meetings: [
        Meeting(id: UUID(0xE2), date: Self.day(2), transcript: "Ana: one"),
        Meeting(id: UUID(0xE1), date: Self.day(1), transcript: "Ana: two"),
      ])
    let stats = SyncUpStats(imported)
    #expect(stats.meetings == 2)
    #expect(stats.timed == 0)
    #expect(stats.untimed == 2)
    #expect(stats.duration.planned == nil)
    #expect(stats.duration.max == nil)
    #expect(stats.attendees.map(\.attended) == [0])
  }
}
