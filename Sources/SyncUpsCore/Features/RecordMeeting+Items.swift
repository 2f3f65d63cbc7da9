#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// The follow-through of a meeting: blockers and action items raised for a speaker, the open
/// ones of each speaker shown when their turn starts, and those resolved (the ``FollowThrough``
/// feature). What a meeting raises or resolves is kept in ``RecordMeeting/State/followThrough``
/// and goes into the sync-up only with the saved meeting, in the same save: a discarded meeting
/// takes it along.
extension RecordMeeting.State {
  /// The follow-through's state as it runs: what the meeting keeps of it (``followThrough``),
  /// with what the feature reads of the meeting and the notes it adds to, lent for the action.
  public var followThroughInMeeting: FollowThrough.State {
    get {
      FollowThrough.State(
        changes: followThrough.changes, turnItems: followThrough.turnItems, stored: syncUp.items,
        speaker: currentSpeaker, speakerName: currentSpeakerName, lineup: lineup,
        ownerNames: lineup.reduce(into: [:]) { names, attendee in
          if names[attendee.id] == nil { names[attendee.id] = ownerName(of: attendee.id) }
        },
        notes: notes)
    }
    set {
      followThrough = FollowThrough.State(changes: newValue.changes, turnItems: newValue.turnItems)
      notes = newValue.notes
    }
  }

  /// The sync-up's items as the meeting has them: those stored, with what the meeting resolved,
  /// then those it raised, in the order raised.
  public var items: [Item] {
    FollowThrough.State.items(stored: syncUp.items, changes: followThrough.changes)
  }

  /// The current speaker's items shown in their turn, numbered from 1 by position among
  /// those open when the turn started: those still open now, with their ages.
  public var turnAgenda: [NumberedItem] {
    let items = items
    return followThrough.turnItems.enumerated().compactMap { position, id in
      guard let item = items.first(where: { $0.id == id }), item.isOpen else { return nil }
      return NumberedItem(number: position + 1, item: item, age: age(of: item))
    }
  }

  /// The open item numbered `number` in the current speaker's turn (see ``turnAgenda``); nil
  /// when there is none, or it is resolved already.
  public func turnItem(numbered number: Int) -> Item? {
    turnAgenda.first { $0.number == number }?.item
  }

  /// The open item whose reference starts `text`, and the resolution that follows it (empty
  /// when none): `2 the keys came`. The reference is its number in the current speaker's turn
  /// (see ``turnAgenda``), or else the start of its id (four characters at least), which names
  /// any open item of the sync-up: a number that is an item's in the turn is that item, and
  /// one that is none is the start of an id when an open item's id starts with it.
  ///
  /// - Throws: ``ItemTextError`` when the reference names no open item, or several.
  public func turnItemResolution(_ text: String) throws(ItemTextError) -> (
    id: Item.ID, resolution: String
  ) {
    let text = text.asOneLine
    let word = String(text.prefix { !$0.isWhitespace })
    let resolution = String(text.dropFirst(word.count)).asOneLine
    let number = Int(word)
    if let number, let item = turnItem(numbered: number) { return (item.id, resolution) }
    let prefix = word.lowercased().filter { $0 != "-" }
    let matches = prefix.count >= 4
      ? items.filter {
        $0.isOpen && $0.id.uuidString.lowercased().filter { $0 != "-" }.hasPrefix(prefix)
      } : []
    if matches.count == 1 { return (matches[0].id, resolution) }
    if let number, matches.isEmpty {
      let numbers = turnAgenda.map { String($0.number) }
      let choice = numbers.isEmpty
        ? "\(currentSpeakerName) has no open item" : "open: \(numbers.joined(separator: ", "))"
      throw ItemTextError("no open item \(number) in this turn (\(choice))")
    }
    throw ItemTextError(
      matches.isEmpty
        ? "name the item to resolve by its number or the start of its id (got '\(word)')"
        : "'\(word)' is the start of several open items' ids")
  }

  /// The item's age as every command shows it (``Item/age(at:workingDays:utcOffset:)``) on
  /// the day the meeting started: whole working days of the `workdays` setting from the local
  /// date it was opened, local dates those of the `utcOffset` dependency, each date at its own
  /// offset (an item opened in summer and a meeting in winter each count their own daylight
  /// saving time).
  public func age(of item: Item) -> Int {
    @Dependency(\.utcOffset) var utcOffset
    return item.age(at: today ?? item.opened, workingDays: workingDays, utcOffset: utcOffset)
  }

  /// What is open overall when the meeting starts; nil when nothing is.
  public var openSummary: OpenItemsSummary? {
    OpenItemsSummary(syncUp.items, age: age(of:))
  }

  /// How many blockers are open now, those resolved in the meeting left out and those raised
  /// in it counted.
  public var openBlockerCount: Int { items.count { $0.isOpen && $0.kind == .blocker } }

  /// The attendee a blocker or action item typed as `text` belongs to, and its text: the
  /// attendee `@name` at its start names (see ``attendees(named:among:)``), else the current
  /// speaker.
  ///
  /// ```swift
  /// state.itemOwner(in: "@blob send the notes")  // (Blob's id, "send the notes")
  /// ```
  ///
  /// - Throws: ``ItemTextError`` when `@name` names nobody or several, or nothing follows it.
  public func itemOwner(in text: String) throws(ItemTextError) -> (owner: Attendee.ID?, text: String) {
    try followThroughInMeeting.owner(in: text)
  }

  /// The name an item's owner goes by in this meeting: `Speaker k` when a speaker's name is
  /// blank; for someone in the lineup who does not speak, their name; else the sync-up's name
  /// for them (``SyncUp/ownerName(of:)``: someone who has left goes by the name the newest
  /// meeting recorded); nil when it has no owner or its owner is found nowhere.
  public func ownerName(of item: Item) -> String? {
    guard let owner = item.owner else { return nil }
    return ownerName(of: owner) ?? syncUp.ownerName(of: item)
  }

  /// The name attendee `owner` goes by as an item's owner in this meeting (see
  /// ``ownerName(of:)-(Item)``); nil when they are not in this meeting.
  func ownerName(of owner: Attendee.ID) -> String? {
    if let index = speakers.firstIndex(of: owner) { return speakerName(at: index) }
    return lineup.first { $0.id == owner }.map { $0.name.isBlank ? "" : $0.name }
  }
}

/// An open item of a speaker's turn, as the turn shows it.
public struct NumberedItem: Equatable, Sendable {
  /// Its number in the turn, from 1: what resolving it names.
  public var number: Int
  public var item: Item
  /// Its age in working days.
  public var age: Int

  /// `blocked 3 days: waiting on API keys`.
  public var text: String { item.agendaText(age: age) }
}

/// What is open in a sync-up when its meeting starts, for its first screen or line.
public struct OpenItemsSummary: Equatable, Sendable {
  /// Open blockers.
  public var blockers: Int
  /// The age of the oldest open blocker in working days; nil when none is open.
  public var oldestBlockerDays: Int?
  /// Open action items.
  public var actions: Int

  init(blockers: Int, oldestBlockerDays: Int?, actions: Int) {
    self.blockers = blockers
    self.oldestBlockerDays = oldestBlockerDays
    self.actions = actions
  }

  /// What is open among `items`, each aged by `age` in working days; nil when nothing is.
  public init?(_ items: some Collection<Item>, age: (Item) -> Int) {
    let open = items.filter(\.isOpen)
    guard !open.isEmpty else { return nil }
    let blockers = open.filter { $0.kind == .blocker }
    self.init(
      blockers: blockers.count, oldestBlockerDays: blockers.map(age).max(),
      actions: open.count - blockers.count)
  }

  /// `2 open blockers, oldest 5 days; 3 actions`, `1 open blocker, 2 days`, `3 open actions`.
  public var text: String {
    let actionText = "\(actions) action\(actions == 1 ? "" : "s")"
    guard blockers > 0 else { return "\(actions) open action\(actions == 1 ? "" : "s")" }
    let days = oldestBlockerDays.map(Item.daysText) ?? ""
    let blockerText =
      blockers == 1 ? "1 open blocker, \(days)" : "\(blockers) open blockers, oldest \(days)"
    return actions > 0 ? "\(blockerText); \(actionText)" : blockerText
  }
}

/// Why what was typed in a meeting was not taken: an item not raised, a resolution or a late
/// joiner naming nobody.
public struct ItemTextError: Error, Equatable, Sendable {
  /// What is wrong, for the person who typed it.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}

extension Item {
  /// `blocked 3 days: waiting on API keys`, `action 1 day: send the notes`: the item as a
  /// speaker's turn shows it, `days` its age in working days.
  public func agendaText(age days: Int) -> String {
    "\(kind == .blocker ? "blocked" : kind.rawValue) \(Self.daysText(days)): \(text)"
  }
}

extension RecordMeeting {
  /// The meeting's item changes, stamped as raised or resolved in `meeting`.
  static func stamped(_ changes: IdentifiedArrayOf<Item>, in meeting: Meeting, stored: SyncUp)
    -> IdentifiedArrayOf<Item>
  {
    IdentifiedArrayOf(uniqueElements: changes.map { item in
      var item = item
      if stored.items[id: item.id] == nil { item.openedIn = meeting.id }
      if item.resolved != nil { item.resolvedIn = meeting.id }
      return item
    })
  }

  /// Files the items a meeting raised or resolved into `syncUp`, as stored now: a raised item
  /// joins the end of its items (once); a resolution goes onto the stored item, other changes
  /// to it (another process's edit of its text) kept. A resolution of an item that was
  /// resolved or deleted meanwhile is left out.
  static func file(_ items: IdentifiedArrayOf<Item>, of meeting: Meeting, into syncUp: inout SyncUp) {
    for item in items {
      if let stored = syncUp.items[id: item.id] {
        guard stored.isOpen, item.resolved != nil else { continue }
        syncUp.items[id: item.id]?.resolved = item.resolved
        syncUp.items[id: item.id]?.resolvedIn = item.resolvedIn
        syncUp.items[id: item.id]?.resolution = item.resolution
      } else if item.openedIn == meeting.id {
        syncUp.items.append(item)
      }
    }
  }
}
