#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// The work beside the person: each speaker's git activity since the last stand-up, gathered
/// through the `workCards` dependency for every speaker from the moment the meeting starts,
/// kept as each card arrives (by the ``MeetingWorkCards`` feature, the meeting's ``State/work``),
/// and shown with the speaker's turn (``State/turnWork``). Nothing of it is saved: the record of
/// a meeting keeps no card, which git can give again at any time.
///
/// ```swift
/// var state = RecordMeeting.State(syncUp: syncUp)
/// state.askForWork(since: window, in: ["~/src/*"])  // none asked for without repositories
/// store.send(.onTask)                                 // the timer, and the cards' gathering
/// store.state.turnWork?.commitCount                   // once the speaker's card has arrived
/// ```
///
/// The gathering runs in an effect of its own: a card that takes long (a huge repository) never
/// holds a tick back, and arrives, or shows its repository as unread, when it is ready.
extension RecordMeeting {
  /// A speaker's work card as a meeting keeps and shows it: how many commits, where, and the
  /// newest few of them (at most ``keptCommits``), so that a card of a hundred thousand
  /// commits costs a turn no more to show than one of three.
  public struct TurnWork: Equatable, Sendable {
    /// Whose card it is.
    public var attendee: Attendee.ID
    /// How many commits the card holds in all.
    public var commitCount: Int
    /// The repositories the commits are in, the one with the newest commit first.
    public var repositories: [String]
    /// The newest commits, newest first: at most ``keptCommits``.
    public var newest: [WorkCommit]
    /// The repositories not read within their time limit: there may be more work in them.
    public var unread: [String]

    /// How many of a card's newest commits a meeting keeps: more than a screen or an event
    /// shows.
    public static let keptCommits = 50

    /// `card` as a meeting keeps it.
    public init(_ card: WorkCard) {
      attendee = card.attendee
      commitCount = card.commits.count
      repositories = card.repositories
      newest = Array(card.commits.prefix(Self.keptCommits))
      unread = card.unread
    }

    /// Whether the card has nothing to say: no commit, and every repository read.
    public var isEmpty: Bool { commitCount == 0 && unread.isEmpty }

    /// What the card says in one line: ``WorkCard/summary``.
    public var summary: String {
      WorkCard.summary(commitCount: commitCount, repositories: repositories, unread: unread)
    }

    /// A commit as the card lists it: its subject, after its repository's name when the card
    /// spans several (`api: Retry uploads`).
    public func line(for commit: WorkCommit) -> String {
      repositories.count > 1 ? commit.repository + ": " + commit.subject : commit.subject
    }
  }

  /// A configured repository that no card covers, and why (`no such directory`).
  public struct SkippedRepository: Equatable, Sendable {
    /// The repository as the setting names it.
    public var repository: String
    public var reason: String

    public init(repository: String, reason: String) {
      self.repository = repository
      self.reason = reason
    }
  }

  /// What the gathering of the cards tells the meeting, made ready to keep away from the
  /// meeting's own work: a card's newest commits are picked as it is read.
  public enum WorkArrival: Equatable, Sendable {
    /// A speaker's card.
    case card(TurnWork)
    /// A configured repository left out of every card.
    case skipped(SkippedRepository)

    /// `event` as the meeting keeps it.
    public init(_ event: WorkEvent) {
      switch event {
      case .card(let card): self = .card(TurnWork(card))
      case .skipped(let repository, let reason):
        self = .skipped(SkippedRepository(repository: repository, reason: reason))
      }
    }
  }
}

extension RecordMeeting.State {
  /// Asks for every speaker's work card over `window` from `repositories` (paths and globs, as
  /// the `repositories` setting holds them), each repository read within `timeLimit`: gathered
  /// once the meeting starts. Those absent are asked for too: they may join late. Nothing is
  /// asked for when there are no repositories.
  public mutating func askForWork(
    since window: WorkWindow, in repositories: [String],
    timeLimit: Duration = WorkRequest.defaultTimeLimit
  ) {
    guard !repositories.isEmpty else {
      work = MeetingWorkCards.State()
      return
    }
    let attendees = lineup.compactMap { syncUp.attendees[id: $0.id] }
    work = MeetingWorkCards.State(
      request: WorkRequest(
        window: window, attendees: attendees, repositories: repositories, timeLimit: timeLimit))
  }

  /// The current speaker's work card, once it has arrived; nil before, and when no card was
  /// asked for.
  public var turnWork: RecordMeeting.TurnWork? {
    currentSpeaker.flatMap(work.card(of:))
  }
}
