#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A meeting's work cards, a feature of their own within ``RecordMeeting``: every speaker's card
/// asked for once (``State/request``), gathered through the `workCards` dependency when the
/// meeting starts (``Action/gather``), and each kept as it arrives (``Action/arrived(_:)``).
/// The gathering runs in an effect of its own, so a card that takes long (a huge repository)
/// never holds the meeting's timer back; the meeting cancels it when it ends
/// (``CancelID/gathering``).
///
/// ```swift
/// var cards = MeetingWorkCards.State(request: request)
/// let gathering = MeetingWorkCards().reduce(into: &cards, action: .gather)
/// // …each card sends .arrived(.card(card)), kept in cards.cards
/// ```
public struct MeetingWorkCards: Reducer, Sendable {
  /// The cards asked for, and those arrived so far.
  public struct State: Equatable, Sendable {
    /// The cards asked for: every speaker's, in speaking order; nil when none was asked for.
    public var request: WorkRequest?
    /// The cards that have arrived, in the order they came, one per speaker.
    public var cards: [RecordMeeting.TurnWork] = []
    /// The repositories left out of every card, each with why, in the order they were found.
    public var skipped: [RecordMeeting.SkippedRepository] = []

    /// The cards `request` asks for (none when nil), none arrived yet.
    public init(request: WorkRequest? = nil) {
      self.request = request
    }

    /// The card of `attendee`, once it has arrived.
    public func card(of attendee: Attendee.ID) -> RecordMeeting.TurnWork? {
      cards.first { $0.attendee == attendee }
    }
  }

  /// What happens to the cards.
  public enum Action: Equatable, Sendable {
    /// Gathers every card asked for, each arriving as ``arrived(_:)``; nothing when none was.
    case gather
    /// The gathering told something: a speaker's card (a later one of the same speaker
    /// replacing it), or a repository skipped.
    case arrived(RecordMeeting.WorkArrival)
  }

  /// Identifies the gathering of the cards, which the end of the meeting cancels.
  public enum CancelID: Sendable { case gathering }

  @Dependency(\.workCards) var workCards

  /// The cards' logic.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .gather:
      guard let request = state.request else { return .none }
      return .run { [workCards] send in
        for await event in workCards(request) {
          await send(.arrived(RecordMeeting.WorkArrival(event)))
        }
      }
      .cancellable(id: CancelID.gathering, cancelInFlight: true)

    case .arrived(.card(let card)):
      state.cards.removeAll { $0.attendee == card.attendee }
      state.cards.append(card)
      return .none

    case .arrived(.skipped(let skipped)):
      state.skipped.append(skipped)
      return .none
    }
  }
}
