import SharedState
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandContext {
  /// `start <syncup>`: runs the meeting on the terminal (as lines when `TERM` is `dumb`), or
  /// from a script when standard input or output is not a terminal or `--json` is given.
  /// Never returns once the meeting runs; throws only for problems found before it starts.
  func start(_ reference: String, _ meetingOptions: MeetingOptions) throws {
    let clock = try MeetingClock(environment: environment)
    // The meeting takes the data file's lock only to save, and then a short try at a time
    // (see MeetingSession.storeEnding): another process holding it is said to be waited for
    // at once, and the meeting's last events are not held back meanwhile.
    let syncUps = try withDependencies {
      $0.fileStorageOptions.lockTimeout = MeetingSession.lockTry
    } operation: {
      try loadSyncUps()
    }
    let target = try syncUp(reference, in: syncUps.wrappedValue)
    guard let syncUp = syncUps[id: target.id] else { return }
    let absent = try absentees(meetingOptions.absent, of: target)
    try checkCanStart(target, present: target.attendees.count - absent.count)
    @SharedReader(.speakingOrder) var order
    @SharedReader(.overtimeAllowed) var overtime
    let meeting = RecordMeeting.State(
      syncUp: syncUp, absent: absent, order: meetingOptions.order ?? order,
      allowsOvertime: meetingOptions.overtime ?? overtime)
    let isInteractive = !options.json && isatty(0) == 1 && isatty(1) == 1
    let frontEnd: any MeetingFrontEnd =
      isInteractive
      ? try TerminalFrontEnd(
        style: style, display: environment["TERM"] == "dumb" ? .lines : .fullScreen)
      : PipeMeeting(json: options.json, timerWaitsForInput: clock == .immediate)
    let publisher = StatusPublisher(
      directory: StatusDirectory(environment: environment), dataFile: dataFile.path)
    let session = MeetingSession(
      syncUps: syncUps, meeting: meeting, frontEnd: frontEnd, publisher: publisher
    ) { state, reducer, prepare in
      makeStore(state, reducer) {
        prepare(&$0)
        $0.continuousClock = clock.clock
      }
    }
    session.run(startsTimer: isInteractive || clock != .immediate)
  }
}

extension CommandContext {
  /// The ids of the attendees `references` name (`--absent`), resolved as `edit` resolves
  /// `--remove-attendee`.
  ///
  /// - Throws: when a reference names nobody or several, or when nobody would be left to speak.
  private func absentees(_ references: [String], of syncUp: SyncUp) throws -> Set<Attendee.ID> {
    var absent: Set<Attendee.ID> = []
    for reference in references {
      absent.insert(try attendee(reference, in: syncUp.attendees, of: syncUp).id)
    }
    if !syncUp.attendees.isEmpty, absent.count == syncUp.attendees.count {
      throw CommandFailure(
        "every attendee of '\(sanitize(syncUp.title))' is absent: nobody is left to speak",
        status: .usage)
    }
    return absent
  }

  /// Refuses a sync-up stored with less than a second for each of the `present` attendees
  /// (written by an older version, an import or by hand): the data is at fault, not the
  /// command line, so the status is 65, and the message gives the `edit` that fixes it.
  private func checkCanStart(_ syncUp: SyncUp, present: Int) throws {
    do {
      try syncUp.checkDuration(present: present)
    } catch {
      let fix = "syncups edit \(syncUp.id.uuidString.prefix(8)) --duration "
        + DurationText.compact(error.minimumDuration)
      throw CommandFailure(
        "cannot start '\(sanitize(syncUp.title))': \(error.message); lengthen it with '\(fix)'",
        status: .dataError)
    }
  }
}

/// The clock a meeting runs on: real time, or (`SYNCUPS_CLOCK=immediate`, for tests and
/// demonstrations) no waiting at all, so a meeting of any length is over at once.
enum MeetingClock: Equatable {
  case live
  case immediate

  /// The clock `SYNCUPS_CLOCK` asks for: unset or empty is live time.
  ///
  /// - Throws: a usage failure for any other value.
  init(environment: [String: String]) throws {
    switch environment["SYNCUPS_CLOCK"] ?? "" {
    case "": self = .live
    case "immediate": self = .immediate
    case let other:
      throw CommandFailure(
        "SYNCUPS_CLOCK must be 'immediate' or unset, not '\(sanitize(other))'", status: .usage)
    }
  }

  /// The clock itself.
  var clock: any Clock<Duration> {
    switch self {
    case .live: DispatchClock()
    case .immediate: ImmediateClock()
    }
  }
}
