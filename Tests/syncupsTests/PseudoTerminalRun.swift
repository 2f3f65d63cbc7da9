import ChildProcessSupport
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

    var spawn = ChildSpawn(
      program: SyncUpsRun.binary, arguments: arguments,
      environment: run.environment(["TERM": "xterm-256color"].merging(environment) { $1 }))
    spawn.standardInput = .file(terminal.path, flags: O_RDWR)
    spawn.standardOutput = .descriptor(0)
    spawn.standardError = .descriptor(0)
    spawn.startsSession = true  // opening the terminal then makes it the controlling terminal
    pid = try spawn.start()
  }

  deinit {
    _ = Glibc.kill(pid, SIGKILL) as Int32
    _ = ChildStatus.wait(for: pid)
  }

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
    while Date() < deadline {
      _ = readAvailable(until: Date().addingTimeInterval(0.05))
      if let status = ChildStatus.wait(for: pid, options: WNOHANG) {
        _ = readAvailable(until: Date().addingTimeInterval(0.05))
        switch status {
        case .exited(let code): return code
        case .killed(let signal), .stopped(let signal): return 128 + signal
        }
      }
    }
    return -1
  }

  /// Waits (at most `timeout` seconds) until the process is stopped by a signal.
  func waitUntilStopped(timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = ChildStatus.wait(for: pid, options: WNOHANG | WUNTRACED) {
        if case .stopped = status { return true }
        return false
      }
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
