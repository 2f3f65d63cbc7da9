#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone as a calendar file's `VTIMEZONE` describes it over a range of time: the local
/// time it keeps at the start, then each change of it (``ZoneRules/transitions(from:to:)``),
/// each an observance, `DAYLIGHT` for daylight saving time and `STANDARD` otherwise, whose
/// `DTSTART` is the wall-clock time the change happens at, read on the clock before it, as
/// RFC 5545 has it.
///
/// ```swift
/// let berlin = ICalendarTimeZone(zone: ZoneRules.named("Europe/Berlin")!, from: start, to: end)
/// berlin.write(to: &calendar)
/// // BEGIN:VTIMEZONE TZID:Europe/Berlin BEGIN:STANDARD … BEGIN:DAYLIGHT
/// // DTSTART:20270328T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0200 TZNAME:CEST …
/// ```
public struct ICalendarTimeZone: Equatable, Sendable {
  /// The zone's name, the `TZID` events refer to it by: `Europe/Berlin`.
  public var identifier: String
  /// The first moment of the range.
  public var start: Date
  /// The local time the zone keeps at ``start``.
  public var initial: ZoneRules.LocalTime
  /// The changes within the range, oldest first.
  public var transitions: [ZoneRules.Transition]

  /// `zone` over the moments from `from` up to `to`.
  public init(zone: ZoneRules, from: Date, to: Date) {
    identifier = zone.identifier
    start = from
    initial = zone.localTime(at: from)
    transitions = zone.transitions(from: from, to: to)
  }

  /// Writes the `VTIMEZONE` component: an observance of the local time at the start of the
  /// range, from then, and one for each change.
  public func write(to calendar: inout ICalendarWriter) {
    calendar.begin("VTIMEZONE")
    calendar.property("TZID", identifier)
    writeObservance(at: start, from: initial, to: initial, to: &calendar)
    for transition in transitions {
      writeObservance(at: transition.moment, from: transition.before, to: transition.after, to: &calendar)
    }
    calendar.end("VTIMEZONE")
  }

  private func writeObservance(
    at moment: Date, from: ZoneRules.LocalTime, to: ZoneRules.LocalTime,
    to calendar: inout ICalendarWriter
  ) {
    let kind = to.isDaylightSaving ? "DAYLIGHT" : "STANDARD"
    calendar.begin(kind)
    calendar.property(
      "DTSTART",
      ICalendarWriter.localDateTime(
        UTCSeconds.fields(of: LocalCalendar.wholeSeconds(moment) + from.offset)))
    calendar.property("TZOFFSETFROM", ICalendarWriter.utcOffset(from.offset))
    calendar.property("TZOFFSETTO", ICalendarWriter.utcOffset(to.offset))
    calendar.text("TZNAME", to.abbreviation)
    calendar.end(kind)
  }
}
