#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension CommandContext {
  /// How long an item has been open, in working days (``Item/age(at:workingDays:timeZone:)``):
  /// the days of the `workdays` setting from the local date it was opened to the `date`
  /// dependency's today, in the time zone `TZ` names (the system's when it is unset or not a
  /// zone's name).
  func itemAge() -> (Item) -> Int {
    @Dependency(\.date.now) var now
    @SharedReader(.workingDays) var workingDays
    let days = workingDays
    let timeZone = environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
    return { $0.age(at: now, workingDays: days, timeZone: timeZone) }
  }
}
