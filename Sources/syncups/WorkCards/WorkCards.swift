#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch
import SharedState
import Synchronization
import SyncUpsCore

/// The work cards of one sync-up over one window, as `standup` and `meeting show --work`
/// print them: gathered through the `workCards` dependency, each skipped repository said once
/// on standard error.
struct WorkCards {
  /// Whose cards, in the sync-up's speaking order.
  var cards: [(attendee: Attendee, card: WorkCard)]
  var window: WorkWindow
  /// The repositories read (``SyncUpRepositories``), as typed.
  var repositories: [String]

  /// `--repositories`: read these instead of the sync-up's own or the `repositories` setting;
  /// repeatable.
  static let repositoriesOption = OptionSpec(
    long: "repositories", valueName: "path",
    help: "Read this repository (a path or a quoted glob such as '~/src/*') instead of the "
      + "sync-up's own (config set repositories --syncup) or the repositories setting; "
      + "repeatable.",
    completion: .file)

  /// `--since`: the cards' window starts then instead.
  static let sinceOption = OptionSpec(
    long: "since", valueName: "date",
    help: "Read commits from this moment on instead (a day from its local midnight): "
      + "\(DateArgument.forms).",
    completion: .choices(DateArgument.names))

  /// The window of the cards of a meeting of `syncUp` held at the `date` dependency's now:
  /// from `since` (`--since`) when given, else since the sync-up's previous meeting, else
  /// since the start of the previous working day (the `workdays` setting, local dates).
  @MainActor static func window(of syncUp: SyncUp, since: DateArgument?) -> WorkWindow {
    @Dependency(\.date.now) var now
    @Dependency(\.utcOffset) var utcOffset
    @SharedReader(.workingDays) var workingDays
    return since.map { WorkWindow(since: $0.date(now: now)) }
      ?? WorkWindow.of(
        meetingAt: now, in: syncUp, isPast: false, workingDays: workingDays,
        utcOffset: utcOffset)
  }

  /// Gathers the cards of `attendees` of `syncUp` over `window` from `given` (`--repositories`)
  /// or else the repositories `syncUp` reads (``SyncUpRepositories``), waiting for the last
  /// one. Blank attendees without identities have no card.
  @MainActor static func gather(
    for attendees: [Attendee], of syncUp: SyncUp, window: WorkWindow, repositories given: [String],
    in context: CommandContext
  ) -> WorkCards {
    @Dependency(\.workCards) var workCards
    let repositories = SyncUpRepositories.of(syncUp, given: given).paths
    if repositories.isEmpty {
      context.note(
        "No repositories to read: name them with 'syncups config set repositories PATH...' "
          + "(with --syncup for one sync-up) or --repositories.")
    }
    let attendees = attendees.filter { !$0.name.isBlank || !$0.gitAuthors.isEmpty }
    let events = Events()
    let done = DispatchSemaphore(value: 0)
    let stream = workCards(
      WorkRequest(window: window, attendees: attendees, repositories: repositories))
    Task.detached {
      for await event in stream { events.list.withLock { $0.append(event) } }
      done.signal()
    }
    done.wait()
    var cards: [WorkCard] = []
    for event in events.list.withLock({ $0 }) {
      switch event {
      case .skipped(let repository, let reason):
        context.saySkipped(repository, reason: reason)
      case .card(let card):
        cards.append(card)
      }
    }
    return WorkCards(
      cards: attendees.compactMap { attendee in
        cards.first { $0.attendee == attendee.id }.map { (attendee, $0) }
      },
      window: window, repositories: repositories)
  }

  /// The events as they come, from the task reading them.
  private final class Events: Sendable {
    let list = Mutex<[WorkEvent]>([])
  }
}

/// One card as text, Markdown and JSON: what `standup` prints per attendee and
/// `meeting show --work` per speaker.
extension WorkCard {
  /// `Blob: 2 commits in web, api` and a line per commit (`  web  4f3e1a8  Add the retry`),
  /// the newest `limit` of them when given, then `  … 3 more` for the rest; `Ana (by name):
  /// no commits` for an attendee without git identities.
  func lines(of attendee: Attendee, style: TerminalStyle, limit: Int? = nil) -> [String] {
    var lines = [style.bold(sanitize(Self.heading(of: attendee))) + ": " + summary]
    let repositoryWidth = repositories.map(displayWidth).max() ?? 0
    for commit in commits.prefix(limit ?? commits.count) {
      lines.append(
        "  " + ScreenText.padded(sanitize(commit.repository), toWidth: repositoryWidth) + "  "
          + style.dim(String(commit.shortHash)) + "  " + sanitize(commit.subject))
    }
    if let more = moreCommits(limit) { lines.append("  " + style.dim(more)) }
    return lines
  }

  /// The attendee's name as a card shows it: `(by name)` after it when they have no git
  /// identity, so their commits are found by their name alone (``Attendee/isAuthor(_:)``).
  static func heading(of attendee: Attendee) -> String {
    let name = attendee.name.isBlank ? UserText.unnamed : attendee.name
    return attendee.hasGitIdentity ? name : name + " " + byName
  }

  /// What marks a card found by name alone.
  static let byName = "(by name)"

  /// The line under `standup`'s cards naming the attendees found by name alone, and how to set
  /// their identities; nil when every attendee has one.
  static func byNameFootnote(_ attendees: [Attendee]) -> String? {
    let named = attendees.filter { !$0.hasGitIdentity }
    guard !named.isEmpty else { return nil }
    let names = Prose.list(named.map { $0.name.isBlank ? UserText.unnamed : sanitize($0.name) })
    return "\(byName): \(names) \(named.count == 1 ? "has" : "have") no git identity; "
      + "'syncups edit <syncup> --git-author NAME=EMAIL' sets one."
  }

  /// The summary as a sentence, then a bulleted list of the commits, escaped: the newest
  /// `limit` when given, then `- … 3 more`.
  func markdownBlocks(limit: Int? = nil) -> [String] {
    var blocks = [MarkdownText.escape(summary.prefix(1).uppercased() + summary.dropFirst())]
    if !commits.isEmpty {
      let listed = commits.prefix(limit ?? commits.count).map {
        "- " + MarkdownText.escape($0.repository) + " `" + $0.shortHash + "` "
          + MarkdownText.escape($0.subject)
      }
      blocks.append(
        (listed + (moreCommits(limit).map { ["- " + $0] } ?? [])).joined(separator: "\n"))
    }
    return blocks
  }

  /// `… 3 more` when `limit` leaves commits out; nil when it leaves none (or is nil).
  private func moreCommits(_ limit: Int?) -> String? {
    guard let limit, commits.count > limit else { return nil }
    return "… \(commits.count - limit) more"
  }

  /// `id`, `name`, `byName` (true for an attendee without git identities, whose commits are
  /// found by their whole name), `commits` (each as ``JSONOutput/commit(_:)`` writes it, newest
  /// first; the newest `limit` when given, with `moreCommits`, how many were left out),
  /// `repositories` (those with commits) and `unread` (those not read in time).
  func jsonMembers(of attendee: Attendee, limit: Int? = nil) -> [String: JSONOutput] {
    var members: [String: JSONOutput] = [
      "id": .string(attendee.id.uuidString),
      "name": .string(attendee.name),
      "byName": .bool(!attendee.hasGitIdentity),
      "commits": .array(commits.prefix(limit ?? commits.count).map(JSONOutput.commit)),
      "repositories": .array(repositories.map(JSONOutput.string)),
      "unread": .array(unread.map(JSONOutput.string)),
    ]
    if let limit { members["moreCommits"] = .int(max(0, commits.count - limit)) }
    return members
  }
}

extension JSONOutput {
  /// A commit of a work card, in `standup`'s, `meeting show --work`'s and the meeting's `work`
  /// event's JSON: `repository`, `hash`, `subject`, `date` (the author date, ISO 8601) and
  /// `author` (`Name <email>`).
  static func commit(_ commit: WorkCommit) -> JSONOutput {
    .object([
      "repository": .string(commit.repository), "hash": .string(commit.hash),
      "subject": .string(commit.subject), "date": .string(DateText.iso8601(commit.date)),
      "author": .string(commit.author),
    ])
  }
}

extension CommandContext {
  /// Says on standard error that `repository` is left out of every work card, and why
  /// (`Skipped ~/src/old: no such directory.`); nothing with `--quiet`.
  func saySkipped(_ repository: String, reason: String) {
    say("Skipped \(sanitize(repository)): \(sanitize(reason)).")
  }
}
