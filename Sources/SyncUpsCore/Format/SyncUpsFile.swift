#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Reads and writes the file that holds all sync-ups.
///
/// Our format is a pretty-printed JSON array of sync-up objects with sorted keys: durations in
/// whole seconds (a JSON integer), dates in ISO-8601 UTC (`"2009-02-13T23:31:30Z"`), ids as
/// upper-case UUID strings.
///
/// ```json
/// [
///   {
///     "attendees" : [ { "id" : "…", "name" : "Blob" } ],
///     "duration" : 300,
///     "id" : "…",
///     "meetings" : [ { "date" : "2009-02-13T23:31:30Z", "id" : "…", "transcript" : "" } ],
///     "theme" : "bubblegum",
///     "title" : "Morning Sync"
///   }
/// ]
/// ```
///
/// Decoding is strict: a missing key, a value of the wrong type, an unknown theme, a duration
/// outside ``SyncUp/durationRange`` or a repeated id (of a sync-up, or of an attendee or a
/// meeting within one sync-up) throws a `DecodingError` whose coding path says where the
/// problem is and whose debug description says what it is. Keys it does not know are kept
/// (``UnknownJSON``) and written back, so files written by a later version with added keys load
/// and an older version never strips what a newer one wrote.
///
/// Dates are written in whole seconds (fractions are dropped); on reading, fractional seconds
/// and time-zone offsets are accepted.
///
/// The SyncUps app's own file can be read too (``decodeAppFormat(_:)``, ``decodeAnyFormat(_:)``)
/// and written (``encodeAppFormat(_:)``).
public enum SyncUpsFile {
  /// The file formats that hold sync-ups.
  public enum Format: String, CaseIterable, CustomStringConvertible, Sendable {
    /// Ours (see ``SyncUpsFile``).
    case syncups
    /// The SyncUps app's: Swift's default `Codable` forms (see ``SyncUpsFile/decodeAppFormat(_:)``).
    case app

    /// The format's name for people: `"syncups"` or `"SyncUps app"`.
    public var description: String {
      switch self {
      case .syncups: "syncups"
      case .app: "SyncUps app"
      }
    }
  }

  /// A new encoder for our format: pretty-printed, sorted keys, unescaped slashes, ISO-8601
  /// dates.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  /// A new decoder for our format: ISO-8601 dates.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Encodes sync-ups in our format.
  ///
  /// ```swift
  /// try SyncUpsFile.encode([SyncUp(id: UUID(), title: "Morning Sync")])
  /// ```
  ///
  /// The bytes are those of ``encoder()``; a writer of our own produces them quickly
  /// (``encodeFast(_:)``), and `JSONEncoder` does when it cannot.
  public static func encode(_ syncUps: IdentifiedArrayOf<SyncUp>) throws -> Data {
    if let data = encodeFast(syncUps) { return data }
    return try encodeWithJSONEncoder(syncUps)
  }

  /// Encodes sync-ups in our format with ``encoder()``: the reference for ``encode(_:)``.
  static func encodeWithJSONEncoder(_ syncUps: IdentifiedArrayOf<SyncUp>) throws -> Data {
    try encoder().encode(syncUps)
  }

  /// Decodes sync-ups from our format, strictly (see ``SyncUpsFile``).
  ///
  /// A reader of our own decodes the usual file quickly (``decodeFast(_:)``); anything it does
  /// not handle, errors included, is decoded by ``decoder()`` as the reference.
  ///
  /// - Throws: `DecodingError`, e.g. `dataCorrupted` at `[0].duration` for a duration of 0.
  public static func decode(_ data: Data) throws -> IdentifiedArrayOf<SyncUp> {
    if let syncUps = decodeFast(data) { return syncUps }
    return try decodeWithJSONDecoder(data)
  }

  /// Decodes sync-ups from our format as ``decode(_:)`` does, reading the file as it goes, a
  /// window at a time, so that a large file is never in memory whole beside the sync-ups made
  /// of it; only what the fast reader leaves to `JSONDecoder` is read whole.
  ///
  /// ```swift
  /// let (syncUps, _) = try fileSystem.read(path, through: SyncUpsFile.decode(from:))!
  /// ```
  public static func decode(from file: inout FileReader) throws -> IdentifiedArrayOf<SyncUp> {
    if let syncUps = try decodeFast(from: &file) { return syncUps }
    return try decodeWithJSONDecoder(file.readAll())
  }

  /// Decodes sync-ups from our format with ``decoder()``, strictly: the reference for
  /// ``decode(_:)``, whose errors it throws, a syntax error with its line and column.
  static func decodeWithJSONDecoder(_ data: Data) throws -> IdentifiedArrayOf<SyncUp> {
    do {
      return try decoder().decode(SyncUpList<SyncUp>.self, from: data).syncUps
    } catch {
      throw JSONSyntaxError.locating(error, in: data)
    }
  }
}
