#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncUpsCore
import Testing

@Suite("Items")
struct ItemTests {
  static let utc: @Sendable (Date) -> Int = { _ in 0 }
  /// Monday 2 February 2026, 09:00 UTC.
  static let monday = Date(timeIntervalSince1970: 1_770_022_800)
  static let day = 86_400.0

  @Test func aResolvedItemsAgeStopsOnTheDayItWasResolved() {
    var item = Item(
      id: UUID(), kind: .blocker, text: "waiting on API keys", opened: Self.monday)
    let friday = Self.monday + 4 * Self.day
    let nextWednesday = Self.monday + 9 * Self.day
    #expect(item.age(at: friday, workingDays: .mondayToFriday, utcOffset: Self.utc) == 4)
    #expect(item.age(at: nextWednesday, workingDays: .mondayToFriday, utcOffset: Self.utc) == 7)

    // Resolved on Wednesday: two working days old for good.
    item.resolved = Self.monday + 2 * Self.day
    #expect(item.age(at: friday, workingDays: .mondayToFriday, utcOffset: Self.utc) == 2)
    #expect(item.age(at: nextWednesday, workingDays: .mondayToFriday, utcOffset: Self.utc) == 2)
  }
}

@Suite("Time away")
struct TimeAwayTests {
  @Test func theLastDayIsADayAwayAndTheDayAfterIsNot() throws {
    let from = try #require(CalendarDay("2026-12-01"))
    let to = try #require(CalendarDay("2026-12-05"))
    let away = TimeAway(id: UUID(), from: from, to: to)
    #expect(away.includes(from))
    #expect(away.includes(to))
    #expect(!away.includes(to.adding(days: 1)))
    #expect(!away.includes(from.adding(days: -1)))
    // Without an end it goes on.
    #expect(TimeAway(id: UUID(), from: from).includes(to.adding(days: 400)))
  }

  @Test func aSingleDayAwayIsThatDayOnly() throws {
    let day = try #require(CalendarDay("2026-12-03"))
    let away = TimeAway(id: UUID(), from: day, to: day)
    #expect(away.includes(day))
    #expect(!away.includes(day.adding(days: 1)))
    #expect(!away.includes(day.adding(days: -1)))
  }
}

@Suite("Written updates")
struct WrittenUpdateTests {
  @Test func aBlockerRewrittenInAnotherCaseIsTheSameBlocker() {
    #expect(WrittenUpdate.sameBlocker("Waiting on API keys", "waiting on api KEYS"))
    #expect(WrittenUpdate.sameBlocker("  waiting on  API keys ", "WAITING ON API KEYS"))
    #expect(!WrittenUpdate.sameBlocker("waiting on API keys", "waiting on the API keys"))
  }

  @Test func anUpdateInAnotherCaseFindsTheWritersOpenBlocker() {
    let ana = Attendee(id: UUID(), name: "Ana")
    let ben = Attendee(id: UUID(), name: "Ben")
    let open = Item(
      id: UUID(), kind: .blocker, text: "Waiting on API keys", owner: ana.id,
      opened: Date(timeIntervalSince1970: 1_770_022_800))
    var syncUp = SyncUp(id: UUID(), attendees: [ana, ben], title: "Eng")
    syncUp.items = [open]
    #expect(syncUp.openBlocker(of: ana.id, saying: "WAITING ON API KEYS") == open)
    // Another attendee's blocker, or a resolved one, is not it.
    #expect(syncUp.openBlocker(of: ben.id, saying: "waiting on api keys") == nil)
    syncUp.items[id: open.id]?.resolved = Date(timeIntervalSince1970: 1_770_109_200)
    #expect(syncUp.openBlocker(of: ana.id, saying: "waiting on api keys") == nil)
  }
}
