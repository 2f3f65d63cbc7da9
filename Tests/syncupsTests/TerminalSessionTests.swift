import ChildProcessSupport
import Foundation
import Testing

@testable import syncups

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal restore is one per process (a crash can only restore one terminal), so the
/// tests that begin sessions run one at a time.
@Suite(.serialized) struct TerminalSessionTests {
  @Test func theSequences() {
    #expect(TerminalSession.enterSequence == "\u{1B}[?1049h\u{1B}[?25l")
    #expect(TerminalSession.restoreSequence == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
  }

  @Test func rawSettingsKeepSignalsAndOutputProcessing() {
    var cooked = termios()
    cooked.c_iflag = tcflag_t(ICRNL | IXON | BRKINT)
    cooked.c_oflag = tcflag_t(OPOST | ONLCR)
    cooked.c_lflag = tcflag_t(ICANON | ECHO | IEXTEN | ISIG | ECHOE)
    let raw = TerminalSettings(TerminalSession.rawSettings(from: cooked))
    #expect(raw.input == UInt64(BRKINT))
    #expect(raw.output == UInt64(OPOST | ONLCR))
    #expect(raw.local == UInt64(ISIG | ECHOE))
    #expect(raw.characters[Int(VMIN)] == 1)
    #expect(raw.characters[Int(VTIME)] == 0)
  }

  @Test func beginRefusesAPipe() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    #expect(throws: TerminalSessionError.notATerminal(fd: ends[0])) {
      try TerminalSession.begin(input: ends[0], output: ends[1])
    }
    #expect(
      TerminalSessionError.notATerminal(fd: ends[0]).message
        == "file descriptor \(ends[0]) is not a terminal")
    #expect(TerminalSessionError.notATerminal(fd: 0).message == "standard input is not a terminal")
    #expect(
      TerminalSessionError.notATerminal(fd: 1).message == "standard output is not a terminal")
    #expect(EmergencyRestore.isArmed == false)
  }

  @Test func beginRefusesAnOutputThatIsNotATerminalAndChangesNothing() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    #expect(throws: TerminalSessionError.notATerminal(fd: ends[1])) {
      try TerminalSession.begin(input: pty.terminal, output: ends[1])
    }
    #expect(pty.settings() == before)
    #expect(pty.readOutput(timeout: 20) == "")
  }

  @Test func beginThenEndLeavesTheTerminalExactlyAsItWas() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    let raw = pty.settings()
    #expect(TerminalSettings.has(raw.local, ICANON) == false)
    #expect(TerminalSettings.has(raw.local, ECHO) == false)
    #expect(TerminalSettings.has(raw.local, IEXTEN) == false)
    #expect(TerminalSettings.has(raw.local, ISIG))
    #expect(TerminalSettings.has(raw.input, IXON) == false)
    #expect(TerminalSettings.has(raw.input, ICRNL) == false)
    #expect(raw.characters[Int(VMIN)] == 1)
    #expect(pty.readOutput() == "\u{1B}[?1049h\u{1B}[?25l")
    #expect(EmergencyRestore.isArmed)

    session.end()
    #expect(pty.settings() == before)
    #expect(pty.readOutput() == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    #expect(EmergencyRestore.isArmed == false)

    session.end()
    #expect(pty.readOutput(timeout: 20) == "")
  }

  @Test func framesAreWrittenWholeOnlyWhileActive() throws {
    let pty = try PseudoTerminal()
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    _ = pty.readOutput()
    let frame =
      "\u{1B}[1;1H\u{1B}[KBlob is speaking é会\u{1B}[2;1H\u{1B}[K"
      + String(repeating: "█", count: 2000)
    session.write(frame)
    #expect(pty.readOutput() == frame)
    session.end()
    _ = pty.readOutput()
    session.write("late")
    #expect(pty.readOutput(timeout: 20) == "")
  }

  @Test func suspendGivesTheTerminalBackAndResumeTakesItAgain() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    let raw = pty.settings()
    _ = pty.readOutput()

    session.suspend()
    #expect(session.isActive == false)
    #expect(pty.settings() == before)
    #expect(pty.readOutput() == TerminalSession.restoreSequence)
    #expect(EmergencyRestore.isArmed == false)
    session.write("hidden")
    #expect(pty.readOutput(timeout: 20) == "")

    session.resume()
    #expect(session.isActive)
    #expect(pty.settings() == raw)
    #expect(pty.readOutput() == TerminalSession.enterSequence)
    #expect(EmergencyRestore.isArmed)

    session.suspend()
    session.end()
    #expect(pty.settings() == before)
    #expect(pty.readOutput() == TerminalSession.restoreSequence)
  }

  /// For a terminal that cannot move the cursor: raw mode, and not one escape sequence.
  @Test func aSessionForKeysOnlyWritesNoEscapeSequence() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let session = try TerminalSession.begin(
      input: pty.terminal, output: pty.terminal, takesScreen: false)
    let raw = pty.settings()
    #expect(raw != before)
    session.write("0:00 Ana is speaking\n")
    #expect(pty.readOutput() == "0:00 Ana is speaking\r\n")
    session.suspend()
    #expect(pty.settings() == before)
    session.resume()
    #expect(pty.settings() == raw)
    session.end()
    #expect(pty.settings() == before)
    #expect(pty.readOutput(timeout: 20) == "")
  }

  @Test func endDropsKeysTypedButNotRead() throws {
    let pty = try PseudoTerminal()
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    pty.type("nq")
    usleep(20_000)
    session.end()
    #expect(pty.pendingInput() == [])
  }

  @Test func sizeComesFromTheTerminal() throws {
    let pty = try PseudoTerminal(columns: 40, rows: 10)
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    defer { session.end() }
    #expect(session.size == TerminalSize(columns: 40, rows: 10))
    pty.resize(columns: 132, rows: 50)
    #expect(session.size == TerminalSize(columns: 132, rows: 50))
    pty.resize(columns: 0, rows: 0)
    #expect(session.size == TerminalSize(columns: 80, rows: 24))
  }

  @Test func theEmergencyRestorePutsTheTerminalBack() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    _ = pty.readOutput()
    EmergencyRestore.restoreNow()
    #expect(pty.settings() == before)
    #expect(pty.readOutput() == TerminalSession.restoreSequence)
    #expect(EmergencyRestore.isArmed == false)
    EmergencyRestore.restoreNow()
    #expect(pty.readOutput(timeout: 20) == "")
    session.end()
  }

  @Test func anotherSessionsEndDoesNotDisarmTheRestore() throws {
    let first = try PseudoTerminal()
    let second = try PseudoTerminal()
    let old = try TerminalSession.begin(input: first.terminal, output: first.terminal)
    let current = try TerminalSession.begin(input: second.terminal, output: second.terminal)
    old.end()
    #expect(EmergencyRestore.isArmed)
    current.end()
    #expect(EmergencyRestore.isArmed == false)
  }

  /// How the child process leaves: by a crash (writing to address 8, `abort()`,
  /// `fatalError`), or by `exit(3)`.
  enum Ending: String, CaseIterable {
    case segmentationFault, abort, fatalError, exit
  }

  /// With and without the Swift runtime's backtracer, whose handlers the restore chains to.
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")),
    arguments: Ending.allCases, [true, false])
  func theTerminalIsRestoredWhenTheProcessDies(_ ending: Ending, backtrace: Bool) throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let child = try CrashChild.run(ending: ending, terminal: pty.path, backtrace: backtrace)
    switch ending {
    case .exit:
      #expect(child == .exited(3))
    case .segmentationFault:
      #expect(child == .killed(SIGSEGV))
    case .abort:
      #expect(child == .killed(SIGABRT))
    case .fatalError:
      #expect(child == .killed(SIGILL) || child == .killed(SIGTRAP))
    }
    #expect(pty.settings() == before)
    #expect(pty.readOutput() == TerminalSession.enterSequence + TerminalSession.restoreSequence)
  }
}

/// Runs this test bundle again, as a child process that takes over a terminal and then dies
/// (see ``CrashChildTests``).
enum CrashChild {
  static let terminalVariable = "SYNCUPS_TEST_CRASH_TERMINAL"
  static let endingVariable = "SYNCUPS_TEST_CRASH_ENDING"

  /// Runs the child on the terminal at `path`; returns how it ended (nil: it still ran after
  /// ten minutes, a guard against waiting for ever).
  static func run(ending: TerminalSessionTests.Ending, terminal path: String, backtrace: Bool)
    throws -> ChildStatus?
  {
    let child = try TestBundleChild(
      test: "crashChildTakesOverAndDies",
      environment: [
        terminalVariable: path, endingVariable: ending.rawValue,
        "SWIFT_BACKTRACE": backtrace ? "enable=yes,interactive=no" : "enable=no",
      ])
    return child.wait(seconds: 600)
  }
}

/// The child side of ``TerminalSessionTests/theTerminalIsRestoredWhenTheProcessDies(_:)``;
/// runs only in the child.
@Suite struct CrashChildTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment[CrashChild.terminalVariable] != nil))
  func crashChildTakesOverAndDies() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try #require(environment[CrashChild.terminalVariable])
    let ending = try #require(
      environment[CrashChild.endingVariable].flatMap(TerminalSessionTests.Ending.init))
    let fd = open(path, O_RDWR | O_NOCTTY)
    let session = try TerminalSession.begin(input: fd, output: fd)
    switch ending {
    case .segmentationFault: UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
    case .abort: abort()
    case .fatalError: fatalError("the child dies here")
    case .exit: exit(3)
    }
    session.end()
  }
}
