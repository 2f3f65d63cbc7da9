#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A speaker's work card: what they committed in a window (``WorkWindow``) across the
/// repositories read, newest first, and which repositories could not be read in time (the
/// card shows those as "…": there may be more).
///
/// ```swift
/// let cards = WorkCard.cards(for: syncUp.attendees.elements, commits: commits, unread: ["big"])
/// cards[0].commits.map(\.subject)   // ["Retry uploads", "Log the retries"]
/// cards[0].repositories             // ["api", "web"]
/// ```
public struct WorkCard: Equatable, Sendable {
  /// Whose card it is.
  public var attendee: Attendee.ID
  /// Their commits, newest first (by author date; ties by repository, then hash).
  public var commits: [WorkCommit]
  /// The repositories that could not be read before their time limit, by name, in the order
  /// the repositories were given. The same for every card of one gathering.
  public var unread: [String]

  public init(attendee: Attendee.ID, commits: [WorkCommit], unread: [String] = []) {
    self.attendee = attendee
    self.commits = commits
    self.unread = unread
  }

  /// The repositories the commits are in, each once, the one with the newest commit first.
  public var repositories: [String] {
    var seen = Set<String>()
    return commits.map(\.repository).filter { seen.insert($0).inserted }
  }

  /// `3 commits in web, api`, `1 commit in api`, `no commits`; then the repositories not read
  /// in time, if any: `2 commits in api; not read in time: big …`.
  public var summary: String {
    Self.summary(commitCount: commits.count, repositories: repositories, unread: unread)
  }

  /// The summary of a card of `commitCount` commits in `repositories` (newest first), with
  /// `unread` not read in time: what ``summary`` says, for a card kept without all its
  /// commits (``RecordMeeting/TurnWork``).
  public static func summary(commitCount: Int, repositories: [String], unread: [String])
    -> String
  {
    let count =
      commitCount == 0
      ? "no commits"
      : "\(commitCount) commit\(commitCount == 1 ? "" : "s") in "
        + repositories.joined(separator: ", ")
    guard !unread.isEmpty else { return count }
    return count + "; not read in time: " + unread.joined(separator: ", ") + " …"
  }

  /// Each attendee's card, in the attendees' order, from the commits read (in any order):
  /// a commit goes on the card of every attendee who is its author (``Attendee/isAuthor(_:)``),
  /// so one commit can be on two cards when two identities match it.
  public static func cards(
    for attendees: [Attendee], commits: [WorkCommit], unread: [String] = []
  ) -> [WorkCard] {
    let newestFirst = commits.sorted {
      ($0.date, $1.repository, $1.hash) > ($1.date, $0.repository, $0.hash)
    }
    return attendees.map { attendee in
      WorkCard(
        attendee: attendee.id, commits: newestFirst.filter { attendee.isAuthor($0.author) },
        unread: unread)
    }
  }
}
