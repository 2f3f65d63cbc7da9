#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct RemindInstallCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "install",
    abstract: "Install a reminder before each meeting of a scheduled sync-up.",
    discussion: """
      Writes the systemd user timer and service of the sync-up named, or of every scheduled \
      sync-up, replacing those installed before (which is how a reminder follows a changed \
      rule), and enables each timer with 'systemctl --user enable --now' when a user \
      manager is running. Where none is, the files are written all the same (a later login \
      with systemd can start them) and the crontab line of each reminder is printed on \
      stdout, for 'crontab -e'; cron reads its times in the system's zone. The timers run \
      this syncups on the data file in use. With --json, prints an array of objects: \
      syncUp (id, title), timer and service (paths), onCalendar, enabled (whether \
      systemctl started it) and crontab (the line).
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.everySyncUpArgument, \.syncUp, parse: { text, _, _ in text }),
      .option(RemindGroup.beforeOption, \.before, parse: RemindGroup.parseBefore),
    ],
    examples: [
      ExampleSpec("Five minutes before each meeting of every scheduled sync-up:", "syncups remind install"),
      ExampleSpec("A quarter of an hour before the design sync-up's:", "syncups remind install design --before 15m"),
    ]
  )

  var syncUp: String?
  var before = RemindGroup.defaultBefore

  @MainActor func run(in context: CommandContext) throws {
    let targets = try context.scheduledSyncUps(syncUp, in: try context.readSyncUps())
    let units = targets.map { context.reminderUnit(of: $0.syncUp, schedule: $0.schedule, before: before) }
    let directory = context.unitDirectory
    do {
      try currentFileSystem.makeDirectories(directory)
      for unit in units {
        _ = try currentFileSystem.write(
          Data(unit.timerText.utf8), to: directory + "/" + unit.name + ".timer", durably: true)
        _ = try currentFileSystem.write(
          Data(unit.serviceText.utf8), to: directory + "/" + unit.name + ".service", durably: true)
      }
    } catch {
      throw CommandFailure(
        "cannot write the reminders in '\(sanitize(directory))': \(readableDescription(of: error))")
    }
    let manager = UserManager(environment: context.environment)
    for unit in units { try manager?.enable(unit.name + ".timer") }
    if context.options.json {
      Output.standard(
        JSONOutput.array(
          units.map { unit in
            .object([
              "syncUp": .syncUpName(id: unit.syncUpID, title: unit.title),
              "timer": .string(directory + "/" + unit.name + ".timer"),
              "service": .string(directory + "/" + unit.name + ".service"),
              "onCalendar": .string(unit.times.onCalendar),
              "enabled": .bool(manager != nil),
              "crontab": .string(unit.crontabLine),
            ])
          }
        ).text())
      return
    }
    for unit in units {
      context.say(
        "Reminder of '\(sanitize(unit.title))' \(DurationText.human(before)) before its "
          + "meetings: \(unit.times.onCalendar) (\(unit.name).timer).")
    }
    guard manager == nil else {
      context.say("Started with systemctl --user.")
      return
    }
    context.say(
      "No systemd user manager is running here ('systemctl --user' cannot reach one): the "
        + "timers are written in '\(sanitize(directory))' and start with 'systemctl --user "
        + "enable --now <timer>' where one runs. Or add \(units.count == 1 ? "this line" : "these lines") "
        + "to your crontab ('crontab -e'):")
    @Dependency(\.date.now) var now
    let local = LocalCalendar.current.utcOffset(now)
    if targets.contains(where: { $0.schedule.calendar.utcOffset(now) != local }) {
      context.say(
        "cron reads the times in the system's zone: a schedule in another zone needs them "
          + "moved by hand.")
    }
    Output.standard(units.map(\.crontabLine).joined(separator: "\n") + "\n")
  }
}
