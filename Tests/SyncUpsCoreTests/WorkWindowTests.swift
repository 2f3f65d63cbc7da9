#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SyncUpsCore
import Testing

/// Since when a work card counts (2026-11-23 is a Monday).
@Suite("Work windows")
struct WorkWindowTests {
  /// `YYYY-MM-DDTHH:MM:SSZ`.
  static func moment(_ text: String) -> Date {
    let n = text.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0)! }
    return Date(
      timeIntervalSince1970: Double(
        UTCSeconds.seconds(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4], second: n[5])))
  }

  static func start(_ now: String, _ days: String = "mon-fri", offsetHours: Int = 0) -> Date {
    WorkWindow.startOfPreviousWorkingDay(
      before: moment(now), workingDays: WorkingDays(rawValue: days)!,
      utcOffset: { _ in offsetHours * 3600 })
  }

  @Test func theStartOfThePreviousWorkingDay() {
    #expect(Self.start("2026-11-23T09:00:00Z") == Self.moment("2026-11-20T00:00:00Z"))
    #expect(Self.start("2026-11-24T09:00:00Z") == Self.moment("2026-11-23T00:00:00Z"))
    // On a Sunday, too, the last working day is Friday.
    #expect(Self.start("2026-11-22T09:00:00Z") == Self.moment("2026-11-20T00:00:00Z"))
    #expect(Self.start("2026-11-22T09:00:00Z", "sun-thu") == Self.moment("2026-11-19T00:00:00Z"))
    #expect(Self.start("2026-11-19T09:00:00Z", "sun-thu") == Self.moment("2026-11-18T00:00:00Z"))
    // One day a week: the same weekday a week before.
    #expect(Self.start("2026-11-23T09:00:00Z", "mon") == Self.moment("2026-11-16T00:00:00Z"))
    // Monday 08:00 in Honolulu is Monday 18:00 UTC: Friday's local midnight is 10:00 UTC.
    #expect(
      Self.start("2026-11-23T18:00:00Z", offsetHours: -10) == Self.moment("2026-11-20T10:00:00Z"))
    // Monday 01:00 in Tokyo is still Sunday in UTC.
    #expect(
      Self.start("2026-11-22T16:00:00Z", offsetHours: 9) == Self.moment("2026-11-19T15:00:00Z"))
  }

  @Test func aMeetingLooksBackToTheSyncUpsPreviousMeeting() {
    var syncUp = SyncUp(id: UUID())
    for date in ["2026-11-19T09:30:00Z", "2026-11-20T09:30:00Z", "2026-11-18T09:30:00Z"] {
      syncUp.meetings.append(Meeting(id: UUID(), date: Self.moment(date), transcript: ""))
    }
    func window(_ date: String, isPast: Bool) -> WorkWindow {
      WorkWindow.of(
        meetingAt: Self.moment(date), in: syncUp, isPast: isPast, workingDays: .mondayToFriday,
        utcOffset: { _ in 0 })
    }
    #expect(
      window("2026-11-23T09:00:00Z", isPast: false)
        == WorkWindow(since: Self.moment("2026-11-20T09:30:00Z")))
    #expect(
      window("2026-11-19T09:30:00Z", isPast: true)
        == WorkWindow(
          since: Self.moment("2026-11-18T09:30:00Z"), until: Self.moment("2026-11-19T09:30:00Z")))
    // The first meeting: from the working day before it.
    #expect(
      window("2026-11-18T09:30:00Z", isPast: true)
        == WorkWindow(
          since: Self.moment("2026-11-17T00:00:00Z"), until: Self.moment("2026-11-18T09:30:00Z")))
  }

  @Test func cardsHoldEachAttendeesCommitsNewestFirst() {
    let blob = Attendee(id: UUID(), name: "Blob", gitAuthors: ["blob@example.com"])
    let blank = Attendee(id: UUID(), name: " ")
    func commit(_ repository: String, _ author: String, _ hour: Int) -> WorkCommit {
      WorkCommit(
        repository: repository, hash: "\(repository)\(hour)", author: author,
        subject: "\(repository) at \(hour)", date: Date(timeIntervalSince1970: Double(hour) * 3600))
    }
    let cards = WorkCard.cards(
      for: [blob, blank],
      commits: [
        commit("api", "Blob <blob@example.com>", 1), commit("web", "Blob <blob@example.com>", 3),
        commit("api", "Ana <ana@example.com>", 2), commit("api", "Blob <blob@example.com>", 3),
      ],
      unread: ["big"])
    #expect(cards.map { $0.commits.map(\.subject) } == [["api at 3", "web at 3", "api at 1"], []])
    #expect(cards[0].repositories == ["api", "web"])
    #expect(cards.map(\.unread) == [["big"], ["big"]])
    #expect(cards.map(\.attendee) == [blob.id, blank.id])
  }

  @Test func anAttendeeWithoutIdentitiesIsMatchedByTheirWholeName() {
    let cy = Attendee(id: UUID(), name: "Cy")
    let dee = Attendee(id: UUID(), name: "dee")
    let cyDee = Attendee(id: UUID(), name: "Cy  Dee")
    let blob = Attendee(id: UUID(), name: "Blob", gitAuthors: ["Blob"])
    let commits = [
      WorkCommit(
        repository: "api", hash: "a1", author: "Cy Dee <cy@example.com>", subject: "Cy Dee's",
        date: Date(timeIntervalSince1970: 3600)),
      WorkCommit(
        repository: "api", hash: "a2", author: "CY <cy.other@example.com>", subject: "Cy's",
        date: Date(timeIntervalSince1970: 7200)),
      WorkCommit(
        repository: "api", hash: "a3", author: "Blob Jr <jr@example.com>", subject: "Blob Jr's",
        date: Date(timeIntervalSince1970: 10800)),
    ]
    let cards = WorkCard.cards(for: [cy, dee, cyDee, blob], commits: commits)
    #expect(cards.map { $0.commits.map(\.subject) } == [["Cy's"], [], ["Cy Dee's"], ["Blob Jr's"]])
    #expect([cy, dee, cyDee, blob].map(\.hasGitIdentity) == [false, false, false, true])
  }
}
