#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// What an attendee has done, will do next and is blocked on, written down for a day rather
/// than said in the meeting: for someone who cannot be there, or who writes it the evening
/// before.
///
/// ```swift
/// let update = WrittenUpdate(
///   attendee: blob.id, day: CalendarDay("2026-11-25")!, done: "the login page",
///   next: "the signup page", blockers: ["waiting on API keys"], written: now)
/// update.id == WrittenUpdate.id(of: blob.id, for: update.day)  // true
/// ```
///
/// An attendee has one update a day: its ``id`` is made from the attendee's and the day, so that
/// two teammates writing the same person's update for the same day write the same element,
/// which a merge reports as a conflict (see ``SyncUp/updates``).
///
/// Stored as `{"attendee": "…", "day": "2026-11-25", "written": …}` plus `done`, `next` (each
/// absent when `nil`) and `blockers` (absent when empty). Other keys are kept in
/// ``unknownKeys`` and written back.
public struct WrittenUpdate: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// The id of the attendee it is from.
  public var attendee: UUID
  /// The day it is for.
  public var day: CalendarDay
  /// What they did.
  public var done: String?
  /// What they will do next.
  public var next: String?
  /// What is in their way, one text a blocker.
  public var blockers: [String]
  /// When it was written (last written, when written again for the same day).
  public var written: Date
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  /// Creates an update.
  public init(
    attendee: UUID,
    day: CalendarDay,
    done: String? = nil,
    next: String? = nil,
    blockers: [String] = [],
    written: Date,
    unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.attendee = attendee
    self.day = day
    self.done = done
    self.next = next
    self.blockers = blockers
    self.written = written
    self.unknownKeys = unknownKeys
  }

  /// Identifies the update among the sync-up's: its attendee and day (``id(of:for:)``).
  public var id: UUID { Self.id(of: attendee, for: day) }

  /// The id of `attendee`'s update for `day`: a mix of the two, the same on every machine,
  /// different for each attendee and day (barring a 1 in 2¹²⁸ chance).
  public static func id(of attendee: UUID, for day: CalendarDay) -> UUID {
    let bytes = withUnsafeBytes(of: attendee.uuid) { Array($0) }
    func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
      bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
    // SplitMix64's finaliser: each bit of the input changes about half of the output's.
    func mix(_ value: UInt64) -> UInt64 {
      var z = value &+ 0x9E37_79B9_7F4A_7C15
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let high = mix(word(bytes[0..<8]) ^ mix(UInt64(bitPattern: Int64(day.daysSince1970))))
    let low = mix(word(bytes[8..<16]) ^ high)
    var id = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      id[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
      id[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
    }
    return UUID(
      uuid: (
        id[0], id[1], id[2], id[3], id[4], id[5], id[6], id[7], id[8], id[9], id[10], id[11],
        id[12], id[13], id[14], id[15]
      ))
  }

  /// Whether it says nothing: no text done or next and no blocker (a file written elsewhere
  /// may hold such an update; a meeting shows none).
  public var isEmpty: Bool {
    (done ?? "").isBlank && (next ?? "").isBlank && blockers.allSatisfy(\.isBlank)
  }

  /// What it says, labelled, in order: `Done`, `Next`, then a `Blocker` each; the texts as
  /// written, blank ones left out.
  public var parts: [(label: String, text: String)] {
    ([("Done", done), ("Next", next)] + blockers.map { ("Blocker", $0) }).compactMap {
      label, text in
      guard let text, !text.isBlank else { return nil }
      return (label, text)
    }
  }

  /// Whether two blocker texts say the same: equal but for case and white space around them,
  /// or more than one white space character where the other has one.
  public static func sameBlocker(_ first: String, _ second: String) -> Bool {
    func words(_ text: String) -> [Substring] {
      text.lowercased().split(whereSeparator: \.isWhitespace)
    }
    return words(first) == words(second)
  }

  /// ``blockers`` as the file holds them: absent when there are none.
  var storedBlockers: TextList? {
    get { blockers.isEmpty ? nil : TextList(blockers) }
    set { blockers = newValue?.texts ?? [] }
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension WrittenUpdate: StoredModel {
  public static let blank = WrittenUpdate(
    attendee: .blank, day: CalendarDay(daysSince1970: 0),
    written: Date(timeIntervalSinceReferenceDate: 0))

  public static func describe<Schema: ModelSchema<WrittenUpdate>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("attendee", \.attendee, .value(describe: \.uuidString))
    try schema.optional(
      "blockers", \.storedBlockers,
      .value { $0.texts.map(SyncUpMerger.excerpt).joined(separator: ", ") })
    try schema.field("day", \.day, .value(describe: \.text))
    try schema.optional("done", \.done, .value(describe: SyncUpMerger.excerpt))
    try schema.optional("next", \.next, .value(describe: SyncUpMerger.excerpt))
    try schema.field("written", \.written, .value(describe: DateText.iso8601))
  }
}

extension SyncUp {
  /// `attendee`'s update for `day`, if they wrote one.
  public func update(of attendee: Attendee.ID, for day: CalendarDay) -> WrittenUpdate? {
    updates[id: WrittenUpdate.id(of: attendee, for: day)]
  }

  /// What a meeting on `day` shows of `attendee`: their update for `day`, else the newest
  /// one for an earlier day written since the sync-up's last meeting (the update written the
  /// evening before, or for a day the team did not meet); with no meeting held yet, the
  /// newest for an earlier day. Updates for later days are not shown before their day.
  public func updateSinceLastMeeting(
    of attendee: Attendee.ID, for day: CalendarDay
  ) -> WrittenUpdate? {
    update(of: attendee, for: day, since: meetings.first?.date)
  }

  /// `attendee`'s update for `day`, else the newest for an earlier day written after
  /// `lastMeeting` (any, when nil): ``updateSinceLastMeeting(of:for:)`` with the last meeting
  /// given, as a meeting under way knows the one before it.
  public func update(
    of attendee: Attendee.ID, for day: CalendarDay, since lastMeeting: Date?
  ) -> WrittenUpdate? {
    if let update = update(of: attendee, for: day) { return update }
    return updates.filter { update in
      update.attendee == attendee && update.day < day
        && lastMeeting.map { update.written > $0 } ?? true
    }.max { ($0.day, $0.written) < ($1.day, $1.written) }
  }

  /// The open blocker item `owner` owns that says `text` (``WrittenUpdate/sameBlocker(_:_:)``):
  /// a blocker written again in an update is that item, still open, rather than a new one.
  public func openBlocker(of owner: Attendee.ID, saying text: String) -> Item? {
    items.first {
      $0.kind == .blocker && $0.owner == owner && $0.resolved == nil
        && WrittenUpdate.sameBlocker($0.text, text)
    }
  }

  /// The updates for `day`, in the order of the attendees they are from (those from attendees
  /// since removed last, in the order written).
  public func updates(for day: CalendarDay) -> [WrittenUpdate] {
    let written = updates.filter { $0.day == day }
    let order = Dictionary(
      attendees.ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    return written.enumerated().sorted {
      (order[$0.element.attendee] ?? Int.max, $0.offset)
        < (order[$1.element.attendee] ?? Int.max, $1.offset)
    }.map(\.element)
  }
}
