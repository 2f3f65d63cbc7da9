#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why the merge driver refused to merge, as data: which version it refused and why. The
/// driver appends it to `$SYNCUPS_MERGE_REPORT` as one line of JSON, beside the conflicts
/// (``ConflictRecord``, whose readers pass it over), and exits with its status; `sync` reads
/// it there to say which commit left a broken file, instead of reading the driver's standard
/// error:
///
/// ```
/// {"refusal":{"kind":"invalid","message":"the theirs version '…' is not a valid data file: …","reason":"…","side":"theirs"}}
/// ```
struct MergeRefusal: Equatable, Error {
  /// What the driver refused.
  enum Kind: String, Equatable {
    /// A version is no data file: its `reason` says why.
    case invalid
    /// A version needs a newer syncups (a format or a required feature this one does not know).
    case newer
    /// Anything else that stopped the merge: a version it could not read, a variable it could
    /// not read, the result it could not write.
    case failed
  }

  var kind: Kind
  /// The version refused: `base`, `ours` or `theirs`; nil when no one version is to blame.
  var side: String?
  /// What is wrong with the version, as a decoding error says it; the whole `message` when
  /// there is nothing more to it.
  var reason: String
  /// The driver's message, as it says it on standard error.
  var message: String

  private static let key = "refusal"

  /// The refusal as one line of the report, newline included.
  var reportLine: String {
    var fields: [String: JSONOutput] = [
      "kind": .string(kind.rawValue), "reason": .string(reason), "message": .string(message),
    ]
    if let side { fields["side"] = .string(side) }
    return JSONOutput.object([Self.key: .object(fields)]).text(pretty: false)
  }

  /// The first refusal among the report's lines (``reportLine``); nil when there is none.
  static func reported(in text: Substring) -> MergeRefusal? {
    let decoder = JSONDecoder()
    for line in text.split(separator: "\n") {
      if let line = try? decoder.decode(Line.self, from: Data(line.utf8)), let refusal = line.refusal {
        return refusal
      }
    }
    return nil
  }

  /// A line of the report that may hold a refusal.
  private struct Line: Decodable {
    var refusal: MergeRefusal?

    enum CodingKeys: String, CodingKey { case refusal }
    enum Fields: String, CodingKey { case kind, side, reason, message }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.contains(.refusal) else { return }
      let fields = try container.nestedContainer(keyedBy: Fields.self, forKey: .refusal)
      let message = try fields.decode(String.self, forKey: .message)
      refusal = MergeRefusal(
        kind: Kind(rawValue: try fields.decodeIfPresent(String.self, forKey: .kind) ?? "")
          ?? .failed,
        side: try fields.decodeIfPresent(String.self, forKey: .side),
        reason: try fields.decodeIfPresent(String.self, forKey: .reason) ?? message,
        message: message)
    }
  }
}
