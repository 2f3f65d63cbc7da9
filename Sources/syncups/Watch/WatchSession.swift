#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState
import SyncUpsCore

/// A running `watch`: follows one meeting's state file through ``DirectoryEvents``, ticks its
/// times on this process's clock four times a second between changes, and shows it on the
/// terminal (a whole screen, or one line) or as JSON Lines.
///
/// While it watches a meeting it keeps its file among the meeting's ``MeetingWatchers``, and
/// removes it whatever ends the watch: `q`, Ctrl-C, SIGTERM or SIGHUP, a reader of its output
/// gone (`watch | head -1`, which ends it quietly with status 0), the meeting's end. The
/// terminal is given back as it was (see ``TerminalSession``).
@MainActor
final class WatchSession {
  enum Display {
    /// The whole screen, redrawn in place.
    case screen(TerminalSession)
    /// One line, redrawn in place.
    case compact(TerminalSession)
    /// JSON Lines on standard output.
    case lines
  }

  /// How often the times are brought up to date between changes.
  static let tick = DispatchTimeInterval.milliseconds(250)

  private let directory: StatusDirectory
  private let command: WatchCommand
  private let display: Display
  private let style: TerminalStyle
  private let me = ProcessIdentity.current
  private let date: DateGenerator
  private let utcOffset: (Date) -> Int
  private var events: DirectoryEvents?
  private var ticker: (any DispatchSourceTimer)?
  private var signals: SignalEvents?
  private var keys: (any DispatchSourceRead)?

  /// The meeting watched: its process, its state as last written, those bytes, and when this
  /// process last saw it written (seconds since 1970).
  private var watched: (process: ProcessIdentity, status: PublishedStatus, data: Data, heard: Double)?
  /// What shows while waiting: the summary of the meeting that ended, if one did.
  private var lastEnd: String?
  /// The meetings already seen to end (or go): one whose state file outlives its end by a
  /// moment is not watched again.
  private var finished: Set<Int32> = []
  private var isSilenceSaid = false
  private var lastFrame: String?
  /// Reads the next scheduled meeting after an instant from the data file.
  private let readAwaited: @MainActor (Date) -> AwaitedMeeting?
  /// While waiting: the next scheduled meeting as last read, and when it was read (seconds
  /// since 1970); nil while a meeting is watched.
  private var awaited: (meeting: AwaitedMeeting?, read: Double)?
  /// How often, in seconds, a waiting watch reads the data file again for the next meeting.
  static let scheduleRereading = 60.0

  init(
    directory: StatusDirectory, command: WatchCommand, display: Display, style: TerminalStyle,
    awaited: @escaping @MainActor (Date) -> AwaitedMeeting?
  ) {
    self.readAwaited = awaited
    self.directory = directory
    self.command = command
    self.display = display
    self.style = style
    @Dependency(\.date) var date
    @Dependency(\.utcOffset) var utcOffset
    self.date = date
    self.utcOffset = utcOffset
  }

  private var now: Double { date.now.timeIntervalSince1970 }

  /// Starts watching (or waiting) and serves the main queue until the watch ends; never
  /// returns but by a throw.
  ///
  /// - Throws: a failure when no meeting runs and the command does not wait, or the status
  ///   directory cannot be watched.
  func run() throws {
    // A reader that went away is a failed write, not a kill: the watcher file is removed.
    signal(SIGPIPE, SIG_IGN)
    do {
      events = try DirectoryEvents(path: directory.path) { [weak self] names in
        self?.changed(names)
      }
      refresh()
      if watched == nil && !(command.wait || command.follow) {
        throw CommandFailure("no meeting is running")
      }
      if watched == nil { startWaiting() }
    } catch {
      endTerminal()
      throw error
    }
    signals = SignalEvents([SIGINT, SIGTERM, SIGHUP, SIGWINCH]) { [weak self] signal in
      if signal == SIGWINCH {
        self?.draw(force: true)
      } else {
        self?.quit()
      }
    }
    startTicking()
    startReadingKeys()
    draw(force: true)
    dispatchMain()
  }

  // MARK: Following the meeting

  /// The directory changed: read the meeting again when its files are among `names` (or,
  /// while waiting, any state file).
  private func changed(_ names: Set<String>) {
    if let pid = watched?.process.pid {
      guard names.contains("\(pid).json") || names.contains("\(pid).ended.json") else { return }
    }
    refresh()
  }

  /// Reads the watched meeting's state and shows what changed; while waiting, looks for a
  /// meeting to watch.
  private func refresh() {
    guard let watched else { return findMeeting() }
    let pid = watched.process.pid
    if let last = lastState(of: pid) { return finish(MeetingEnd(last, now: now)) }
    guard let data = read(directory.file(for: pid)) else {
      // Removed without a last state: ended before it counted this watcher, or killed.
      return watched.process.isRunning
        ? finish(MeetingEnd(watched.status, now: now)) : gone()
    }
    self.watched?.heard = now
    guard data != watched.data, let status = PublishedStatus.decoded(data) else { return }
    self.watched?.status = status
    self.watched?.data = data
    let time = now
    let old = watched.status.at(time)
    let new = status.at(time)
    emit(WatchEvent.changes(from: old, to: new))
    announce(from: old, to: new)
    draw()
  }

  /// The last state the meeting run by `pid` left for its watchers as it ended, if it did.
  private func lastState(of pid: Int32) -> PublishedStatus? {
    read(directory.endedFile(for: pid)).flatMap(PublishedStatus.decoded)
  }

  /// Starts watching the first running meeting the command names, if one runs.
  private func findMeeting() {
    let running = directory.runningMeetings().filter { !finished.contains($0.pid) }
    guard let status = running.first(where: command.matches),
      let data = read(directory.file(for: status.pid))
    else { return }
    let process = ProcessIdentity(pid: status.pid, start: status.processStart)
    watched = (process, status, data, now)
    awaited = nil
    isSilenceSaid = false
    try? MeetingWatchers(directory: directory, meeting: status.pid).add(me)
    let shown = status.at(now)
    emit([.snapshot(shown)])
    announce(from: nil, to: shown)
    draw(force: true)
  }

  /// The meeting ended: says how, then waits for the next with `--follow`, else exits 0.
  private func finish(_ end: MeetingEnd) {
    let line = end.line(utcOffset: utcOffset(end.at))
    emit([.ended(end)])
    stopWatching(removingEnded: true)
    guard !command.follow else {
      lastEnd = line
      startWaiting()
      return
    }
    endTerminal()
    if case .lines = display {} else { Output.standard(line + "\n") }
    exit(.success)
  }

  /// The meeting's process is gone without ending the meeting: says so, then waits for the
  /// next with `--follow`, else exits 1.
  private func gone() {
    let message = WatchView.notResponding(since: silence)
    stopWatching(removingEnded: false)
    guard !command.follow else {
      lastEnd = message
      if case .lines = display { Output.error("Warning: \(message)\n") }
      startWaiting()
      return
    }
    endTerminal()
    Output.error("Error: \(message)\n")
    exit(.failure)
  }

  /// Stops watching the meeting: this watcher's file goes, and the meeting's last state too
  /// when `removingEnded` and no other watcher is left to read it.
  private func stopWatching(removingEnded: Bool) {
    guard let pid = watched?.process.pid else { return }
    watched = nil
    finished.insert(pid)
    let watchers = MeetingWatchers(directory: directory, meeting: pid)
    watchers.remove(me.pid)
    if removingEnded && watchers.count() == 0 {
      try? fileSystem.removeFile(directory.endedFile(for: pid))
    }
  }

  /// Seconds since the watched meeting last wrote.
  private var silence: Int {
    Int((now - (watched?.heard ?? now)).rounded(.down))
  }

  /// `--me`: the bell and a flash when the one it names becomes next, or their turn starts.
  private func announce(from old: PublishedStatus?, to new: PublishedStatus) {
    let starts = command.isMe(new.speaker) && !command.isMe(old?.speaker)
    let isNext = command.isMe(new.next.first) && !command.isMe(old?.next.first)
    guard starts || isNext, let terminal else { return }
    terminal.write("\u{07}\u{1B}[?5h")
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) { [weak self] in
      MainActor.assumeIsolated { self?.terminal?.write("\u{1B}[?5l") }
    }
  }

  // MARK: Waiting

  /// No meeting is watched: reads the next scheduled one afresh, says it (a waiting event in
  /// JSON Lines) and shows it.
  private func startWaiting() {
    awaited = nil
    lookAtSchedule()
    draw(force: true)
  }

  /// Reads the next scheduled meeting when it was not read yet or was read a minute ago,
  /// and writes a waiting event when it is another than the last one written.
  private func lookAtSchedule() {
    if let awaited, now - awaited.read < Self.scheduleRereading { return }
    let before = awaited
    let meeting = readAwaited(Date(timeIntervalSince1970: now))
    awaited = (meeting, now)
    if let before, before.meeting == meeting { return }
    emit([.waiting(meeting)])
  }

  // MARK: Time passing

  /// Ticks four times a second while times are drawn, once a second for JSON Lines (which
  /// only notice a reader gone and a meeting gone).
  private func startTicking() {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    let tick: DispatchTimeInterval
    if case .lines = display { tick = .seconds(1) } else { tick = Self.tick }
    timer.schedule(deadline: .now() + tick, repeating: tick, leeway: .milliseconds(20))
    timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.tickOnce() } }
    timer.resume()
    ticker = timer
  }

  /// Brings the times up to date, and notices a meeting gone silent or gone, and a reader of
  /// the JSON Lines gone.
  private func tickOnce() {
    if case .lines = display, Self.isHungUp(1) { quit() }
    guard let watched else {
      lookAtSchedule()
      return draw()
    }
    // The meeting's writes say it runs; only a meeting silent for longer than it waits
    // between them is looked for among the processes.
    if now - watched.heard > MeetingWatchers.heartbeat + 1.5, !watched.process.isRunning {
      // Gone, unless it ended just now and its last state is there to read.
      let last = lastState(of: watched.process.pid)
      return last.map { finish(MeetingEnd($0, now: now)) } ?? gone()
    }
    let isSilent = now - watched.heard > WatchView.silenceLimit
    if isSilent && !isSilenceSaid, case .lines = display {
      Output.error("Warning: \(WatchView.notResponding(since: silence))\n")
    }
    isSilenceSaid = isSilent
    draw()
  }

  /// Whether the reader of `descriptor`, a pipe, has gone.
  private static func isHungUp(_ descriptor: Int32) -> Bool {
    var poller = pollfd(fd: descriptor, events: 0, revents: 0)
    return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLERR | POLLHUP) != 0
  }

  // MARK: Showing

  /// The terminal, unless the output is JSON Lines.
  private var terminal: TerminalSession? {
    switch display {
    case .screen(let terminal), .compact(let terminal): terminal
    case .lines: nil
    }
  }

  /// Writes `events` as JSON Lines, when that is the output.
  private func emit(_ events: [WatchEvent]) {
    guard case .lines = display, !events.isEmpty else { return }
    for event in events { Output.standard(event.json.text(pretty: false)) }
    Output.flush()
    if Output.standardOutputFailure != nil { quit() }
  }

  /// Draws the screen or the line when its text changed (or always, when `force`).
  private func draw(force: Bool = false) {
    guard let terminal else { return }
    let text: String
    switch display {
    case .screen:
      let size = terminal.size
      text =
        view.map { $0.frame(size: size) }
        ?? ScreenText.frame(waitingLines.map { " " + $0 }, rows: size.rows)
    case .compact:
      let width = max(terminal.size.columns - 1, 1)
      let line =
        view?.compactLine(width: width)
        ?? truncated(waitingLines.joined(separator: " · "), toWidth: width)
      text = "\r" + line + "\u{1B}[K"
    case .lines:
      return
    }
    guard force || text != lastFrame else { return }
    lastFrame = text
    terminal.write(text)
  }

  /// The watched meeting as it stands now; nil while waiting.
  private var view: WatchView? {
    guard let watched else { return nil }
    let time = now
    let silent = time - watched.heard > WatchView.silenceLimit ? silence : nil
    return WatchView(
      status: watched.status.at(time), silentFor: silent, style: style,
      utcOffset: utcOffset(Date(timeIntervalSince1970: time)))
  }

  /// What shows while no meeting is watched: how the last one ended, and that a meeting is
  /// awaited.
  private var waitingLines: [String] {
    let waiting =
      command.syncUp.map { "waiting for a meeting of \(sanitize($0))…" } ?? "waiting for a meeting…"
    let next = awaited?.meeting.map { [$0.line(now: date.now)] } ?? []
    return (lastEnd.map { [$0] } ?? []) + [waiting] + next
  }

  // MARK: Keys and the end

  /// Reads keys from the terminal: `q` quits; nothing else does anything.
  private func startReadingKeys() {
    guard let terminal else { return }
    let source = DispatchSource.makeReadSource(fileDescriptor: terminal.input, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes {
          Glibc.read(terminal.input, $0.baseAddress, $0.count)
        }
        let quits = buffer[0..<max(count, 0)].contains { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }
        if quits {
          self?.quit()
        } else if count == 0 {
          self?.keys?.cancel()
        }
      }
    }
    source.resume()
    keys = source
  }

  /// Ends the watch: this watcher's file goes, the terminal is given back, status 0.
  private func quit() {
    stopWatching(removingEnded: false)
    endTerminal()
    exit(.success)
  }

  /// Gives the terminal back: the screen as it was, or the line ended.
  private func endTerminal() {
    if case .compact(let terminal) = display { terminal.write("\r\u{1B}[K") }
    terminal?.end()
  }

  private func exit(_ status: ExitStatus) -> Never {
    ticker?.cancel()
    let code = Output.standardOutputFailure == nil ? Output.finish(status.rawValue) : status.rawValue
    #if canImport(Glibc)
      Glibc.exit(code)
    #else
      Darwin.exit(code)
    #endif
  }

  private func read(_ path: String) -> Data? {
    (try? fileSystem.read(path))?.data
  }

  /// The file system the status directory lies in (the `defaultFileStorage` dependency).
  private var fileSystem: any FileSystem {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    return fileSystem
  }
}
