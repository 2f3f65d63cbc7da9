#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct RemindStatusCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "status",
    abstract: "List the reminders installed, when each next reminds, and those out of date.",
    discussion: """
      Lists each syncups timer in $XDG_CONFIG_HOME/systemd/user: its sync-up, how long \
      before the meetings it reminds, when it next reminds (the next meeting neither skipped \
      nor moved, less that time) and its state: current; changed, when the sync-up's rule or \
      zone is no longer the one the timer was made from (after a sync, say: 'syncups remind \
      install' again updates it); unscheduled, when the sync-up has no schedule any more; \
      deleted, when the data file has no such sync-up. Exits 1 when any is not current. \
      With --json, prints an array of objects: syncUp (id, and title or null when \
      deleted), timer (its path), rule and zone (as installed), before (seconds), next (ISO \
      8601 with the meeting zone's offset, or null) and state.
      """,
    runs: Self.self)

  /// A reminder's state against the data file.
  enum State: String {
    case current, changed, unscheduled, deleted
  }

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    @Dependency(\.date.now) var now
    let rows = context.installedReminders().map { installed in
      let syncUp = syncUps[id: installed.syncUp]
      let schedule = syncUp?.schedule
      let state: State =
        if syncUp == nil { .deleted } else if let schedule {
          schedule.rule.text == installed.made.rule && schedule.zone == installed.made.zone
            ? .current : .changed
        } else { .unscheduled }
      let next = schedule.flatMap { Self.nextReminder(of: $0, before: installed.made.before, now: now) }
      return (installed: installed, title: syncUp?.title, schedule: schedule, state: state, next: next)
    }
    if context.options.json {
      Output.standard(
        JSONOutput.array(
          rows.map { row in
            .object([
              "syncUp": .object([
                "id": .string(row.installed.syncUp.uuidString),
                "title": row.title.map(JSONOutput.string) ?? .null,
              ]),
              "timer": .string(row.installed.file),
              "rule": .string(row.installed.made.rule),
              "zone": .string(row.installed.made.zone),
              "before": .int(row.installed.made.before),
              "next": row.next.flatMap { next in
                row.schedule.map {
                  .string(DateText.iso8601(next, utcOffset: $0.calendar.utcOffset(next)))
                }
              } ?? .null,
              "state": .string(row.state.rawValue),
            ])
          }
        ).text())
    } else if rows.isEmpty {
      context.say("No reminders installed ('syncups remind install' installs them).")
    } else {
      var table = TextTable(alignments: [.left, .left, .left, .left])
      table.append(["SYNC-UP", "BEFORE", "NEXT", "STATE"])
      for row in rows {
        table.append([
          TextTable.Cell(row.title.map(sanitize) ?? row.installed.syncUp.shortID),
          TextTable.Cell(DurationText.human(row.installed.made.before)),
          TextTable.Cell(
            row.next.flatMap { next in
              row.schedule.map { DateText.meeting(next, utcOffset: $0.calendar.utcOffset(next)) }
            } ?? "-"),
          TextTable.Cell(Self.stateText(row.state)),
        ])
      }
      Output.standard(table.lines().joined(separator: "\n") + "\n")
    }
    if rows.contains(where: { $0.state != .current }) {
      throw CommandFailure.silent(.failure)
    }
  }

  /// When a reminder `before` seconds ahead of `schedule`'s meetings next reminds after
  /// `now`: before its next meeting neither skipped nor moved.
  static func nextReminder(of schedule: Schedule, before: Int, now: Date) -> Date? {
    schedule.occurrences(after: now.addingTimeInterval(TimeInterval(before)), count: 50)
      .first { !$0.isMoved }?.planned.addingTimeInterval(-TimeInterval(before))
  }

  static func stateText(_ state: State) -> String {
    switch state {
    case .current: "current"
    case .changed: "rule changed: run 'syncups remind install' again"
    case .unscheduled: "no schedule: 'syncups remind uninstall' removes it"
    case .deleted: "sync-up deleted: 'syncups remind uninstall' removes it"
    }
  }
}
