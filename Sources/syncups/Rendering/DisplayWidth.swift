/// The number of terminal columns text takes, and fitting text into a number of columns.
///
/// Widths are counted per character (grapheme cluster), roughly as terminals draw them:
/// East Asian wide and fullwidth characters and emoji take 2 columns; combining marks,
/// format characters (such as the zero-width joiner) and controls take 0; everything else 1.
/// An emoji sequence (`👩‍💻`, a flag, `❤️`) is one character of width 2.
///
/// ```swift
/// displayWidth("Sync")    // 4
/// displayWidth("会议")     // 4
/// displayWidth("e\u{301}")  // 1
/// displayWidth("👩‍💻")    // 2
/// ```
func displayWidth(_ text: String) -> Int {
  // Printable ASCII, most text, takes a column a byte: no need for characters and their
  // properties, which cost most of drawing a long listing.
  if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text.utf8.count }
  var width = 0
  for character in text {
    width += displayWidth(of: character)
  }
  return width
}

/// The number of columns one character takes: 0, 1 or 2 (see ``displayWidth(_:)``).
func displayWidth(of character: Character) -> Int {
  let scalars = character.unicodeScalars
  guard let first = scalars.first else { return 0 }
  let properties = first.properties
  if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
  if properties.isEmojiPresentation { return 2 }
  if properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
  switch properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format: return 0
  default: break
  }
  if (0x1160...0x11FF).contains(first.value) { return 0 }  // Hangul medial vowels, finals
  return isWide(first) ? 2 : 1
}

/// `text` cut to at most `width` columns, ending in "…" when something was cut.
///
/// ```swift
/// truncated("Engineering", toWidth: 6)  // "Engin…"
/// truncated("会议记录", toWidth: 5)      // "会议…"
/// truncated("Design", toWidth: 6)       // "Design"
/// ```
func truncated(_ text: String, toWidth width: Int) -> String {
  guard displayWidth(text) > width else { return text }
  guard width > 0 else { return "" }
  var result = ""
  var used = 0
  for character in text {
    let characterWidth = displayWidth(of: character)
    if used + characterWidth > width - 1 { break }
    result.append(character)
    used += characterWidth
  }
  return result + "…"
}

/// Whether a scalar is East Asian wide or fullwidth (a coarse table of the main blocks:
/// Hangul, CJK, kana, fullwidth forms, and the CJK supplementary planes).
private func isWide(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
    0x30000...0x3FFFD:
    true
  default:
    false
  }
}
