#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// `status [--format TEMPLATE]`: reads what running meetings publish, never the data file.
struct StatusCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "status",
    abstract: "Show running meetings: who speaks and the time left.",
    discussion: """
      Prints a line for each meeting running now, from any shell of the same user: \
      'Eng: Blob Jr speaking, 0:45 left (meeting 4:10 left)', with '+0:12 over' while the \
      speaker runs past their slot and ', paused' or ', ending' (the end prompt is open) \
      when so. Times are m:ss, as on the meeting screen; the time left is what is left of \
      the slots. With --json, prints an array of status objects, one per meeting (see JSON \
      OUTPUT in syncups(1)); with --format, the template for each meeting instead.

      When no meeting is running, prints nothing on stdout (but an empty array, [], with \
      --json), says so on stderr (unless -q) and exits 1. It never reads the data file: meetings publish their state in a private \
      directory, $XDG_RUNTIME_DIR/syncups, else syncups/run in the data directory (see \
      FILES in syncups(1)), whatever data file each uses. A meeting rewrites its state when \
      the speaker changes, on a pause or the end prompt, and when overtime starts, and \
      removes it when it ends; status works the times of now out from it. A state left by \
      a meeting that was killed is recognised (its process is gone) and removed. A status directory not private to the user is \
      refused (status 1); a meeting that cannot publish there (the directory refused or not \
      writable) says so once on stderr and goes on.
      """,
    runs: Self.self,
    bindings: [
      .option(
        OptionSpec(
          long: "format", valueName: "template",
          help: "Print each meeting as <template>, placeholders in braces: "
            + StatusTemplate.Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
            + "; {{ and }} are literal braces. {turnLeft} is +m:ss when over; {state} is "
            + "ending, paused, over or empty; {next} is the next speaker."),
        \.format, parse: ValueParser.statusTemplate)
    ],
    examples: [
      ExampleSpec("What the meeting in another window is at:", "syncups status"),
      ExampleSpec(
        "Show the speaker and their time left in tmux's status bar:",
        "set -g status-right '#(syncups status -q --format \"{speaker} {turnLeft}\")'"),
      ExampleSpec("The seconds the speaker has left, for a script:", "syncups status --json | jq '.[0].turnLeft'"),
    ]
  )

  var format: StatusTemplate?
  var touchesFiles: Bool { false }
  /// The meetings running now, one line each (or a JSON array), from what they publish; the
  /// data file is never read. None running: status 1, a message unless `--quiet`, and nothing
  /// on stdout but `[]` with `--json` (as gh prints), so `jq length` reads 0 rather than
  /// failing on empty input.
  @MainActor func run(in context: CommandContext) throws {
    if format != nil && context.options.json {
      throw UsageError("'--format' and '--json' cannot be used together", path: ["status"])
    }
    Output.standard(try answer(in: context))
  }

  /// What `status` prints on standard output: the meetings published in the status
  /// directory (on the file system of the `defaultFileStorage` dependency) as they stand now.
  ///
  /// - Throws: a failure when no meeting is running or the directory may not be used.
  @MainActor func answer(in context: CommandContext) throws -> String {
    let directory = StatusDirectory(environment: context.environment)
    guard directory.exists else { throw noMeeting(in: context) }
    if let problem = directory.problem() { throw CommandFailure(problem) }
    let published = directory.runningMeetings()
    guard !published.isEmpty else { throw noMeeting(in: context) }
    return answer(published, json: context.options.json)
  }

  /// What `status` prints for the meetings `published`, as they stand at the `date`
  /// dependency's now.
  func answer(_ published: [PublishedStatus], json: Bool) -> String {
    @Dependency(\.date.now) var now
    let meetings = published.map { $0.at(now.timeIntervalSince1970) }
    if json { return JSONOutput.array(meetings.map(JSONOutput.status)).text() }
    return meetings.map { (format?.render($0) ?? $0.line) + "\n" }.joined()
  }

  @MainActor private func noMeeting(in context: CommandContext) -> CommandFailure {
    if context.options.json { Output.standard(JSONOutput.array([]).text()) }
    return context.options.quiet ? .silent(.failure) : CommandFailure("no meeting is running")
  }
}

/// A running meeting's status as text, every piece of user text ``sanitize(_:)``d so that no
/// control character reaches a terminal or a tmux status line. Times are `m:ss` (`h:mm:ss`
/// from an hour), as on the meeting screen.
extension PublishedStatus {
  /// The line `status` prints for the meeting:
  /// `Eng: Blob Jr speaking, 0:45 left (meeting 4:10 left)`, the turn's time as
  /// `+0:12 over` while the speaker runs over, and `, paused` or `, ending` (the end prompt
  /// is open) at the end when so.
  var line: String {
    let turn = turnLeftText + (overtimeSeconds == nil ? " left" : " over")
    let suffix = ending ? ", ending" : paused ? ", paused" : ""
    return "\(titleText): \(sanitize(speaker)) speaking, \(turn) "
      + "(meeting \(DurationText.clock(meetingLeft)) left)" + suffix
  }

  /// The title, or `(untitled)` when blank.
  var titleText: String {
    title.isBlank ? SyncUp.untitled : sanitize(title)
  }

  /// What is left of the speaker's slot, `0:45`, or how far they ran over, `+0:12`.
  var turnLeftText: String {
    guard let overtimeSeconds else { return DurationText.clock(turnLeft) }
    return "+" + DurationText.clock(overtimeSeconds)
  }
}

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
    /// `ending`, `paused`, `over` or empty (see ``PublishedStatus/state``).
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
  func render(_ status: PublishedStatus) -> String {
    parts.map { part in
      switch part {
      case .text(let text): text
      case .field(let field): Self.value(field, of: status)
      }
    }.joined()
  }

  private static func value(_ field: Field, of status: PublishedStatus) -> String {
    switch field {
    case .title: status.titleText
    case .speaker: sanitize(status.speaker)
    case .next: status.next.first.map(sanitize) ?? ""
    case .turnLeft: status.turnLeftText
    case .meetingLeft: DurationText.clock(status.meetingLeft)
    case .elapsed: DurationText.clock(status.elapsedSeconds)
    case .state: status.state ?? ""
    case .speakerIndex: String(status.speakerNumber)
    case .speakerCount: String(status.speakerCount)
    }
  }
}
