#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Days an attendee is away (on leave, travelling, in another meeting), announced ahead: a
/// meeting on one of them starts with the attendee absent, and stats count it apart from an
/// absence nobody announced.
///
/// ```swift
/// let away = TimeAway(
///   id: UUID(), from: CalendarDay("2026-12-01")!, to: CalendarDay("2026-12-05")!,
///   note: "holiday")
/// away.includes(CalendarDay("2026-12-03")!)  // true
/// ```
///
/// Stored as `{"from": "2026-12-01", "id": "…"}` plus `to`, `note` and `changed` when it has
/// them (each absent when `nil` or empty). Other keys are kept in ``unknownKeys`` and written back.
public struct TimeAway: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Identifies the time away among the attendee's. Set only by decoding.
  public internal(set) var id: UUID
  /// The first day away.
  public var from: CalendarDay
  /// The last day away; `nil` when it has no end yet (away until it is cancelled).
  public var to: CalendarDay?
  /// Why, or where to, in the attendee's words.
  public var note: String?
  /// When its days and note were last changed (``ChangeTimes``).
  public var changed = ChangeTimes()
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  /// Creates a time away.
  public init(
    id: UUID, from: CalendarDay, to: CalendarDay? = nil, note: String? = nil,
    unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.id = id
    self.from = from
    self.to = to
    self.note = note
    self.unknownKeys = unknownKeys
  }

  /// Whether `day` is one of its days: from ``from`` to ``to`` (or on, without an end).
  public func includes(_ day: CalendarDay) -> Bool {
    from <= day && to.map { day <= $0 } ?? true
  }

  /// Whether it shares a day with the days from `first` to `last` (on, without a last).
  public func overlaps(from first: CalendarDay, to last: CalendarDay?) -> Bool {
    (last.map { from <= $0 } ?? true) && (to.map { first <= $0 } ?? true)
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension TimeAway: StoredModel {
  public static let blank = TimeAway(id: .blank, from: CalendarDay(daysSince1970: 0))

  public static func describe<Schema: ModelSchema<TimeAway>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.optional("changed", \.changed.unlessEmpty, .stamps)
    try schema.field("from", \.from, .value(describe: \.longText).labelled("first day"))
    try schema.field("id", \.id, .id)
    try schema.optional("note", \.note, .value(describe: SyncUpsMerge.quoted))
    try schema.optional("to", \.to, .value(describe: \.longText).labelled("last day"))
  }
}

extension Attendee {
  /// The attendee's time away that includes `day`, if any (the first, when several do).
  public func timeAway(on day: CalendarDay) -> TimeAway? {
    away.first { $0.includes(day) }
  }
}

extension Attendee {
  /// The time away that ``cancelTimeAway(from:)`` would change: that which includes `day` or
  /// starts after it.
  public func timeAway(from day: CalendarDay) -> [TimeAway] {
    away.filter { day <= $0.from || $0.includes(day) }
  }

  /// Cancels the time away from `day` on: what starts on `day` or later goes, and what
  /// started before and goes on past it now ends the day before (so the days already spent
  /// away stay counted as such).
  public mutating func cancelTimeAway(from day: CalendarDay) {
    for away in timeAway(from: day) {
      if away.from < day {
        self.away[id: away.id]?.to = day.adding(days: -1)
      } else {
        self.away.remove(id: away.id)
      }
    }
  }
}
