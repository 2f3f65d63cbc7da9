#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension CommandTable {
  /// The object a hook of `event` could be given, about ``HookEvent/sampleSyncUp``, written by
  /// the code that writes the real event: the meeting's events come from the opening of a
  /// meeting of it, so they carry what a real one does (`open`, the speaker's `items`).
  static func hookSample(of event: HookEvent) -> JSONOutput {
    let sample = HookEvent.sampleSyncUp
    let item = sample.items[0]
    switch event {
    case .meetingStarted, .speakerChanged:
      let state = withDependencies {
        $0.date = .constant(HookEvent.sampleDate)
        $0.utcOffset = { _ in 0 }
      } operation: {
        RecordMeeting.State(syncUp: Shared(value: sample))
      }
      let opening = PipeEvent.opening(state).first {
        switch $0 {
        case .started: event == .meetingStarted
        case .speaker: event == .speakerChanged
        default: false
        }
      }
      return opening!.json
    case .overtime:
      return PipeEvent.overtime(name: "Ben", slot: 300, elapsed: 600).json
    case .meetingEnded:
      return PipeEvent.ended(elapsed: 590, meeting: sample.meetings[0]).json
    case .itemOpened:
      return .item(ShownItem(item, of: sample, age: HookEvent.sampleAge))
    case .itemResolved:
      var resolved = sample
      resolved.items[0].resolved = HookEvent.sampleDate
      resolved.items[0].resolution = "the keys came"
      return .item(ShownItem(resolved.items[0], of: resolved, age: HookEvent.sampleAge))
    case .synced:
      var report = SyncReport()
      report.committed = "Meeting of Engineering, 2 notes"
      report.remote = "origin/main"
      report.pushed = true
      return report.json
    case .reminder:
      let schedule = Schedule(
        rule: ScheduleRule(frequency: .weekly, byDay: (1...5).map { .init(weekday: $0) },
          time: TimeOfDay(hour: 10, minute: 0)),
        zone: "UTC", from: CalendarDay("2026-11-02")!)
      return RemindFireCommand.reminderObject(
        of: sample, schedule: schedule, start: HookEvent.sampleDate,
        now: HookEvent.sampleDate.addingTimeInterval(-300))
    }
  }
}
