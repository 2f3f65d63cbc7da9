import Dispatch
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive meeting on a terminal: reads keys, sends the actions they stand for through
/// the meeting's door (see ``KeyMap`` and ``MeetingDoor``), and draws ``ScreenLayout`` whenever
/// what it shows changes. Once a key saved or discarded the meeting, or the meeting ended, keys
/// are ignored.
///
/// ```swift
/// let session = try TerminalSession.begin()
/// var controller: TerminalController?
/// controller = TerminalController(meeting: door, session: session, style: style) {
///   interrupted = true  // the second Ctrl-C is discarding the meeting
/// }
/// controller?.start()
/// door.startTimer()
/// …                    // when the feature dismisses (saved, discarded or interrupted):
/// controller?.stop()
/// session.end()
/// ```
///
/// While started it handles these signals (through ``SignalEvents``): SIGINT (Ctrl-C) like
/// the key map says; SIGWINCH redraws at the new size; SIGTSTP (Ctrl-Z) gives the terminal
/// back and stops the process; SIGCONT takes the terminal again and redraws.
///
/// A frame is written, in one write, only when its text differs from the last one written;
/// the bell (`BEL`) goes in front of it when the `bell` setting says so (see
/// ``RecordMeeting/State/shouldRingBell``). When the turn reaches a cue, the screen flashes: it
/// turns to reverse video (`ESC [?5h`) for a second, then back (`ESC [?5l`), a visual bell.
/// On a terminal that cannot move the cursor the display is ``Display/lines`` instead: the
/// ``LineLayout`` of what changed, with the same keys.
@MainActor
final class TerminalController {
  enum Display {
    /// ``ScreenLayout`` frames, redrawn in place.
    case fullScreen
    /// ``LineLayout`` lines, one after the other (`TERM=dumb`).
    case lines
  }

  /// How long a lone Escape byte waits for the rest of an escape sequence.
  static let escapeDelay = DispatchTimeInterval.milliseconds(50)
  /// How long the screen stays in reverse video when it flashes.
  static let flashLength = DispatchTimeInterval.seconds(1)
  /// Turns the whole screen to reverse video (a flash).
  static let flashOn = "\u{1B}[?5h"
  /// Turns the screen back from a flash.
  static let flashOff = "\u{1B}[?5l"

  /// The front-end's own state: the note being typed, a pending Ctrl-C.
  private(set) var overlay = ScreenOverlay()

  private let meeting: MeetingDoor
  private let session: TerminalSession
  private let style: TerminalStyle
  private let display: Display
  private let layout: Layout
  private let onInterrupted: @MainActor () -> Void
  private let stopProcess: @MainActor () -> Void
  private var decoder = KeyDecoder()
  private var readSource: (any DispatchSourceRead)?
  private var signals: SignalEvents?
  private var observation: StoreObservation?
  private var escapeTimeout: DispatchWorkItem?
  /// Turns the screen back from a flash, while it is flashing.
  private var flashEnd: DispatchWorkItem?
  private var lastFrame: String?
  private var lastShown: LineLayout.Shown?
  private var isRunning = false
  /// Set while the actions of one input are sent: the screen is drawn once after all of
  /// them, not once per change and again at the end.
  private var isSendingInput = false
  /// Whether a change made while ``isSendingInput`` asked for the bell.
  private var isBellDue = false

  /// Lays out a full-screen frame of `columns`×`rows`, as ``ScreenLayout`` does.
  typealias Layout = @MainActor (
    _ state: RecordMeeting.State, _ overlay: ScreenOverlay, _ columns: Int, _ rows: Int,
    _ style: TerminalStyle
  ) -> String

  /// A meeting drawn on `session` in `style`, driven through `meeting`.
  ///
  /// - Parameters:
  ///   - display: Frames, or lines for a terminal that cannot move the cursor.
  ///   - layout: How a frame is laid out. Each call lays out the whole screen, so a key press
  ///     makes one call however many changes it causes; tests count the calls.
  ///   - onInterrupted: Called after a second Ctrl-C, once the meeting has sent
  ///     `.alert(.presented(.confirmDiscard))` itself: the caller only notes it (to exit with
  ///     status 130 later) and keeps running; it stops and ends the session when the
  ///     feature's dismissal follows, as an effect, like for any other ending.
  ///   - stopProcess: Stops the process for Ctrl-Z, after the terminal was given back; tests
  ///     replace it.
  init(
    meeting: MeetingDoor,
    session: TerminalSession,
    style: TerminalStyle,
    display: Display = .fullScreen,
    layout: @escaping Layout = ScreenLayout.render,
    onInterrupted: @escaping @MainActor () -> Void,
    stopProcess: @escaping @MainActor () -> Void = { kill(getpid(), SIGSTOP) }
  ) {
    self.meeting = meeting
    self.session = session
    self.style = style
    self.display = display
    self.layout = layout
    self.onInterrupted = onInterrupted
    self.stopProcess = stopProcess
  }

  /// Starts reading keys and handling signals, and draws the first frame. Does not send
  /// `.onTask`: the caller starts the timer.
  func start() {
    guard !isRunning else { return }
    isRunning = true
    observation = meeting.observe { [weak self] state in self?.stateChanged(state) }
    signals = SignalEvents([SIGINT, SIGWINCH, SIGTSTP, SIGCONT]) { [weak self] signal in
      self?.handleSignal(signal)
    }
    startReading()
    redraw(force: true)
  }

  /// Stops reading keys, handling signals (they get their default actions back) and drawing.
  /// The caller then ends the session. Calling it again does nothing.
  func stop() {
    isRunning = false
    readSource?.cancel()
    readSource = nil
    signals?.cancel()
    signals = nil
    observation?.cancel()
    observation = nil
    escapeTimeout?.cancel()
    escapeTimeout = nil
    if flashEnd != nil { endFlash() }
  }

  /// Flashes the screen: reverse video now, normal again after ``flashLength``; a flash
  /// during one lasts a second from the later.
  private func flash() {
    guard isRunning, display == .fullScreen else { return }
    flashEnd?.cancel()
    session.write(Self.flashOn)
    let end = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.endFlash() }
    }
    flashEnd = end
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.flashLength, execute: end)
  }

  /// Turns the screen back from a flash.
  private func endFlash() {
    flashEnd?.cancel()
    flashEnd = nil
    session.write(Self.flashOff)
  }

  /// Does what `input` stands for (see ``KeyMap``) and redraws. Ignored once the meeting's
  /// end has begun (see ``MeetingDoor/hasEndBegun``). The note being typed goes to the meeting
  /// as it changes, first: whatever ends the meeting, the meeting then saves it. Its end
  /// (Enter, Esc) goes last, so that a note submitted is still the one being typed, with its
  /// speaker.
  func handle(_ input: KeyMap.Input) {
    guard !meeting.hasEndBegun else { return }
    let state = meeting.state
    let response = KeyMap.respond(to: input, state: state, overlay: overlay)
    let draft = response.overlay.meetingNoteDraft
    let draftChange: [RecordMeeting.Action] =
      draft == state.noteDraft ? [] : [.noteDraftChanged(draft)]
    overlay = response.overlay
    let ringBell = send(
      draft.isEmpty ? response.actions + draftChange : draftChange + response.actions)
    if response.isInterrupted {
      onInterrupted()
    } else {
      redraw(ringBell: ringBell)
    }
  }

  /// Shows that `count` follow the meeting with `syncups watch`.
  func showWatchers(_ count: Int) {
    guard overlay.watching != count else { return }
    overlay.watching = count
    redraw()
  }

  /// Sends `actions` without drawing after each; whether one of them asked for the bell.
  private func send(_ actions: [RecordMeeting.Action]) -> Bool {
    isSendingInput = true
    isBellDue = false
    defer {
      isSendingInput = false
      isBellDue = false
    }
    for action in actions {
      meeting.send(action)
    }
    return isBellDue
  }

  /// Draws the current frame if its text changed (or always, when `force`), after the bell
  /// when `ringBell`, in one write. As lines, writes what changed since the last call (a
  /// line cannot be drawn again, so `force` changes nothing). Once a save or discard was
  /// sent, the last frame stays until the caller ends the session.
  func redraw(force: Bool = false, ringBell: Bool = false) {
    guard isRunning, !meeting.isEndRequested else { return }
    var output = ringBell ? "\u{07}" : ""
    switch display {
    case .fullScreen:
      let size = session.size
      let frame = layout(meeting.state, overlay, size.columns, size.rows, style)
      if force || frame != lastFrame {
        output += frame
        lastFrame = frame
      }
    case .lines:
      let shown = (state: meeting.state, overlay: overlay)
      output +=
        lastShown.map { LineLayout.changes(from: $0, to: shown) }
        ?? LineLayout.opening(shown.state, shown.overlay)
      lastShown = shown
    }
    if !output.isEmpty { session.write(output) }
  }

  /// After each action: a closed prompt forgets a pending Ctrl-C; then redraw, with the bell
  /// on a speaker change (or leave both to ``send(_:)`` when it is sending input).
  private func stateChanged(_ state: RecordMeeting.State) {
    if state.alert == nil { overlay.isInterruptPending = false }
    if state.shouldFlash { flash() }
    if isSendingInput {
      isBellDue = isBellDue || state.shouldRingBell
    } else {
      redraw(ringBell: state.shouldRingBell)
    }
  }

  /// Responds to a signal delivered by ``SignalEvents``: SIGINT, SIGWINCH, SIGTSTP or
  /// SIGCONT.
  func handleSignal(_ signal: Int32) {
    switch signal {
    case SIGINT:
      handle(.interrupt)
    case SIGWINCH:
      redraw(force: true)
    case SIGTSTP:
      session.suspend()
      stopProcess()
    case SIGCONT:
      session.resume()
      redraw(force: true)
    default:
      break
    }
  }

  // MARK: Reading keys

  /// Watches the session's input on the main queue.
  private func startReading() {
    let source = DispatchSource.makeReadSource(fileDescriptor: session.input, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readInput() }
    }
    source.resume()
    readSource = source
  }

  /// Reads what is waiting and handles the keys it completes. At the end of input (the
  /// terminal hung up) reading stops.
  private func readInput() {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(session.input, $0.baseAddress, $0.count) }
    if count > 0 {
      handleKeys(decoder.feed(buffer[0..<count]))
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      readSource?.cancel()
      readSource = nil
    }
  }

  /// Handles `keys` in order, then waits for the rest of an escape sequence if one started.
  private func handleKeys(_ keys: [Key]) {
    for key in keys where isRunning {
      handle(.key(key))
    }
    escapeTimeout?.cancel()
    escapeTimeout = nil
    guard decoder.hasPendingEscape else { return }
    let timeout = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.escapeTimedOut() }
    }
    escapeTimeout = timeout
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.escapeDelay, execute: timeout)
  }

  /// Nothing followed an escape byte: it was the Escape key.
  private func escapeTimedOut() {
    escapeTimeout = nil
    guard isRunning else { return }
    for key in decoder.timeoutPendingEscape() {
      handle(.key(key))
    }
  }
}
