#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// How a schedule and its meetings are shown: to people, and as JSON.
@MainActor
enum ScheduleText {
  /// How many meetings `schedule set` and `schedule show` list.
  static let upcoming = 5

  /// The schedule and its next meetings, with the warnings of attendees' local times that
  /// change:
  ///
  /// ```text
  /// Rule      every 2 weeks on tue,thu 15:00
  /// Zone      Europe/Berlin
  /// From      Mon 30 Nov 2026
  /// Skipped   Thu 24 Dec 2026 (holiday)
  /// Moved     Tue 1 Dec 2026 to Wed 2 Dec 2026, 15:00
  /// Next      Tue 1 Dec 2026, 15:00 CET (09:00 your time)
  ///           Thu 3 Dec 2026, 15:00 CET (09:00 your time)
  /// ```
  static func render(_ syncUp: SyncUp, now: Date, in context: CommandContext) -> String {
    guard let schedule = syncUp.schedule else { return "" }
    let zone = schedule.calendar
    var rows: [(String, String)] = [
      ("Rule", schedule.rule.text), ("Zone", schedule.zone), ("From", schedule.from.longText),
    ]
    for skip in schedule.skips where skip.date >= zone.day(of: now) {
      rows.append(("Skipped", skip.date.longText + (skip.reason.map { " (\(sanitize($0)))" } ?? "")))
    }
    for move in schedule.moves where move.to >= now || move.date >= zone.day(of: now) {
      rows.append(
        ("Moved", "\(move.date.longText) to \(DateText.meeting(move.to, utcOffset: zone.utcOffset(move.to)))"))
    }
    let next = schedule.occurrences(after: now, count: upcoming)
    if next.isEmpty { rows.append(("Next", "no more meetings")) }
    for (index, occurrence) in next.enumerated() {
      rows.append((index == 0 ? "Next" : "", when(occurrence.start, of: schedule)))
    }
    let width = rows.map { $0.0.count }.max() ?? 0
    var lines: [String] = []
    for (label, value) in rows {
      let padding = String(repeating: " ", count: width + 2 - label.count)
      lines.append(label + padding + value)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Tue 1 Dec 2026, 15:00 CET`, and the user's time when their clock differs:
  /// ` (09:00 your time)`.
  static func when(_ start: Date, of schedule: Schedule) -> String {
    let zone = schedule.zoneRules
    let offset = zone.offset(at: start)
    var text = DateText.meeting(start, utcOffset: offset) + " " + zone.abbreviation(at: start)
    let user = LocalCalendar.current
    if user.utcOffset(start) != offset {
      let fields = user.fields(of: start)
      text += " (\(TimeOfDay(hour: fields.hour, minute: fields.minute).text) your time)"
    }
    return text
  }

  /// How long until `start`, from `now`: `in 42 min`, `in 3 h 5 min`, `in 2 days`, `now`.
  static func until(_ start: Date, now: Date) -> String {
    let minutes = Int((start.timeIntervalSince(now) / 60).rounded(.up))
    switch minutes {
    case ...0: return "now"
    case ..<60: return "in \(minutes) min"
    case ..<(48 * 60): return "in \(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    default: return "in \(minutes / (24 * 60)) days"
    }
  }

  /// The warnings of the attendees whose local time of the meeting changes within the next 60
  /// days: `Ben: 15:30 → 14:30 IST from 30 Mar`.
  static func localTimeWarnings(_ syncUp: SyncUp, now: Date) -> [String] {
    guard let schedule = syncUp.schedule else { return [] }
    let end = now.addingTimeInterval(60 * 86_400)
    return syncUp.attendees.flatMap { attendee -> [String] in
      guard let name = attendee.zone, let zone = ZoneRules.named(name) else { return [] }
      let changes = schedule.localTimeChanges(in: LocalCalendar(zone: zone), from: now, to: end)
      return changes.map { change in
        let start = schedule.meetingStart(on: change.day)
        return "\(UserText.attendee(attendee)): \(change.before.text) → \(change.after.text) "
          + "\(zone.abbreviation(at: start)) from \(dayAndMonth(change.day))"
      }
    }
  }

  /// `30 Mar`.
  static func dayAndMonth(_ day: CalendarDay) -> String {
    String(DateText.day(day).drop { $0 != " " }.dropFirst())
  }

  /// The object `schedule … --json` prints: `syncUp` (its id), `title`, `schedule` (the
  /// stored schedule, or null), `rule` (the normal form), `rrule`, and `next`, the next five
  /// meetings (``occurrence(_:of:now:)``).
  static func object(_ syncUp: SyncUp, now: Date, in context: CommandContext) -> JSONOutput {
    guard let schedule = syncUp.schedule else {
      return .object([
        "syncUp": .string(syncUp.id.uuidString), "title": .string(syncUp.title),
        "schedule": .null,
      ])
    }
    let next = schedule.occurrences(after: now, count: upcoming)
    return .object([
      "syncUp": .string(syncUp.id.uuidString), "title": .string(syncUp.title),
      "schedule": .model(ShownModel(schedule)), "rule": .string(schedule.rule.text),
      "rrule": .string(schedule.rruleText),
      "next": .array(
        zip(next, syncUp.facilitatorsInTurn(at: next)).map {
          occurrence($0, of: syncUp, now: now, facilitator: $1)
        }),
    ])
  }

  /// A meeting as `next --json` prints it: `syncup` (the title), `id` (the sync-up's),
  /// `start` (ISO 8601 with the zone's offset), `day` (the day the rule gives it), `zone`,
  /// `in` (seconds from now), `facilitator` (its name; null without a rota, or when everyone
  /// on it is away), `away` (the names of those away that day), `skipped` and `moved`.
  static func occurrence(
    _ occurrence: ScheduleOccurrence, of syncUp: SyncUp, now: Date, facilitator: Attendee?
  ) -> JSONOutput {
    let schedule = syncUp.schedule!
    let offset = schedule.zoneRules.offset(at: occurrence.start)
    return .object([
      "syncup": .string(syncUp.title), "id": .string(syncUp.id.uuidString),
      "start": .string(DateText.iso8601(occurrence.start, utcOffset: offset)),
      "day": .string(occurrence.day.text), "zone": .string(schedule.zone),
      "in": .int(Int(occurrence.start.timeIntervalSince(now).rounded(.down))),
      "facilitator": facilitator.map { .string($0.name) } ?? .null,
      "away": .array(away(syncUp, at: occurrence.start).map { .string($0.name) }),
      "skipped": .bool(occurrence.isSkipped), "moved": .bool(occurrence.isMoved),
    ])
  }

  /// The attendees away on the day of a meeting that starts at `start`, in the meetings' zone.
  static func away(_ syncUp: SyncUp, at start: Date) -> [Attendee] {
    guard let schedule = syncUp.schedule else { return [] }
    let day = schedule.calendar.day(of: start)
    return syncUp.attendees.filter { $0.timeAway(on: day) != nil }
  }
}
