#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// What changed from one version of the sync-ups to another, matched by id: what a commit
/// says it holds, and what a sync says arrived.
///
/// ```swift
/// let changes = SyncUpChanges(from: committed, to: current)
/// changes.lines    // ["Add sync-up Design", "Meeting of Engineering, 4 notes"]
/// changes.subject  // "Update sync-ups: 1 added, 1 meeting"
/// ```
public struct SyncUpChanges: Equatable, Sendable {
  /// A sync-up as a change names it: its id and its title in the newer version (the older
  /// one's for a deleted sync-up).
  public struct Named: Equatable, Sendable {
    public var id: UUID
    public var title: String

    public init(id: UUID, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// A meeting that is in the newer version and not in the older one.
  public struct NewMeeting: Equatable, Sendable {
    public var syncUp: Named
    public var id: UUID
    public var date: Date
    /// The lines of its transcript that are not blank: one per note taken.
    public var noteCount: Int
  }

  /// Sync-ups only the newer version has, in its order.
  public var added: [Named] = []
  /// Sync-ups in both whose own fields (title, attendees, length, theme, keys this version
  /// does not know) or past meetings were changed, not counting meetings added or deleted.
  public var edited: [Named] = []
  /// Sync-ups only the older version has, in its order.
  public var deleted: [Named] = []
  /// Meetings added to sync-ups both versions have, in the newer version's order.
  public var newMeetings: [NewMeeting] = []
  /// Meetings deleted from a sync-up both versions have: how many.
  public struct DeletedMeetings: Equatable, Sendable {
    public var syncUp: Named
    public var count: Int
  }

  /// For each sync-up in both that lost meetings, how many.
  public var deletedMeetings: [DeletedMeetings] = []

  /// A written update that is in the newer version and not in the older one (``isNew``), or
  /// is there written again.
  public struct WrittenUpdateChange: Equatable, Sendable {
    public var syncUp: Named
    public var attendee: UUID
    /// The attendee's name in the newer version; empty for one no longer on the sync-up.
    public var name: String
    public var day: CalendarDay
    public var isNew: Bool
  }

  /// The updates written in sync-ups both versions have, in the newer version's order.
  public var writtenUpdates: [WrittenUpdateChange] = []

  /// An attendee of a sync-up both versions have whose time away was announced, changed or
  /// cancelled.
  public struct TimeAwayChange: Equatable, Sendable {
    public var syncUp: Named
    public var attendee: UUID
    public var name: String
    /// Their time away in the newer version that shares days with another of theirs, one of
    /// the two new or changed (two teammates each announced it), in its order; empty when
    /// none does.
    public var overlapping: [TimeAway] = []
  }

  /// Whose time away changed, in the newer version's order.
  public var timeAway: [TimeAwayChange] = []

  /// An item of a sync-up both versions have that the newer one opened or resolved.
  public struct ItemChange: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
      /// Not in the older version.
      case opened
      /// Open in the older version, resolved in the newer.
      case resolved
    }

    public var syncUp: Named
    public var item: Item
    public var change: Kind
  }

  /// The items opened or resolved in sync-ups both versions have, in the newer version's
  /// order.
  public var items: [ItemChange] = []
  /// Whether sync-ups in both stand in another order.
  public var reordered = false
  /// Sync-ups in both versions that differ in any way (edited, or with meetings added or
  /// deleted), in the newer version's order.
  public var changed: [Named] = []

  /// The changes that turn `old` into `new`.
  public init(from old: IdentifiedArrayOf<SyncUp>, to new: IdentifiedArrayOf<SyncUp>) {
    for syncUp in new {
      let name = Named(id: syncUp.id, title: syncUp.title)
      guard let before = old[id: syncUp.id] else {
        added.append(name)
        continue
      }
      guard before != syncUp else { continue }
      changed.append(name)
      for meeting in syncUp.meetings where before.meetings[id: meeting.id] == nil {
        newMeetings.append(
          NewMeeting(
            syncUp: name, id: meeting.id, date: meeting.date,
            noteCount: meeting.noteCount))
      }
      for update in syncUp.updates where before.updates[id: update.id] != update {
        writtenUpdates.append(
          WrittenUpdateChange(
            syncUp: name, attendee: update.attendee,
            name: syncUp.attendees[id: update.attendee]?.name ?? "", day: update.day,
            isNew: before.updates[id: update.id] == nil))
      }
      for item in syncUp.items {
        let old = before.items[id: item.id]
        if old == nil {
          items.append(ItemChange(syncUp: name, item: item, change: .opened))
        } else if old?.isOpen == true, !item.isOpen {
          items.append(ItemChange(syncUp: name, item: item, change: .resolved))
        }
      }
      for attendee in syncUp.attendees
      where attendee.away != (before.attendees[id: attendee.id]?.away ?? []) {
        let old = before.attendees[id: attendee.id]?.away ?? []
        let overlapping = attendee.away.filter { away in
          attendee.away.contains { other in
            other.id != away.id && other.overlaps(from: away.from, to: away.to)
              && (old[id: away.id] != away || old[id: other.id] != other)
          }
        }
        timeAway.append(
          TimeAwayChange(
            syncUp: name, attendee: attendee.id, name: attendee.name,
            overlapping: Array(overlapping)))
      }
      let removed = before.meetings.filter { syncUp.meetings[id: $0.id] == nil }.count
      if removed > 0 { deletedMeetings.append(DeletedMeetings(syncUp: name, count: removed)) }
      if Self.keptMeetings(of: before, in: syncUp) != Self.keptMeetings(of: syncUp, in: before) {
        edited.append(name)
      }
    }
    deleted = old.filter { new[id: $0.id] == nil }.map { Named(id: $0.id, title: $0.title) }
    let commonOrderBefore = old.ids.filter { new[id: $0] != nil }
    let commonOrderAfter = new.ids.filter { old[id: $0] != nil }
    reordered = commonOrderBefore != commonOrderAfter
  }

  /// Whether nothing a person would notice changed (the bytes may still differ, e.g. in
  /// layout).
  public var isEmpty: Bool { lines.isEmpty }

  /// What was written in the sync-up with `id`, for people: `3 new items`, `1 resolved`
  /// (`1 item resolved` without new ones), `1 new update`, `2 updates rewritten`, `time away
  /// for Cy, Ben`; empty when nothing was.
  public func written(in id: UUID) -> [String] {
    let items = items.filter { $0.syncUp.id == id }
    let opened = items.count { $0.change == .opened }
    let resolved = items.count - opened
    let updates = writtenUpdates.filter { $0.syncUp.id == id }
    let new = updates.count(where: \.isNew)
    let rewritten = updates.count - new
    let away = timeAway.filter { $0.syncUp.id == id }.map { Self.display(name: $0.name) }
    return [
      opened == 0 ? nil : opened == 1 ? "1 new item" : "\(opened) new items",
      resolved == 0
        ? nil
        : opened > 0 ? "\(resolved) resolved"
        : resolved == 1 ? "1 item resolved" : "\(resolved) items resolved",
      new == 0 ? nil : new == 1 ? "1 new update" : "\(new) new updates",
      rewritten == 0
        ? nil : rewritten == 1 ? "1 update rewritten" : "\(rewritten) updates rewritten",
      away.isEmpty ? nil : "time away for " + away.joined(separator: ", "),
    ].compactMap { $0 }
  }

  /// One line per change, as a commit's message lists them: `Add sync-up Design`,
  /// `Edit Engineering` (with what was written in it: `Edit Engineering (3 new items, 1
  /// resolved, 1 new update, time away for Cy)`), `Meeting of Engineering, 4 notes`, `Delete 2 meetings of Retro`,
  /// `Delete sync-up Retro`, `Reorder sync-ups`.
  public var lines: [String] {
    added.map { "Add sync-up \(Self.display($0))" }
      + edited.map { syncUp in
        let written = written(in: syncUp.id)
        return "Edit \(Self.display(syncUp))"
          + (written.isEmpty ? "" : " (\(written.joined(separator: ", ")))")
      }
      + newMeetings.map { meeting in
        let notes =
          switch meeting.noteCount {
          case 0: "no notes"
          case 1: "1 note"
          default: "\(meeting.noteCount) notes"
          }
        return "Meeting of \(Self.display(meeting.syncUp)), \(notes)"
      }
      + deletedMeetings.map {
        ($0.count == 1 ? "Delete a meeting" : "Delete \($0.count) meetings")
          + " of \(Self.display($0.syncUp))"
      }
      + deleted.map { "Delete sync-up \(Self.display($0))" }
      + (reordered ? ["Reorder sync-ups"] : [])
  }

  /// A commit's first line: the one change, or a count of each kind when there are several
  /// (`Update sync-ups: 1 added, 2 meetings`); nil when nothing changed.
  public var subject: String? {
    let lines = lines
    guard lines.count > 1 else { return lines.first }
    let meetingsDeleted = deletedMeetings.reduce(0) { $0 + $1.count }
    let counts = [
      (added.count, "added", "added"), (edited.count, "edited", "edited"),
      (deleted.count, "deleted", "deleted"), (newMeetings.count, "meeting", "meetings"),
      (meetingsDeleted, "meeting deleted", "meetings deleted"),
      (reordered ? 1 : 0, "reordered", "reordered"),
    ]
    let parts = counts.filter { $0.0 > 0 }.map { count, one, many in
      count == 1 && one == "reordered" ? one : "\(count) \(count == 1 ? one : many)"
    }
    return "Update sync-ups: " + parts.joined(separator: ", ")
  }

  /// A sync-up's title on one line, control characters made spaces, or `(untitled 1A2B3C4D)`
  /// for a blank one, so that a message names it whatever it holds.
  static func display(_ syncUp: Named) -> String {
    let title = oneLine(syncUp.title)
    guard !title.isBlank else { return SyncUp.untitled(id: syncUp.id) }
    return title
  }

  /// An attendee's name on one line, as ``display(_:)`` shows a title; ``Attendee/unnamed``
  /// for a blank one.
  static func display(name: String) -> String {
    let name = oneLine(name)
    return name.isBlank ? Attendee.unnamed : name
  }

  /// `text`, control characters made spaces.
  private static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }

  /// `syncUp` with only the meetings `other` has too, so that comparing two versions this way
  /// sees edits and not meetings added or deleted.
  private static func keptMeetings(of syncUp: SyncUp, in other: SyncUp) -> SyncUp {
    var syncUp = syncUp
    syncUp.meetings = syncUp.meetings.filter { other.meetings[id: $0.id] != nil }
    return syncUp
  }
}
