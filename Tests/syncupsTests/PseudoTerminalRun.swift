import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `syncups` running on a pseudo-terminal of its own, as on a user's terminal: the terminal is
/// its controlling terminal (so Ctrl-C typed raises SIGINT), stdin, stdout and stderr.
final class PseudoTerminalRun {
  private(set) var screen = ""
  let pid: pid_t
  /// The terminal the process runs on.
  let terminal: PseudoTerminal
  /// The terminal's settings before the run.
  let settingsBefore: TerminalSettings

  init(
    _ run: SyncUpsRun, _ arguments: [String], environment: [String: String] = [:],
    columns: Int = 80, rows: Int = 24
  ) throws {
    terminal = try PseudoTerminal(columns: columns, rows: rows)
    settingsBefore = terminal.settings()
    let path = terminal.path

    let environment = run.environment(["TERM": "xterm-256color"].merging(environment) { $1 })
    let argv = ([SyncUpsRun.binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session, then opening the terminal makes it the controlling terminal.
    posix_spawnattr_setflags(&attributes, Self.spawnNewSession)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, terminal.master)
    posix_spawn_file_actions_addclose(&actions, terminal.terminal)
    var pid: pid_t = 0
    guard posix_spawn(&pid, SyncUpsRun.binary, &actions, &attributes, argv, envp) == 0 else {
      throw POSIXError(.ENOEXEC)
    }
    self.pid = pid
  }

  deinit {
    _ = Glibc.kill(pid, SIGKILL) as Int32
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }

  /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc does not import.
  private static let spawnNewSession: Int16 = 0x80

  /// Types `text` on the terminal.
  func type(_ text: String) {
    terminal.type(text)
  }

  /// Sends `signal` to the process.
  func kill(_ signal: Int32) {
    _ = Glibc.kill(pid, signal) as Int32
  }

  /// Reads the terminal's output until its visible text (escape sequences removed, spaces
  /// squeezed) holds `text`, for at most `timeout` seconds. True if it does. The default is a
  /// guard against waiting for ever, not a speed requirement: a busy machine starts and runs
  /// the child slowly.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !PseudoTerminalRun.visibleText(screen).contains(text) {
      guard Date() < deadline, readAvailable(until: deadline) else { return false }
    }
    return true
  }

  /// Waits for the process to end, reading what is left; its exit status, or 128 + signal.
  func wait(timeout: Double = 60) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      _ = readAvailable(until: Date().addingTimeInterval(0.05))
      if waitpid(pid, &status, WNOHANG) == pid {
        _ = readAvailable(until: Date().addingTimeInterval(0.05))
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      }
    }
    return -1
  }

  /// Waits (at most `timeout` seconds) until the process is stopped by a signal.
  func waitUntilStopped(timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid { return status & 0xff == 0x7f }
      _ = readAvailable(until: Date().addingTimeInterval(0.02))
    }
    return false
  }

  /// Whether the terminal's settings now equal those before the run.
  var settingsAreRestored: Bool { terminal.settings() == settingsBefore }

  private func readAvailable(until deadline: Date) -> Bool {
    var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
    let milliseconds = max(Int32(deadline.timeIntervalSinceNow * 1000), 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(terminal.master, &buffer, buffer.count)
    guard count > 0 else { return false }
    screen += String(decoding: buffer[..<count], as: UTF8.self)
    return true
  }

  /// `text` without escape sequences, each run of whitespace one space.
  static func visibleText(_ text: String) -> String {
    var result = ""
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      if scalar == "\u{1B}" {
        guard let next = iterator.next() else { break }
        if next == "[" {
          while let byte = iterator.next(), !(0x40...0x7E).contains(byte.value) {}
        } else if next == "]" {
          while let byte = iterator.next(), byte != "\u{07}", byte != "\u{1B}" {}
        }
        result += " "
      } else if scalar.properties.isWhitespace || scalar.value < 0x20 {
        result += " "
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result.split(separator: " ").joined(separator: " ")
  }
}
