import SyncUpsCore

/// What shows a live meeting and takes its input: the terminal (``TerminalFrontEnd``), or
/// lines on a pipe (``PipeFrontEnd``).
@MainActor
protocol FrontEnd: AnyObject {
  /// Starts showing the meeting and reading input; `meeting` is the one way in to it: its
  /// state to show, and `send` for the input's actions.
  func start(_ meeting: MeetingDoor)
  /// Stops reading input and gives the terminal back as it was.
  func stop()
  /// Drops what was typed since ``stop()``, just before the process exits.
  func discardTypeahead()
  /// Says how the meeting ended (after ``stop()``, once the ending is final and stored).
  func report(_ ending: LiveMeeting.Ending, elapsed: Int, syncUp: SyncUp)
  /// Whether a warning on standard error waits until ``stop()``: true when it would write
  /// over the meeting on the terminal, and be drawn over.
  var holdsWarnings: Bool { get }
  /// Shows how many follow the meeting with `syncups watch`; a front end without a screen
  /// ignores it.
  func showWatchers(_ count: Int)
}

extension FrontEnd {
  func showWatchers(_ count: Int) {}
}
