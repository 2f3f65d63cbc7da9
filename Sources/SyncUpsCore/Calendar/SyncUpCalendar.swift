#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Scheduled sync-ups as an RFC 5545 calendar file, for `syncups calendar`: a `VTIMEZONE` for
/// each zone the schedules use, then for each sync-up one recurring `VEVENT` and an override
/// `VEVENT` for each meeting moved.
///
/// ```swift
/// let text = SyncUpCalendar.text(of: [engineering, design])
/// // BEGIN:VCALENDAR … BEGIN:VEVENT UID:5e6b1a52-…@syncups …
/// ```
///
/// The file holds nothing that changes between two writes of the same sync-ups: an event's
/// `UID` is its sync-up's id (``uid(of:)``), its `SEQUENCE` the schedule's revision, which
/// every change raises, and its `DTSTAMP` when the schedule's rule, zone or first day last
/// changed (1970-01-01 when that was not recorded). Each `VEVENT` carries:
/// - `DTSTART;TZID=` the first meeting on the rule's wall-clock time in the schedule's zone,
///   `DURATION` the sync-up's length, and `RRULE` the rule (``Schedule/rruleText``);
/// - `EXDATE;TZID=` the meetings skipped, and an override with `RECURRENCE-ID` for each moved
///   one (a skipped day's move is not written: the meeting is not held);
/// - `SUMMARY` the title and `DESCRIPTION` the attendees (and the facilitator rota).
///
/// Each zone's `VTIMEZONE` holds its offsets from a day before the first meeting of the
/// schedules using it to the last (ten years after the first when a rule has no end), the
/// range ``Schedule`` looks for meetings in.
public enum SyncUpCalendar {
  /// `PRODID`: who wrote the file.
  public static let productID = "-//syncups//syncups//EN"

  /// The `UID` of `syncUpID`'s events: its id in lower case `@syncups`, the same for ever.
  public static func uid(of syncUpID: UUID) -> String {
    syncUpID.uuidString.lowercased() + "@syncups"
  }

  /// The calendar of the scheduled sync-ups among `syncUps`, in their order; `description`
  /// gives the lines of an event's `DESCRIPTION` (its attendees by default).
  public static func text(
    of syncUps: [SyncUp], description: (SyncUp) -> [String] = attendeeLines
  ) -> String {
    let scheduled = syncUps.compactMap { syncUp in
      syncUp.schedule.flatMap { schedule in
        schedule.firstDay.map { (syncUp, schedule, $0) }
      }
    }
    var calendar = ICalendarWriter()
    calendar.begin("VCALENDAR")
    calendar.property("VERSION", "2.0")
    calendar.property("PRODID", productID)
    calendar.property("CALSCALE", "GREGORIAN")
    var ranges: [String: (from: Date, to: Date, zone: ZoneRules)] = [:]
    for (_, schedule, first) in scheduled {
      let start = schedule.meetingStart(on: first).addingTimeInterval(-86_400)
      let end = schedule.meetingStart(on: lastDay(of: schedule, first: first))
        .addingTimeInterval(86_400)
      let known = ranges[schedule.zone]
      ranges[schedule.zone] = (
        min(known?.from ?? start, start), max(known?.to ?? end, end), schedule.zoneRules
      )
    }
    for name in ranges.keys.sorted() {
      let range = ranges[name]!
      ICalendarTimeZone(zone: range.zone, from: range.from, to: range.to).write(to: &calendar)
    }
    for (syncUp, schedule, first) in scheduled {
      writeEvents(
        of: syncUp, schedule: schedule, first: first, description: description(syncUp),
        to: &calendar)
    }
    calendar.end("VCALENDAR")
    return calendar.text
  }

  /// `Attendees: Ana, Ben`, and with a rota `Facilitators: Ana, Ben (rotating)`.
  public static func attendeeLines(_ syncUp: SyncUp) -> [String] {
    let names = syncUp.attendees.map(\.name).filter { !$0.isEmpty }
    return (names.isEmpty ? [] : ["Attendees: " + names.joined(separator: ", ")])
      + (syncUp.rotaText.map { ["Facilitators: " + $0] } ?? [])
  }

  /// The last day a meeting of `schedule` may fall on: its rule's end, else ten years after
  /// its first meeting.
  static func lastDay(of schedule: Schedule, first: CalendarDay) -> CalendarDay {
    let horizon = first.adding(days: 3653)
    if let until = schedule.rule.until { return min(until, horizon) }
    if let count = schedule.rule.count {
      return schedule.occurrences(
        after: schedule.meetingStart(on: first), count: count, includingSkipped: true
      ).last?.day ?? first
    }
    return horizon
  }

  private static func writeEvents(
    of syncUp: SyncUp, schedule: Schedule, first: CalendarDay, description: [String],
    to calendar: inout ICalendarWriter
  ) {
    let zone = [("TZID", schedule.zone)]
    let wallTime = { (day: CalendarDay) in
      var fields = day.fields
      fields.hour = schedule.rule.time.hour
      fields.minute = schedule.rule.time.minute
      return ICalendarWriter.localDateTime(fields)
    }
    func common() {
      calendar.property("UID", uid(of: syncUp.id))
      calendar.property("DTSTAMP", stamp(of: schedule))
      calendar.property("SEQUENCE", String(schedule.revision))
    }
    func details() {
      calendar.property("DURATION", duration(syncUp.duration))
      calendar.text("SUMMARY", syncUp.title)
      if !description.isEmpty {
        calendar.text("DESCRIPTION", description.joined(separator: "\n"))
      }
    }
    calendar.begin("VEVENT")
    common()
    calendar.property("DTSTART", parameters: zone, wallTime(first))
    calendar.property("RRULE", schedule.rruleText)
    let skipped = schedule.skips.map(\.date).filter { schedule.names($0) }
    if !skipped.isEmpty {
      calendar.property(
        "EXDATE", parameters: zone, skipped.map(wallTime).joined(separator: ","))
    }
    details()
    calendar.end("VEVENT")
    let zoneRules = schedule.zoneRules
    for move in schedule.moves where schedule.names(move.date) && schedule.skip(on: move.date) == nil {
      calendar.begin("VEVENT")
      common()
      calendar.property("RECURRENCE-ID", parameters: zone, wallTime(move.date))
      calendar.property(
        "DTSTART", parameters: zone,
        ICalendarWriter.localDateTime(
          UTCSeconds.fields(of: LocalCalendar.wholeSeconds(move.to) + zoneRules.offset(at: move.to))))
      details()
      calendar.end("VEVENT")
    }
  }

  /// `DTSTAMP`: the latest change of the schedule's rule, zone or first day.
  static func stamp(of schedule: Schedule) -> String {
    ICalendarWriter.utcDateTime(
      schedule.changed.times.values.max() ?? Date(timeIntervalSince1970: 0))
  }

  /// A length in seconds as a `DURATION`: `PT10M`, `PT1M30S`, `PT1H`.
  static func duration(_ length: Int) -> String {
    let seconds = max(0, length)
    guard seconds > 0 else { return "PT0S" }
    let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "")
      + (rest > 0 ? "\(rest)S" : "")
  }
}
