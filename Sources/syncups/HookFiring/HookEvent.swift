#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// What a hook is run for: its name is the hook's file name (`hooks/meeting-ended`) and
/// `$SYNCUPS_EVENT`. Each event hands its hook one JSON object on standard input, the shape a
/// script already reads with `--json`: a meeting's events are its JSON Lines events
/// (``PipeEvent/json``), the item events the `item` commands' item object, `synced` the
/// `sync --json` object. ``sample`` builds one of each from those very encoders, for
/// `hooks run --sample` and the manual.
package enum HookEvent: String, CaseIterable, Sendable, Hashable {
  case meetingStarted = "meeting-started"
  case speakerChanged = "speaker-changed"
  case overtime
  case meetingEnded = "meeting-ended"
  case itemOpened = "item-opened"
  case itemResolved = "item-resolved"
  case synced
  case reminder

  /// When the event fires and what its object is, for help and the manual.
  package var summary: String {
    switch self {
    case .meetingStarted:
      "A meeting began: its started event (syncUpID, title, duration, speakers, overtime, open)."
    case .speakerChanged:
      "A speaker has the floor, the first one included: their speaker event (index from 1, "
        + "count, name, elapsed, slot, items)."
    case .overtime:
      "The speaker's slot ran out and they go on: the overtime event (name, slot, elapsed)."
    case .meetingEnded:
      "A meeting ended, after it was saved (saved true, meeting the stored meeting object) or "
        + "discarded (saved false, meeting null): its ended event."
    case .itemOpened:
      "A blocker or an action was raised, by 'item add', by a blocker written with 'update', "
        + "or in a meeting once it was saved, or opened again by 'item reopen': the item object."
    case .itemResolved:
      "An item was resolved, by 'item resolve' or in a meeting once it was saved: the item "
        + "object."
    case .synced:
      "'sync' finished without error: its --json object (committed, remote, pushed, "
        + "received, …)."
    case .reminder:
      "A reminder's timer woke before a meeting and 'remind fire' reminds of it: syncUp (id, "
        + "title), start (ISO 8601 with the meeting zone's offset), zone, in (seconds until "
        + "it starts)."
    }
  }

  /// The sample object as `hooks run --sample` prints it and the manual shows it,
  /// pretty-printed.
  package var sampleText: String { sample.text(pretty: true) }

  /// The object a hook of this event could be given, about ``sampleSyncUp``, written by the
  /// command that fires the real event (``CommandTable/hookSample(of:)``).
  var sample: JSONOutput { CommandTable.hookSample(of: self) }

  /// When the sample meeting began: 2026-11-25 10:00 UTC, a Wednesday.
  static let sampleDate = Date(timeIntervalSince1970: 1_795_600_800)

  /// A sample item's age at ``sampleDate``, Monday to Friday in UTC.
  static func sampleAge(_ item: Item) -> Int {
    item.age(at: sampleDate, workingDays: .mondayToFriday, utcOffset: { _ in 0 })
  }

  /// The made-up sync-up the samples speak of: Engineering, with Ana and Ben, Ana's blocker
  /// open since the day before, and the meeting `meeting-ended` saves. `hooks run --sample`
  /// stores it in a data file of its own and gives the hooks that file, so that the syncups
  /// commands a hook runs find what its event names.
  static let sampleSyncUp: SyncUp = {
    let ana = UUID(uuidString: "A0000000-0000-4000-8000-00000000000A")!
    let ben = UUID(uuidString: "B0000000-0000-4000-8000-00000000000B")!
    let date = sampleDate
    let meeting = Meeting(
      id: UUID(uuidString: "3F2E1D0C-B0A9-4887-9766-554433221100")!,
      date: date.addingTimeInterval(590),
      transcript: "Ana: Shipped the release\nBen: Reviewing the PR", started: date,
      duration: 590, plannedDuration: 600, endedEarly: false,
      attendees: [
        MeetingAttendee(id: ana, name: "Ana", absent: false),
        MeetingAttendee(id: ben, name: "Ben", absent: false),
      ],
      turns: [
        Meeting.Turn(attendee: ana, name: "Ana", seconds: 300, slot: 300),
        Meeting.Turn(attendee: ben, name: "Ben", seconds: 290, slot: 300),
      ])
    let item = Item(
      id: UUID(uuidString: "1C0FFEE0-0000-4000-8000-000000000001")!, kind: .blocker,
      text: "waiting on API keys", owner: ana, opened: date.addingTimeInterval(-86_400))
    return SyncUp(
      id: UUID(uuidString: "5E6B1A52-3C0D-4F7E-9A61-0C1D2E3F4A5B")!,
      attendees: [Attendee(id: ana, name: "Ana"), Attendee(id: ben, name: "Ben")],
      duration: 600, items: [item], meetings: [meeting], title: "Engineering")
  }()

  /// Whether the event concerns one sync-up, so that its hooks find it in `SYNCUPS_SYNCUP`.
  var concernsSyncUp: Bool { self != .synced }
}
