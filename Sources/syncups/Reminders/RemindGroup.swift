#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The `remind` group: its subcommands are each their own type.
enum RemindGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "remind",
    abstract: "Remind you before each scheduled meeting, through systemd or cron.",
    discussion: """
      'remind install' writes a systemd user timer for each scheduled sync-up, \
      syncups-remind-<id>.timer and .service in $XDG_CONFIG_HOME/systemd/user, that wakes \
      the time before each meeting (OnCalendar= from the schedule's rule, in its zone) and \
      runs 'syncups remind fire <id>', and starts it through 'systemctl --user' when a user \
      manager is running; where none is, it writes the files, says so and prints the \
      crontab line that does the same (syncups never edits a crontab). No program of \
      syncups' runs in between. 'remind fire' decides when it wakes: it stays silent on a \
      day skipped, for a meeting moved, when you (the me setting) are away that day, or \
      when no meeting is due within 10 minutes of the time before (a timer that woke late, \
      or a day between the meetings of a rule a timer cannot say exactly, such as every \
      other week); otherwise it runs the reminder hooks, sends a desktop notification \
      through notify-send when there is one, and writes one line to stderr. 'remind \
      status' lists the reminders installed and tells those whose rule changed since (after \
      a sync, say): 'remind install' again brings them up to date.
      """,
    subcommands: [
      RemindInstallCommand.spec,
      RemindStatusCommand.spec,
      RemindUninstallCommand.spec,
      RemindFireCommand.spec,
    ]
  )

  /// `--before`: 5 minutes unless given.
  static let defaultBefore = 300

  static let beforeOption = OptionSpec(
    long: "before", valueName: "duration",
    help: "How long before each meeting to remind: whole minutes such as 5m, 1h or 90m, up to "
      + "24h; a plain number is minutes (default: 5m).")

  /// `--before`'s value in seconds: a whole number of minutes, from none (`0`) to 24 hours.
  static func parseBefore(
    _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> Int {
    let seconds: Int
    do {
      seconds = text == "0" ? 0 : try DurationParser.seconds(text)
    } catch {
      throw ValueParser.durationError(error, text: text, for: name, path: path)
    }
    guard seconds % 60 == 0 else {
      throw UsageError(
        "'\(name)' takes whole minutes, such as 5m or 1h, not '\(text)'", path: path)
    }
    return seconds
  }
}

extension CommandContext {
  /// The sync-ups a reminder command is about: the one `reference` names, which must have a
  /// schedule, else every scheduled one (none is an error).
  func scheduledSyncUps(
    _ reference: String?, in syncUps: IdentifiedArrayOf<SyncUp>
  ) throws -> [(syncUp: SyncUp, schedule: Schedule)] {
    if let reference {
      let syncUp = try syncUp(reference, in: syncUps)
      guard let schedule = syncUp.schedule else {
        throw CommandFailure(
          "'\(sanitize(syncUp.title))' has no schedule: give it one with 'syncups schedule set'")
      }
      return [(syncUp, schedule)]
    }
    let scheduled = syncUps.compactMap { syncUp in syncUp.schedule.map { (syncUp, $0) } }
    guard !scheduled.isEmpty else {
      throw CommandFailure("no sync-up has a schedule: give one with 'syncups schedule set'")
    }
    return scheduled
  }

  /// The reminder of `syncUp` `before` seconds ahead of its meetings, run by this syncups on
  /// the data file in use.
  func reminderUnit(of syncUp: SyncUp, schedule: Schedule, before: Int) -> ReminderUnit {
    ReminderUnit(
      syncUpID: syncUp.id, title: syncUp.title, times: schedule.reminderTimes(before: before),
      made: .init(rule: schedule.rule.text, zone: schedule.zone, before: before),
      program: ThisExecutable.path, dataFile: dataFile.path)
  }

  /// The directory the user's systemd units are in.
  var unitDirectory: String { ReminderUnit.directory(environment: environment) }

  /// The reminders installed: each syncups timer in ``unitDirectory`` with what it was made
  /// from, by file name.
  func installedReminders() -> [(file: String, syncUp: UUID, made: ReminderUnit.Made)] {
    let names = (try? currentFileSystem.contentsOfDirectory(unitDirectory)) ?? nil
    return (names ?? []).filter { $0.hasPrefix("syncups-remind-") && $0.hasSuffix(".timer") }
      .sorted().compactMap { name in
        let path = unitDirectory + "/" + name
        guard let data = try? currentFileSystem.read(path)?.data,
          let found = ReminderUnit.made(fromTimer: String(decoding: data, as: UTF8.self))
        else { return nil }
        return (path, found.syncUp, found.made)
      }
  }
}
