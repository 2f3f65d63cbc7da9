#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension CommandContext {
  /// How long an item has been open, in working days (``Item/age(at:workingDays:utcOffset:)``):
  /// the days of the `workdays` setting from the local date it was opened to the `date`
  /// dependency's today, local dates counted by the `utcOffset` dependency (`TZ`'s zone).
  /// The dependencies are read here, once: a closure capturing the property wrappers would
  /// look each one up again for every item.
  func itemAge() -> (Item) -> Int {
    @Dependency(\.date.now) var dependencyNow
    @Dependency(\.utcOffset) var dependencyOffset
    @SharedReader(.workingDays) var workingDays
    let (now, utcOffset, days) = (dependencyNow, dependencyOffset, workingDays)
    return { $0.age(at: now, workingDays: days, utcOffset: utcOffset) }
  }
}
