#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A meeting's follow-through, a feature of its own within ``RecordMeeting``: blockers and
/// action items raised for a speaker, and open ones resolved, each noted in the transcript; and
/// each turn's agenda, the speaker's items open when it started.
///
/// What it keeps (``State/changes``, ``State/turnItems``) is the meeting's; what it reads of the
/// meeting (the items stored, who is speaking, who is there) and the notes it adds to come in
/// its state, on each action, as ``RecordMeeting/State/followThroughInMeeting`` lends them.
///
/// ```swift
/// store.send(.followThrough(.raised(.blocker, "waiting on API keys")))  // Blob: Blocker: waiting…
/// store.send(.followThrough(.resolved(id, resolution: "they came")))
/// ```
public struct FollowThrough: Reducer, Sendable {
  /// The items a meeting raised or resolved, and the meeting as they need it.
  public struct State: Equatable, Sendable {
    /// The blockers and action items the meeting raised or resolved, as they are now.
    public var changes: IdentifiedArrayOf<Item>
    /// The current speaker's items open when their turn started, by id.
    public var turnItems: [Item.ID]
    /// The sync-up's items as stored now: read.
    public var stored: IdentifiedArrayOf<Item>
    /// Who is speaking; nil when nobody is present: read.
    public var speaker: Attendee.ID?
    /// The name the current speaker goes by: read.
    public var speakerName: String
    /// Everyone on the sync-up, in the order they are called, for `@name`: read.
    public var lineup: [MeetingAttendee]
    /// The name each attendee goes by as an item's owner: read.
    public var ownerNames: [Attendee.ID: String]
    /// The meeting's notes, which raising and resolving add to.
    public var notes: RecordMeeting.Notes

    public init(
      changes: IdentifiedArrayOf<Item> = [], turnItems: [Item.ID] = [],
      stored: IdentifiedArrayOf<Item> = [], speaker: Attendee.ID? = nil, speakerName: String = "",
      lineup: [MeetingAttendee] = [], ownerNames: [Attendee.ID: String] = [:],
      notes: RecordMeeting.Notes = RecordMeeting.Notes()
    ) {
      self.changes = changes
      self.turnItems = turnItems
      self.stored = stored
      self.speaker = speaker
      self.speakerName = speakerName
      self.lineup = lineup
      self.ownerNames = ownerNames
      self.notes = notes
    }

    /// The items as the meeting has them: those stored, with what the meeting resolved, then
    /// those it raised, in the order raised.
    public var items: [Item] {
      Self.items(stored: stored, changes: changes)
    }

    /// `stored` with `changes` made: those resolved replaced, those raised after them.
    static func items(stored: IdentifiedArrayOf<Item>, changes: IdentifiedArrayOf<Item>) -> [Item] {
      stored.map { changes[id: $0.id] ?? $0 } + changes.filter { stored[id: $0.id] == nil }
    }

    /// The current speaker's open items, by id, in the order they were opened: the agenda of
    /// a turn starting now.
    public var speakerOpenItems: [Item.ID] {
      guard let speaker else { return [] }
      return items.filter { $0.isOpen && $0.owner == speaker }.map(\.id)
    }

    /// The attendee a blocker or action item typed as `text` belongs to, and its text: the
    /// attendee `@name` at its start names (see ``RecordMeeting/State/attendees(named:among:)``),
    /// else the current speaker.
    ///
    /// - Throws: ``ItemTextError`` when `@name` names nobody or several, or nothing follows it.
    public func owner(in text: String) throws(ItemTextError) -> (owner: Attendee.ID?, text: String) {
      let text = text.asOneLine
      guard text.hasPrefix("@") else {
        guard !text.isEmpty else { throw ItemTextError("the item needs its text") }
        return (speaker, text)
      }
      let name = String(text.dropFirst().prefix { !$0.isWhitespace })
      let rest = String(text.dropFirst(name.count + 1)).asOneLine
      let matches = RecordMeeting.State.attendees(named: name, among: lineup)
      guard matches.count == 1 else {
        throw ItemTextError(
          matches.isEmpty ? "no attendee is named '\(name)'" : "'\(name)' names several attendees")
      }
      guard !rest.isEmpty else { throw ItemTextError("the item for '@\(name)' needs its text") }
      return (matches[0].id, rest)
    }

    /// Adds `Name: text` to the notes, the current speaker's name, on one line.
    mutating func note(_ text: String) {
      notes.append("\(speakerName): \(text.asOneLine)")
    }
  }

  /// What happens to the items.
  public enum Action: Equatable, Sendable {
    /// A blocker or an action item was typed: it is raised, opened now, for the attendee
    /// `@name` at the start of the text names, else the current speaker (see
    /// ``State/owner(in:)``), and noted in the transcript. Text naming nobody raises nothing.
    case raised(Item.Kind, String)
    /// An open item was resolved now, with a resolution (none when blank), and noted in the
    /// transcript. An item already resolved, or unknown, is left as it is.
    case resolved(Item.ID, resolution: String)
    /// A turn started: the speaker's open items become its agenda.
    case turnStarted
  }

  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  /// The follow-through's logic.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .raised(let kind, let text):
      // Noted under the current speaker's name: `Blob: Blocker: text`, or `Blob: Action for
      // Blob Jr: text` when it is someone else's.
      guard let (owner, text) = try? state.owner(in: text) else { return .none }
      let item = Item(id: uuid(), kind: kind, text: text, owner: owner, opened: now.wholeSeconds)
      state.changes.append(item)
      let forWhom =
        owner == state.speaker ? "" : owner.flatMap { state.ownerNames[$0] }.map { " for \($0)" } ?? ""
      state.note("\(kind.label)\(forWhom): \(text)")
      return .none

    case .resolved(let id, let resolution):
      // Noted as `Blob: Resolved blocker: text (resolution)`.
      guard var item = state.changes[id: id] ?? state.stored[id: id], item.isOpen else {
        return .none
      }
      let resolution = resolution.asOneLine
      item.resolved = now.wholeSeconds
      item.resolution = resolution.isEmpty ? nil : resolution
      state.changes[id: id] = item
      state.note(
        "Resolved \(item.kind.rawValue): \(item.text)"
          + (resolution.isEmpty ? "" : " (\(resolution))"))
      return .none

    case .turnStarted:
      state.turnItems = state.speakerOpenItems
      return .none
    }
  }
}
