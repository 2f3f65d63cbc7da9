#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A recurring meeting: its title, who attends, how long it lasts, its colour theme, and the
/// meetings held so far.
///
/// ```swift
/// let syncUp = SyncUp(
///   id: UUID(),
///   attendees: [Attendee(id: UUID(), name: "Blob"), Attendee(id: UUID(), name: "Blob Jr")],
///   duration: 600,
///   title: "Morning Sync"
/// )
/// syncUp.slotLengths  // 300...300
/// ```
///
/// Its keys are declared once, in ``describe(_:)``. Decoding is strict (see ``init(from:)``);
/// encoding writes those keys and the ``unknownKeys`` read.
public struct SyncUp: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// The length of a new sync-up: 300 seconds (5 minutes).
  public static let defaultDuration = 300

  /// The theme of a new sync-up: ``Theme/bubblegum``.
  public static let defaultTheme = Theme.bubblegum

  /// The lengths a sync-up may have, in seconds: 1 second to 24 hours. Decoding a sync-up
  /// outside this range fails.
  public static let durationRange = 1...86_400

  /// Identifies the sync-up. Set only by decoding.
  public internal(set) var id: UUID
  /// The people who take part, in speaking order.
  public var attendees: IdentifiedArrayOf<Attendee>
  /// The length of a meeting in whole seconds.
  public var duration: Int
  /// The blockers and actions raised, open and resolved, oldest first (as raised). Stored only
  /// when there are any.
  public var items: IdentifiedArrayOf<Item>
  /// The meetings held so far, newest first.
  public var meetings: IdentifiedArrayOf<Meeting>
  /// The colour theme.
  public var theme: Theme
  /// The title; may be empty.
  public var title: String
  /// The updates attendees wrote, one per attendee and day, oldest first (as written). Stored
  /// only when there are any. Merged whole: when both sides wrote the same attendee's update
  /// for the same day differently, the one written last is kept and the conflict reported.
  public var updates: IdentifiedArrayOf<WrittenUpdate> = []
  /// When it meets (``Schedule``); nil for a sync-up without a schedule. Stored only when
  /// set.
  public var schedule: Schedule?
  /// Who facilitates its meetings, in turn (``FacilitatorRota``); nil for a sync-up without a
  /// rota. Stored only when set.
  public var facilitators: FacilitatorRota?
  /// When its title, length and theme were last changed (``ChangeTimes``).
  public var changed = ChangeTimes()
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  /// Creates a sync-up; everything but the id has the defaults of a new sync-up in the app.
  public init(
    id: UUID,
    attendees: IdentifiedArrayOf<Attendee> = [],
    duration: Int = SyncUp.defaultDuration,
    items: IdentifiedArrayOf<Item> = [],
    meetings: IdentifiedArrayOf<Meeting> = [],
    theme: Theme = SyncUp.defaultTheme,
    title: String = "",
    unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.items = items
    self.meetings = meetings
    self.theme = theme
    self.title = title
    self.unknownKeys = unknownKeys
  }

  /// Each attendee's share of the meeting: the lengths, in whole seconds, of the slots a
  /// meeting of everyone gives, from `⌊duration / n⌋` to `⌈duration / n⌉` for `n` attendees,
  /// as the slots `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)` divide the meeting exactly (`1...2` for 4 seconds
  /// among 3). With no attendees it is the whole `duration`.
  public var slotLengths: ClosedRange<Int> {
    let count = max(attendees.count, 1)
    let shortest = duration / count
    return shortest...(duration % count == 0 ? shortest : shortest + 1)
  }

  /// The shortest meeting this sync-up may have, in seconds: one second per attendee (one
  /// second without attendees). Any shorter and some slot `[⌊i·D/n⌋, ⌊(i+1)·D/n⌋)` would be
  /// empty, so a meeting would start past its first speakers.
  public var minimumDuration: Int { max(attendees.count, 1) }

  /// Checks that a meeting can give every attendee present at least a second. `add`, `edit`
  /// and `start` all ask this one question, `add` and `edit` only of a length or attendees they
  /// change (a sync-up stored too short can still be renamed), `start` of those present.
  ///
  /// ```swift
  /// SyncUp(id: id, attendees: fiveAttendees, duration: 3).checkDuration()
  /// // throws: "a meeting of 3 seconds is too short for 5 attendees: each needs at least a second"
  /// SyncUp(id: id, attendees: fiveAttendees, duration: 3).checkDuration(present: 3)  // fine
  /// ```
  ///
  /// - Parameter present: how many attendees take part; all of them when nil.
  /// - Throws: ``DurationTooShort`` when ``duration`` is under a second for each of them (one
  ///   second without any: ``minimumDuration`` for all attendees).
  public func checkDuration(present: Int? = nil) throws(DurationTooShort) {
    let count = present ?? attendees.count
    let minimum = max(count, 1)
    guard duration < minimum else { return }
    throw DurationTooShort(duration: duration, attendeeCount: count, minimumDuration: minimum)
  }

  /// Why a sync-up's meeting cannot run: it is shorter than one second per attendee.
  public struct DurationTooShort: Error, Equatable, Sendable {
    /// The sync-up's length, in seconds.
    public var duration: Int
    /// How many attendees share it.
    public var attendeeCount: Int

    /// The shortest length that would do, in seconds (``SyncUp/minimumDuration``).
    public var minimumDuration: Int

    /// A sync-up of `duration` seconds with `attendeeCount` attendees, which needs at least
    /// `minimumDuration` seconds.
    public init(duration: Int, attendeeCount: Int, minimumDuration: Int) {
      self.duration = duration
      self.attendeeCount = attendeeCount
      self.minimumDuration = minimumDuration
    }

    /// What is wrong, in lower case without a final period, for the caller to follow with
    /// how to fix it.
    public var message: String {
      "a meeting of \(duration) second\(duration == 1 ? "" : "s") is too short for "
        + "\(attendeeCount) attendees: each needs at least a second"
    }
  }

  /// Decodes a sync-up strictly: all six keys are required (`items` and `updates` aside,
  /// absent when empty), and keys not listed are kept in
  /// ``unknownKeys`` (so that files from a later version with added keys load, and keep them).
  ///
  /// Throws a `DecodingError` whose coding path locates the problem when a key is missing or
  /// has the wrong type, when `duration` is not a whole number of seconds in ``durationRange``,
  /// when `theme` is not a known theme name, or when two attendees or two meetings share an id.
  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }

  /// Decodes `duration`, a whole number of seconds in ``durationRange``.
  ///
  /// It is read as a `Double` and checked here, because `JSONDecoder` reports a fraction where
  /// an `Int` is expected as invalid JSON, without saying where.
  private static func decodeDuration(
    from container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys
  ) throws -> Int {
    let seconds = try container.decode(Double.self, forKey: key)
    guard seconds.rounded(.towardZero) == seconds else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: container,
        debugDescription: "Duration \(seconds) is not a whole number of seconds"
      )
    }
    guard let duration = Int(exactly: seconds), durationRange.contains(duration) else {
      let text = Int(exactly: seconds).map(String.init) ?? "\(seconds)"
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: container,
        debugDescription: "Duration \(text) is out of range: a sync-up lasts from 1 to 86400 "
          + "seconds (24 hours)"
      )
    }
    return duration
  }
}

extension SyncUp: StoredModel {
  public static let blank = SyncUp(id: .blank)

  public static func describe<Schema: ModelSchema<SyncUp>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field(
      "attendees", \.attendees,
      .byID(noun: "attendee", removal: "removed") {
        "attendee \(SyncUpMerger.nameText($0.name))"
      })
    try schema.optional("changed", \.changed.unlessEmpty, .stamps)
    try schema.field(
      "duration", \.duration,
      .value(describe: DurationText.compact).accepting(durationRange)
        .decoded(by: decodeDuration))
    try schema.derived("durationPerAttendee") {
      Double($0.duration) / Double(max($0.attendees.count, 1))
    }
    try schema.optional(
      "facilitators", \.facilitators,
      .value {
        switch $0 {
        case .rotate: "every attendee in turn"
        case .listed(let ids): "a list of \(ids.count)"
        }
      })
    try schema.field("id", \.id, .id)
    try schema.list("items", \.items, .items)
    try schema.field(
      "meetings", \.meetings,
      .byID(
        noun: "meeting", removal: "deleted",
        owner: { "the meeting of \(DateText.iso8601($0.date))" },
        arrange: SyncUpMerger.newestFirst))
    try schema.optional("schedule", \.schedule, .model(owner: "the schedule"))
    try schema.field("theme", \.theme, .value(describe: \.rawValue))
    try schema.field("title", \.title, .value(describe: SyncUpsMerge.quoted))
    try schema.list("updates", \.updates, .wholeUpdates(noun: "update"))
  }
}
