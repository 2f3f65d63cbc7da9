#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back when the process ends without ``TerminalSession/end()``: on a crash
/// (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, and SIGQUIT from Ctrl-\) and on an
/// `exit()` called anywhere.
///
/// A session *arms* it with the settings to restore. The crash handlers then do only what is
/// safe inside a signal handler: read the state prepared here, call `tcsetattr` and `write`,
/// put back the signal's previous action (the default, or the Swift runtime's backtracer) and
/// raise the signal again, so the process dies as it would have, with the terminal usable.
///
/// ```swift
/// EmergencyRestore.arm(owner: id, input: 0, output: 1, settings: saved)
/// …                                  // a crash here leaves a usable terminal
/// EmergencyRestore.disarm(owner: id)
/// ```
enum EmergencyRestore {
  /// The signals whose default action kills the process and that a crash in our own code
  /// raises, plus SIGQUIT, which Ctrl-\ sends while the terminal keeps ISIG.
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT]

  /// Restores `settings` on `input` and, when `restoresScreen`, writes
  /// ``TerminalSession/restoreSequence`` to `output` if the process dies before
  /// ``disarm(owner:)``. Replaces any earlier arming.
  static func arm(
    owner: UInt, input: Int32, output: Int32, settings: termios, restoresScreen: Bool = true
  ) {
    let state = emergencyState
    _ = installation
    state.pointee.isArmed = false
    state.pointee.owner = owner
    state.pointee.input = input
    state.pointee.output = output
    state.pointee.settings = settings
    state.pointee.restoresScreen = restoresScreen
    state.pointee.isArmed = true
  }

  /// Stops the restore armed by `owner`; an arming by another owner stays.
  static func disarm(owner: UInt) {
    let state = emergencyState
    if state.pointee.owner == owner { state.pointee.isArmed = false }
  }

  /// Whether a restore is armed.
  static var isArmed: Bool { emergencyState.pointee.isArmed }

  /// Restores the terminal now if a restore is armed, and disarms it. Async-signal-safe: the
  /// crash handlers and the `atexit` hook call it.
  static func restoreNow() {
    let state = emergencyState
    guard state.pointee.isArmed else { return }
    state.pointee.isArmed = false
    _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.settings)
    var offset = state.pointee.restoresScreen ? 0 : state.pointee.byteCount
    while offset < state.pointee.byteCount {
      let count = systemWrite(
        state.pointee.output, state.pointee.bytes + offset, state.pointee.byteCount - offset)
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
  }

  /// The crash handlers and the `atexit` hook, installed once, the first time a session arms.
  private static let installation: Void = {
    for signal in crashSignals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { signal in EmergencyRestore.handleCrash(signal) }
      #else
        action.__sigaction_u.__sa_handler = { signal in EmergencyRestore.handleCrash(signal) }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_ONSTACK
      sigaction(signal, &action, previousActions + Int(signal))
    }
    atexit { EmergencyRestore.restoreNow() }
  }()

  /// A crash signal's handler: restore, put the previous action back, raise the signal again.
  /// The raised signal stays blocked until the handler returns and is then delivered to the
  /// previous action, with the crash's own context.
  private static func handleCrash(_ signal: Int32) {
    restoreNow()
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
  }
}

/// What ``EmergencyRestore`` restores, prepared before it is armed so that a signal handler
/// only reads it.
private struct EmergencyState {
  var isArmed: Bool
  var owner: UInt
  var input: Int32
  var output: Int32
  var settings: termios
  var restoresScreen: Bool
  let bytes: UnsafeMutablePointer<UInt8>
  let byteCount: Int
}

/// The one restore state, allocated at its first use (in ``EmergencyRestore/arm``, never in a
/// signal handler) and never freed.
nonisolated(unsafe) private let emergencyState: UnsafeMutablePointer<EmergencyState> = {
  let sequence = Array(TerminalSession.restoreSequence.utf8)
  let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: sequence.count)
  bytes.initialize(from: sequence, count: sequence.count)
  let state = UnsafeMutablePointer<EmergencyState>.allocate(capacity: 1)
  state.initialize(
    to: EmergencyState(
      isArmed: false, owner: 0, input: -1, output: -1, settings: termios(), restoresScreen: true,
      bytes: bytes, byteCount: sequence.count))
  return state
}()

/// The actions the crash handlers replaced, indexed by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  actions.initialize(repeating: sigaction(), count: 65)
  return actions
}()

/// `write(2)`, named apart from the `write` methods of the types in this module.
func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
  #else
    Darwin.write(fd, bytes, count)
  #endif
}
