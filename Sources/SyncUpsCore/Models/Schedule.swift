#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// When a sync-up meets: its ``rule`` counted from its first day (``from``), in its own time
/// zone (``zone``), less the days skipped (``skips``) and with the meetings moved (``moves``).
/// Only the rule is kept; every meeting is worked out from it.
///
/// ```swift
/// let schedule = Schedule(
///   rule: try ScheduleRule(parsing: "weekdays 09:30"), zone: "Europe/Berlin",
///   from: CalendarDay("2026-11-30")!)
/// schedule.occurrences(after: now, count: 5)            // the next five meetings
/// schedule.occurrences(from: start, to: end)           // the meetings in a range
/// schedule.rruleText                                   // "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
/// schedule.zone                                        // "Europe/Berlin", its identifier
/// schedule.skip(on: day)                               // a day skipped, and why
/// schedule.move(of: day)                               // a meeting moved, and to when
/// ```
///
/// What a calendar file needs of it: ``firstDay`` and ``meetingStart(on:in:)`` for `DTSTART`
/// (the first meeting, whose day the rule always names), ``rruleText`` for `RRULE` (`UNTIL` in
/// UTC), ``skips`` for `EXDATE` (each ``ScheduleSkip/date`` at the rule's time), ``moves`` for
/// the overriding events (`RECURRENCE-ID` the rule's start on ``ScheduleMove/date``, `DTSTART`
/// ``ScheduleMove/to``), ``revision`` for `SEQUENCE`, and ``zoneRules`` and
/// ``ZoneRules/transitions(from:to:)`` for `VTIMEZONE`. Its meetings, skipped ones left out,
/// are ``occurrences(after:count:includingSkipped:)``'s, which `next --count N` lists.
///
/// A meeting keeps its wall-clock time in its zone across daylight saving time changes: a
/// time the clocks skip that day is moved forward by the gap (02:30 is 03:30 where clocks go
/// from 02:00 to 03:00), and a time they show twice is the first of the two.
///
/// Stored as the sync-up's optional `schedule` key:
/// `{"from": "2026-11-30", "revision": 1, "rule": "FREQ=WEEKLY;BYDAY=MO at 09:30",
/// "zone": "Europe/Berlin"}`, plus `skips` (`[{"date": …, "reason": …}]`), `moves`
/// (`[{"date": …, "to": …}]`) and `changed` when it has them. A merge takes the rule, the
/// zone and the first day as fields (the change made later wins) and skips and moves as sets;
/// ``revision`` rises with every change, and a calendar file numbers its versions by it
/// (`SEQUENCE`).
public struct Schedule: Codable, Equatable, Hashable, Sendable {
  /// How often, on which days and at which time it meets.
  public var rule: ScheduleRule
  /// The IANA identifier of its time zone (`Europe/Berlin`), in which ``rule``'s days and
  /// time are counted.
  public var zone: String
  /// The first day it may meet on, from which the rule's weeks, months and count are counted.
  public var from: CalendarDay
  /// The days it does not meet, by their day in ``zone``; one a day.
  public var skips: [ScheduleSkip] = []
  /// The meetings held at another time, by the day the rule gives them; one a day.
  public var moves: [ScheduleMove] = []
  /// How many times the schedule was changed: raised by every change (``bumpRevision()``),
  /// and by a merge of changes made on both sides.
  public var revision: Int = 0
  /// When its rule, zone and first day were last changed (``ChangeTimes``).
  public var changed = ChangeTimes()
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON] = [:]

  public init(
    rule: ScheduleRule, zone: String, from: CalendarDay, skips: [ScheduleSkip] = [],
    moves: [ScheduleMove] = [], revision: Int = 0
  ) {
    self.rule = rule
    self.zone = zone
    self.from = from
    self.skips = skips
    self.moves = moves
    self.revision = revision
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }

  /// Raises ``revision``: what every change of the schedule does.
  public mutating func bumpRevision() {
    revision += 1
  }
}

/// A day a schedule does not meet, and why.
public struct ScheduleSkip: Codable, Hashable, Sendable, ScheduleException {
  /// The day the rule would have it meet, in the schedule's zone.
  public var date: CalendarDay
  /// Why, in the user's words.
  public var reason: String?
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON] = [:]

  public init(date: CalendarDay, reason: String? = nil) {
    self.date = date
    self.reason = reason
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }

  /// Of two skips of one day, the one with a reason, else the first reason in byte order.
  public static func prefers(_ one: ScheduleSkip, over other: ScheduleSkip) -> Bool {
    switch (one.reason, other.reason) {
    case (let one?, let other?): one.utf8.lexicographicallyPrecedes(other.utf8)
    case (.some, nil): true
    default: false
    }
  }
}

/// A meeting held at another time than the rule's.
public struct ScheduleMove: Codable, Hashable, Sendable, ScheduleException {
  /// The day the rule gives the meeting, in the schedule's zone.
  public var date: CalendarDay
  /// When it is held instead.
  public var to: Date
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON] = [:]

  public init(date: CalendarDay, to: Date) {
    self.date = date
    self.to = to
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }

  /// Of two moves of one meeting, the earlier.
  public static func prefers(_ one: ScheduleMove, over other: ScheduleMove) -> Bool {
    one.to < other.to
  }
}

/// A skip or a move: one of a schedule's exceptions to its rule, for a day.
public protocol ScheduleException: StoredModel, Hashable {
  /// The day the rule names that it changes.
  var date: CalendarDay { get }
  /// Which of two for the same day is kept (so that two clones that merge keep the same).
  static func prefers(_ one: Self, over other: Self) -> Bool
}

extension FieldRule {
  /// A schedule's skips or moves, merged as a set (what either side added is kept, what either
  /// side removed is gone) and then kept one a day, in day order: when both sides changed the
  /// same day differently, the one ``ScheduleException/prefers(_:over:)`` picks, the same on
  /// every clone.
  static func exceptions<Element: ScheduleException>() -> Self where Value == [Element] {
    guard case .set(let union) = FieldRule<[Element]>.set.merge else { return .set }
    return Self(merge: .set { base, ours, theirs in
      Element.oneADay(union(base, ours, theirs))
    })
  }
}

extension ScheduleException {
  /// `exceptions` in day order, one a day (that which ``prefers(_:over:)`` picks).
  static func oneADay(_ exceptions: [Self]) -> [Self] {
    var kept: [CalendarDay: Self] = [:]
    for exception in exceptions {
      if let other = kept[exception.date], !prefers(exception, over: other) { continue }
      kept[exception.date] = exception
    }
    return kept.values.sorted { $0.date < $1.date }
  }
}

extension Schedule: StoredModel {
  public static let blank = Schedule(
    rule: ScheduleRule(frequency: .daily, time: TimeOfDay(hour: 0, minute: 0)), zone: "",
    from: CalendarDay(daysSince1970: 0))

  public static func describe<Schema: ModelSchema<Schedule>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.optional("changed", \.changed.unlessEmpty, .stamps)
    try schema.field("from", \.from, .value(describe: \.longText).labelled("first day"))
    try schema.list("moves", \.moves, .exceptions())
    try schema.field("revision", \.revision, .revision)
    try schema.field("rule", \.rule, .value(describe: { SyncUpsMerge.quoted($0.text) }))
    try schema.list("skips", \.skips, .exceptions())
    try schema.field("zone", \.zone, .value(describe: { $0 }))
  }
}

extension FieldRule where Value == Int {
  /// A schedule's revision: the higher side's, raised once more when both sides changed it,
  /// since the merge is then a version neither had.
  static var revision: Self {
    Self(merge: .set { base, ours, theirs in
      max(ours, theirs) + (base.map { ours != $0 && theirs != $0 } ?? false ? 1 : 0)
    })
  }
}

extension ScheduleSkip: StoredModel {
  public static let blank = ScheduleSkip(date: CalendarDay(daysSince1970: 0))

  public static func describe<Schema: ModelSchema<ScheduleSkip>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("date", \.date, .value(describe: \.longText))
    try schema.optional("reason", \.reason, .value(describe: SyncUpsMerge.quoted))
  }
}

extension ScheduleMove: StoredModel {
  public static let blank = ScheduleMove(
    date: CalendarDay(daysSince1970: 0), to: Date(timeIntervalSince1970: 0))

  public static func describe<Schema: ModelSchema<ScheduleMove>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("date", \.date, .value(describe: \.longText))
    try schema.field("to", \.to, .value(describe: DateText.iso8601))
  }
}

/// A schedule held in a sync-up, merged field by field.
extension Schedule: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Schedule {
    try reader.readObject(Schedule.self)
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeObject(self)
  }
}

// MARK: - Meetings

/// One meeting of a schedule: the day the rule gives it, when it starts, and whether it was
/// skipped or moved.
public struct ScheduleOccurrence: Hashable, Sendable {
  /// The day the rule gives it, in the schedule's zone: what skips and moves name, and a
  /// calendar file's `RECURRENCE-ID`.
  public var day: CalendarDay
  /// When the rule has it start.
  public var planned: Date
  /// When it starts: ``planned``, or when it was moved to.
  public var start: Date
  /// The skip of its day, when it is skipped.
  public var skip: ScheduleSkip?

  public init(day: CalendarDay, planned: Date, start: Date, skip: ScheduleSkip? = nil) {
    self.day = day
    self.planned = planned
    self.start = start
    self.skip = skip
  }

  public var isSkipped: Bool { skip != nil }
  public var isMoved: Bool { start != planned }
}

extension Schedule {
  /// The rules of the zone ``zone`` names; UTC's when this system does not know it
  /// (``hasKnownZone``).
  public var zoneRules: ZoneRules { ZoneRules.named(zone) ?? .utc }

  /// Whether this system knows ``zone``.
  public var hasKnownZone: Bool { ZoneRules.named(zone) != nil }

  /// The calendar of ``zone``, which the rule's days and time are counted in.
  public var calendar: LocalCalendar { LocalCalendar(zone: zoneRules) }

  /// The skip of `day`, if it is skipped.
  public func skip(on day: CalendarDay) -> ScheduleSkip? {
    skips.first { $0.date == day }
  }

  /// The move of the meeting the rule gives `day`, if it was moved.
  public func move(of day: CalendarDay) -> ScheduleMove? {
    moves.first { $0.date == day }
  }

  /// Skips `day` (replacing an earlier skip of it) and raises the revision.
  public mutating func addSkip(_ skip: ScheduleSkip) {
    skips = ScheduleSkip.oneADay(skips.filter { $0.date != skip.date } + [skip])
    bumpRevision()
  }

  /// Moves the meeting of `move.date` (replacing an earlier move of it) and raises the
  /// revision.
  public mutating func addMove(_ move: ScheduleMove) {
    moves = ScheduleMove.oneADay(moves.filter { $0.date != move.date } + [move])
    bumpRevision()
  }

  /// The rule as a calendar file's `RRULE` (whose `DTSTART` has ``zone``): as
  /// ``ScheduleRule/rruleText``, but `UNTIL` the UTC moment of the last day's meeting
  /// (`UNTIL=20261231T083000Z`), as RFC 5545 asks of a rule whose start has a zone.
  public var rruleText: String {
    guard let until = rule.until else { return rule.rruleText }
    let fields = UTCSeconds.fields(
      of: LocalCalendar.wholeSeconds(meetingStart(on: until)))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(repeating: "0", count: max(0, 4 - String(fields.year).count))
      + String(fields.year)
    return rule.rrule(
      until: "\(year)\(two(fields.month))\(two(fields.day))T"
        + "\(two(fields.hour))\(two(fields.minute))\(two(fields.second))Z")
  }

  /// When the rule's meeting on `day` starts, in ``zone``: at the rule's time, moved forward by
  /// a gap the clocks skip, the first of a time they show twice.
  public func meetingStart(on day: CalendarDay, in calendar: LocalCalendar? = nil) -> Date {
    (calendar ?? self.calendar).date(
      on: day, hour: rule.time.hour, minute: rule.time.minute, repeated: .earlier)
  }

  /// Whether the rule gives a meeting on `day`, its ``ScheduleRule/count`` included.
  public func names(_ day: CalendarDay) -> Bool {
    guard rule.names(day, from: from) else { return false }
    guard let count = rule.count else { return true }
    var held = 0
    var candidate = from
    while candidate < day, held < count {
      if rule.names(candidate, from: from) { held += 1 }
      candidate = candidate.adding(days: 1)
    }
    return held < count
  }

  /// The first day the rule gives a meeting, nil when it gives none within ten years of
  /// ``from``: a calendar file's `DTSTART`.
  public var firstDay: CalendarDay? {
    var first: CalendarDay?
    ruleDays(from: from, through: from.adding(days: Self.horizon)) { day in
      first = day
      return false
    }
    return first
  }

  /// How far ahead a search for meetings looks: ten years of days.
  static let horizon = 3653

  /// The meetings that start from `start` up to but not including `end`, in start order: the
  /// rule's, at their moved time when moved; skipped ones only when `includingSkipped`.
  public func occurrences(
    from start: Date, to end: Date, includingSkipped: Bool = false
  ) -> [ScheduleOccurrence] {
    guard start < end else { return [] }
    let calendar = self.calendar
    let first = calendar.day(of: start).adding(days: -1)
    let last = calendar.day(of: end).adding(days: 1)
    let found = ruleDays(from: first, through: last).compactMap {
      occurrence(on: $0, in: calendar, includingSkipped: includingSkipped)
    }
    return sorted(found + movedHere(from: first, through: last, in: calendar, includingSkipped))
      .filter { start <= $0.start && $0.start < end }
  }

  /// The next `count` meetings that start at `instant` or after it, in start order, within ten
  /// years of it (or of ``from``, when that is later); skipped ones only when
  /// `includingSkipped`.
  public func occurrences(
    after instant: Date, count: Int, includingSkipped: Bool = false
  ) -> [ScheduleOccurrence] {
    guard count > 0 else { return [] }
    let calendar = self.calendar
    let first = calendar.day(of: instant).adding(days: -1)
    var found: [ScheduleOccurrence] = []
    ruleDays(from: first, through: max(first, from).adding(days: Self.horizon)) { day in
      guard let occurrence = occurrence(on: day, in: calendar, includingSkipped: includingSkipped),
        occurrence.isMoved || occurrence.start >= instant
      else { return true }
      if !occurrence.isMoved { found.append(occurrence) }
      return found.count < count
    }
    let moved = moves.compactMap { move -> ScheduleOccurrence? in
      guard move.to >= instant, names(move.date) else { return nil }
      return occurrence(on: move.date, in: calendar, includingSkipped: includingSkipped)
    }
    return Array(sorted(found + moved).prefix(count))
  }

  /// How far from a meeting's start a meeting held may begin and still be the one held for
  /// it: two hours, either side.
  public static let punctualityWindow: TimeInterval = 2 * 60 * 60

  /// The meeting starting nearest `instant`, at most ``punctualityWindow`` before or after
  /// it: a moved one at its new time, a skipped one never; of two as near, the earlier. What
  /// a meeting begun at `instant` records as ``Meeting/scheduled``.
  public func occurrence(nearest instant: Date) -> ScheduleOccurrence? {
    let window = Self.punctualityWindow
    return occurrences(from: instant - window, to: instant + window + 1)
      .filter { abs($0.start.timeIntervalSince(instant)) <= window }
      .min { abs($0.start.timeIntervalSince(instant)) < abs($1.start.timeIntervalSince(instant)) }
  }

  /// The meeting the rule gives `day` (which it must name), moved or skipped; nil when skipped
  /// and not `includingSkipped`.
  private func occurrence(
    on day: CalendarDay, in calendar: LocalCalendar, includingSkipped: Bool
  ) -> ScheduleOccurrence? {
    let skip = skip(on: day)
    guard skip == nil || includingSkipped else { return nil }
    let planned = meetingStart(on: day, in: calendar)
    return ScheduleOccurrence(
      day: day, planned: planned, start: move(of: day)?.to ?? planned, skip: skip)
  }

  /// The moved meetings whose rule day lies outside `first`…`last` (those inside are found
  /// with the rule's).
  private func movedHere(
    from first: CalendarDay, through last: CalendarDay, in calendar: LocalCalendar,
    _ includingSkipped: Bool
  ) -> [ScheduleOccurrence] {
    moves.compactMap { move in
      guard move.date < first || last < move.date, names(move.date) else { return nil }
      return occurrence(on: move.date, in: calendar, includingSkipped: includingSkipped)
    }
  }

  private func sorted(_ occurrences: [ScheduleOccurrence]) -> [ScheduleOccurrence] {
    occurrences.sorted { ($0.start, $0.day) < ($1.start, $1.day) }
  }

  /// The days from `first` through `last` the rule gives meetings, its count included.
  func ruleDays(from first: CalendarDay, through last: CalendarDay) -> [CalendarDay] {
    var days: [CalendarDay] = []
    ruleDays(from: first, through: last) {
      days.append($0)
      return true
    }
    return days
  }

  /// Hands `body` the days from `first` through `last` the rule gives meetings, in order,
  /// until it returns false. With a count, the days are counted from ``from``.
  private func ruleDays(
    from first: CalendarDay, through last: CalendarDay, _ body: (CalendarDay) -> Bool
  ) {
    let end = rule.until.map { min($0, last) } ?? last
    var day = rule.count == nil ? max(first, from) : from
    var held = 0
    while day <= end {
      if rule.names(day, from: from) {
        held += 1
        if let count = rule.count, held > count { return }
        if day >= first, !body(day) { return }
      }
      day = day.adding(days: 1)
    }
  }
}

// MARK: - Local times elsewhere

/// A change of the local time at which someone in another zone attends a schedule's meeting:
/// from ``day`` on, ``after`` where it was ``before`` (a daylight saving change in one zone and
/// not the other).
public struct LocalTimeChange: Hashable, Sendable {
  /// The day, in the schedule's zone, of the first meeting at the new time.
  public var day: CalendarDay
  /// The local time of the meetings before.
  public var before: TimeOfDay
  /// The local time from ``day`` on.
  public var after: TimeOfDay
}

extension Schedule {
  /// The local times in `calendar` (another zone's) of the meetings from `start` to `end`, as
  /// they change: one change for each meeting whose local time there differs from the one
  /// before (skipped and moved meetings left out).
  ///
  /// ```swift
  /// // Weekdays 11:00 in Berlin, seen from Kolkata, from 1 to 31 March 2026:
  /// schedule.localTimeChanges(in: kolkata, from: march1, to: march31)
  /// // [LocalTimeChange(day: 2026-03-30, before: 15:30, after: 14:30)]
  /// ```
  public func localTimeChanges(
    in calendar: LocalCalendar, from start: Date, to end: Date
  ) -> [LocalTimeChange] {
    var changes: [LocalTimeChange] = []
    var previous: TimeOfDay?
    for occurrence in occurrences(from: start, to: end) where !occurrence.isMoved {
      let fields = calendar.fields(of: occurrence.start)
      let time = TimeOfDay(hour: fields.hour, minute: fields.minute)
      if let previous, previous != time {
        changes.append(LocalTimeChange(day: occurrence.day, before: previous, after: time))
      }
      previous = time
    }
    return changes
  }
}
