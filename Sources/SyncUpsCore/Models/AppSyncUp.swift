#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A sync-up as the SyncUps app stores it: the same keys as ours, with `duration` a
/// `Swift.Duration`. Meeting dates follow the coder's date strategy, which the app leaves at
/// its default (seconds since 2001).
struct AppSyncUp: Codable, Identifiable {
  /// The sync-up, with its duration in whole seconds.
  var syncUp: SyncUp

  /// The sync-up's id.
  var id: UUID { syncUp.id }

  init(_ syncUp: SyncUp) {
    self.syncUp = syncUp
  }

  typealias CodingKeys = SyncUp.CodingKeys

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let attendees: IdentifiedArrayOf<Attendee> = try container.decodeUniqueElements(
      forKey: .attendees, noun: "attendee"
    )
    let duration = try container.decode(Duration.self, forKey: .duration)
    let range = Duration.seconds(SyncUp.durationRange.lowerBound)
      ... Duration.seconds(SyncUp.durationRange.upperBound)
    guard range.contains(duration) else {
      let index = container.codingPath.last?.intValue.map(String.init) ?? "?"
      throw DecodingError.dataCorruptedError(
        forKey: .duration,
        in: container,
        debugDescription: "The sync-up at index \(index) lasts \(duration): a sync-up lasts "
          + "from 1 second to 24 hours"
      )
    }
    syncUp = SyncUp(
      id: try container.decode(UUID.self, forKey: .id),
      attendees: attendees,
      duration: Int(duration.components.seconds),
      meetings: try container.decodeUniqueElements(forKey: .meetings, noun: "meeting"),
      theme: try container.decode(Theme.self, forKey: .theme),
      title: try container.decode(String.self, forKey: .title),
      unknownKeys: try decoder.unknownKeys(besides: CodingKeys.self)
    )
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(syncUp.attendees, forKey: .attendees)
    try container.encode(Duration.seconds(syncUp.duration), forKey: .duration)
    try container.encode(syncUp.id, forKey: .id)
    try container.encode(syncUp.meetings, forKey: .meetings)
    try container.encode(syncUp.theme, forKey: .theme)
    try container.encode(syncUp.title, forKey: .title)
    try encoder.encodeUnknownKeys(syncUp.unknownKeys)
  }
}
