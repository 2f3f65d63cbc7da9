#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// Why a reference to a sync-up or a meeting did not resolve.
enum ReferenceError: Error, Equatable {
  /// Nothing matched; `hint` says why, when a likely reason is known.
  case notFound(kind: String, reference: String, suggestion: String?, hint: String? = nil)
  /// Several matched; their descriptions, for the person to choose from.
  case ambiguous(kind: String, reference: String, candidates: [String])
  /// Several sync-ups have the title `reference`, which no more of the title can tell apart;
  /// their descriptions.
  case sameTitle(reference: String, candidates: [String])
  /// No attendee of the sync-up titled `syncUp` matched.
  case noAttendee(reference: String, syncUp: String, suggestion: String?)
  /// Several attendees of the sync-up titled `syncUp` matched; their short ids.
  case ambiguousAttendee(reference: String, syncUp: String, ids: [String])

  /// How to name one of several `kind`s a reference matched.
  private static func narrowing(_ kind: String) -> String {
    switch kind {
    case "item": "Use more of the id, or the item's number in 'syncups items'."
    case "meeting": "Use more of the id, or the meeting's number in 'syncups meetings'."
    default: "Use more of the title, or an id."
    }
  }

  /// The message for standard error. The reference, the suggestion and the candidates are
  /// user text, so they are sanitized.
  var message: String {
    switch self {
    case .notFound(let kind, let reference, let suggestion, let hint):
      let base = "no \(kind) matches '\(sanitize(reference))'" + (hint.map { ": \($0)" } ?? "")
      return suggestion.map { "\(base). Did you mean '\(sanitize($0))'?" } ?? base
    case .ambiguous(let kind, let reference, let candidates):
      return "'\(sanitize(reference))' matches \(candidates.count) \(kind)s:\n"
        + candidates.map { "  \(sanitize($0))" }.joined(separator: "\n")
        + "\n" + Self.narrowing(kind)
    case .sameTitle(let reference, let candidates):
      return "\(candidates.count) sync-ups are titled '\(sanitize(reference))':\n"
        + candidates.map { "  \(sanitize($0))" }.joined(separator: "\n")
        + "\nUse an id (the short ids above will do), or rename one: 'syncups edit ID --title …'."
    case .noAttendee(let reference, let syncUp, let suggestion):
      return "no attendee '\(sanitize(reference))' in '\(sanitize(syncUp))'"
        + (suggestion.map { ". Did you mean '\(sanitize($0))'?" } ?? "")
    case .ambiguousAttendee(let reference, let syncUp, let ids):
      return "'\(sanitize(reference))' matches \(ids.count) attendees of '\(sanitize(syncUp))'; use an id: "
        + ids.joined(separator: ", ")
    }
  }
}

/// Finds the sync-up a person meant by `reference`: a title (case-insensitive, exact, else a
/// prefix) or an id (in full, or a prefix of at least 4 hex digits).
///
/// An exact title or a full id names its sync-up outright. Otherwise title prefixes and id
/// prefixes count alike: `beef` may be the start of the id `BEEF0000-…` as well as of the
/// title "Beef stew", and a reference that could mean two sync-ups is ambiguous rather than
/// a guess.
func resolveSyncUp(_ reference: String, in syncUps: IdentifiedArrayOf<SyncUp>) throws(ReferenceError) -> SyncUp {
  let wanted = reference.lowercased()
  let digits = idDigits(reference)
  let outright = syncUps.elements.filter {
    $0.title.lowercased() == wanted || digits == hexDigits($0.id)
  }
  if outright.count == 1 { return outright[0] }
  if outright.count > 1 { throw ambiguity(reference, outright) }

  let candidates = syncUps.elements.filter { syncUp in
    (!wanted.isEmpty && syncUp.title.lowercased().hasPrefix(wanted))
      || idMatches(digits, syncUp.id)
  }
  if candidates.count == 1 { return candidates[0] }
  if candidates.count > 1 {
    throw ambiguity(reference, candidates)
  }
  throw .notFound(
    kind: "sync-up", reference: reference,
    suggestion: Suggestion.closest(to: reference, among: syncUps.map(\.title)),
    hint: shortIDHint(reference, ids: syncUps.map(\.id)))
}

/// Finds the meeting a person meant: its 1-based position in the newest-first list, or its id
/// (in full, or a prefix of at least 4 hex digits). A number that is a position is that
/// position, as git takes a full ref before an abbreviated hash: `1234` is the 1234th meeting
/// even when an id starts `1234…`, which `12340` or more of it names.
func resolveMeeting(_ reference: String, in syncUp: SyncUp) throws(ReferenceError) -> Meeting {
  try resolvePositioned(
    reference, in: syncUp.meetings, kind: "meeting", of: syncUp,
    describe: { DateText.iso8601($0.date) })
}

/// Finds the item a person meant: its 1-based position in the sync-up's items (oldest first,
/// as `items` numbers them), or its id, as ``resolveMeeting(_:in:)`` finds a meeting.
func resolveItem(_ reference: String, in syncUp: SyncUp) throws(ReferenceError) -> Item {
  try resolvePositioned(
    reference, in: syncUp.items, kind: "item", of: syncUp, describe: { sanitize($0.text) })
}

/// Finds the element of `elements`, a list of `syncUp`'s, that `reference` names: its 1-based
/// position when it is a number that is one, else its id (in full, or a prefix of at least 4
/// hex digits). A prefix of several ids is ambiguous; `describe` tells the candidates apart
/// after their short ids.
private func resolvePositioned<Element: Identifiable>(
  _ reference: String, in elements: IdentifiedArrayOf<Element>, kind: String, of syncUp: SyncUp,
  describe: (Element) -> String
) throws(ReferenceError) -> Element where Element.ID == UUID {
  let position = Int(reference)
  if let position, elements.elements.indices.contains(position - 1) {
    return elements.elements[position - 1]
  }
  let digits = idDigits(reference)
  let matches = elements.elements.filter { idMatches(digits, $0.id) }
  if matches.count == 1 { return matches[0] }
  if matches.count > 1 {
    throw .ambiguous(
      kind: kind, reference: reference,
      candidates: matches.map { "\($0.id.shortID)  \(describe($0))" })
  }
  let count = elements.count
  let held = count == 0 ? "no \(kind)s" : count == 1 ? "1 \(kind)" : "\(count) \(kind)s"
  let hint = position == nil ? shortIDHint(reference, ids: elements.map(\.id)) : nil
  throw .notFound(
    kind: kind, reference: reference, suggestion: nil,
    hint: hint ?? "'\(sanitize(syncUp.title))' has \(held)")
}

/// Finds the attendee of `syncUp` a person meant: a name (case-insensitive, exact), else an id
/// (in full, or a prefix of at least 4 hex digits). `attendees` are the ones to look in (an
/// edit form's, which may differ from the stored sync-up's by edits made before).
func resolveAttendee(
  _ reference: String, in attendees: IdentifiedArrayOf<Attendee>, of syncUp: SyncUp
) throws(ReferenceError) -> Attendee {
  let named = attendees.elements.filter { $0.name.lowercased() == reference.lowercased() }
  if named.count == 1 { return named[0] }
  let digits = idDigits(reference)
  let byID = attendees.elements.filter { idMatches(digits, $0.id) }
  if named.isEmpty, byID.count == 1 { return byID[0] }
  let candidates = named.isEmpty ? byID : named
  if candidates.count > 1 {
    throw .ambiguousAttendee(
      reference: reference, syncUp: syncUp.title, ids: candidates.map(\.id.shortID))
  }
  throw .noAttendee(
    reference: reference, syncUp: syncUp.title,
    suggestion: Suggestion.closest(to: reference, among: attendees.map(\.name)))
}

extension CommandContext {
  /// ``resolveSyncUp(_:in:)``, failing the command with its message, which says so when there
  /// is no data file at all: a mistyped `--file` is then likelier than a mistyped title.
  func syncUp(_ reference: String, in syncUps: IdentifiedArrayOf<SyncUp>) throws -> SyncUp {
    do {
      return try resolveSyncUp(reference, in: syncUps)
    } catch {
      let missing = syncUps.isEmpty ? noDataFile.map { " (\($0))" } : nil
      throw CommandFailure(error.message + (missing ?? ""))
    }
  }

  /// ``resolveMeeting(_:in:)``, failing the command with its message.
  func meeting(_ reference: String, in syncUp: SyncUp) throws -> Meeting {
    do { return try resolveMeeting(reference, in: syncUp) } catch { throw CommandFailure(error.message) }
  }

  /// ``resolveItem(_:in:)``, failing the command with its message.
  func item(_ reference: String, in syncUp: SyncUp) throws -> Item {
    do { return try resolveItem(reference, in: syncUp) } catch { throw CommandFailure(error.message) }
  }

  /// ``resolveAttendee(_:in:of:)``, failing the command with its message and `status` (1,
  /// or 64 where a name on the command line is checked as usage: `--facilitators`,
  /// `start --facilitator`).
  func attendee(
    _ reference: String, in attendees: IdentifiedArrayOf<Attendee>, of syncUp: SyncUp,
    status: ExitStatus = .failure
  ) throws -> Attendee {
    do {
      return try resolveAttendee(reference, in: attendees, of: syncUp)
    } catch {
      throw CommandFailure(error.message, status: status)
    }
  }
}

/// What a person can type in a shell to name `syncUp`: its title when that names it, starts
/// no option and prints as it is; else its short id, or its whole id when another sync-up's
/// starts the same. Quoted for the shell when needed: `'Design review'`.
func shellReference(to syncUp: SyncUp, in syncUps: IdentifiedArrayOf<SyncUp>) -> String {
  let typable = [syncUp.title, syncUp.id.shortID].first { name in
    !name.isBlank && !name.hasPrefix("-") && sanitize(name) == name
      && (try? resolveSyncUp(name, in: syncUps))?.id == syncUp.id
  }
  guard let name = typable else { return syncUp.id.uuidString }
  let plain = name.unicodeScalars.allSatisfy {
    $0.properties.isAlphabetic || $0.properties.numericType != nil
      || "@%+=:,./_-".unicodeScalars.contains($0)
  }
  return plain ? name : ShellWords.singleQuoted(name)
}

extension UUID {
  /// The first 8 hex digits: what `list`, `show` and `meetings` print, enough for a reference.
}

/// Why a reference of 1 to 3 hex digits matched nothing when an id starts with them: an id
/// prefix needs 4, so that a short word is not taken for an id by chance.
private func shortIDHint(_ reference: String, ids: [UUID]) -> String? {
  let hex = reference.uppercased()
  guard (1...3).contains(hex.count), hex.allSatisfy(\.isHexDigit),
    ids.contains(where: { hexDigits($0).hasPrefix(hex) })
  else { return nil }
  return "an id prefix needs at least 4 hex digits"
}

/// The hex digits of `reference` in upper case, hyphens dropped, when it can be an id or the
/// start of one (at least 4 hex digits); else nil.
private func idDigits(_ reference: String) -> String? {
  let hex = reference.uppercased().filter { $0 != "-" }
  return hex.count >= 4 && hex.allSatisfy(\.isHexDigit) ? hex : nil
}

/// Whether `id` starts with `digits` (from ``idDigits(_:)``; nil never matches).
private func idMatches(_ digits: String?, _ id: UUID) -> Bool {
  guard let digits else { return false }
  return hexDigits(id).hasPrefix(digits)
}

/// The 32 hex digits of `id`, upper case, without hyphens.
private func hexDigits(_ id: UUID) -> String {
  id.uuidString.filter { $0 != "-" }
}

/// The error for a reference that matched several sync-ups: when they all have one title, more
/// of it cannot help, and the error says to use an id.
private func ambiguity(_ reference: String, _ matches: [SyncUp]) -> ReferenceError {
  let title = matches[0].title.lowercased()
  guard matches.allSatisfy({ $0.title.lowercased() == title }) else {
    return .ambiguous(kind: "sync-up", reference: reference, candidates: matches.map(describe))
  }
  return .sameTitle(reference: matches[0].title, candidates: matches.map(describe))
}

private func describe(_ syncUp: SyncUp) -> String {
  "\(syncUp.id.shortID)  \(syncUp.title.isEmpty ? "(untitled)" : syncUp.title)"
}
