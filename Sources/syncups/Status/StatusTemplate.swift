/// A `status --format` template: text with placeholders in braces, `{speaker} {turnLeft}`,
/// filled in for each running meeting; `{{` and `}}` stand for literal braces.
///
/// ```swift
/// let template = try StatusTemplate("{speaker} {turnLeft}")
/// template.render(status)  // "Blob Jr 0:45"
/// ```
struct StatusTemplate: Equatable, Sendable {
  /// What a placeholder stands for, named as in the template.
  enum Field: String, CaseIterable, Sendable {
    /// The sync-up's title, `(untitled)` when blank.
    case title
    /// Who speaks.
    case speaker
    /// Who speaks next; empty after the last speaker.
    case next
    /// What is left of the speaker's slot, `0:45`, or `+0:12` while they run over.
    case turnLeft
    /// What is left of the meeting's slots.
    case meetingLeft
    /// Meeting time so far, pauses left out.
    case elapsed
    /// `ending`, `paused`, `over` or empty (see ``MeetingStatus/state``).
    case state
    /// The speaker's number, from 1.
    case speakerIndex
    /// How many speakers take turns.
    case speakerCount
  }

  /// A piece of a template.
  enum Part: Equatable, Sendable {
    case text(String)
    case field(Field)
  }

  /// Why a template cannot be used.
  struct Failure: Error, Equatable {
    var message: String
  }

  let parts: [Part]

  /// The template `text` says.
  ///
  /// - Throws: a failure naming an unknown placeholder (and listing the known ones), a `{`
  ///   never closed, or a `}` never opened.
  init(_ text: String) throws(Failure) {
    var parts: [Part] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let following = text.index(after: index)
      let isDoubled = following < text.endIndex && text[following] == character
      switch character {
      case "{" where isDoubled, "}" where isDoubled:
        literal.append(character)
        index = text.index(after: following)
      case "{":
        guard let close = text[following...].firstIndex(of: "}") else {
          throw Failure(message: "a '{' is never closed (write '{{' for a brace)")
        }
        let name = String(text[following..<close])
        guard let field = Field(rawValue: name) else {
          throw Failure(
            message: "unknown placeholder '{\(name)}' (known: "
              + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") + ")")
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.field(field))
        index = text.index(after: close)
      case "}":
        throw Failure(message: "a '}' is never opened (write '}}' for a brace)")
      default:
        literal.append(character)
        index = following
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
  }

  /// The template filled in for `status`.
  func render(_ status: MeetingStatus) -> String {
    parts.map { part in
      switch part {
      case .text(let text): text
      case .field(let field): Self.value(field, of: status)
      }
    }.joined()
  }

  private static func value(_ field: Field, of status: MeetingStatus) -> String {
    switch field {
    case .title: StatusText.title(status)
    case .speaker: sanitize(status.speaker)
    case .next: status.next.first.map(sanitize) ?? ""
    case .turnLeft: StatusText.turnLeft(status)
    case .meetingLeft: ScreenText.clock(status.meetingLeft)
    case .elapsed: ScreenText.clock(status.elapsed)
    case .state: status.state ?? ""
    case .speakerIndex: String(status.speakerNumber)
    case .speakerCount: String(status.speakerCount)
    }
  }
}
