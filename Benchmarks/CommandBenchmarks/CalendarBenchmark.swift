import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

/// `syncUps` each given a schedule: rules of every form (weekdays, every other week, the last
/// Friday of the month, set days, a counted daily one) in four zones, three with daylight saving
/// time, each with a day skipped and a meeting moved, as a team's calendar has them.
func scheduled(_ syncUps: IdentifiedArrayOf<SyncUp>) -> IdentifiedArrayOf<SyncUp> {
  let rules = [
    "weekdays 09:30", "every 2 weeks on tue,thu 15:00", "monthly on last fri 16:00",
    "mon,wed,fri 10:00", "FREQ=DAILY;COUNT=200 at 08:45",
  ]
  let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney"]
  let from = CalendarDay("2026-11-02")!
  var result = syncUps
  for (index, id) in syncUps.ids.enumerated() {
    var schedule = Schedule(
      rule: try! ScheduleRule(parsing: rules[index % rules.count]), zone: zones[index % zones.count],
      from: from)
    if let first = schedule.occurrences(after: schedule.meetingStart(on: from), count: 3).last {
      schedule.addSkip(ScheduleSkip(date: first.day, reason: "offsite"))
    }
    if let moved = schedule.occurrences(after: schedule.meetingStart(on: from), count: 5).last {
      schedule.addMove(ScheduleMove(date: moved.day, to: moved.planned.addingTimeInterval(3600)))
    }
    result[id: id]?.schedule = schedule
  }
  return result
}

/// `calendar` of every sync-up of the large set, each scheduled, against `list` on the same
/// file (I1): reading the file is the same work, and writing a recurring event and its
/// exceptions for each sync-up, and a zone's changes over ten years, must stay within twice it.
func calendarRow(syncups: String, file: String, environment: [String: String]) -> BenchmarkRow {
  let list = measure([syncups, "--file", file, "list"], environment: environment)
  let calendar = measure([syncups, "--file", file, "calendar"], environment: environment)
  let ratio = calendar.seconds / list.seconds
  return BenchmarkRow(
    id: "I1", workload: "calendar vs list, large, every sync-up scheduled",
    measured: "\(format(ns: calendar.seconds * 1e9)) vs \(format(ns: list.seconds * 1e9)) "
      + "(\(format(ratio: ratio)))",
    target: "≤ 2×", met: ratio <= 2)
}
