import SyncUpsCore

struct AddCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Add a sync-up at the end of the list.",
    discussion: """
      The title and attendee names may not be blank. Without --attendee, the sync-up gets \
      one blank attendee, as in the SyncUps app. Attendees who share a name (in any case) \
      are warned about, with their ids, which tell them apart. With --json, prints the new \
      sync-up object.
      """,
    runs: Self.self,
    bindings: [
      .option(
        OptionSpec(
          long: "title", valueName: "title", help: "The sync-up's title.", isRequired: true),
        \.title, parse: ValueParser.notBlank),
      .repeating(
        OptionSpec(long: "attendee", valueName: "name", help: "Add an attendee; repeat for more."),
        \.attendees, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The meeting's length: \(CommandTable.durationHelp), and at least 1s per "
            + "attendee (default: the default-duration setting, else 5m)."),
        \.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme",
          help: "The colour theme (default: the default-theme setting, else bubblegum).",
          completion: .theme),
        \.theme, parse: ValueParser.themeName),
    ],
    examples: [
      ExampleSpec(
        "Add a fifteen-minute sync-up with a teal theme:",
        "syncups add --title Design --attendee Ana --duration 15m --theme teal")
    ]
  )

  var title = ""
  /// As given, blank ones included: dropping them is the feature's rule.
  var attendees: [String] = []
  var duration: DurationArgument?
  var theme: String?

  @MainActor func run(in context: CommandContext) throws {
    try context.add(
      title: title, attendees: attendees,
      duration: try duration.map {
        try context.seconds(of: $0, for: "--duration", path: ["add"])
      }, theme: theme)
  }
}
