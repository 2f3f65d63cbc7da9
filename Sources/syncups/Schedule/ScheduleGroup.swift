#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The `schedule` group: its subcommands are each their own type.
enum ScheduleGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "schedule",
    abstract: "Set when a sync-up meets; skip or move one of its meetings.",
    subcommands: [
      ScheduleSetCommand.spec,
      ScheduleShowCommand.spec,
      ScheduleClearCommand.spec,
      ScheduleSkipCommand.spec,
      ScheduleUnskipCommand.spec,
      ScheduleMoveCommand.spec,
    ]
  )
}

extension CommandTable {
  /// `--zone`: an IANA time zone, completed from the system's list.
  static let zoneOption = OptionSpec(
    long: "zone", valueName: "zone",
    help: "The meetings' time zone, an IANA name such as Europe/Berlin (default: the zone it "
      + "has, else yours: TZ, else the system's).",
    completion: .zone)

  /// `<date>` of a meeting the rule gives.
  static let meetingDayArgument = ArgumentSpec(
    name: "date",
    help: "The day of the meeting, as the rule gives it, in the meetings' time zone "
      + "(\(DateArgument.forms)).",
    completion: .choices(DateArgument.names))
}

extension ValueParser {
  /// A rule (``ScheduleRule/init(parsing:)``) from the words given, which may be one quoted
  /// argument or several.
  static func rule(_ words: [String], path: [String]) throws(UsageError) -> ScheduleRule {
    do {
      return try ScheduleRule(parsing: words.joined(separator: " "))
    } catch {
      throw UsageError(error.message, path: path)
    }
  }
}

extension CommandContext {
  /// The schedule of `syncUp`, or a failure saying it has none (exit status 1).
  func schedule(of syncUp: SyncUp) throws -> Schedule {
    guard let schedule = syncUp.schedule else {
      throw CommandFailure(
        "\(UserText.name(syncUp)) has no schedule; set one with 'syncups schedule set "
          + "\(sanitize(syncUp.title.isEmpty ? syncUp.id.shortID : syncUp.title)) weekdays 09:30'")
    }
    return schedule
  }

  /// Sends `action` to the detail of `syncUp` in one transaction on the data file; returns the
  /// sync-up as stored then. Fails, writing nothing, when the sync-up went meanwhile.
  func changeSchedule(of syncUp: SyncUp, _ action: SyncUpDetail.Action) throws -> SyncUp {
    try changeSyncUps { syncUps in
      guard let shared = syncUps[id: syncUp.id] else {
        throw CommandFailure(deletedMeanwhile(UserText.name(syncUp)))
      }
      let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(action)
      return shared.wrappedValue
    }
  }

  /// The day of a meeting of `schedule` that `date` names, or a usage error when the rule
  /// gives no meeting that day.
  func meetingDay(
    _ date: DateArgument, of schedule: Schedule, in syncUp: SyncUp, path: [String]
  ) throws(UsageError) -> CalendarDay {
    let day = date.day(side: .future)
    guard schedule.names(day) else {
      throw UsageError(
        "\(UserText.name(syncUp)) does not meet on \(day.longText) "
          + "(\(schedule.rule.text), \(schedule.zone))", path: path)
    }
    return day
  }

  /// After a `schedule` command: the schedule object with `--json`, else `done` and the
  /// schedule as `schedule show` prints it, on standard error.
  func report(_ syncUp: SyncUp, done: String) {
    @Dependency(\.date.now) var now
    if options.json {
      return Output.standard(ScheduleText.object(syncUp, now: now, in: self).text())
    }
    say(done)
    if syncUp.schedule != nil {
      say(String(ScheduleText.render(syncUp, now: now, in: self).dropLast()))
    }
  }
}
