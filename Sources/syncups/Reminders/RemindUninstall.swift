import SharedState
import SyncUpsCore

struct RemindUninstallCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "uninstall",
    abstract: "Remove the reminders of a sync-up, or every reminder.",
    discussion: """
      Stops and disables the timer through 'systemctl --user' when a user manager is \
      running, and removes the timer and service files of the sync-up named (which need \
      not exist any more: its id, as 'remind status' shows it, names it), or of every \
      reminder installed. A crontab line printed by 'remind install' is yours to remove. \
      Exits 1 when the sync-up named has no reminder installed.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.everySyncUpArgument, \.syncUp, parse: { text, _, _ in text })
    ],
    examples: [
      ExampleSpec("Remove every reminder:", "syncups remind uninstall")
    ]
  )

  var syncUp: String?

  @MainActor func run(in context: CommandContext) throws {
    var installed = context.installedReminders()
    if let syncUp {
      let syncUps = try context.readSyncUps()
      // A sync-up deleted since is named by its id, or the start of it.
      let digits = syncUp.lowercased()
      let byID = installed.filter {
        digits.count >= 4 && $0.syncUp.uuidString.lowercased().hasPrefix(digits)
      }
      if byID.count == 1 {
        installed = byID
      } else {
        let target = try context.syncUp(syncUp, in: syncUps)
        installed = installed.filter { $0.syncUp == target.id }
        guard !installed.isEmpty else {
          throw CommandFailure("'\(sanitize(target.title))' has no reminder installed")
        }
      }
    }
    guard !installed.isEmpty else {
      context.say("No reminders installed.")
      return
    }
    let manager = UserManager(environment: context.environment)
    for reminder in installed {
      let name = ReminderUnit.name(of: reminder.syncUp)
      try manager?.disable(name + ".timer")
      do {
        try currentFileSystem.removeFile(context.unitDirectory + "/" + name + ".timer")
        if currentFileSystem.exists(context.unitDirectory + "/" + name + ".service") {
          try currentFileSystem.removeFile(context.unitDirectory + "/" + name + ".service")
        }
      } catch {
        throw CommandFailure(
          "cannot remove the reminder '\(name)': \(readableDescription(of: error))")
      }
    }
    try manager?.reload()
    let count = installed.count
    context.say("Removed \(count) \(count == 1 ? "reminder" : "reminders").")
  }
}
