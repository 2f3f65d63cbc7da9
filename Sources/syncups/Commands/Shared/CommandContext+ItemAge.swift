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
  func itemAge() -> (Item) -> Int {
    @Dependency(\.date.now) var now
    @Dependency(\.utcOffset) var utcOffset
    @SharedReader(.workingDays) var workingDays
    let days = workingDays
    return { $0.age(at: now, workingDays: days, utcOffset: utcOffset) }
  }
}
