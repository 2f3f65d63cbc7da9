#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct StandupCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "standup",
    abstract: "Print each attendee's commits since the last meeting and their open items.",
    discussion: """
      The pre-read of a stand-up, to paste into chat: for every attendee, their commits in \
      the repositories this machine reads for the sync-up (newest first, with the repository \
      and short hash) and the blockers and actions they own, with their age in working days; \
      then the open items nobody owns.

      The commits are those made since the sync-up's last meeting, or, before its first, \
      since the start of the previous working day (the workdays setting: on a Monday, \
      Friday's; local dates, as TZ gives them); --since picks another start. An attendee's \
      commits are those whose author matches one of their git identities (edit \
      --git-author), else their name: the text anywhere in "Name <email>", case and all. \
      Every local and remote-tracking branch is read, each repository once, several at a \
      time; a repository that takes longer than \(WorkRequest.defaultTimeLimit.components.seconds) \
      seconds is left out and named with "…". \
      Repositories that do not exist or are not git repositories are named on standard \
      error and skipped.

      The repositories read are --repositories when given, else the sync-up's own on this \
      machine (config set repositories PATH... --syncup NAME), else the repositories \
      setting. One repository named twice (another spelling, a glob and a path in it) is \
      read once; two whose folders share a name are told apart by the folders above them \
      (src/api, work/api).

      --limit N shows at most N commits of each attendee, the newest, saying how many more \
      there are.

      With a facilitator rota (edit --facilitators), the heading is followed by the next \
      meeting's facilitator (Facilitator: Ana): that of the schedule's next meeting, else of \
      a meeting today, passing over anyone away that day.

      With --format markdown, prints a Markdown page; with --format json (or --json), an \
      object with the window, the facilitator (a name, or null) and each attendee's commits \
      (repository, hash, subject, date, author).
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(WorkCards.sinceOption, \.since, parse: ValueParser.date),
      .repeating(WorkCards.repositoriesOption, \.repositories, parse: { text, _, _ in text }),
      .option(.format(OutputFormat.self), \.format, parse: ValueParser.choice),
      .option(
        OptionSpec(
          long: "limit", valueName: "n",
          help: "At most N commits of each attendee, the newest; says how many more."),
        \.limit, parse: ValueParser.commitCount),
    ],
    examples: [
      ExampleSpec("What everyone did since the last meeting:", "syncups standup eng"),
      ExampleSpec(
        "The week so far, as Markdown for the team's chat (Wayland):",
        "syncups standup eng --since 1w --format markdown | wl-copy"),
    ]
  )

  var syncUp = ""
  var since: DateArgument?
  var repositories: [String] = []
  var format = OutputFormat.text
  var limit: Int?

  @MainActor func run(in context: CommandContext) throws {
    Output.standard(try answer(from: context.readSyncUps(), in: context))
  }

  /// What `standup` prints for the sync-up named among `syncUps`, at the `date` dependency's
  /// now.
  @MainActor func answer(from syncUps: IdentifiedArrayOf<SyncUp>, in context: CommandContext)
    throws -> String
  {
    @Dependency(\.utcOffset) var utcOffset
    let format = try context.outputFormat(format, path: ["standup"])
    let syncUp = try context.syncUp(self.syncUp, in: syncUps)
    let window = WorkCards.window(of: syncUp, since: since)
    let work = WorkCards.gather(
      for: syncUp.attendees.elements, of: syncUp, window: window, repositories: repositories,
      in: context)
    let age = context.itemAge()
    @Dependency(\.date.now) var now
    let facilitator = syncUp.nextFacilitator(now: now, today: CalendarDay(now, utcOffset: utcOffset))
    switch format {
    case .json:
      return JSONOutput.standup(
        work, of: syncUp, age: age, limit: limit, facilitator: facilitator
      ).text()
    case .text:
      return StandupText.render(
        work, of: syncUp, age: age, utcOffset: utcOffset(window.since), style: context.style,
        width: standardOutputColumns(), limit: limit, facilitator: facilitator)
    case .markdown:
      return StandupText.markdown(
        work, of: syncUp, age: age, utcOffset: utcOffset(window.since), limit: limit,
        facilitator: facilitator)
    }
  }
}
