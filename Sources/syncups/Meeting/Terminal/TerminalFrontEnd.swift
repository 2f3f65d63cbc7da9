import SyncUpsCore

/// The meeting on the terminal: raw mode and the alternate screen for as long as it runs (see
/// ``TerminalController``), then a one-line summary on the normal screen. On a terminal that
/// cannot move the cursor (`TERM=dumb`): raw mode only, the lines of a script's meeting as
/// they happen, and its last line.
@MainActor
final class TerminalFrontEnd: FrontEnd {
  private let terminal: TerminalSession
  private let style: TerminalStyle
  private let display: TerminalController.Display
  private var controller: TerminalController?

  /// Takes over the terminal on standard input and output, to show the meeting as `display`
  /// says.
  ///
  /// - Throws: a failure naming the problem when they are not a usable terminal.
  init(style: TerminalStyle, display: TerminalController.Display) throws {
    do {
      terminal = try TerminalSession.begin(takesScreen: display == .fullScreen)
    } catch {
      throw CommandFailure("cannot run the meeting on the terminal: \(error.message)")
    }
    self.style = style
    self.display = display
  }

  func start(_ meeting: MeetingDoor) {
    let controller = TerminalController(
      meeting: meeting, session: terminal, style: style, display: display,
      onInterrupted: { [weak meeting] in meeting?.markInterrupted() })
    self.controller = controller
    controller.start()
  }

  func stop() {
    controller?.stop()
    terminal.end()
  }

  func discardTypeahead() {
    terminal.discardInput()
  }

  var holdsWarnings: Bool { true }

  func showWatchers(_ count: Int) {
    controller?.showWatchers(count)
  }

  func report(_ ending: LiveMeeting.Ending, elapsed: Int, syncUp: SyncUp) {
    switch display {
    case .fullScreen:
      Output.standard(Self.summary(ending, elapsed: elapsed, title: syncUp.title) + "\n")
    case .lines:
      Output.standard(PipeEvent.ended(ending, elapsed: elapsed).plainLine + "\n")
    }
  }

  /// `Saved the meeting of Eng: 4 min, 12 secs, 3 notes.` or
  /// `Discarded the meeting of Eng after 12 secs.`
  static func summary(_ ending: LiveMeeting.Ending, elapsed: Int, title: String) -> String {
    let title = sanitize(SyncUp.shownTitle(title))
    switch ending {
    case .saved(let meeting, _):
      let notes = meeting.noteCount
      return "Saved the meeting of \(title): \(DurationText.human(elapsed)), \(notes) "
        + (notes == 1 ? "note." : "notes.")
    case .discarded:
      return "Discarded the meeting of \(title) after \(DurationText.human(elapsed))."
    }
  }
}
