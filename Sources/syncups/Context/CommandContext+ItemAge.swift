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
  /// With `instant`, ages at that instant rather than now.
  func itemAge(at instant: Date? = nil) -> (Item) -> Int {
    @Dependency(\.date.now) var dependencyNow
    @Dependency(\.utcOffset) var dependencyOffset
    @SharedReader(.workingDays) var workingDays
    let (now, utcOffset, days) = (instant ?? dependencyNow, dependencyOffset, workingDays)
    return { $0.age(at: now, workingDays: days, utcOffset: utcOffset) }
  }
}

extension CommandContext {
  /// `syncUp`'s trend over the `weeks` weeks up to today (the `date` dependency's), in local
  /// weeks of the `utcOffset` dependency starting on the first day of the `workdays` setting,
  /// open blockers aged by ``itemAge()``; with each person's figures when `byPerson`.
  ///
  /// With `lastDay`, the weeks up to the one holding it, as the sync-up stood at its end (the
  /// next local midnight): the meetings held and blockers opened by then, those resolved
  /// later still open.
  func trend(
    of syncUp: SyncUp, weeks: Int, byPerson: Bool, through lastDay: CalendarDay? = nil
  ) throws(SyncUpTrend.TooFewPeople) -> SyncUpTrend {
    @SharedReader(.workingDays) var workingDays
    let calendar = LocalCalendar.current
    guard let lastDay else {
      return try SyncUpTrend(
        syncUp, weeks: weeks, today: calendar.today, calendar: calendar,
        workingDays: workingDays, age: itemAge(), byPerson: byPerson)
    }
    let end = calendar.midnight(of: lastDay.adding(days: 1))
    var past = syncUp
    past.meetings = syncUp.meetings.filter { $0.date < end }
    past.items = IdentifiedArrayOf(
      uniqueElements: syncUp.items.filter { $0.opened < end }.map { $0.asOf(end) })
    return try SyncUpTrend(
      past, weeks: weeks, today: lastDay, calendar: calendar,
      workingDays: workingDays, age: itemAge(at: end.addingTimeInterval(-1)), byPerson: byPerson)
  }
}

extension Item {
  /// The item as it stood at `end`: open when it was resolved only later.
  func asOf(_ end: Date) -> Item {
    guard let resolved, resolved >= end else { return self }
    var item = self
    item.resolved = nil
    return item
  }
}
