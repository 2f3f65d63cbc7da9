/// User text (a title, a name, a note) made to show literally in Markdown, and safe on a
/// terminal.
///
/// The text is first ``sanitize(_:)``d, then every character that could start or end
/// Markdown formatting is backslash-escaped (CommonMark lets any ASCII punctuation be):
/// `\` `` ` `` `*` `_` `[` `]` `<` `>` `~` `|` `#` `!` `&` and `$` (math in some renderers)
/// anywhere; and at the start of the text, where it would begin a block, `+`, `-`, `=`, and
/// the `.` or `)` after leading digits (an ordered list). Leading and trailing white space is
/// dropped, since it would change the block too.
///
/// ```swift
/// MarkdownText.escape("*fix* [x]")    // "\\*fix\\* \\[x\\]"
/// MarkdownText.escape("1. ship it")  // "1\\. ship it"
/// ```
enum MarkdownText {
  private static let alwaysEscaped: Set<Character> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "~", "|", "#", "!", "&", "$",
  ]
  private static let escapedFirst: Set<Character> = ["+", "-", "="]

  static func escape(_ text: String) -> String {
    let text = trimmed(sanitize(text))
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    let leadingDigits = text.prefix { $0.isASCII && $0.isNumber }.count
    for (offset, character) in text.enumerated() {
      let startsBlock =
        (offset == 0 && escapedFirst.contains(character))
        || (offset == leadingDigits && leadingDigits > 0 && (character == "." || character == ")"))
      if alwaysEscaped.contains(character) || startsBlock { result.append("\\") }
      result.append(character)
    }
    return result
  }

  private static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
