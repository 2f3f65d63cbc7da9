import SyncUpsCore

/// The parser of `__complete`'s words, beside the command it serves.
extension ValueParser {
  /// The words after `__complete`: what to list, and for which sync-up.
  static func completionRequest(
    _ words: [String], path: [String]
  ) throws(UsageError) -> CompletionRequest {
    switch words[0] {
    case "syncups", "extensions", "zones":
      if words.count > 1 {
        throw UsageError("unexpected argument '\(words[1])'", path: path)
      }
      return ["syncups": .syncUps, "zones": .zones][words[0]] ?? .extensions
    case "meetings", "attendees", "items":
      guard words.count > 1 else {
        throw UsageError("missing argument '<syncup>'", path: path)
      }
      switch words[0] {
      case "meetings": return .meetings(syncUp: words[1])
      case "items": return .items(syncUp: words[1])
      default: return .attendees(syncUp: words[1])
      }
    default:
      throw UsageError(
        "invalid value '\(words[0])' for '<kind>' "
          + "(expected \(Prose.alternatives(CompletionRequest.kinds)))",
        path: path)
    }
  }
}
