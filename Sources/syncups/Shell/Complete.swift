import SharedState
import SyncUpsCore

/// The hidden `__complete` helper used by completion scripts.
struct CompleteCommand: RunnableCommand {
  /// The hidden helper the completion scripts call: `syncups [--file PATH] __complete syncups`
  /// prints one sync-up title per line; `__complete meetings <syncup>` prints that sync-up's
  /// meetings, newest first, one per line as the position, a tab and the date;
  /// `__complete attendees <syncup>` prints its attendees' names; `__complete items <syncup>`
  /// its items, as the position, a tab, the kind and the text's first line that is not blank
  /// (`2\tblocker: waiting on keys`); `__complete extensions` the extensions on `PATH`, which
  /// complete as commands; `__complete zones` the system's time zone names. It prints nothing (and exits
  /// 0) when the data cannot be read, so a completion never shows an error.
  static let spec = CommandSpec(
    name: "__complete",
    abstract: "Print completion candidates.",
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: "kind", help: "What to list.", completion: .choices(CompletionRequest.kinds)),
          ArgumentSpec(
            name: "syncup", help: "The sync-up whose meetings, attendees or items to list.",
            isOptional: true),
        ],
        \.request, parse: ValueParser.completionRequest)
    ],
    isHidden: true
  )

  var request = CompletionRequest.syncUps

  /// One candidate a line; nothing, not an error, when the data cannot be read, so completion
  /// never prints a message into the command line.
  @MainActor func run(in context: CommandContext) throws {
    if request == .zones {
      for zone in TimeZones.all { Output.standard(zone + "\n") }
      return
    }
    if request == .extensions {
      for name in Extensions.installed(environment: context.environment) {
        Output.standard(sanitize(name) + "\n")
      }
      return
    }
    guard let syncUps = try? context.loadSyncUps().wrappedValue else { return }
    switch request {
    case .syncUps:
      for syncUp in syncUps where !syncUp.title.isEmpty {
        Output.standard(sanitize(syncUp.title) + "\n")
      }
    case .meetings(let reference):
      guard let syncUp = try? resolveSyncUp(reference, in: syncUps) else { return }
      @Dependency(\.utcOffset) var utcOffset
      for (index, meeting) in syncUp.meetings.enumerated() {
        let date = DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date))
        Output.standard("\(index + 1)\t\(date)\n")
      }
    case .items(let reference):
      guard let syncUp = try? resolveSyncUp(reference, in: syncUps) else { return }
      for (index, item) in syncUp.items.enumerated() {
        let line = sanitizedLines(item.text).first { !$0.isBlank } ?? ""
        Output.standard("\(index + 1)\t\(item.kind): \(line)\n")
      }
    case .extensions, .zones:
      return
    case .attendees(let reference):
      guard let syncUp = try? resolveSyncUp(reference, in: syncUps) else { return }
      for attendee in syncUp.attendees where !attendee.name.isBlank {
        Output.standard(sanitize(attendee.name) + "\n")
      }
    }
  }
}

/// What the hidden `syncups __complete` command is asked to list for a completion script.
enum CompletionRequest: Sendable, Equatable {
  /// `__complete syncups`: every sync-up title, one per line, in list order.
  case syncUps
  /// `__complete meetings <syncup>`: the sync-up's meetings, newest first, one per line as
  /// the position `meeting show` takes, a tab, and the date for people.
  case meetings(syncUp: String)
  /// `__complete attendees <syncup>`: the names of the sync-up's attendees that are not blank.
  case attendees(syncUp: String)
  /// `__complete items <syncup>`: the sync-up's items, oldest first, one per line as the
  /// position `item resolve` takes, a tab, and the kind and text for people.
  case items(syncUp: String)
  /// `__complete extensions`: the names of the extensions on `PATH` (``Extensions``), which
  /// complete among the commands.
  case extensions
  /// `__complete zones`: the system's time zone names (``TimeZones/all``).
  case zones

  /// The words accepted as the first argument.
  static let kinds = ["syncups", "meetings", "attendees", "items", "extensions", "zones"]
}
