import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

/// The large data set with a schedule on every sync-up: the rule forms in turn, in Berlin, New
/// York and Kolkata in turn, from Monday 2 November 2026, each with its next meeting after
/// `now` skipped and the one after that moved an hour later.
func scheduled(_ syncUps: IdentifiedArrayOf<SyncUp>, now: Date) -> IdentifiedArrayOf<SyncUp> {
  let rules = [
    "weekdays 09:30", "mon,wed,fri 10:00", "every 2 weeks on tue,thu 15:00",
    "monthly on last fri 16:00", "monthly on day 15 10:00", "FREQ=DAILY;INTERVAL=3 at 08:00",
  ]
  let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata"]
  let first = CalendarDay("2026-11-02")!
  var result = syncUps
  for (index, id) in syncUps.ids.enumerated() {
    var schedule = Schedule(
      rule: try! ScheduleRule(parsing: rules[index % rules.count]).normalized(from: first),
      zone: zones[index % zones.count], from: first)
    let next = schedule.occurrences(after: now, count: 2)
    schedule.addSkip(ScheduleSkip(date: next[0].day, reason: "holiday"))
    schedule.addMove(ScheduleMove(date: next[1].day, to: next[1].start.addingTimeInterval(3_600)))
    result[id: id]?.schedule = schedule
  }
  return result
}

/// N1: `next` across the 1,000 scheduled sync-ups against `list` on the same file (`file`).
func scheduleRows(syncups: String, file: String, environment: [String: String]) -> [BenchmarkRow] {
  let next = Comparison(
    [syncups, "--file", file, "next"], against: [syncups, "--file", file, "list"],
    environment: environment)
  return [
    BenchmarkRow(
      id: "N1", workload: "next vs list, large with a schedule on each of 1,000 sync-ups",
      measured: next.text, target: "≤ 1.3×", met: next.ratio <= 1.3)
  ]
}
