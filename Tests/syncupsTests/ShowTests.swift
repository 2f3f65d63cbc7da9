import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

private let esc = "\u{1B}"

/// `syncups show`: a sync-up's page (``SyncUpDetailRenderer``).
@Suite("show: the page")
struct ShowTests {
  let engineering = RenderingFixtures.shortIDs.engineering
  let design = RenderingFixtures.shortIDs.design

  @Test func show() {
    #expect(
      SyncUpDetailRenderer.render(engineering, style: .plain, utcOffset: { _ in 0 }) == """
        Sync-up Info
          Title         Engineering
          ID            3F2A9C1E
          Length        10 min
          Theme         Bubblegum
          Per attendee  3 min, 20 secs

        Past meetings
          1  Mon 9 Feb 2026, 09:15  9A0C55D2
          2  Fri 6 Feb 2026, 17:40  41B7E0F3

        Attendees
          Blob
          Blob Jr
          Blob Sr

        """)
  }

  /// After the attendees: what is open, and for today who has written an update and who is
  /// away; neither section when there is nothing to say.
  @Test func showEndsWithOpenItemsTodaysUpdatesAndTimeAway() throws {
    var syncUp = engineering
    let today = try #require(CalendarDay("2026-02-09"))
    let opened = Date(timeIntervalSince1970: 1_770_000_000)
    syncUp.items = [
      Item(id: UUID(1), kind: .blocker, text: "keys", opened: opened),
      Item(id: UUID(2), kind: .action, text: "notes", opened: opened),
      Item(id: UUID(3), kind: .action, text: "room", opened: opened, resolved: opened),
    ]
    syncUp.updates = [
      WrittenUpdate(attendee: syncUp.attendees[1].id, day: today, done: "x", written: opened),
      WrittenUpdate(
        attendee: syncUp.attendees[0].id, day: today.adding(days: -1), done: "y", written: opened),
    ]
    syncUp.attendees[2].away = [
      TimeAway(id: UUID(4), from: today, to: today.adding(days: 4), note: "holiday")
    ]
    let text = SyncUpDetailRenderer.render(
      syncUp, style: .plain, utcOffset: { _ in 0 }, today: today, age: { _ in 3 })
    #expect(
      text.hasSuffix(
        """
        Attendees
          Blob
          Blob Jr
          Blob Sr

        Open items
          1 open blocker, 3 days; 1 action

        Today
          Updates from Blob Jr
          Blob Sr away until Fri 13 Feb (holiday)

        """))
    let quiet = SyncUpDetailRenderer.render(
      engineering, style: .plain, utcOffset: { _ in 0 }, today: today, age: { _ in 3 })
    #expect(quiet.hasSuffix("Attendees\n  Blob\n  Blob Jr\n  Blob Sr\n"))
  }

  /// Each attendee's share is the slots a meeting gives: 4 seconds among 3 are 1, 1 and 2.
  @Test func showGivesTheSlotsOfAnUnevenShare() {
    var cramped = engineering
    cramped.duration = 4
    let text = SyncUpDetailRenderer.render(cramped, style: .plain, utcOffset: { _ in 0 })
    #expect(text.contains("  Length        4 secs\n"))
    #expect(text.contains("  Per attendee  1 to 2 secs\n"))
  }

  @Test func showUsesTheTimeZoneOffset() {
    let text = SyncUpDetailRenderer.render(
      engineering, style: .plain, utcOffset: { _ in -8 * 3600 })
    #expect(
      text.contains("  1  Mon 9 Feb 2026, 01:15  9A0C55D2\n  2  Fri 6 Feb 2026, 09:40  41B7E0F3\n"))
  }

  @Test func showWithPlaceholdersAndNoMeetings() {
    var blank = design
    blank.title = ""
    blank.attendees[0].name = "  "
    #expect(
      SyncUpDetailRenderer.render(blank, style: .plain) == """
        Sync-up Info
          Title         (untitled)
          ID            B80D44A7
          Length        1 min, 30 secs
          Theme         Seafoam
          Per attendee  45 secs

        Past meetings
          No meetings yet.

        Attendees
          (no name)
          Ben

        """)
  }

  @Test func showInColor() {
    var blank = design
    blank.attendees[0].name = ""
    #expect(
      SyncUpDetailRenderer.render(blank, style: TerminalStyle(depth: .ansi16)) == """
        \(esc)[1mSync-up Info\(esc)[0m
          Title         Design
          ID            B80D44A7
          Length        1 min, 30 secs
          Theme         \(esc)[107m  \(esc)[0m Seafoam
          Per attendee  45 secs

        \(esc)[1mPast meetings\(esc)[0m
          \(esc)[2mNo meetings yet.\(esc)[0m

        \(esc)[1mAttendees\(esc)[0m
          \(esc)[2m(no name)\(esc)[0m
          Ben

        """)
  }

  @Test func showNumbersTenMeetingsAligned() {
    var busy = design
    busy.meetings = .init(
      uniqueElements: (0..<10).map { index in
        Meeting(
          id: RenderingFixtures.id(100 + index),
          date: RenderingFixtures.monday.addingTimeInterval(Double(-86_400 * index)),
          transcript: "")
      })
    let text = SyncUpDetailRenderer.render(busy, style: .plain, utcOffset: { _ in 0 })
    #expect(text.contains("\n   1  Mon 9 Feb 2026, 09:15   00000000\n"))
    #expect(text.contains("\n  10  Sat 31 Jan 2026, 09:15  00000000\n"))
  }
}
