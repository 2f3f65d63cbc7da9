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

  /// Ours, but for `duration`.
  init(from decoder: any Decoder) throws {
    syncUp = try SyncUp.decodeFields(
      from: decoder,
      replacing: [
        "duration": { syncUp, container in
          let key = CodingKeys("duration")
          let duration = try container.decode(Duration.self, forKey: key)
          let range = Duration.seconds(SyncUp.durationRange.lowerBound)
            ... Duration.seconds(SyncUp.durationRange.upperBound)
          guard range.contains(duration) else {
            let index = container.codingPath.last?.intValue.map(String.init) ?? "?"
            throw DecodingError.dataCorruptedError(
              forKey: key,
              in: container,
              debugDescription: "The sync-up at index \(index) lasts \(duration): a sync-up lasts "
                + "from 1 second to 24 hours"
            )
          }
          syncUp.duration = Int(duration.components.seconds)
        }
      ])
  }

  /// Ours, but for `duration`.
  func encode(to encoder: any Encoder) throws {
    try syncUp.encodeFields(
      to: encoder,
      replacing: [
        "duration": { [syncUp] container in
          try container.encode(Duration.seconds(syncUp.duration), forKey: CodingKeys("duration"))
        }
      ])
  }
}
