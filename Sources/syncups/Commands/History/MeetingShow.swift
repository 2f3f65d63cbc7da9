import SyncUpsCore

struct MeetingShowCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show a meeting's date and transcript.",
    discussion: """
      With --format markdown, prints a Markdown page to paste into chat or a wiki: the \
      title and date as a heading, the attendees (absent ones struck through; Not recorded \
      for a meeting saved without its record, as the text says), a section per speaker \
      with their notes (transcript lines 'Name: text'; those of a name two speakers share \
      under the first of them) and, for a meeting recorded with \
      its timings, the time they spoke against their slot, then the total against the \
      planned length. Markdown characters in titles, names and notes are \
      escaped, so they show as typed.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .argument(CommandTable.meetingArgument, \.meeting),
      .option(
        OptionSpec(
          long: "format", valueName: "format",
          help: "What to print: \(Prose.alternatives(MeetingFormat.allCases.map(\.rawValue))) "
            + "(default: text).",
          completion: .choices(MeetingFormat.allCases.map(\.rawValue))),
        \.format, parse: ValueParser.choice),
    ],
    examples: [
      ExampleSpec("Show the newest meeting:", "syncups meeting show eng 1"),
      ExampleSpec(
        "Copy the newest meeting as Markdown (Wayland):",
        "syncups meeting show eng 1 --format markdown | wl-copy"),
    ]
  )

  var syncUp = ""
  var meeting = ""
  var format = MeetingFormat.text
  @MainActor func run(in context: CommandContext) throws {
    try context.meetingShow(syncUp, meeting, format: format)
  }
}

/// What `meeting show --format` prints.
enum MeetingFormat: String, CaseIterable, Sendable {
  /// The text for people (``MeetingDetailRenderer``).
  case text
  /// A Markdown page (``MeetingMarkdownRenderer``).
  case markdown
}
