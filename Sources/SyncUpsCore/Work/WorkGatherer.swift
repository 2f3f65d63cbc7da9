#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// What a feature asks the work cards for: whose, over which window, from which repositories.
public struct WorkRequest: Equatable, Sendable {
  /// The commits' window.
  public var window: WorkWindow
  /// Whose cards, in the order they are wanted; each matched by ``Attendee/isAuthor(_:)``.
  public var attendees: [Attendee]
  /// The repositories as the person configured them: paths and globs (`~/src/*`), `~` for the
  /// home directory.
  public var repositories: [String]
  /// How long one repository may take to read; after it, its reading is stopped and the cards
  /// name it in ``WorkCard/unread``.
  public var timeLimit: Duration

  /// The time limit when none is given: a huge repository's whole history is read in less.
  public static let defaultTimeLimit = Duration.seconds(5)

  public init(
    window: WorkWindow, attendees: [Attendee], repositories: [String],
    timeLimit: Duration = defaultTimeLimit
  ) {
    self.window = window
    self.attendees = attendees
    self.repositories = repositories
    self.timeLimit = timeLimit
  }
}

/// What gathering work tells, in order: the repositories skipped (each once), then each
/// attendee's card, in the request's order.
public enum WorkEvent: Equatable, Sendable {
  /// A configured repository that is not there or is not a git repository, with why
  /// (`no such directory`, `not a git repository`); it is left out of every card.
  case skipped(repository: String, reason: String)
  /// One attendee's card, ready.
  case card(WorkCard)
}

/// Gathers work cards: the `workCards` dependency. The command line installs one that runs
/// git (reading each repository once for all attendees, several at a time, each within the
/// request's time limit); tests install ``delivering(_:)``.
///
/// A feature asks for the cards from an effect and sends itself each one as it comes:
///
/// ```swift
/// @Dependency(\.workCards) var workCards
/// return .run { send in
///   for await event in workCards(WorkRequest(
///     window: window, attendees: attendees, repositories: repositories))
///   {
///     if case .card(let card) = event { await send(.workCardReady(card)) }
///   }
/// }
/// ```
///
/// Ending the loop early (the effect cancelled) stops the git processes still running.
public struct WorkGatherer: Sendable {
  private let gather: @Sendable (WorkRequest) -> AsyncStream<WorkEvent>

  /// A gatherer that answers each request with the stream `gather` makes.
  public init(_ gather: @escaping @Sendable (WorkRequest) -> AsyncStream<WorkEvent>) {
    self.gather = gather
  }

  /// The events of gathering `request`'s cards; the stream finishes after the last card.
  public func callAsFunction(_ request: WorkRequest) -> AsyncStream<WorkEvent> {
    gather(request)
  }

  /// Every request answered with `events`, at once, whatever it asks: for tests, which choose
  /// the cards a feature sees.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.workCards = .delivering([.card(WorkCard(attendee: blob.id, commits: [commit]))])
  /// } operation: { … }
  /// ```
  public static func delivering(_ events: [WorkEvent]) -> WorkGatherer {
    WorkGatherer { _ in
      AsyncStream { continuation in
        for event in events { continuation.yield(event) }
        continuation.finish()
      }
    }
  }

  /// Every request answered with no events, after reporting the gatherer missing.
  static let unimplemented = WorkGatherer { _ in
    reportIssue("'workCards' was used without a gatherer; install one with withDependencies.")
    return AsyncStream { $0.finish() }
  }
}

private enum WorkGathererKey: DependencyKey {
  static var liveValue: WorkGatherer { .unimplemented }
  static var testValue: WorkGatherer { .unimplemented }
}

extension DependencyValues {
  /// Gathers work cards (``WorkGatherer``). Live: the command line's git gatherer, installed
  /// for every command that reads the data file; tests choose the cards with
  /// ``WorkGatherer/delivering(_:)``.
  public var workCards: WorkGatherer {
    get { self[WorkGathererKey.self] }
    set { self[WorkGathererKey.self] = newValue }
  }
}
