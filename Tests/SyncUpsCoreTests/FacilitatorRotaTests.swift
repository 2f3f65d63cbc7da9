#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// The facilitator rota: who is next after the last meeting's, passing over those away, a
/// rota changed or an attendee removed since, meetings to come each advancing it (on their
/// days in the meetings' zone), its stored form and its merge.
@Suite("Facilitator rota")
struct FacilitatorRotaTests {
  static func id(_ n: Int) -> UUID {
    let digits = String(n)
    return UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
  }
  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }
  static func moment(_ text: String) -> Date { WorkWindowTests.moment(text) }

  static let ana = Attendee(id: id(1), name: "Ana")
  static let ben = Attendee(id: id(2), name: "Ben")
  static let cy = Attendee(id: id(3), name: "Cy")

  /// Eng (Ana, Ben, Cy) with `rota`, and a meeting on each of `facilitated` days, the n-th
  /// facilitated by the n-th attendee named (nil: nobody), the newest last.
  static func engineering(
    _ rota: FacilitatorRota?, attendees: IdentifiedArrayOf<Attendee> = [ana, ben, cy],
    facilitated: [Attendee?] = []
  ) -> SyncUp {
    var syncUp = SyncUp(id: id(100), attendees: attendees, title: "Eng")
    syncUp.facilitators = rota
    for (index, facilitator) in facilitated.enumerated() {
      let meeting = Meeting(
        id: id(200 + index), date: moment("2026-11-0\(index + 1)T09:00:00Z"), transcript: "",
        facilitator: facilitator.map(Meeting.Facilitator.init))
      syncUp.meetings.insert(meeting, at: 0)
    }
    return syncUp
  }

  /// Ana away from 2 to 4 December 2026.
  static var anaAway: Attendee {
    var ana = ana
    ana.away = [TimeAway(id: id(300), from: day("2026-12-02"), to: day("2026-12-04"))]
    return ana
  }

  @Test func everyAttendeeInTurnAfterTheLastMeetingsAndRoundAgain() {
    #expect(Self.engineering(.rotate).facilitator(after: nil, skipping: [])?.name == "Ana")
    let afterBen = Self.engineering(.rotate, facilitated: [Self.ana, Self.ben, nil])
    #expect(afterBen.lastFacilitator == Self.ben.id)
    #expect(afterBen.facilitator(after: afterBen.lastFacilitator, skipping: [])?.name == "Cy")
    let afterCy = Self.engineering(.rotate, facilitated: [Self.cy])
    #expect(afterCy.facilitator(after: afterCy.lastFacilitator, skipping: [])?.name == "Ana")
    // Without a rota, nobody.
    #expect(Self.engineering(nil, facilitated: [Self.ana]).facilitator(after: nil, skipping: []) == nil)
  }

  @Test func aListedRotaGoesInItsOwnOrderAndLeavesOthersOut() {
    let syncUp = Self.engineering(.listed([Self.cy.id, Self.ana.id]))
    #expect(syncUp.rotaMembers.map(\.name) == ["Cy", "Ana"])
    #expect(syncUp.rotaText == "Cy, Ana (rotating)")
    #expect(syncUp.facilitatorsInTurn(on: (1...5).map { Self.day("2026-12-0\($0)") }).map { $0?.name }
      == ["Cy", "Ana", "Cy", "Ana", "Cy"])
  }

  @Test func thoseAwayThatDayArePassedOverAndEveryoneAwayIsNobody() {
    let syncUp = Self.engineering(.rotate, attendees: [Self.anaAway, Self.ben, Self.cy], facilitated: [Self.cy])
    // Ana is next, but away on the 2nd: Ben; on the 1st she is not away.
    #expect(syncUp.facilitatorsInTurn(on: [Self.day("2026-12-02")]).map { $0?.name } == ["Ben"])
    #expect(syncUp.facilitatorsInTurn(on: [Self.day("2026-12-01")]).map { $0?.name } == ["Ana"])
    #expect(
      syncUp.facilitator(after: Self.cy.id, skipping: [Self.ana.id, Self.ben.id, Self.cy.id]) == nil)

    // A rota of Ana alone, away on the 2nd to the 4th: nobody then, and the rota stays put.
    var alone = Self.engineering(.listed([Self.ana.id]), attendees: [Self.anaAway, Self.ben])
    #expect(
      alone.facilitatorsInTurn(on: ["2026-12-01", "2026-12-02", "2026-12-05"].map(Self.day)).map { $0?.name }
        == ["Ana", nil, "Ana"])
    alone.facilitators = .listed([])
    #expect(alone.rotaText == "nobody")
    #expect(alone.facilitator(after: nil, skipping: []) == nil)
  }

  @Test func meetingsToComeEachAdvanceTheRota() {
    let syncUp = Self.engineering(.rotate, attendees: [Self.anaAway, Self.ben, Self.cy], facilitated: [Self.ben])
    // Cy; then Ana, away on the 2nd and 3rd, passed over for Ben then Cy; then Ana is back.
    let days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-07"].map(Self.day)
    #expect(syncUp.facilitatorsInTurn(on: days).map { $0?.name } == ["Cy", "Ben", "Cy", "Ana"])
  }

  @Test func aRemovedFacilitatorOrAChangedRotaStartsItFromTheTop() {
    // Ben facilitated last, then left: the rota starts again at Ana.
    let removed = Self.engineering(.rotate, attendees: [Self.ana, Self.cy], facilitated: [Self.ben])
    #expect(removed.facilitator(after: removed.lastFacilitator, skipping: [])?.name == "Ana")
    // Ana facilitated last, then the rota became Cy and Ben: it starts at Cy.
    let changed = Self.engineering(.listed([Self.cy.id, Self.ben.id]), facilitated: [Self.ana])
    #expect(changed.facilitator(after: changed.lastFacilitator, skipping: [])?.name == "Cy")
    // A listed attendee removed from the sync-up is off the rota.
    let gone = Self.engineering(.listed([Self.ben.id, Self.cy.id]), attendees: [Self.ana, Self.cy])
    #expect(gone.rotaMembers.map(\.name) == ["Cy"])
    // A new attendee joins a rotating rota at their place in the list.
    var joined = Self.engineering(.rotate, facilitated: [Self.cy])
    joined.attendees.append(Attendee(id: Self.id(4), name: "Dee"))
    #expect(joined.facilitator(after: joined.lastFacilitator, skipping: [])?.name == "Dee")
  }

  @Test func meetingsOfAScheduleAreCountedOnTheirDayInTheMeetingsZone() throws {
    // 00:30 in Berlin is the evening before in UTC: Ana, away from the 2nd (Berlin's day),
    // is passed over for the meeting of Wed 2 Dec 00:30 CET, which is 1 Dec 23:30 UTC.
    var syncUp = Self.engineering(.rotate, attendees: [Self.anaAway, Self.ben, Self.cy], facilitated: [Self.cy])
    let first = Self.day("2026-12-01")
    syncUp.schedule = Schedule(
      rule: try ScheduleRule(parsing: "daily 00:30").normalized(from: first), zone: "Europe/Berlin",
      from: first)
    let meetings = syncUp.schedule!.occurrences(after: Self.moment("2026-11-30T12:00:00Z"), count: 2)
    #expect(meetings.map { DateText.iso8601($0.start) } == ["2026-11-30T23:30:00Z", "2026-12-01T23:30:00Z"])
    #expect(syncUp.facilitatorsInTurn(at: meetings).map { $0?.name } == ["Ana", "Ben"])
    syncUp.facilitators = nil
    #expect(syncUp.facilitatorsInTurn(at: meetings).map { $0?.name } == [nil, nil])
  }

  @Test func theRotaAndAMeetingsFacilitatorAreStoredAndReadBackByEitherReader() throws {
    var syncUp = Self.engineering(.listed([Self.cy.id, Self.ana.id]), facilitated: [Self.ana])
    let listed = try #require(try FastCodecTests.checkEncoding([syncUp]))
    let text = String(decoding: listed, as: UTF8.self)
    #expect(text.contains(
      """
          "facilitators" : [
            "00000000-0000-0000-0000-000000000003",
            "00000000-0000-0000-0000-000000000001"
          ],
      """))
    #expect(text.contains(
      """
              "facilitator" : {
                "attendee" : "00000000-0000-0000-0000-000000000001",
                "name" : "Ana"
              },
      """))
    #expect(FastCodecTests.checkDecoding(listed))
    #expect(try SyncUpsFile.decode(listed) == [syncUp])

    syncUp.facilitators = .rotate
    let rotating = try #require(try FastCodecTests.checkEncoding([syncUp]))
    #expect(String(decoding: rotating, as: UTF8.self).contains("\"facilitators\" : \"rotate\",\n"))
    #expect(FastCodecTests.checkDecoding(rotating))
    #expect(try SyncUpsFile.decode(rotating) == [syncUp])

    // A file without them loads without a rota; another word is refused.
    let older = #"[{"attendees":[],"duration":60,"id":"00000000-0000-0000-0000-000000000100","meetings":[],"theme":"orange","title":"Eng"}]"#
    #expect(try SyncUpsFile.decode(Data(older.utf8)).first?.facilitators == nil)
    let bad = older.replacingOccurrences(of: #""meetings""#, with: #""facilitators":"shuffle","meetings""#)
    FastCodecTests.checkDecoding(bad)
    #expect(throws: (any Error).self) { try SyncUpsFile.decode(Data(bad.utf8)) }
    // Keys a later version adds to a meeting's facilitator are kept.
    let later = older.replacingOccurrences(
      of: #""meetings":[]"#,
      with: #""meetings":[{"date":"2026-11-01T09:00:00Z","facilitator":{"attendee":"00000000-0000-0000-0000-000000000001","name":"Ana","role":"chair"},"id":"00000000-0000-0000-0000-000000000200","transcript":""}]"#)
    let meeting = try #require(try SyncUpsFile.decode(Data(later.utf8)).first?.meetings.first)
    #expect(meeting.facilitator?.name == "Ana")
    #expect(meeting.facilitator?.unknownKeys.keys.sorted() == ["role"])
    #expect(meeting.holdsUnknownKeys)
  }

  @Test func aRotaChangedOnOneSideIsTakenAndOnBothTheNewerIsKept() {
    let base: IdentifiedArrayOf<SyncUp> = [Self.engineering(nil)]
    let ours: IdentifiedArrayOf<SyncUp> = [Self.engineering(.rotate)]
    let theirs: IdentifiedArrayOf<SyncUp> = [Self.engineering(.listed([Self.ben.id]))]
    let oneSide = SyncUpsMerge.merge(base: base, ours: ours, theirs: base, sides: .newer(nil))
    #expect(oneSide.syncUps.first?.facilitators == .rotate)
    #expect(oneSide.conflicts.isEmpty)
    let both = SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, sides: .newer(.theirs))
    #expect(both.syncUps.first?.facilitators == .listed([Self.ben.id]))
    #expect(both.conflicts.map(\.path) == ["facilitators"])
    let removed = SyncUpsMerge.merge(base: ours, ours: base, theirs: ours, sides: .newer(nil))
    #expect(removed.syncUps.first?.facilitators == nil)
  }
}
