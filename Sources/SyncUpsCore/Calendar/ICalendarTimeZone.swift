#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone as a calendar file's `VTIMEZONE` describes it: the offsets from UTC it has over
/// a range of time and the moments they change, each change one `STANDARD` or `DAYLIGHT`
/// observance (`DAYLIGHT` when the clock goes forward) whose `DTSTART` is the wall-clock time
/// the change happens at, read on the clock before it, as RFC 5545 has it.
///
/// ```swift
/// let berlin = ICalendarTimeZone(
///   identifier: "Europe/Berlin", utcOffset: zone.utcOffset,
///   from: start, to: start.addingTimeInterval(86_400 * 365))
/// berlin.changes.first  // 2027-03-28 01:00 UTC: +0100 → +0200
/// berlin.write(to: &calendar)
/// ```
///
/// The changes are found from the zone's offset alone: it is looked at once a day over the
/// range, and a change between two looks is narrowed down to the second. A zone that changes
/// twice within one day would show one change; no zone has done so in this century.
public struct ICalendarTimeZone: Equatable, Sendable {
  /// One moment the zone's offset changes.
  public struct Change: Equatable, Sendable {
    /// The first moment of the new offset.
    public var moment: Int
    /// The offset before and after, in seconds east of UTC.
    public var from: Int
    public var to: Int
  }

  /// The zone's name, the `TZID` events refer to it by: `Europe/Berlin`.
  public var identifier: String
  /// The offset in force at the start of the range, in seconds east of UTC.
  public var initialOffset: Int
  /// The changes within the range, oldest first.
  public var changes: [Change]
  /// The first moment of the range, in seconds since 1970.
  public var start: Int

  /// The zone `identifier` whose offset from UTC at each moment is `utcOffset`, over the
  /// moments from `from` to `to`.
  public init(
    identifier: String, utcOffset: (Date) -> Int, from: Date, to: Date
  ) {
    func offset(_ second: Int) -> Int { utcOffset(Date(timeIntervalSince1970: Double(second))) }
    self.identifier = identifier
    let first = Int(from.timeIntervalSince1970.rounded(.down))
    let last = Int(to.timeIntervalSince1970.rounded(.up))
    start = first
    initialOffset = offset(first)
    changes = []
    var before = first, beforeOffset = initialOffset
    while before < last {
      let after = min(before + 86_400, last)
      let afterOffset = offset(after)
      if afterOffset != beforeOffset {
        // The offset at `low` is the old one, at `high` the new one.
        var low = before, high = after
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if offset(middle) == beforeOffset { low = middle } else { high = middle }
        }
        changes.append(Change(moment: high, from: beforeOffset, to: afterOffset))
      }
      before = after
      beforeOffset = afterOffset
    }
  }

  /// Writes the `VTIMEZONE` component: an observance for the offset at the start of the range
  /// (from the range's start, when the zone has no change in it), then one for each change.
  public func write(to calendar: inout ICalendarWriter) {
    calendar.begin("VTIMEZONE")
    calendar.property("TZID", identifier)
    writeObservance(
      at: start, from: initialOffset, to: initialOffset,
      isDaylight: changes.first.map { initialOffset > $0.to } ?? false, to: &calendar)
    for change in changes {
      writeObservance(
        at: change.moment, from: change.from, to: change.to, isDaylight: change.to > change.from,
        to: &calendar)
    }
    calendar.end("VTIMEZONE")
  }

  private func writeObservance(
    at moment: Int, from: Int, to: Int, isDaylight: Bool, to calendar: inout ICalendarWriter
  ) {
    let kind = isDaylight ? "DAYLIGHT" : "STANDARD"
    calendar.begin(kind)
    calendar.property(
      "DTSTART", ICalendarWriter.localDateTime(UTCSeconds.fields(of: moment + from)))
    calendar.property("TZOFFSETFROM", ICalendarWriter.utcOffset(from))
    calendar.property("TZOFFSETTO", ICalendarWriter.utcOffset(to))
    calendar.end(kind)
  }
}
