#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite("Sync-up changes")
struct SyncUpChangesTests {
  static let date = Date(timeIntervalSince1970: 1_700_000_000)

  static let engineering = SyncUp(
    id: UUID(1), attendees: [Attendee(id: UUID(2), name: "Blob")],
    meetings: [Meeting(id: UUID(3), date: date, transcript: "Blob: old")], title: "Engineering")
  static let retro = SyncUp(id: UUID(4), title: "Retro")

  @Test func oneAddedSyncUpIsTheWholeMessage() {
    let changes = SyncUpChanges(from: [Self.engineering], to: [Self.engineering, Self.retro])
    #expect(changes.lines == ["Add sync-up Retro"])
    #expect(changes.subject == "Add sync-up Retro")
    #expect(changes.added == [SyncUpChanges.Named(id: UUID(4), title: "Retro")])
    #expect(changes.changed.isEmpty)
  }

  @Test func aNewMeetingCountsItsNotes() {
    var held = Self.engineering
    held.meetings.insert(
      Meeting(id: UUID(5), date: Self.date, transcript: "Blob: a\n\nBlob: b\n  \nBlob: c\nBlob: d"),
      at: 0)
    let changes = SyncUpChanges(from: [Self.engineering], to: [held])
    #expect(changes.lines == ["Meeting of Engineering, 4 notes"])
    #expect(changes.edited.isEmpty)
    #expect(changes.newMeetings.map(\.id) == [UUID(5)])
    #expect(changes.changed.map(\.title) == ["Engineering"])

    var silent = Self.engineering
    silent.meetings.insert(Meeting(id: UUID(6), date: Self.date, transcript: ""), at: 0)
    #expect(SyncUpChanges(from: [Self.engineering], to: [silent]).lines == [
      "Meeting of Engineering, no notes"
    ])
  }

  @Test func editsAndDeletionsAreNamedAndSeveralMakeASummary() {
    var renamed = Self.engineering
    renamed.title = "Platform"
    renamed.meetings = []
    let design = SyncUp(id: UUID(7), title: "Design")
    let changes = SyncUpChanges(from: [Self.engineering, Self.retro], to: [design, renamed])
    #expect(
      changes.lines == [
        "Add sync-up Design", "Edit Platform", "Delete a meeting of Platform",
        "Delete sync-up Retro",
      ])
    #expect(changes.subject == "Update sync-ups: 1 added, 1 edited, 1 deleted, 1 meeting deleted")
    #expect(changes.changed.map(\.title) == ["Platform"])
    #expect(changes.deleted.map(\.title) == ["Retro"])
  }

  @Test func changedSyncUpsKeepTheListOrder() {
    var held = Self.engineering
    held.meetings.insert(Meeting(id: UUID(8), date: Self.date, transcript: "Blob: hi"), at: 0)
    var renamed = Self.retro
    renamed.title = "Retrospective"
    let changes = SyncUpChanges(from: [Self.engineering, Self.retro], to: [held, renamed])
    #expect(changes.changed.map(\.title) == ["Engineering", "Retrospective"])
    #expect(changes.lines == ["Edit Retrospective", "Meeting of Engineering, 1 note"])
  }

  @Test func onlyAnOrderChangeIsAReorder() {
    let changes = SyncUpChanges(from: [Self.engineering, Self.retro], to: [Self.retro, Self.engineering])
    #expect(changes.lines == ["Reorder sync-ups"])
    #expect(SyncUpChanges(from: [Self.retro], to: [Self.retro]).subject == nil)
    #expect(SyncUpChanges(from: [Self.retro], to: [Self.retro]).isEmpty)
  }

  @Test func blankAndControlCharacterTitlesStayOnOneLine() {
    let blank = SyncUp(id: UUID(0xABCDEF12), title: "  ")
    let odd = SyncUp(id: UUID(9), title: "Two\nlines")
    #expect(
      SyncUpChanges(from: [], to: [blank, odd]).lines == [
        "Add sync-up (untitled 00000000)", "Add sync-up Two lines",
      ])
  }
}

extension SyncUpChangesTests {
  /// Items opened and resolved are counted in the commit's line; one resolved alone says
  /// what was resolved.
  @Test func itemsOpenedAndResolvedAreCounted() {
    var before = Self.engineering
    before.items = [
      Item(id: UUID(10), kind: .blocker, text: "keys", opened: Self.date),
      Item(id: UUID(11), kind: .action, text: "notes", opened: Self.date),
    ]
    var after = before
    for id in 12...14 {
      after.items.append(Item(id: UUID(id), kind: .action, text: "new \(id)", opened: Self.date))
    }
    after.items[id: UUID(10)]?.resolved = Self.date
    let changes = SyncUpChanges(from: [before], to: [after])
    #expect(changes.lines == ["Edit Engineering (3 new items, 1 resolved)"])
    #expect(changes.items.map(\.change) == [.resolved, .opened, .opened, .opened])
    #expect(changes.items.map(\.item.text) == ["keys", "new 12", "new 13", "new 14"])

    var resolvedOnly = before
    resolvedOnly.items[id: UUID(11)]?.resolved = Self.date
    #expect(
      SyncUpChanges(from: [before], to: [resolvedOnly]).lines
        == ["Edit Engineering (1 item resolved)"])
  }

  /// Time away of one person announced by two teammates on days that overlap is pointed out;
  /// time away already there that overlaps nothing new is not.
  @Test func overlappingTimeAwayIsFound() throws {
    var before = Self.engineering
    let first = try #require(CalendarDay("2099-12-01"))
    before.attendees[0].away = [TimeAway(id: UUID(20), from: first, to: first.adding(days: 3))]
    var after = before
    after.attendees[0].away.append(
      TimeAway(id: UUID(21), from: first.adding(days: 2), to: first.adding(days: 6)))
    after.attendees[0].away.append(TimeAway(id: UUID(22), from: first.adding(days: 20)))
    let change = try #require(SyncUpChanges(from: [before], to: [after]).timeAway.first)
    #expect(change.overlapping.map(\.id) == [UUID(20), UUID(21)])
    #expect(SyncUpChanges(from: [after], to: [after]).timeAway.isEmpty)
  }
}
