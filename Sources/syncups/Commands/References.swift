#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// Why a reference to a sync-up or a meeting did not resolve.
enum ReferenceError: Error, Equatable {
  /// Nothing matched.
  case notFound(kind: String, reference: String, suggestion: String?)
  /// Several matched; their descriptions, for the person to choose from.
  case ambiguous(kind: String, reference: String, candidates: [String])

  /// The message for standard error. The reference, the suggestion and the candidates are
  /// user text, so they are sanitized.
  var message: String {
    switch self {
    case .notFound(let kind, let reference, let suggestion):
      let base = "no \(kind) matches '\(sanitize(reference))'"
      return suggestion.map { "\(base). Did you mean '\(sanitize($0))'?" } ?? base
    case .ambiguous(let kind, let reference, let candidates):
      return "'\(sanitize(reference))' matches \(candidates.count) \(kind)s:\n"
        + candidates.map { "  \(sanitize($0))" }.joined(separator: "\n")
        + "\nUse more of the title, or an id."
    }
  }
}

/// Finds the sync-up a person meant by `reference`: a title (case-insensitive, exact, else a
/// unique prefix) or an id (in full, or a unique prefix of at least 4 hex digits).
func resolveSyncUp(_ reference: String, in syncUps: IdentifiedArrayOf<SyncUp>) throws(ReferenceError) -> SyncUp {
  let wanted = reference.lowercased()
  let exact = syncUps.filter { $0.title.lowercased() == wanted }
  if exact.count == 1 { return exact[0] }
  if exact.count > 1 { throw .ambiguous(kind: "sync-up", reference: reference, candidates: exact.map(describe)) }

  let byID = idMatches(reference, in: syncUps.elements, id: \.id)
  if byID.count == 1 { return byID[0] }

  let prefixed = wanted.isEmpty ? [] : syncUps.elements.filter { $0.title.lowercased().hasPrefix(wanted) }
  let candidates = uniqueByID(prefixed + byID)
  if candidates.count == 1 { return candidates[0] }
  if candidates.count > 1 {
    throw .ambiguous(kind: "sync-up", reference: reference, candidates: candidates.map(describe))
  }
  throw .notFound(
    kind: "sync-up", reference: reference,
    suggestion: Suggestion.closest(to: reference, among: syncUps.map(\.title)))
}

/// Finds the meeting a person meant: its 1-based position in the newest-first list, or its id
/// (in full, or a unique prefix of at least 4 hex digits). A number that is no position is
/// tried as an id prefix, since ids can start with decimal digits only (`89055850`).
func resolveMeeting(_ reference: String, in syncUp: SyncUp) throws(ReferenceError) -> Meeting {
  if let position = Int(reference), position >= 1, position <= syncUp.meetings.count {
    return syncUp.meetings[position - 1]
  }
  let matches = idMatches(reference, in: syncUp.meetings.elements, id: \.id)
  if matches.count == 1 { return matches[0] }
  if matches.count > 1 {
    throw .ambiguous(
      kind: "meeting", reference: reference,
      candidates: matches.map { "\($0.id.uuidString.prefix(8))  \(isoDate($0.date))" })
  }
  throw .notFound(kind: "meeting", reference: reference, suggestion: nil)
}

/// The elements whose id is `reference` in full or starts with it (at least 4 hex digits,
/// hyphens ignored, case-insensitive).
private func idMatches<T>(_ reference: String, in elements: [T], id: (T) -> UUID) -> [T] {
  let hex = reference.uppercased().filter { $0 != "-" }
  guard hex.count >= 4, hex.allSatisfy(\.isHexDigit) else { return [] }
  return elements.filter { id($0).uuidString.filter { $0 != "-" }.hasPrefix(hex) }
}

private func uniqueByID(_ syncUps: [SyncUp]) -> [SyncUp] {
  var seen: Set<UUID> = []
  return syncUps.filter { seen.insert($0.id).inserted }
}

private func describe(_ syncUp: SyncUp) -> String {
  "\(syncUp.id.uuidString.prefix(8))  \(syncUp.title.isEmpty ? "(untitled)" : syncUp.title)"
}

private func isoDate(_ date: Date) -> String {
  date.formatted(.iso8601)
}
