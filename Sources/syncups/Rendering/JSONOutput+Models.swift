#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

// The JSON shapes documented in syncups(1) (``ManPageReference``): sync-ups, meetings and themes
// (the settings' lie beside the config commands). Keys are stable; later versions may only add
// keys. The stored models' shapes are their keys as they declare them (``StoredModel/show(to:)``),
// written to a ``JSONSink``, so that `list --json` streams the very bytes of the tree the other
// commands print, all of it by one writer.
extension JSONSink {
  /// An array of sync-up objects, in list order (`list`).
  mutating func syncUps(_ syncUps: some Collection<SyncUp>) {
    beginArray()
    for syncUp in syncUps { syncUp.show(to: &self) }
    endArray()
  }

  /// An array of meeting objects, in the order given (newest first for `meetings`).
  mutating func meetings(_ meetings: some Collection<Meeting>) {
    beginArray()
    for meeting in meetings { meeting.show(to: &self) }
    endArray()
  }
}

extension JSONOutput {
  /// A sync-up object (``StoredModel/show(to:)``): `id`, `title`, `theme`, `duration` (whole
  /// seconds), `durationPerAttendee` (seconds, possibly with a fraction: `duration` divided by
  /// the number of attendees, or `duration` when there are none), `attendees` (`id`, `name`)
  /// and `meetings` (newest first).
  static func syncUp(_ syncUp: SyncUp) -> JSONOutput {
    .model(ShownModel(syncUp))
  }

  /// An array of sync-up objects, in list order (``JSONSink/syncUps(_:)``).
  /// A sync-up named in another object: `{"id": …, "title": …}`.
  static func syncUpName(id: UUID, title: String) -> JSONOutput {
    .object(["id": .string(id.uuidString), "title": .string(title)])
  }

  static func syncUps(_ syncUps: some Collection<SyncUp>) -> JSONOutput {
    .array(syncUps.map(syncUp))
  }

  /// An attendee object: `id`, `name`.
  static func attendee(_ attendee: Attendee) -> JSONOutput {
    .model(ShownModel(attendee))
  }

  /// A meeting object: `id`, `date` (ISO 8601 UTC, whole seconds), `transcript`; and, for a
  /// meeting that recorded them, `started`, `scheduled`, `duration`, `plannedDuration` (whole seconds),
  /// `endedEarly`, `attendees` (`id`, `name`, `absent`) and `turns` (`attendee`, `name`,
  /// `seconds`, `slot`). A key the meeting has no value for is left out.
  static func meeting(_ meeting: Meeting) -> JSONOutput {
    .model(ShownModel(meeting))
  }

  /// A meeting object (``meeting(_:)``) with the items it dealt with (`meeting show`):
  /// `itemsRaised` and `itemsResolved`, arrays of item objects (``item(_:)``), empty when
  /// there are none, aged by `age`; and `work` when it is given (`meeting show --work`).
  static func meeting(
    _ meeting: Meeting, with items: MeetingItems, of syncUp: SyncUp, age: (Item) -> Int,
    work: JSONOutput? = nil
  ) -> JSONOutput {
    func shown(_ items: [Item]) -> JSONOutput {
      .array(items.map { item(ShownItem($0, of: syncUp, age: age)) })
    }
    var members: [String: JSONOutput] = ["itemsRaised": shown(items.raised), "itemsResolved": shown(items.resolved)]
    members["work"] = work
    return .model(ShownModel(meeting, adding: members))
  }

  /// An item object, the same wherever an item is printed: the item's stored keys as it shows
  /// itself, then `number` (its position among its sync-up's items, from 1: what `items`
  /// prints and `item resolve N` takes; null for an item no longer there), `ageWorkingDays`,
  /// `ownerName` (null for an item nobody owns, or whose owner is found nowhere), `syncUp`
  /// (`id`, `title`) where items of several sync-ups are listed, and `turnNumber` in a
  /// meeting's speaker event (what the meeting's resolve takes); then `extra`, an event's
  /// own. Documented once, in syncups(1) (`ManPageReference.itemFields`).
  static func item(_ shown: ShownItem, adding extra: [String: JSONOutput] = [:]) -> JSONOutput {
    var members: [String: JSONOutput] = extra.merging([
      "number": shown.number.map(JSONOutput.int) ?? .null,
      "ageWorkingDays": .int(shown.age),
      "ownerName": shown.ownerName.map(JSONOutput.string) ?? .null,
    ]) { $1 }
    if let syncUp = shown.syncUp {
      members["syncUp"] = .object(
        ["id": .string(syncUp.id.uuidString), "title": .string(syncUp.title)])
    }
    members["turnNumber"] = shown.turnNumber.map(JSONOutput.int)
    return .model(ShownModel(shown.item, adding: members))
  }

  /// An array of meeting objects, in the order given (``JSONSink/meetings(_:)``).
  static func meetings(_ meetings: some Collection<Meeting>) -> JSONOutput {
    .array(meetings.map(meeting))
  }

  /// A theme object: `name`, `displayName`, `hex`, `textColor`.
  static func theme(_ theme: Theme) -> JSONOutput {
    .object([
      "name": .string(theme.rawValue),
      "displayName": .string(theme.displayName),
      "hex": .string(theme.hex),
      "textColor": .string(theme.accentColor.rawValue),
    ])
  }

  /// The 16 theme objects in order (`themes`).
  static var themes: JSONOutput {
    .array(Theme.allCases.map(theme))
  }
}

/// An item with what its JSON object tells besides its stored keys (``JSONOutput/item(_:)``):
/// where it stands among its sync-up's items, its age and its owner's name.
struct ShownItem: Equatable, Sendable {
  /// The sync-up an item is listed under, when items of several are listed.
  struct SyncUpName: Equatable, Sendable {
    var id: UUID
    var title: String
  }

  var item: Item
  /// Its position among its sync-up's items, from 1; nil for an item no longer there.
  var number: Int?
  /// Its age in working days (up to its resolution, once resolved).
  var age: Int
  var ownerName: String?
  var syncUp: SyncUpName? = nil
  /// Its number in a meeting turn's agenda, for a meeting's speaker event.
  var turnNumber: Int? = nil

  /// `item` as `syncUp` holds it, aged by `age`; naming `syncUp` when `namingSyncUp`.
  init(_ item: Item, of syncUp: SyncUp, age: (Item) -> Int, namingSyncUp: Bool = false) {
    self.item = item
    number = syncUp.items.index(id: item.id).map { $0 + 1 }
    self.age = age(item)
    ownerName = syncUp.ownerName(of: item)
    self.syncUp = namingSyncUp ? SyncUpName(id: syncUp.id, title: syncUp.title) : nil
  }

  /// `item` as the meeting of `state` has it: numbered among the sync-up's items and those the
  /// meeting raised, aged to the meeting's day, its owner named as the meeting names them.
  init(_ item: Item, in state: RecordMeeting.State, turnNumber: Int? = nil) {
    self.item = item
    number = state.items.firstIndex { $0.id == item.id }.map { $0 + 1 }
    age = state.age(of: item)
    ownerName = state.ownerName(of: item)
    self.turnNumber = turnNumber
  }
}
