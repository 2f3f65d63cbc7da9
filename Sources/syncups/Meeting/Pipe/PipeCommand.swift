import SyncUpsCore

/// One line of standard input in a meeting that is not on a terminal.
///
/// ```
/// next            the next speaker; after the last one, the end (saved)
/// absent          the speaker is not there: recorded absent, the next one starts
/// pause, resume   stop and restart the timer
/// note TEXT       add a note from the current speaker
/// save, discard   end the meeting
/// ```
enum PipeCommand: Equatable, Sendable {
  case next
  case absent
  case pause
  case resume
  case note(String)
  case save
  case discard

  /// The names, for messages.
  static let names = "next, absent, pause, resume, note TEXT, save or discard"

  /// Parses one line; blank lines and lines starting with `#` are nothing (nil). Leading and
  /// trailing whitespace is ignored and command names are case-insensitive.
  ///
  /// - Throws: ``PipeCommandError`` naming the line's problem.
  static func parse(_ line: String) throws(PipeCommandError) -> PipeCommand? {
    let trimmed = line.trimmingWhitespace
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    let name = String(trimmed.prefix { !$0.isWhitespace })
    let rest = String(trimmed.dropFirst(name.count)).trimmingWhitespace
    switch name.lowercased() {
    case "note":
      guard !rest.isEmpty else { throw PipeCommandError("'note' needs the note's text") }
      return .note(rest)
    case "next": try noArgument(name, rest); return .next
    case "absent": try noArgument(name, rest); return .absent
    case "pause": try noArgument(name, rest); return .pause
    case "resume": try noArgument(name, rest); return .resume
    case "save": try noArgument(name, rest); return .save
    case "discard": try noArgument(name, rest); return .discard
    default:
      throw PipeCommandError("unknown command '\(sanitize(name))'; expected \(names)")
    }
  }

  private static func noArgument(_ name: String, _ rest: String) throws(PipeCommandError) {
    guard rest.isEmpty else {
      throw PipeCommandError("'\(name.lowercased())' takes no argument (got '\(sanitize(rest))')")
    }
  }

  /// The feature's actions for this command in `state`, in order.
  func actions(in state: RecordMeeting.State) -> [RecordMeeting.Action] {
    switch self {
    case .next:
      // On the last speaker the terminal's Next asks "End meeting?" offering only Save and
      // end or Resume. A script has no one to answer, and a script that moves past the last
      // speaker is done with the meeting: it answers Save and end, so the meeting ends and
      // is saved as after the terminal's Next (not early).
      state.isOnLastSpeaker
        ? [.nextButtonTapped, .alert(.presented(.confirmSave))] : [.nextButtonTapped]
    case .absent: [.absentButtonTapped]
    case .pause: [.pauseButtonTapped]
    case .resume: [.resumeButtonTapped]
    case .note(let text): [.noteSubmitted(text)]
    case .save: [.alert(.presented(.confirmSave))]
    case .discard: [.alert(.presented(.confirmDiscard))]
    }
  }
}

/// Why a line of a meeting's standard input was ignored.
struct PipeCommandError: Error, Equatable, Sendable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

extension String {
  /// The string without whitespace at either end.
  fileprivate var trimmingWhitespace: String {
    let start = drop(while: \.isWhitespace)
    return String(start.reversed().drop(while: \.isWhitespace).reversed())
  }
}
