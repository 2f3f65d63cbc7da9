#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StringProtocol {
  /// Whether the text shows nothing: empty or only white space. A blank title or name is
  /// shown as a placeholder (``SyncUp/untitled``), never as nothing.
  package var isBlank: Bool { allSatisfy(\.isWhitespace) }
}

extension UUID {
  /// The first 8 hex digits, upper case: what `list` shows and any `<syncup>` argument takes.
  package var shortID: String { String(uuidString.prefix(8)) }
}

extension SyncUp {
  /// What a blank title shows as, in a table, a heading, a screen or a message.
  package static let untitled = "(untitled)"

  /// `title` as a screen or a line of text shows it: itself, or ``untitled`` when it is blank.
  package static func shownTitle(_ title: String) -> String { title.isBlank ? untitled : title }

  /// How a message names a sync-up whose title is blank, `(untitled 1A2B3C4D)`, so that two
  /// of them can be told apart.
  package static func untitled(id: UUID) -> String { "(untitled \(id.shortID))" }
}
