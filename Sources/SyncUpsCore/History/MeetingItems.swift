#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The items a meeting dealt with, for the pages that show a past meeting.
public struct MeetingItems: Equatable, Sendable {
  /// Items raised in the meeting (their ``Item/openedIn``), in the sync-up's order.
  public var raised: [Item]
  /// Items resolved in the meeting (their ``Item/resolvedIn``), in the sync-up's order; an
  /// item raised and resolved in the same meeting is in both lists.
  public var resolved: [Item]

  public init(_ meeting: Meeting, of syncUp: SyncUp) {
    raised = syncUp.items.filter { $0.openedIn == meeting.id }
    resolved = syncUp.items.filter { $0.resolvedIn == meeting.id }
  }

  public var isEmpty: Bool { raised.isEmpty && resolved.isEmpty }
}

extension SyncUp {
  /// The name of `item`'s owner: the sync-up's attendee of that id, else the name the newest
  /// meeting recorded for them (someone who has left); `nil` for an item nobody owns or an
  /// owner found nowhere.
  public func ownerName(of item: Item) -> String? {
    guard let owner = item.owner else { return nil }
    if let attendee = attendees[id: owner] { return attendee.name }
    for meeting in meetings {
      if let attendee = meeting.attendees?.first(where: { $0.id == owner }) { return attendee.name }
      if let turn = meeting.turns?.first(where: { $0.attendee == owner }) { return turn.name }
    }
    return nil
  }
}
