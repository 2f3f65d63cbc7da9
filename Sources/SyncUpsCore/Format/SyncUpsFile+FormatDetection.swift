#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SyncUpsFile {
  /// Decodes sync-ups from either our format or the SyncUps app's, and says which it was.
  ///
  /// ```swift
  /// let (syncUps, format) = try SyncUpsFile.decodeAnyFormat(data)
  /// ```
  ///
  /// See ``detectFormat(_:)`` for how the format is told; the data is then decoded as strictly
  /// as ``decode(_:)`` or ``decodeAppFormat(_:)`` would. A file the fast reader takes is ours
  /// without looking further (``decodeFast(_:)``); so is an object of format 2 or later
  /// (``decodeDeclared(_:)``), unless it requires what this version does not know, which
  /// throws ``NeedsNewerVersion``.
  public static func decodeAnyFormat(
    _ data: Data
  ) throws -> (syncUps: IdentifiedArrayOf<SyncUp>, format: Format) {
    if let syncUps = decodeFast(data) { return (syncUps, .syncups) }
    if DeclaredObject.isObject(data) {
      let (syncUps, declaration) = try decodeDeclared(data)
      guard declaration.unmet.isEmpty else { throw NeedsNewerVersion(declaration: declaration) }
      return (syncUps, .syncups)
    }
    switch try detectFormat(data) {
    case .syncups: return (try decodeWithJSONDecoder(data), .syncups)
    case .app: return (try decodeAppFormat(data), .app)
    }
  }

  /// Tells the format of sync-ups data from the first sync-up's `duration`: a number is ours
  /// (seconds), an array is the app's (`[high, low]` attoseconds). An empty array, or a first
  /// element without a `duration`, counts as ours (the full decode then reports what is
  /// missing).
  ///
  /// - Throws: `JSONSyntaxError` when the data is not JSON; `DecodingError` when it is not an
  ///   array, its first element is not an object, or its first `duration` is neither a number
  ///   nor an array; that last one is `dataCorrupted` at `[0].duration`.
  public static func detectFormat(_ data: Data) throws -> Format {
    do {
      return try JSONDecoder().decode(FormatProbe.self, from: data).format
    } catch {
      throw JSONSyntaxError.locating(error, in: data)
    }
  }
}

/// Looks at the first sync-up's `duration` to tell the format.
private struct FormatProbe: Decodable {
  var format: SyncUpsFile.Format

  private enum CodingKeys: String, CodingKey {
    case duration
  }

  /// Tells the format of the first sync-up, ignoring the rest.
  private struct First: Decodable {
    var format: SyncUpsFile.Format

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.contains(.duration) else {
        format = .syncups
        return
      }
      if (try? container.decode(Double.self, forKey: .duration)) != nil {
        format = .syncups
      } else if (try? container.nestedUnkeyedContainer(forKey: .duration)) != nil {
        format = .app
      } else {
        throw DecodingError.dataCorruptedError(
          forKey: .duration,
          in: container,
          debugDescription: "Unknown file format: \"duration\" is neither a number of seconds "
            + "(syncups) nor a [high, low] array of attoseconds (SyncUps app)"
        )
      }
    }
  }

  init(from decoder: any Decoder) throws {
    var container = try decoder.syncUpsArray()
    format = container.isAtEnd ? .syncups : try container.decode(First.self).format
  }
}
