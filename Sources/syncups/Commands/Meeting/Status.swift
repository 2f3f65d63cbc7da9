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
      refused (status 1).
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
  @MainActor func run(in context: CommandContext) throws { try context.status(format: format) }
}
