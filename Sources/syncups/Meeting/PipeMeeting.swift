import Dispatch
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A meeting driven by a script: standard input's lines are commands (``PipeCommand``) and
/// standard output gets one line per event, or one JSON object per line with `--json`, each
/// written as it happens. No raw mode, no key reading, no redraws.
///
/// The end of input does not end the meeting: it runs until its time is up, a `save` or
/// `discard` line, or a `next` on the last speaker (which saves). With overtime allowed, once
/// input has ended nobody is left to say `next`, so each turn ends when its slot runs out,
/// as without overtime. An interrupt (SIGINT) discards it and exits 130.
@MainActor
final class PipeMeeting: MeetingFrontEnd {
  private let json: Bool
  /// Whether the timer waits for the end of input, so that a script's commands all happen
  /// before any time passes (with `SYNCUPS_CLOCK=immediate`: a meeting that is over at once
  /// would otherwise race its own input).
  private let timerWaitsForInput: Bool
  private weak var session: MeetingSession?
  private var lastState: RecordMeeting.State?
  private var observation: StoreObservation?
  private var signals: SignalEvents?
  private var isStopped = false

  /// - Parameters:
  ///   - json: JSON Lines instead of plain lines.
  ///   - timerWaitsForInput: start the timer only at the end of standard input.
  init(json: Bool, timerWaitsForInput: Bool) {
    self.json = json
    self.timerWaitsForInput = timerWaitsForInput
  }

  func start(_ session: MeetingSession) {
    self.session = session
    let state = session.store.state
    lastState = state
    for event in MeetingEvent.opening(state) { emit(event) }
    observation = session.store.observe { [weak self] state in self?.stateChanged(state) }
    signals = SignalEvents([SIGINT]) { [weak session] _ in
      session?.markInterrupted()
      session?.send(.alert(.presented(.confirmDiscard)))
    }
    readStandardInput()
  }

  func stop() {
    isStopped = true
    observation?.cancel()
    signals?.cancel()
  }

  /// Standard input may be a terminal (`--json` on one): a line being typed there when the
  /// process exits would go to the shell.
  func discardTypeahead() {
    if isatty(0) == 1 { _ = tcflush(0, TCIFLUSH) }
  }

  func report(_ ending: MeetingEnding, elapsed: Int, syncUp: SyncUp) {
    emit(ending.event(elapsed: elapsed))
  }

  private func stateChanged(_ state: RecordMeeting.State) {
    guard !isStopped, let lastState else { return }
    self.lastState = state
    for event in MeetingEvent.changes(from: lastState, to: state) { emit(event) }
  }

  private func emit(_ event: MeetingEvent) {
    Output.standard(json ? event.json.text(pretty: false) : event.plainLine + "\n")
    Output.flush()
  }

  /// Does what `line` says. Once the meeting has ended (or a line ended it), nothing more is
  /// read: a later line is neither done nor said to be wrong.
  private func handle(line: String) {
    guard !isStopped, let session, !session.hasEndBegun else { return }
    do {
      guard let command = try PipeCommand.parse(line) else { return }
      for action in command.actions(in: session.store.state) {
        session.send(action)
      }
    } catch {
      // The meeting goes on: the line is ignored, and said to be wrong as any error is.
      Output.error("Error: \(error.message)\n")
    }
  }

  private func endOfInput() {
    if session?.store.state.allowsOvertime == true { session?.send(.overtimeWithdrawn) }
    guard timerWaitsForInput else { return }
    session?.startTimer()
  }

  /// Reads standard input on a background thread, line by line, handing each line to the
  /// main actor in order, then the end of input.
  private func readStandardInput() {
    DispatchQueue.global().async { [weak self] in
      var reader = LineReader(descriptor: 0)
      while let line = reader.nextLine() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.handle(line: line) } }
      }
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.endOfInput() } }
    }
  }
}

/// Lines from a file descriptor, read in blocks; invalid UTF-8 is repaired, a last line
/// without a line break still counts.
struct LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var isAtEnd = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line without its line break, or nil at the end of input (or on a read error).
  mutating func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        defer { buffer.removeSubrange(...newline) }
        return String(decoding: line, as: UTF8.self)
      }
      if isAtEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      fill()
    }
  }

  private mutating func fill() {
    var block = [UInt8](repeating: 0, count: 4096)
    let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.append(contentsOf: block[..<count])
    } else if count == 0 || errno != EINTR {
      isAtEnd = true
    }
  }
}
