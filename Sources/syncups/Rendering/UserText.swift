#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// User-written text (a title, a name, a note) prepared for human output: sanitized, cut to a
/// width when one is given, or a dimmed placeholder when it is blank.
///
/// ```swift
/// UserText.cell("Design\u{7}", placeholder: "(untitled)", style: .plain).text  // "Design\\u{07}"
/// UserText.cell("  ", placeholder: "(untitled)", style: .plain).text           // "(untitled)"
/// ```
enum UserText {
  /// The placeholder for a blank attendee name.
  static let unnamed = Attendee.unnamed
  /// The placeholder for a meeting without notes.
  static let noNotes = "(no notes)"
  /// What to tell the user, on standard error, when there is no sync-up to list or count.
  static let noSyncUps = "No sync-ups yet. Add one with: syncups add --title <title>\n"

  /// The first line of `meeting`'s notes that is not blank, sanitized; empty when there is none.
  static func firstNoteLine(_ meeting: Meeting) -> String {
    sanitizedLines(meeting.transcript).first { !$0.isBlank } ?? ""
  }

  /// `text` sanitized (see ``sanitize(_:)``) and truncated to `maxWidth`, or `placeholder`,
  /// dimmed, when `text` is empty or only white space.
  static func cell(
    _ text: String, placeholder: String, style: TerminalStyle, maxWidth: Int? = nil
  ) -> TextTable.Cell {
    let isBlank = text.isBlank
    let shown = isBlank ? placeholder : sanitize(text)
    let fitted = maxWidth.map { truncated(shown, toWidth: $0) } ?? shown
    let width = displayWidth(fitted)
    return TextTable.Cell(isBlank ? style.dim(fitted) : fitted, width: width)
  }

  /// The width `text` shows as, untruncated (see ``cell(_:placeholder:style:maxWidth:)``).
  static func width(_ text: String, placeholder: String) -> Int {
    displayWidth(text.isBlank ? placeholder : sanitize(text))
  }

  /// A sync-up as a message names it: its title in single quotes, sanitized, or, when the
  /// title is blank, ``SyncUp/untitled(id:)``.
  static func name(_ syncUp: SyncUp) -> String {
    name(title: syncUp.title, id: syncUp.id)
  }

  /// The sync-up with this title and id as a message names it (``name(_:)``).
  static func name(title: String, id: UUID) -> String {
    title.isBlank ? SyncUp.untitled(id: id) : "'\(sanitize(title))'"
  }

  /// A theme shown as its swatch (when colour is on), a space, and its display name.
  static func theme(_ theme: Theme, style: TerminalStyle) -> TextTable.Cell {
    let swatch = style.isColored ? style.swatch(theme) + " " : ""
    return TextTable.Cell(
      swatch + theme.displayName, width: style.swatchWidth + displayWidth(theme.displayName))
  }
}
