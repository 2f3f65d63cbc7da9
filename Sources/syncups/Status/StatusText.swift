import SyncUpsCore

/// A running meeting's status as text, every piece of user text ``sanitize(_:)``d so that no
/// control character reaches a terminal or a tmux status line. Times are `m:ss` (`h:mm:ss`
/// from an hour), as on the meeting screen.
enum StatusText {
  /// The line `status` prints for a meeting:
  /// `Eng: Blob Jr speaking, 0:45 left (meeting 4:10 left)`, the turn's time as
  /// `+0:12 over` while the speaker runs over, and `, paused` or `, ending` (the end prompt
  /// is open) at the end when so.
  static func line(_ status: MeetingStatus) -> String {
    let turn = status.overtime == nil ? turnLeft(status) + " left" : turnLeft(status) + " over"
    let suffix =
      status.ending ? ", ending" : status.paused ? ", paused" : ""
    return "\(title(status)): \(sanitize(status.speaker)) speaking, \(turn) "
      + "(meeting \(ScreenText.clock(status.meetingLeft)) left)" + suffix
  }

  /// The title, or `(untitled)` when blank.
  static func title(_ status: MeetingStatus) -> String {
    status.title.isBlank ? SyncUp.untitled : sanitize(status.title)
  }

  /// What is left of the speaker's slot, `0:45`, or how far they ran over, `+0:12`.
  static func turnLeft(_ status: MeetingStatus) -> String {
    guard let overtime = status.overtime else { return ScreenText.clock(status.turnLeft) }
    return "+" + ScreenText.clock(overtime)
  }
}
