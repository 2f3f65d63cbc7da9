#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SyncUpsFile {
  /// Decodes sync-ups from the SyncUps app's own `sync-ups.json`.
  ///
  /// The app writes Swift's default `Codable` forms: `duration` is a `Swift.Duration`, the
  /// two-number array `[high, low]` of attoseconds (300 seconds is
  /// `[16, 4852094820647174144]`), and a meeting's `date` is a number of seconds since
  /// 2001-01-01 00:00:00 UTC. Everything else is as in our format, and decoding is as strict.
  ///
  /// Durations become whole seconds, rounded down.
  ///
  /// - Throws: `DecodingError`; a duration under 1 second or over 24 hours is a
  ///   `dataCorrupted` error at `[index].duration` that names the sync-up's index.
  public static func decodeAppFormat(_ data: Data) throws -> IdentifiedArrayOf<SyncUp> {
    let list = try JSONDecoder().decode(SyncUpList<AppSyncUp>.self, from: data)
    return IdentifiedArrayOf(uniqueElements: list.syncUps.lazy.map(\.syncUp))
  }

  /// Encodes sync-ups in the SyncUps app's format (see ``decodeAppFormat(_:)``), pretty-printed
  /// with sorted keys, so they can be copied back into the app.
  public static func encodeAppFormat(_ syncUps: IdentifiedArrayOf<SyncUp>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(syncUps.map(AppSyncUp.init))
  }
}
