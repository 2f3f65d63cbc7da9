#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension CommandContext {
  /// How long an item opened at a date has been open, in working days: the days of the
  /// `workdays` setting from the local date it was opened to the `date` dependency's today,
  /// in the time zone `TZ` names (the system's when it is unset or not a zone's name).
  func itemAge() -> (Date) -> Int {
    @Dependency(\.date.now) var now
    @SharedReader(.workingDays) var workingDays
    let days = workingDays
    let timeZone = environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
    return { days.age(from: $0, to: now, timeZone: timeZone) }
  }
}

/// An age in working days for people: `1 day`, `3 days`.
enum WorkingDaysText {
  static func age(_ days: Int) -> String {
    days == 1 ? "1 day" : "\(days) days"
  }
}
