import ChildProcessSupport
import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal meeting on a pseudo-terminal, with what the test needs to watch it.
@MainActor
private final class Harness {
  let pty: PseudoTerminal
  let session: TerminalSession
  let store: Store<RecordMeeting.State, RecordMeeting.Action>
  var meeting: TerminalController!
  let dismissCounter = Counter()
  var interruptions = 0
  var stops = 0
  /// How many full-screen frames the meeting laid out.
  var layouts = 0

  /// How many times the meeting was dismissed.
  var dismissals: Int { dismissCounter.count }

  @MainActor final class Counter {
    var count = 0
  }

  init(columns: Int = 80, rows: Int = 24, elapsed: Int = 0) throws {
    pty = try PseudoTerminal(columns: columns, rows: rows)
    session = try TerminalSession.begin(input: pty.terminal, output: pty.terminal)
    let dismissCounter = dismissCounter
    store = Store(
      initialState: MeetingFixtures.state(elapsed: elapsed), reducer: RecordMeeting()
    ) {
      $0.dismiss = DismissEffect { dismissCounter.count += 1 }
      // A meeting whose time runs out is saved: its id and date.
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
      $0.uuid = .incrementing
    }
    meeting = TerminalController(
      meeting: MeetingDoor(store: store), session: session, style: .plain,
      layout: { [unowned self] state, overlay, columns, rows, style in
        layouts += 1
        return ScreenLayout.render(
          state, overlay: overlay, columns: columns, rows: rows, style: style)
      },
      onInterrupted: { [unowned self] in interruptions += 1 },
      stopProcess: { [unowned self] in stops += 1 })
    _ = pty.readOutput()
  }

  /// The frame for the store's state at `columns`×`rows`.
  func frame(columns: Int = 80, rows: Int = 24) -> String {
    ScreenLayout.render(
      store.state, overlay: meeting.overlay, columns: columns, rows: rows, style: .plain)
  }

  /// Waits for `condition`, letting the main queue run; false only if it still does not hold
  /// after a minute (a guard against waiting for ever: other tests keep the pool busy).
  func wait(until condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  func finish() {
    meeting.stop()
    session.end()
  }
}

extension TerminalSessionTests {
  /// The terminal meeting: keys, signals and drawing. Nested in ``TerminalSessionTests``, as its
  /// tests begin terminal sessions too, which run one at a time.
  ///
  /// In this process the tests hand signals to the meeting directly: libdispatch on Linux
  /// installs its signal handler only for the first source of each signal in a process, so
  /// only a fresh process sees real signals (see signalsDriveTheMeetingInAProcess).
  @Suite struct TerminalControllerTests {
    @MainActor @Test func keysDriveTheMeeting() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      #expect(harness.pty.readOutput() == harness.frame())
      #expect(harness.frame().contains("Blob is speaking"))

      harness.pty.type("n")
      #expect(try await harness.wait { harness.store.state.speakerIndex == 1 })
      #expect(harness.pty.readOutput() == "\u{07}" + harness.frame())

      harness.pty.type(" ")
      #expect(try await harness.wait { harness.store.state.isPaused })
      #expect(harness.pty.readOutput() == harness.frame())
      #expect(harness.frame().contains(" Paused"))

      harness.pty.type("x")
      try await Task.sleep(for: .milliseconds(50))
      #expect(harness.pty.readOutput(timeout: 20) == "")

      harness.pty.type("tHé")
      #expect(try await harness.wait { harness.meeting.overlay.noteDraft == "Hé" })
      harness.pty.type("\u{7F}i\r")
      #expect(try await harness.wait { harness.store.state.transcript == "Blob Jr: Hi" })
      #expect(harness.meeting.overlay.noteDraft == nil)

      harness.pty.type("\u{1B}[C")
      #expect(try await harness.wait { harness.store.state.speakerIndex == 2 })
      _ = harness.pty.readOutput()

      harness.pty.type("\u{1B}")
      #expect(try await harness.wait { harness.store.state.alert != nil })
      #expect(harness.store.state.alert == .endMeeting(isDiscardable: true, isEarly: true))
      #expect(harness.pty.readOutput() == harness.frame())

      harness.pty.type("r")
      #expect(try await harness.wait { harness.store.state.alert == nil })
      #expect(harness.interruptions == 0)
      #expect(harness.dismissals == 0)
    }

    /// A key's actions change the state, each change notifying the meeting, and the key itself
    /// asks for a redraw: the screen is still laid out once per key, and written once.
    @MainActor @Test func aKeyPressRendersOneFrame() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      #expect(harness.layouts == 1)
      _ = harness.pty.readOutput()

      harness.meeting.handle(.key(.character("n")))
      #expect(harness.store.state.speakerIndex == 1)
      #expect(harness.layouts == 2)
      #expect(harness.pty.readOutput() == "\u{07}" + harness.frame())

      harness.meeting.handle(.key(.character(" ")))
      #expect(harness.store.state.isPaused)
      #expect(harness.layouts == 3)
      #expect(harness.pty.readOutput() == harness.frame())

      harness.meeting.handle(.key(.character("t")))
      harness.meeting.handle(.key(.character("A")))
      harness.meeting.handle(.key(.enter))
      #expect(harness.store.state.transcript == "Blob Jr: A")
      #expect(harness.layouts == 6)
    }

    @MainActor @Test func ctrlCTwiceDiscardsTheMeeting() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      _ = harness.pty.readOutput()

      harness.meeting.handleSignal(SIGINT)
      #expect(try await harness.wait { harness.store.state.alert != nil })
      #expect(harness.meeting.overlay.isInterruptPending)
      #expect(harness.pty.readOutput().contains("Ctrl-C again discards the meeting."))

      harness.meeting.handleSignal(SIGINT)
      #expect(try await harness.wait { harness.interruptions == 1 })
      #expect(harness.store.state.alert == nil)
      #expect(try await harness.wait { harness.dismissals == 1 })
      #expect(harness.store.state.syncUp.meetings.isEmpty)
    }

    /// Once the meeting's time ran out, the keys typed before it is dismissed are ignored, as
    /// after a save: `t` opens no note, and nothing more is drawn.
    @MainActor @Test func keysAfterTheTimeRanOutAreIgnored() async throws {
      let harness = try Harness(elapsed: 599)
      defer { harness.finish() }
      harness.meeting.start()
      _ = harness.pty.readOutput()

      harness.store.send(.timerTick)
      #expect(harness.store.state.hasEnded)
      #expect(harness.store.state.syncUp.meetings.count == 1)
      let layouts = harness.layouts
      harness.meeting.handle(.key(.character("t")))
      harness.meeting.handle(.key(.character("A")))
      #expect(harness.meeting.overlay.isTypingNote == false)
      #expect(harness.store.state.noteDraft == "")
      #expect(harness.layouts == layouts)
    }

    @MainActor @Test func aResizeRedrawsAtTheNewSize() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      _ = harness.pty.readOutput()

      harness.pty.resize(columns: 40, rows: 10)
      harness.meeting.handleSignal(SIGWINCH)
      let small = harness.frame(columns: 40, rows: 10)
      var output = ""
      #expect(
        try await harness.wait {
          output += harness.pty.readOutput(timeout: 5)
          return output == small
        })
    }

    @MainActor @Test func ctrlZGivesTheTerminalBackAndContinueTakesItAgain() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      let cooked = TerminalSettings(harness.session.savedSettings)
      let raw = harness.pty.settings()
      harness.meeting.start()
      _ = harness.pty.readOutput()

      harness.meeting.handleSignal(SIGTSTP)
      #expect(try await harness.wait { harness.stops == 1 })
      #expect(harness.pty.settings() == cooked)
      #expect(harness.pty.readOutput() == TerminalSession.restoreSequence)

      harness.meeting.handleSignal(SIGCONT)
      var output = ""
      let expected = TerminalSession.enterSequence + harness.frame()
      #expect(
        try await harness.wait {
          output += harness.pty.readOutput(timeout: 5)
          return output == expected
        })
      #expect(harness.pty.settings() == raw)
    }

    /// The meeting knows the note being typed as it changes, so that whatever ends it saves
    /// the note.
    @MainActor @Test func aNoteBeingTypedReachesTheMeeting() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      harness.pty.type("tLast words")
      #expect(try await harness.wait { harness.meeting.overlay.noteDraft == "Last words" })
      #expect(harness.store.state.noteDraft == "Last words")
      harness.pty.type("\u{1B}")
      #expect(try await harness.wait { harness.meeting.overlay.noteDraft == nil })
      #expect(harness.store.state.noteDraft == "")
    }

    /// Enter pressed after the turn changed adds the note under the speaker whose turn it was
    /// when typing started.
    @MainActor @Test func aNoteTakenAfterTheTurnChangedIsTheFirstSpeakers() async throws {
      let harness = try Harness()
      defer { harness.finish() }
      harness.meeting.start()
      harness.pty.type("tShipped")
      #expect(try await harness.wait { harness.store.state.noteDraft == "Shipped" })
      harness.store.send(.nextButtonTapped)
      #expect(harness.store.state.currentSpeakerName == "Blob Jr")
      harness.pty.type("\r")
      #expect(try await harness.wait { !harness.store.state.transcript.isEmpty })
      #expect(harness.store.state.transcript == "Blob: Shipped")
    }

    @MainActor @Test func afterStopNothingIsReadOrDrawn() async throws {
      let harness = try Harness()
      defer { harness.session.end() }
      harness.meeting.start()
      _ = harness.pty.readOutput()
      harness.meeting.stop()
      harness.pty.type("n")
      try await Task.sleep(for: .milliseconds(50))
      #expect(harness.store.state.speakerIndex == 0)
      harness.store.send(.pauseButtonTapped)
      #expect(harness.pty.readOutput(timeout: 20) == "")
      #expect(harness.pty.pendingInput() == Array("n".utf8))
    }

    /// Real signals, sent to a child process that runs a terminal meeting on a pseudo-terminal:
    /// resize, Ctrl-Z, continue, Ctrl-C twice.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
    func signalsDriveTheMeetingInAProcess() throws {
      let pty = try PseudoTerminal()
      let cooked = pty.settings()
      let child = try TestBundleChild(
        test: "controllerChildRunsUntilInterrupted",
        environment: [
          TerminalControllerChild.terminalVariable: pty.path, "SWIFT_BACKTRACE": "enable=no",
        ])
      #expect(pty.readOutput(until: "space pause  t note").contains("Blob is speaking"))
      let raw = pty.settings()
      #expect(raw != cooked)

      pty.resize(columns: 40, rows: 10)
      kill(child.pid, SIGWINCH)
      #expect(pty.readOutput(until: "\u{1B}[10;1H\u{1B}[K n next").contains("\u{1B}[10;1H"))

      kill(child.pid, SIGTSTP)
      #expect(child.wait() == .stopped(SIGSTOP))
      #expect(pty.readOutput() == TerminalSession.restoreSequence)
      #expect(pty.settings() == cooked)

      kill(child.pid, SIGCONT)
      #expect(
        pty.readOutput(until: "space pause  t note")
          .hasPrefix(TerminalSession.enterSequence + "\u{1B}[1;1H\u{1B}[K Engineering"))
      #expect(pty.settings() == raw)

      kill(child.pid, SIGINT)
      #expect(pty.readOutput(until: "discards the meeting.").contains("[r] Resume"))
      kill(child.pid, SIGINT)
      #expect(child.wait() == .exited(130))
      #expect(pty.readOutput().hasSuffix(TerminalSession.restoreSequence))
      #expect(pty.settings() == cooked)
    }
  }
}

/// The child side of ``TerminalSessionTests/TerminalControllerTests/signalsDriveTheMeetingInAProcess()``.
enum TerminalControllerChild {
  static let terminalVariable = "SYNCUPS_TEST_MEETING_TERMINAL"
}

@Suite struct TerminalControllerChildTests {
  /// Runs a meeting on the terminal named in the environment until a second Ctrl-C, then
  /// exits with status 130 as the command does.
  @MainActor
  @Test(.enabled(if: ProcessInfo.processInfo.environment[TerminalControllerChild.terminalVariable] != nil))
  func controllerChildRunsUntilInterrupted() async throws {
    let path = try #require(ProcessInfo.processInfo.environment[TerminalControllerChild.terminalVariable])
    let fd = open(path, O_RDWR | O_NOCTTY)
    let session = try TerminalSession.begin(input: fd, output: fd)
    let store = Store(
      initialState: MeetingFixtures.state(elapsed: 0), reducer: RecordMeeting()
    ) { $0.dismiss = DismissEffect {} }
    var meeting: TerminalController?
    meeting = TerminalController(
      meeting: MeetingDoor(store: store), session: session, style: .plain
    ) {
      meeting?.stop()
      session.end()
      exit(130)
    }
    meeting?.start()
    // Longer than the parent waits for each step: a slow machine must not end the child first.
    try await Task.sleep(for: .seconds(120))
    Issue.record("the meeting was not interrupted")
  }
}
