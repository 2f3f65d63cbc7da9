import SyncUpsCore

/// The meeting on the terminal: raw mode, the alternate screen, keys.
@MainActor
final class TerminalFrontEnd: MeetingFrontEnd {
  init(style: TerminalStyle) throws {
    throw CommandFailure("the meeting screen is not available yet; pipe commands to 'syncups start' instead")
  }

  func start(_ session: MeetingSession) {}
  func stop() {}
  func report(_ ending: MeetingEnding, elapsed: Int, syncUp: SyncUp) {}
}
