#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch
import SharedState
import SyncUpsCore

/// Publishes a running meeting for `syncups status`: its ``PublishedStatus`` in the
/// ``StatusDirectory``, written atomically (not flushed to disk: it means nothing after a
/// crash) and removed when the meeting ends.
///
/// It writes only when something a reader sees changes other than the passing of time (the
/// speaker, a pause, the end prompt, overtime, the timer starting): readers work the times
/// out from the file. The meeting never waits on it and never fails because of it: a status
/// directory that cannot be created or is not private, or a file that cannot be written, is
/// said once (through ``warn``), and the meeting goes on unpublished (a file that cannot be
/// written is tried again at the next change).
///
/// Once published it counts, every second, who watches the meeting (``MeetingWatchers``),
/// tells ``onWatchers`` when that changes, and while anyone watches writes the file again
/// every ``MeetingWatchers/heartbeat`` seconds (the same bytes), so that a watcher tells a
/// meeting that stopped answering from one where nothing changed. A watched meeting leaves its last state, with
/// when it ended, in ``StatusDirectory/endedFile(for:)`` for its watchers.
@MainActor
final class StatusPublisher {
  private let directory: StatusDirectory
  private let path: String
  private let process: ProcessIdentity
  private let dataFile: String
  /// What the last file showed apart from its times, to tell when to write again.
  private var shown: PublishedStatus?
  private var isRemoved = false
  /// Whether the directory was prepared (true) or refused (false); nil before the first
  /// publication.
  private var isDirectoryReady: Bool?
  private var hasWarned = false
  /// The meeting's watchers, counted every second once published.
  private let watchers: MeetingWatchers
  private var watching = 0
  /// The watchers' files found running at the last count.
  private var verifiedWatchers: Set<String> = []
  private var beat: (any DispatchSourceTimer)?
  /// The bytes last written, and when (seconds since 1970).
  private var written: (data: Data, at: Double)?
  /// The file system the status directory lies in (the data file's) and the clock of
  /// `updated`, taken from the dependencies when the meeting starts.
  private let fileSystem: any FileSystem
  private let date: DateGenerator
  /// Where the one line saying the meeting cannot be published goes: standard error, unless
  /// whoever runs the meeting holds it until the screen is given back.
  var warn: (String) -> Void = { Output.error($0) }
  /// Told how many watch the meeting whenever that changes.
  var onWatchers: (Int) -> Void = { _ in }

  /// A publisher for this process's meeting, saved into `dataFile`. The directory is prepared
  /// at the first publication.
  init(directory: StatusDirectory, dataFile: String) {
    self.directory = directory
    self.process = .current
    self.path = directory.file(for: process.pid)
    self.dataFile = dataFile
    self.watchers = MeetingWatchers(directory: directory, meeting: process.pid)
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    @Dependency(\.date) var date
    self.fileSystem = fileSystem
    self.date = date
  }

  /// Takes the meeting's state after an action: writes the file when a reader would see more
  /// than time passing.
  func publish(_ state: RecordMeeting.State) {
    guard !isRemoved, !state.hasEnded, isReady else { return }
    let status = PublishedStatus(
      state, process: process, dataFile: dataFile, updated: date.now.timeIntervalSince1970)
    let seen = status.apartFromTimes
    guard seen != shown else { return }
    if write(status.encoded()) { shown = seen }
    let ticks = Ticks(turn: state.turns.count, speaker: state.speakerIndex, timing: state.isTiming)
    if ticks != beatTicks {
      beatTicks = ticks
      scheduleBeat(turnTime: state.turnTime)
    }
  }

  /// What sets when the meeting's ticks come: the timer starts again with each turn and each
  /// resume.
  private struct Ticks: Equatable {
    var turn: Int
    var speaker: Int
    var timing: Bool
  }
  /// The ticks the watchers' count was last set apart from.
  private var beatTicks: Ticks?
  /// When the watchers were last counted (or the count was first set).
  private var lastBeat = DispatchTime.now()

  /// Writes `data` as the state file; whether it was written.
  private func write(_ data: Data) -> Bool {
    do {
      _ = try fileSystem.write(data, to: path, durably: false)
      written = (data, date.now.timeIntervalSince1970)
      return true
    } catch {
      say("cannot write '\(path)': \(error.message)")
      return false
    }
  }

  /// Counts the watchers every second from now on, on the main queue, half a second away from
  /// the meeting's ticks (each when the turn's time, `turnTime` now, reaches a whole second):
  /// counting, and the heartbeat it writes, never hold up a tick. Set again when a new turn,
  /// a pause or a resume moves the ticks.
  ///
  /// Turns shorter than the wait (a script skipping along) never put a count off for more
  /// than a second: one due is made at once, the change's output being out already.
  private func scheduleBeat(turnTime: Duration) {
    let intoSecond = Int(max(turnTime, .zero).components.attoseconds / 1_000_000_000_000_000)
    let now = DispatchTime.now()
    let deadline = now + .milliseconds((1_500 - intoSecond) % 1_000)
    if let beat {
      if now.uptimeNanoseconds - lastBeat.uptimeNanoseconds >= 1_000_000_000 { beatOnce() }
      beat.schedule(deadline: deadline, repeating: .seconds(1), leeway: .milliseconds(100))
      return
    }
    lastBeat = now
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: deadline, repeating: .seconds(1), leeway: .milliseconds(100))
    timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.beatOnce() } }
    timer.resume()
    beat = timer
  }

  /// Counts the watchers, and writes the file again when they have waited long enough.
  private func beatOnce() {
    guard !isRemoved else { return }
    lastBeat = .now()
    let count = watchers.count(verified: &verifiedWatchers)
    if count != watching {
      watching = count
      onWatchers(count)
    }
    let now = date.now.timeIntervalSince1970
    if count > 0, let written, now - written.at >= MeetingWatchers.heartbeat {
      _ = write(written.data)
    }
  }

  /// Whether the directory may be published in: prepared the first time it is asked.
  private var isReady: Bool {
    if let isDirectoryReady { return isDirectoryReady }
    do {
      try directory.prepare()
      isDirectoryReady = true
    } catch {
      isDirectoryReady = false
      say((error as? CommandFailure)?.message ?? "\(error)")
    }
    return isDirectoryReady ?? false
  }

  /// Says, the first time only, that `syncups status` cannot show the meeting, and why.
  private func say(_ problem: String) {
    guard !hasWarned else { return }
    hasWarned = true
    warn("Warning: syncups status cannot show this meeting: \(problem)\n")
  }

  /// Removes the file: the meeting has ended as `state` shows. Nothing is published after.
  /// When anyone watches, the meeting's last state stays for them in the ended file.
  func remove(ending state: RecordMeeting.State) {
    guard !isRemoved else { return }
    isRemoved = true
    beat?.cancel()
    beat = nil
    if isDirectoryReady == true, watchers.count() > 0 {
      let now = date.now.timeIntervalSince1970
      var last = PublishedStatus(state, process: process, dataFile: dataFile, updated: now)
      last.ended = now
      _ = try? fileSystem.write(last.encoded(), to: directory.endedFile(for: process.pid), durably: false)
    }
    try? fileSystem.removeFile(path)
  }
}

extension PublishedStatus {
  /// What `state` shows at `updated`, published by `process`.
  @MainActor
  fileprivate init(
    _ state: RecordMeeting.State, process: ProcessIdentity, dataFile: String, updated: Double
  ) {
    let clock = state.turnClock
    self.init(
      pid: process.pid, processStart: process.start, file: dataFile,
      syncUpID: state.syncUp.id, title: state.syncUp.title,
      started: state.started?.timeIntervalSince1970,
      speaker: state.currentSpeakerName, speakerIndex: state.speakerNumber - 1,
      speakerCount: state.presentCount,
      next: state.upcomingSpeakerNames(limit: 3),
      turnLeft: clock.slotRemaining, meetingLeft: clock.secondsRemaining,
      slot: clock.slot, laterSlots: clock.laterSlots,
      elapsed: state.stopwatch.elapsed.seconds, turnElapsed: state.turnTime.seconds,
      paused: state.isPaused, ending: state.alert != nil, overtime: state.isInOvertime,
      running: state.isTiming, openBlockers: state.openBlockerCount,
      items: state.agendaLines, update: state.writtenUpdateLines,
      planned: state.syncUp.duration,
      turnsOver: state.turns.count { $0.seconds > $0.slot },
      variance: state.variance,
      projectedEnd: updated + Double(state.secondsRemaining),
      phase: state.pacing.phase.rawValue, updated: updated)
  }

  /// The status with the times that pass left out: what a reader sees change only when the
  /// meeting writes again (the speaker, the slots, a pause, the end prompt, overtime, the
  /// timer starting, a blocker raised or resolved).
  fileprivate var apartFromTimes: PublishedStatus {
    var status = self
    (status.turnLeft, status.meetingLeft, status.elapsed, status.turnElapsed) = (0, 0, 0, 0)
    (status.variance, status.projectedEnd, status.updated) = (nil, nil, 0)
    return status
  }
}

extension Duration {
  /// The duration in seconds, with their fraction.
  fileprivate var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
