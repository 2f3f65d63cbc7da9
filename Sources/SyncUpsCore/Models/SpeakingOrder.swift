#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// The order in which a meeting calls the attendees: `start --order` and the `order` setting.
public enum SpeakingOrder: String, CaseIterable, Codable, Sendable {
  /// As the sync-up lists them: the app's order.
  case listed
  /// A new random order each meeting.
  case shuffled
  /// As listed, starting one place further along than the previous meeting did, so that a
  /// different person opens each time.
  case rotated

  /// `attendees` in this order. `previous` is the sync-up's latest meeting (for `rotated`);
  /// `random` draws `shuffled` orders.
  ///
  /// ```swift
  /// // The previous meeting started with Blob Jr, the second of [Blob, Blob Jr, Blob Sr]:
  /// SpeakingOrder.rotated.arrange(attendees, after: previous, using: &random)
  /// // [Blob Sr, Blob, Blob Jr]
  /// ```
  ///
  /// `rotated` starts after the attendee who opened `previous` (by id, from its recorded
  /// attendees). When that person has left the sync-up, it starts with the next one of
  /// `previous`'s order who is still on it; with no record to go by (no previous meeting, or
  /// one saved before meetings kept their attendees), with the first listed.
  public func arrange<Generator: RandomNumberGenerator>(
    _ attendees: IdentifiedArrayOf<Attendee>, after previous: Meeting?,
    using random: inout Generator
  ) -> [Attendee] {
    switch self {
    case .listed:
      return attendees.elements
    case .shuffled:
      return attendees.elements.shuffled(using: &random)
    case .rotated:
      let start = Self.rotationStart(attendees, after: previous?.attendees ?? [])
      let elements = attendees.elements
      return Array(elements[start...] + elements[..<start])
    }
  }

  /// Where a rotated order starts: just after whoever opened `previousOrder`, or at the first
  /// of the rest of it still on the sync-up; 0 when none is.
  private static func rotationStart(
    _ attendees: IdentifiedArrayOf<Attendee>, after previousOrder: [MeetingAttendee]
  ) -> Int {
    guard !attendees.isEmpty, let opener = previousOrder.first else { return 0 }
    if let index = attendees.index(id: opener.id) {
      return (index + 1) % attendees.count
    }
    for attendee in previousOrder.dropFirst() {
      if let index = attendees.index(id: attendee.id) { return index }
    }
    return 0
  }
}
