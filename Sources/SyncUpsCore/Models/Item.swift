#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Something a sync-up follows through between meetings: a blocker someone is stuck on, or an
/// action someone took on. It stays open, with an owner and an age, until it is resolved.
///
/// ```swift
/// let item = Item(
///   id: UUID(), kind: .blocker, text: "waiting on API keys", owner: blob.id, opened: now)
/// item.isOpen  // true
/// ```
///
/// Stored as `{"id": "…", "kind": "blocker", "opened": …, "text": "…"}` plus `owner`,
/// `openedIn`, `resolved`, `resolvedIn`, `resolution`, `reopened` and `changed` when it has
/// them (each absent when `nil` or empty). Other keys are kept in ``unknownKeys`` and written back.
public struct Item: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// What an item is: a blocker or an action, or a kind a later version knows (`risk`),
  /// which is kept as it is written.
  public struct Kind: RawRepresentable, Hashable, Codable, Sendable, CaseIterable,
    CustomStringConvertible
  {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Something in someone's way.
    public static let blocker = Kind(rawValue: "blocker")
    /// Something someone is to do.
    public static let action = Kind(rawValue: "action")
    /// The kinds this version knows, which `--kind` takes.
    public static let allCases: [Kind] = [.blocker, .action]

    /// Whether this version knows the kind.
    public var isKnown: Bool { Self.allCases.contains(self) }

    /// `Blocker`, `Action`; a kind this version does not know as written, its first letter
    /// in upper case (`Risk`).
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public var description: String { rawValue }
  }

  /// Identifies the item within its sync-up. Set only by decoding.
  public internal(set) var id: UUID
  /// Whether it is a blocker or an action.
  public var kind: Kind
  /// What it says.
  public var text: String
  /// The id of the attendee who owns it; `nil` when nobody does (or for an attendee since
  /// removed, whose id it keeps).
  public var owner: UUID?
  /// When it was raised.
  public var opened: Date
  /// The id of the meeting it was raised in; `nil` when raised outside a meeting.
  public var openedIn: UUID?
  /// When it was resolved; `nil` while it is open.
  public var resolved: Date?
  /// The id of the meeting it was resolved in; `nil` when resolved outside a meeting (or open).
  public var resolvedIn: UUID?
  /// How it was resolved, in the resolver's words.
  public var resolution: String?
  /// When it was last opened again after a resolution (`item reopen`); `nil` when never.
  /// It belongs to the item's resolution: merged with it, as one.
  public var reopened: Date?
  /// When its text, owner or kind were last changed (``ChangeTimes``).
  public var changed = ChangeTimes()
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  /// Creates an item.
  public init(
    id: UUID,
    kind: Kind,
    text: String,
    owner: UUID? = nil,
    opened: Date,
    openedIn: UUID? = nil,
    resolved: Date? = nil,
    resolvedIn: UUID? = nil,
    resolution: String? = nil,
    reopened: Date? = nil,
    unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.id = id
    self.kind = kind
    self.text = text
    self.owner = owner
    self.opened = opened
    self.openedIn = openedIn
    self.resolved = resolved
    self.resolvedIn = resolvedIn
    self.resolution = resolution
    self.reopened = reopened
    self.unknownKeys = unknownKeys
  }

  /// Whether the item is still open: not resolved.
  public var isOpen: Bool { resolved == nil }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension Item: StoredModel {
  public static let blank = Item(
    id: .blank, kind: .action, text: "", opened: Date(timeIntervalSinceReferenceDate: 0))

  public static func describe<Schema: ModelSchema<Item>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.optional("changed", \.changed.unlessEmpty, .stamps)
    try schema.field("id", \.id, .id)
    try schema.field("kind", \.kind, .value(describe: \.rawValue))
    try schema.field("opened", \.opened, .value(describe: DateText.iso8601))
    try schema.optional("openedIn", \.openedIn, .value(describe: \.uuidString))
    try schema.optional("owner", \.owner, .value(describe: \.uuidString))
    // Whether it is resolved, when, in which meeting and how, and when it was reopened, merge
    // as one: a reopen against a resolve, or two resolutions, is one conflict, decided by
    // when each was done (``Item/Resolution``).
    try schema.optional(
      "reopened", \.reopened, .value(describe: DateText.iso8601).partOf("resolution"))
    try schema.optional(
      "resolution", \.resolution, .value(describe: SyncUpsMerge.quoted).partOf("resolution"))
    try schema.optional(
      "resolved", \.resolved, .value(describe: DateText.iso8601).partOf("resolution"))
    try schema.optional(
      "resolvedIn", \.resolvedIn, .value(describe: \.uuidString).partOf("resolution"))
    try schema.field("text", \.text, .value(describe: SyncUpMerger.excerpt))
  }
}

/// A kind of item, by its case name.
extension Item.Kind: StoredValue {
  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> Item.Kind {
    Item.Kind(rawValue: try reader.readString())
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(rawValue)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(rawValue) }
}

extension Item {
  /// An item's resolution, the fields merged as one (see ``SyncUpsMerge``): whether it is
  /// resolved, when, in which meeting and how, and when it was last reopened.
  public struct Resolution: Equatable, Sendable {
    public var resolved: Date?
    public var resolvedIn: UUID?
    public var resolution: String?
    public var reopened: Date?
  }

  /// The item's resolution fields, together.
  public var resolutionState: Resolution {
    get {
      Resolution(
        resolved: resolved, resolvedIn: resolvedIn, resolution: resolution, reopened: reopened)
    }
    set {
      resolved = newValue.resolved
      resolvedIn = newValue.resolvedIn
      resolution = newValue.resolution
      reopened = newValue.reopened
    }
  }

  /// How many working days the item has been open at `now`: from the local date it was
  /// opened to that of `now`, or of its resolution once resolved, local dates `utcOffset(date)`
  /// seconds east of UTC (``WorkingDays/age(from:to:utcOffset:)``).
  public func age(at now: Date, workingDays: WorkingDays, utcOffset: (Date) -> Int) -> Int {
    workingDays.age(from: opened, to: resolved ?? now, utcOffset: utcOffset)
  }

  /// An age of `days` working days as every list, card and report shows it: `1 day`,
  /// `0 days`, `5 days`.
  public static func daysText(_ days: Int) -> String { days == 1 ? "1 day" : "\(days) days" }
}
