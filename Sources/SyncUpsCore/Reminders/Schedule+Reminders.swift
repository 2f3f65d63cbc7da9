#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Schedule {
  /// When a reminder `before` seconds (whole minutes) ahead of the meetings wakes: the rule's
  /// days and time less `before`, in the schedule's zone, on the days before when that goes
  /// past midnight. What a timer cannot say exactly it says more widely (every other week as
  /// every week, the second-to-last Friday as every Friday), and ``reminderDecision`` keeps
  /// the reminders to the meetings.
  ///
  /// ```swift
  /// schedule.rule.text                            // "monthly on first mon 10:00"
  /// schedule.reminderTimes(before: 300).onCalendar  // "Mon *-*-01..07 09:55:00 Europe/Berlin"
  /// ```
  public func reminderTimes(before: Int) -> ReminderTimes {
    let minutes = rule.time.hour * 60 + rule.time.minute - before / 60
    let shift = minutes >= 0 ? 0 : -((-minutes + 1439) / 1440)
    let time = minutes - shift * 1440
    let rule = rule.normalized(from: from)
    // Weekdays from 1 (Monday) to 7 (Sunday); the rule counts from 0 (Sunday).
    var weekdays = Set(rule.byDay.map { $0.weekday == 0 ? 7 : $0.weekday })
    var monthDays = ReminderTimes.MonthDays.any
    switch rule.frequency {
    case .daily, .weekly:
      if rule.byMonthDay.allSatisfy({ $0 > 0 }), !rule.byMonthDay.isEmpty {
        monthDays = .days(rule.byMonthDay.sorted())
      }
    case .monthly:
      if !rule.byMonthDay.isEmpty {
        monthDays =
          rule.byMonthDay.allSatisfy { $0 > 0 } ? .days(rule.byMonthDay.sorted())
          : rule.byMonthDay == [-1] ? .last(1) : .any
      } else if rule.byDay.count == 1, let ordinal = rule.byDay[0].ordinal {
        monthDays =
          switch ordinal {
          case 1...4: .range(ordinal * 7 - 6, ordinal * 7)
          case 5: .range(29, 31)
          case -1: .last(7)
          default: .any
          }
      }
    }
    if shift != 0 {
      weekdays = Set(weekdays.map { (($0 - 1 + shift) % 7 + 7) % 7 + 1 })
      monthDays =
        switch monthDays {
        case .days(let days) where days.allSatisfy({ $0 + shift >= 1 }):
          .days(days.map { $0 + shift })
        case .range(let first, let last) where first + shift >= 1:
          .range(first + shift, last + shift)
        default: .any
        }
    }
    return ReminderTimes(
      weekdays: weekdays.sorted(), monthDays: monthDays, hour: time / 60, minute: time % 60,
      zone: zone)
  }

  /// What a reminder `before` seconds ahead of the meetings does when its timer wakes at
  /// `now`: the meetings the rule plans a few days either side, skipped or moved, decide it
  /// (``ReminderDecision``); `isAway` says whether the user is away on a day, the meeting's day
  /// in the schedule's zone, as `next` counts who is away.
  public func reminderDecision(
    now: Date, before: Int, isAway: (CalendarDay) -> Bool
  ) -> ReminderDecision {
    let zoneCalendar = calendar
    let due = zoneCalendar.day(of: now.addingTimeInterval(TimeInterval(before)))
    var planned: [ReminderDecision.Planned] = []
    var day = due.adding(days: -2)
    while day <= due.adding(days: 2) {
      defer { day = day.adding(days: 1) }
      guard names(day) else { continue }
      let start = meetingStart(on: day, in: zoneCalendar)
      let state: ReminderDecision.Planned.State =
        if skip(on: day) != nil { .skipped } else if let move = move(of: day) {
          .moved(move.to)
        } else { .held }
      planned.append(.init(start: start, state: state))
    }
    return ReminderDecision(
      now: now, before: TimeInterval(before), planned: planned, isAway: isAway,
      day: zoneCalendar.day(of:))
  }
}
