import SyncUpsCore

/// One line of standard input in a meeting that is not on a terminal.
///
/// ```
/// next            the next speaker; after the last one, the end (saved)
/// skip            the speaker speaks last; the next one starts
/// absent          the speaker is not there: recorded absent, the next one starts
/// joined NAME     the absent attendee NAME arrived: they speak last
/// pause, resume   stop and restart the timer
/// note TEXT       add a note from the current speaker
/// blocker TEXT    raise a blocker for the current speaker (or `@NAME TEXT`: theirs)
/// action TEXT     raise an action item, the same way
/// resolve N TEXT  resolve the speaker's open item numbered N (or an open item by the start
///                 of its id), TEXT the resolution (optional)
/// save, discard   end the meeting
/// ```
enum PipeCommand: Equatable, Sendable {
  case next
  case skip
  case absent
  /// The name of an absent attendee who arrived, as typed.
  case joined(String)
  case pause
  case resume
  case note(String)
  /// A blocker or an action item: `@NAME` first for someone else's.
  case item(Item.Kind, String)
  /// The number of one of the speaker's open items (or the start of an open item's id), then
  /// the resolution, if any.
  case resolve(String)
  case save
  case discard

  /// The names, for messages.
  static let names =
    "next, skip, absent, joined NAME, pause, resume, note TEXT, blocker TEXT, action TEXT, "
    + "resolve ITEM [TEXT], save or discard"

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
    case "blocker", "action":
      guard !rest.isEmpty else {
        throw PipeCommandError("'\(name.lowercased())' needs the item's text")
      }
      return .item(name.lowercased() == "blocker" ? .blocker : .action, rest)
    case "resolve":
      guard !rest.isEmpty else { throw PipeCommandError("'resolve' needs the item's number") }
      return .resolve(rest)
    case "joined":
      guard !rest.isEmpty else { throw PipeCommandError("'joined' needs the attendee's name") }
      return .joined(rest)
    case "skip": try noArgument(name, rest); return .skip
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
  ///
  /// - Throws: ``PipeCommandError`` when an item's `@NAME` names nobody, `resolve` names no
  ///   open item of the speaker's turn, `joined` nobody absent, or `skip` the last speaker.
  func actions(in state: RecordMeeting.State) throws(PipeCommandError) -> [RecordMeeting.Action] {
    switch self {
    case .next:
      // On the last speaker the terminal's Next asks "End meeting?" offering only Save and
      // end or Resume. A script has no one to answer, and a script that moves past the last
      // speaker is done with the meeting: it answers Save and end, so the meeting ends and
      // is saved as after the terminal's Next (not early).
      state.isOnLastSpeaker
        ? [.nextButtonTapped, .alert(.presented(.confirmSave))] : [.nextButtonTapped]
    case .skip:
      try Self.checked { () throws(ItemTextError) in
        try state.checkCanSkip()
        return [.skipButtonTapped]
      }
    case .absent: [.absentButtonTapped]
    case .joined(let name):
      try Self.checked { () throws(ItemTextError) in
        [.attendeeJoined(try state.joiner(named: name).id)]
      }
    case .pause: [.pauseButtonTapped]
    case .resume: [.resumeButtonTapped]
    case .note(let text): [.noteSubmitted(text)]
    case .item(let kind, let text):
      try Self.checked { () throws(ItemTextError) in
        _ = try state.itemOwner(in: text)
        return [.followThrough(.raised(kind, text))]
      }
    case .resolve(let text):
      try Self.checked { () throws(ItemTextError) in
        let (id, resolution) = try state.turnItemResolution(text)
        return [.followThrough(.resolved(id, resolution: resolution))]
      }
    case .save: [.alert(.presented(.confirmSave))]
    case .discard: [.alert(.presented(.confirmDiscard))]
    }
  }
}

extension PipeCommand {
  /// What `body` makes, its ``ItemTextError`` said as the line's problem.
  private static func checked(
    _ body: () throws(ItemTextError) -> [RecordMeeting.Action]
  ) throws(PipeCommandError) -> [RecordMeeting.Action] {
    do {
      return try body()
    } catch {
      throw PipeCommandError(error.message)
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
  var trimmingWhitespace: String {
    let start = drop(while: \.isWhitespace)
    return String(start.reversed().drop(while: \.isWhitespace).reversed())
  }
}
