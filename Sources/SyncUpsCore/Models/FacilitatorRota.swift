#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who facilitates a sync-up's meetings, in turn: every attendee in list order (``rotate``,
/// so that a new attendee joins the rota), or the attendees listed, in that order
/// (``listed(_:)``).
///
/// ```swift
/// syncUp.facilitators = .rotate
/// syncUp.facilitator(after: syncUp.lastFacilitator, skipping: [])  // the next in turn
/// ```
///
/// Stored as the sync-up's optional `facilitators` key: `"rotate"`, or an array of attendee
/// ids (`["3F2A…", "41B7…"]`). Merged as one field: a rota changed on both sides keeps the
/// change made later.
public enum FacilitatorRota: StoredValue, Hashable {
  /// Every attendee, in list order.
  case rotate
  /// The attendees with these ids, in this order; ids of attendees removed since are passed
  /// over.
  case listed([UUID])

  /// The stored word of ``rotate``.
  public static let rotateWord = "rotate"

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let word = try? container.decode(String.self) {
      guard word == Self.rotateWord else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Facilitators '\(word)' are neither \"rotate\" nor a list of attendee ids")
      }
      self = .rotate
    } else {
      self = .listed(try container.decode([UUID].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .rotate: try container.encode(Self.rotateWord)
    case .listed(let ids): try container.encode(ids)
    }
  }

  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> FacilitatorRota {
    guard try reader.nextIsString() else {
      return .listed(
        try reader.readArray { (reader) throws(UnsupportedByFastReader) in try reader.readUUID() })
    }
    guard try reader.readString() == rotateWord else { throw UnsupportedByFastReader() }
    return .rotate
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    switch self {
    case .rotate: writer.writeString(Self.rotateWord)
    case .listed(let ids):
      try writer.writeArray(ids) { (writer, id) throws(UnsupportedByFastWriter) in
        writer.writeQuotedUUID(id)
      }
    }
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    switch self {
    case .rotate: sink.string(Self.rotateWord)
    case .listed(let ids):
      sink.beginArray()
      for id in ids { sink.uuid(id) }
      sink.endArray()
    }
  }
}

extension SyncUp {
  /// The attendees on the rota, in its order: every attendee for ``FacilitatorRota/rotate``,
  /// those listed who are attendees still for ``FacilitatorRota/listed(_:)``; none without a
  /// rota.
  public var rotaMembers: [Attendee] {
    switch facilitators {
    case nil: []
    case .rotate: attendees.elements
    case .listed(let ids): ids.compactMap { attendees[id: $0] }
    }
  }

  /// The id of the facilitator of the newest meeting that recorded one; nil when none did.
  public var lastFacilitator: Attendee.ID? {
    meetings.filter { $0.facilitator != nil }.max { $0.date < $1.date }?.facilitator?.attendee
  }

  /// The next facilitator on the rota after `last` (the previous meeting's), passing over
  /// those in `unavailable` (away that day, absent): the first member after `last`, round
  /// the rota, who is available. When `last` is nil or no longer on the rota (removed from
  /// the sync-up or from the rota since), the rota starts from its first member. Nil without
  /// a rota, with nobody on it, or when every member is unavailable.
  public func facilitator(
    after last: Attendee.ID?, skipping unavailable: Set<Attendee.ID>
  ) -> Attendee? {
    let members = rotaMembers
    guard !members.isEmpty else { return nil }
    let start = last.flatMap { last in members.firstIndex { $0.id == last } }.map { $0 + 1 } ?? 0
    for offset in members.indices {
      let member = members[(start + offset) % members.count]
      if !unavailable.contains(member.id) { return member }
    }
    return nil
  }

  /// The attendees away on `day` (their time away includes it).
  public func awayIDs(on day: CalendarDay) -> Set<Attendee.ID> {
    Set(attendees.filter { $0.timeAway(on: day) != nil }.map(\.id))
  }

  /// The facilitators of meetings on `days`, in order, each after the one before: the first
  /// after ``lastFacilitator``, each later one as though the earlier meetings were held with
  /// theirs. A meeting whose members are all away has none (nil) and does not move the rota.
  public func facilitatorsInTurn(on days: [CalendarDay]) -> [Attendee?] {
    var last = lastFacilitator
    return days.map { day in
      let facilitator = facilitator(after: last, skipping: awayIDs(on: day))
      if let facilitator { last = facilitator.id }
      return facilitator
    }
  }

  /// The facilitators of `occurrences`, meetings of its schedule in order, as
  /// ``facilitatorsInTurn(on:)`` gives them for the days they start on in the meetings' zone; all
  /// nil without a schedule or a rota.
  public func facilitatorsInTurn(at occurrences: [ScheduleOccurrence]) -> [Attendee?] {
    guard let schedule, facilitators != nil else { return occurrences.map { _ in nil } }
    let calendar = schedule.calendar
    return facilitatorsInTurn(on: occurrences.map { calendar.day(of: $0.start) })
  }

  /// `Ana, Ben, Cy (rotating)`: the names of the rota's members in order; `nobody` when none
  /// has a name. Nil without a rota.
  public var rotaText: String? {
    guard facilitators != nil else { return nil }
    let names = rotaMembers.map(\.name).filter { !$0.isEmpty }
    return names.isEmpty ? "nobody" : names.joined(separator: ", ") + " (rotating)"
  }
}

extension SyncUp {
  /// The facilitator of its next meeting: of the schedule's next one from `now` (counted on
  /// its day in the meetings' zone), else of one held `today`. Nil without a rota or when
  /// everyone on it is away.
  public func nextFacilitator(now: Date, today: CalendarDay) -> Attendee? {
    guard facilitators != nil else { return nil }
    let day = schedule.flatMap { schedule in
      schedule.occurrences(after: now, count: 1).first.map { schedule.calendar.day(of: $0.start) }
    }
    return facilitatorsInTurn(on: [day ?? today])[0]
  }
}
