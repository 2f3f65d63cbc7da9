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
final class PipeFrontEnd: FrontEnd {
  private let json: Bool
  /// Whether the timer waits for the end of input, so that a script's commands all happen
  /// before any time passes (with `SYNCUPS_CLOCK=immediate`: a meeting that is over at once
  /// would otherwise race its own input).
  private let timerWaitsForInput: Bool
  private weak var meeting: MeetingDoor?
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

  func start(_ meeting: MeetingDoor) {
    self.meeting = meeting
    let state = meeting.state
    lastState = state
    for event in PipeEvent.opening(state) { emit(event) }
    observation = meeting.observe { [weak self] state in self?.stateChanged(state) }
    signals = SignalEvents([SIGINT]) { [weak meeting] _ in
      meeting?.markInterrupted()
      meeting?.send(.alert(.presented(.confirmDiscard)))
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

  var holdsWarnings: Bool { false }

  func report(_ ending: LiveMeeting.Ending, elapsed: Int, syncUp: SyncUp) {
    emit(PipeEvent.ended(ending, elapsed: elapsed))
  }

  private func stateChanged(_ state: RecordMeeting.State) {
    guard !isStopped, let lastState else { return }
    self.lastState = state
    for event in PipeEvent.changes(from: lastState, to: state) { emit(event) }
  }

  private func emit(_ event: PipeEvent) {
    Output.standard(json ? event.json.text(pretty: false) : event.plainLine + "\n")
    Output.flush()
  }

  /// Does what `line` says. Once the meeting has ended (or a line ended it), nothing more is
  /// read: a later line is neither done nor said to be wrong.
  private func handle(line: String) {
    guard !isStopped, let meeting, !meeting.hasEndBegun else { return }
    do {
      guard let command = try PipeCommand.parse(line) else { return }
      for action in try command.actions(in: meeting.state) {
        meeting.send(action)
      }
    } catch {
      // The meeting goes on: the line is ignored, and said to be wrong as any error is.
      Output.error("Error: \(error.message)\n")
    }
  }

  private func endOfInput() {
    if meeting?.state.allowsOvertime == true { meeting?.send(.overtimeWithdrawn) }
    guard timerWaitsForInput else { return }
    meeting?.startTimer()
  }

  /// Reads standard input on a thread of its own (it blocks until a line comes), line by line,
  /// handing each line to the main actor in order, then the end of input.
  private func readStandardInput() {
    BlockingThread.start { [weak self] in
      var reader = LineReader(descriptor: 0)
      while let line = reader.nextLine() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.handle(line: line) } }
      }
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.endOfInput() } }
    }
  }
}
