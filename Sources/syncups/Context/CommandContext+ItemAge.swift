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

extension CommandContext {
  /// `syncUp`'s trend over the `weeks` weeks up to today (the `date` dependency's), in local
  /// weeks of the `utcOffset` dependency starting on the first day of the `workdays` setting,
  /// open blockers aged by ``itemAge()``; with each person's figures when `byPerson`.
  func trend(of syncUp: SyncUp, weeks: Int, byPerson: Bool) throws(SyncUpTrend.TooFewPeople)
    -> SyncUpTrend
  {
    @SharedReader(.workingDays) var workingDays
    let calendar = LocalCalendar.current
    return try SyncUpTrend(
      syncUp, weeks: weeks, today: calendar.today, calendar: calendar,
      workingDays: workingDays, age: itemAge(), byPerson: byPerson)
  }
}
