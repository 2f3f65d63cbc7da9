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
  /// The repositories read (the `repositories` setting, or `--repositories`), as typed.
  var repositories: [String]

  /// `--repositories`: read these instead of the `repositories` setting; repeatable.
  static let repositoriesOption = OptionSpec(
    long: "repositories", valueName: "path",
    help: "Read this repository (a path or a quoted glob such as '~/src/*') instead of the "
      + "repositories setting; repeatable.",
    completion: .file)

  /// Gathers the cards of `attendees` over `window` from `repositories` (the setting when
  /// empty), waiting for the last one. Blank attendees without identities have no card.
  @MainActor static func gather(
    for attendees: [Attendee], window: WorkWindow, repositories given: [String],
    in context: CommandContext
  ) -> WorkCards {
    @SharedReader(.repositories) var setting
    @Dependency(\.workCards) var workCards
    let repositories = given.isEmpty ? setting : given
    if repositories.isEmpty {
      context.note(
        "No repositories to read: name them with 'syncups config set repositories PATH...' "
          + "or --repositories.")
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
        context.say("Skipped \(sanitize(repository)): \(reason).")
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
  /// `Blob: 2 commits in web, api` and a line per commit (`  web  4f3e1a8  Add the retry`).
  func lines(of attendee: Attendee, style: TerminalStyle) -> [String] {
    let name = attendee.name.isBlank ? UserText.unnamed : attendee.name
    var lines = [style.bold(sanitize(name)) + ": " + summary]
    let repositoryWidth = repositories.map(displayWidth).max() ?? 0
    for commit in commits {
      lines.append(
        "  " + ScreenText.padded(sanitize(commit.repository), toWidth: repositoryWidth) + "  "
          + style.dim(String(commit.shortHash)) + "  " + sanitize(commit.subject))
    }
    return lines
  }

  /// The summary as a sentence, then a bulleted list of the commits, escaped.
  var markdownBlocks: [String] {
    var blocks = [MarkdownText.escape(summary.prefix(1).uppercased() + summary.dropFirst())]
    if !commits.isEmpty {
      blocks.append(
        commits.map {
          "- " + MarkdownText.escape($0.repository) + " `" + $0.shortHash + "` "
            + MarkdownText.escape($0.subject)
        }.joined(separator: "\n"))
    }
    return blocks
  }

  /// `id`, `name`, `commits` (each `repository`, `hash`, `subject`, `date`, `author`, newest
  /// first), `repositories` (those with commits) and `unread` (those not read in time).
  func jsonMembers(of attendee: Attendee) -> [String: JSONOutput] {
    [
      "id": .string(attendee.id.uuidString),
      "name": .string(attendee.name),
      "commits": .array(
        commits.map { commit in
          .object([
            "repository": .string(commit.repository), "hash": .string(commit.hash),
            "subject": .string(commit.subject), "date": .string(DateText.iso8601(commit.date)),
            "author": .string(commit.author),
          ])
        }),
      "repositories": .array(repositories.map(JSONOutput.string)),
      "unread": .array(unread.map(JSONOutput.string)),
    ]
  }

  /// `3 commits in web, api`, `1 commit in api; not read in time: big …`, `no commits`.
  var summary: String {
    var text =
      commits.isEmpty
      ? "no commits"
      : "\(commits.count) commit\(commits.count == 1 ? "" : "s") in "
        + repositories.joined(separator: ", ")
    if !unread.isEmpty { text += "; not read in time: " + unread.joined(separator: ", ") + " …" }
    return text
  }
}
