/// User text (titles, names, transcripts) made safe to print on a terminal.
///
/// Characters a terminal would act on rather than show are replaced by a visible escape in
/// Swift's notation, `\u{…}` with at least two upper-case hex digits:
/// - C0 controls U+0000–U+001F (ESC becomes `\u{1B}`, a newline `\u{0A}`, a tab `\u{09}`),
///   DEL U+007F and the C1 controls U+0080–U+009F (e.g. the 8-bit CSI `\u{9B}`);
/// - the bidirectional formatting characters that can reorder what is shown (U+202A–U+202E,
///   U+2066–U+2069, and the marks U+061C, U+200E, U+200F);
/// - the line and paragraph separators U+2028 and U+2029.
///
/// Everything else, backslashes included, is kept as it is: the goal is a harmless display,
/// not a reversible encoding. For multi-line text use ``sanitizedLines(_:)``.
///
/// ```swift
/// sanitize("Stand\u{1B}[2Jup")  // "Stand\\u{1B}[2Jup", printed as Stand\u{1B}[2Jup
/// ```
func sanitize(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
  var result = ""
  result.reserveCapacity(text.utf8.count + 8)
  for scalar in text.unicodeScalars {
    if needsEscaping(scalar) {
      let digits = String(scalar.value, radix: 16, uppercase: true)
      result += "\\u{" + (digits.count < 2 ? "0" : "") + digits + "}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// Multi-line user text (a transcript) split at line feeds, each line ``sanitize(_:)``d.
/// A carriage return just before a line feed is dropped with it; any other is escaped.
///
/// ```swift
/// sanitizedLines("Blob: hi\r\nBlob Jr: \u{7}")  // ["Blob: hi", "Blob Jr: \\u{07}"]
/// ```
func sanitizedLines(_ text: String) -> [String] {
  text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    let content = line.last == "\r" ? line.dropLast() : line
    return sanitize(String(Substring(content)))
  }
}

/// Whether ``sanitize(_:)`` escapes `scalar`.
func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F: true
  case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
  default: false
  }
}
