import SyncUpsCore

struct StatsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract: "Show how meetings went: lengths, attendance and speaking time.",
    discussion: """
      For each sync-up, or the one named: how many meetings were held and how many have \
      timings; the median, mean and longest length against the planned length; how many \
      ran over their planned length and how many ended early; a line of the recent lengths \
      (oldest first, the shortest as the lowest bar); then per attendee the meetings \
      attended and missed, the median and total time spoken and the turns that ran past \
      their slot; attendees who share a name are followed by their short ids, as in show.

      Only meetings recorded with their timings enter these figures; meetings saved before \
      meetings were timed, or imported from the SyncUps app, count as held and the output \
      says how many were left out. A meeting's planned length is the sync-up's length when \
      it was held (as recorded), else its length now; the planned figure shown is the \
      median of those. A median of an even number of values is the mean of the two middle \
      ones; medians and means are whole seconds, halves rounded up.

      The line of recent lengths is drawn with the eight Unicode block characters from \
      U+2581 to U+2588 when output is coloured, and with .:-=+*#@ otherwise. With --json, \
      prints a stats object, or an array of them without <syncup> (see JSON OUTPUT in \
      syncups(1)).
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "syncup",
          help: "A sync-up title or id, or a unique prefix of either; every sync-up when left "
            + "out.",
          completion: .syncUp, isOptional: true),
        \.syncUp, parse: { text, _, _ in text }),
      .option(
        OptionSpec(
          long: "last", valueName: "n", help: "Only the n newest meetings (n is 1 or more)."),
        \.last, parse: ValueParser.meetingCount),
      .option(
        OptionSpec(
          long: "since", valueName: "date",
          help: "Only meetings held since <date>: a day (YYYY-MM-DD, from local midnight), a "
            + "local time (2026-11-24T10:00, or with Z or an offset such as +01:00), today, "
            + "yesterday, or a time before now as a duration with days and weeks too (30m, 12h, "
            + "7d, 1w2d) or git's '2 weeks ago' and '3 months ago'. Not with --last."),
        \.since, parse: ValueParser.since),
    ],
    examples: [
      ExampleSpec("The last ten meetings of a sync-up:", "syncups stats eng --last 10"),
      ExampleSpec(
        "Each sync-up's median meeting length, in seconds, over the last four weeks:",
        "syncups stats --since 4w --json | jq '.[].duration.median'"),
    ]
  )

  /// The sync-up to report on; every sync-up when nil.
  var syncUp: String?
  var last: Int?
  var since: SinceDate?

  func validate(path: [String]) throws(UsageError) {
    guard last != nil && since != nil else { return }
    throw UsageError("'--last' and '--since' cannot be used together", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    try context.stats(syncUp, last: last, since: since)
  }
}
