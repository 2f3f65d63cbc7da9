#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// What a waiting `watch` shows of the calendar: the next scheduled meeting of the sync-up it
/// waits for (the soonest of every scheduled one when it names none), or that none is
/// scheduled.
///
/// ```
/// next: Eng, Mon 30 Nov 2026, 09:30 CET, in 42 min
/// ```
struct AwaitedMeeting: Equatable, Sendable {
  /// The sync-up's title: the one named (the first that matches), or the one whose meeting is
  /// soonest; nil when none matches or none is scheduled.
  var title: String?
  /// When the next meeting starts; nil when none is scheduled.
  var start: Date?
  /// The start as `next` shows it: the date and time in the meetings' zone, and the user's
  /// own time where it differs.
  var when: String?
  /// The start as ISO 8601 with the meetings' zone's offset, as `next --json` gives it.
  var iso8601: String?

  /// `next: Eng, Mon 30 Nov 2026, 09:30 CET, in 42 min` as of `now`, or `no meeting scheduled`.
  @MainActor func line(now: Date) -> String {
    guard let start, let when else { return "no meeting scheduled" }
    return "next: " + sanitize(SyncUp.shownTitle(title ?? "")) + ", " + when + ", "
      + ScheduleText.until(start, now: now)
  }

  /// The next meeting after `now` of the sync-ups in `syncUps` that `matches` accepts; the
  /// title of the first of them when none is scheduled and `isNamed` (one was named).
  @MainActor init(
    _ syncUps: IdentifiedArrayOf<SyncUp>, after now: Date, isNamed: Bool,
    matching matches: (SyncUp) -> Bool
  ) {
    let candidates = syncUps.filter(matches)
    let soonest = candidates.compactMap { syncUp -> (SyncUp, ScheduleOccurrence)? in
      syncUp.schedule?.occurrences(after: now, count: 1).first.map { (syncUp, $0) }
    }.min { $0.1.start < $1.1.start }
    guard let (syncUp, occurrence) = soonest, let schedule = syncUp.schedule else {
      title = isNamed ? candidates.first?.title : nil
      return
    }
    title = syncUp.title
    start = occurrence.start
    when = ScheduleText.when(occurrence.start, of: schedule)
    iso8601 = DateText.iso8601(
      occurrence.start, utcOffset: schedule.zoneRules.offset(at: occurrence.start))
  }

  /// The next meeting after `now` that `command` waits for, from the data file as it is now,
  /// read as the commands that only read read it: no lock is taken and nothing is written.
  /// Nil when the file cannot be read.
  @MainActor static func read(
    for command: WatchCommand, in context: CommandContext, after now: Date
  ) -> AwaitedMeeting? {
    withDependencies {
      $0.syncUpsFileURL = context.dataFile
      // Read again on each look, not followed.
      $0.fileStorageOptions.observesOutsideChanges = false
    } operation: {
      @Shared(.syncUps) var syncUps
      // The file as it is now: its schedules may have changed while watch waits.
      try? $syncUps.load()
      guard let syncUps = try? context.loadSyncUps().wrappedValue else { return nil }
      return AwaitedMeeting(syncUps, after: now, isNamed: !(command.syncUp ?? "").isEmpty) {
        command.matches(title: $0.title, id: $0.id)
      }
    }
  }
}
