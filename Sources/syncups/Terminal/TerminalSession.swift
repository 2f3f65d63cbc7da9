#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal taken over for a full-screen display: keys arrive one by one without echo,
/// and the display has the alternate screen to itself, without a cursor. On a terminal that
/// cannot move the cursor (`TERM=dumb`) a session takes the keys only (`takesScreen: false`):
/// raw mode, and no escape sequence is ever written.
///
/// ```swift
/// let session = try TerminalSession.begin()
/// session.write(frame)   // one write(2) per frame
/// …
/// session.end()          // the shell's screen and settings are back
/// ```
///
/// Raw mode here turns off line editing (ICANON), echo (ECHO), the extended input characters
/// (IEXTEN), flow control (IXON) and the mapping of carriage return to line feed (ICRNL), and
/// reads one byte at a time (VMIN 1, VTIME 0). It keeps ISIG, so Ctrl-C, Ctrl-Z and Ctrl-\
/// still raise SIGINT, SIGTSTP and SIGQUIT, and keeps output processing.
///
/// The terminal is put back by ``end()``, by ``suspend()`` for a stop (SIGTSTP), and, if the
/// process dies on a crash signal or calls `exit()` first, by ``EmergencyRestore``.
final class TerminalSession {
  /// Enters the alternate screen and hides the cursor.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
  /// Resets the text attributes, shows the cursor and leaves the alternate screen.
  static let restoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The file descriptor keys are read from.
  let input: Int32
  /// The file descriptor frames are written to.
  let output: Int32
  /// The terminal settings of ``input`` before the session, restored at its end.
  let savedSettings: termios
  /// Whether the session enters the alternate screen and hides the cursor (and so leaves and
  /// shows them again at its end).
  let takesScreen: Bool

  private enum Phase {
    case active, suspended, ended
  }

  private var phase = Phase.active

  private init(input: Int32, output: Int32, savedSettings: termios, takesScreen: Bool) {
    self.input = input
    self.output = output
    self.savedSettings = savedSettings
    self.takesScreen = takesScreen
  }

  deinit {
    end()
  }

  /// Takes over the terminal: saves the settings of `input`, switches it to raw mode, and
  /// (when `takesScreen`) enters the alternate screen on `output` and hides the cursor.
  ///
  /// - Throws: ``TerminalSessionError`` when `input` or `output` is not a terminal or the
  ///   settings cannot be read or changed; the terminal is then left as it was.
  static func begin(
    input: Int32 = 0, output: Int32 = 1, takesScreen: Bool = true
  ) throws(TerminalSessionError) -> TerminalSession {
    for fd in [input, output] where isatty(fd) != 1 {
      throw .notATerminal(fd: fd)
    }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else {
      throw .settingsUnreadable(fd: input, errno: errno)
    }
    let session = TerminalSession(
      input: input, output: output, savedSettings: saved, takesScreen: takesScreen)
    session.armEmergencyRestore()
    var raw = rawSettings(from: saved)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      let error = errno
      EmergencyRestore.disarm(owner: session.owner)
      session.phase = .ended
      throw .settingsUnchangeable(fd: input, errno: error)
    }
    if takesScreen { session.writeAll(enterSequence) }
    return session
  }

  /// `settings` with raw mode on: no line editing, echo, extended input characters, flow
  /// control or carriage-return mapping; reads return as soon as one byte is there. Signals
  /// from the keyboard (ISIG) and output processing stay as they were.
  static func rawSettings(from settings: termios) -> termios {
    var raw = settings
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    return raw
  }

  /// Whether the session holds the terminal: begun, and not suspended or ended.
  var isActive: Bool { phase == .active }

  /// The terminal's size, from TIOCGWINSZ on ``output`` (else ``input``); 80×24 when
  /// neither knows it.
  var size: TerminalSize {
    var window = winsize()
    for fd in [output, input]
    where ioctl(fd, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 && window.ws_row > 0 {
      return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
    return .fallback
  }

  /// Writes `frame` with one `write(2)` loop (repeated only for a partial write or an
  /// interruption), so a frame reaches the terminal whole. Ignored unless the session is
  /// active: nothing is drawn over the shell while suspended or after the end.
  func write(_ frame: String) {
    guard phase == .active else { return }
    writeAll(frame)
  }

  /// Gives the terminal back for a stop (SIGTSTP): leaves the alternate screen, shows the
  /// cursor and restores the settings. The caller then stops the process; ``resume()`` takes
  /// the terminal again. Does nothing unless the session is active.
  func suspend() {
    guard phase == .active else { return }
    restore(when: TCSANOW)
    phase = .suspended
  }

  /// Takes the terminal again after ``suspend()`` (on SIGCONT): raw mode, the alternate
  /// screen, no cursor. The screen is blank: the caller draws a whole frame. Does nothing
  /// unless the session is suspended.
  func resume() {
    guard phase == .suspended else { return }
    armEmergencyRestore()
    var raw = Self.rawSettings(from: savedSettings)
    _ = tcsetattr(input, TCSANOW, &raw)
    if takesScreen { writeAll(Self.enterSequence) }
    phase = .active
  }

  /// Gives the terminal back for good: resets the text attributes, shows the cursor, leaves
  /// the alternate screen, and restores the settings, dropping keys typed but not read.
  /// Calling it again does nothing.
  func end() {
    if phase == .active { restore(when: TCSAFLUSH) }
    EmergencyRestore.disarm(owner: owner)
    phase = .ended
  }

  /// Drops the keys typed but not yet read (`tcflush`), so that they never reach whatever
  /// reads the terminal next (the shell, once the process exits). Works after ``end()`` too.
  func discardInput() {
    _ = tcflush(input, TCIFLUSH)
  }

  /// Writes the restore sequence, then puts the saved settings back (`when`: TCSANOW or
  /// TCSAFLUSH), and disarms the emergency restore.
  private func restore(when: Int32) {
    if takesScreen { writeAll(Self.restoreSequence) }
    var saved = savedSettings
    _ = tcsetattr(input, when, &saved)
    EmergencyRestore.disarm(owner: owner)
  }

  /// Writes all of `text` to ``output``, retrying after partial writes and interruptions,
  /// waiting (up to a second at a time) when the output is non-blocking and full, giving up
  /// on any other failure (a terminal that hung up).
  private func writeAll(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(output, base + offset, buffer.count - offset)
        if count > 0 {
          offset += count
        } else if count < 0 && errno == EINTR {
          continue
        } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && waitUntilWritable() {
          continue
        } else {
          return
        }
      }
    }
  }

  /// Waits up to a second for ``output`` to take more bytes; `false` when it does not.
  private func waitUntilWritable() -> Bool {
    var poller = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
    return poll(&poller, 1, 1000) == 1
  }

  private func armEmergencyRestore() {
    EmergencyRestore.arm(
      owner: owner, input: input, output: output, settings: savedSettings,
      restoresScreen: takesScreen)
  }

  /// This session's identity for ``EmergencyRestore``.
  private var owner: UInt { UInt(bitPattern: ObjectIdentifier(self)) }
}

/// A terminal's size in character cells.
struct TerminalSize: Equatable, Sendable {
  var columns: Int
  var rows: Int

  /// The size assumed when the terminal does not tell: 80×24.
  static let fallback = TerminalSize(columns: 80, rows: 24)
}

/// Why a ``TerminalSession`` could not begin.
enum TerminalSessionError: Error, Equatable {
  /// The file descriptor is not a terminal.
  case notATerminal(fd: Int32)
  /// `tcgetattr` failed on the file descriptor.
  case settingsUnreadable(fd: Int32, errno: Int32)
  /// `tcsetattr` failed on the file descriptor.
  case settingsUnchangeable(fd: Int32, errno: Int32)

  /// What went wrong, for an `Error: …` line.
  ///
  /// ```swift
  /// TerminalSessionError.notATerminal(fd: 0).message  // "standard input is not a terminal"
  /// ```
  var message: String {
    switch self {
    case .notATerminal(let fd):
      "\(Self.name(of: fd)) is not a terminal"
    case .settingsUnreadable(let fd, let code):
      "cannot read the terminal settings of \(Self.name(of: fd)): \(Self.describe(code))"
    case .settingsUnchangeable(let fd, let code):
      "cannot switch \(Self.name(of: fd)) to raw mode: \(Self.describe(code))"
    }
  }

  /// "standard input", "standard output", "standard error" or "file descriptor N".
  private static func name(of fd: Int32) -> String {
    switch fd {
    case 0: "standard input"
    case 1: "standard output"
    case 2: "standard error"
    default: "file descriptor \(fd)"
    }
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
