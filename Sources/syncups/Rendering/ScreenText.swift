import SyncUpsCore

/// Small text helpers for full-screen layouts, all measured in terminal columns (see
/// ``displayWidth(_:)``).
///
/// ```swift
/// ScreenText.padded("Hi", toWidth: 4)         // "Hi  "
/// ScreenText.tail("a long note", width: 6)    // "…note"
/// ScreenText.pack(["[s] Save", "[r] Resume"], separator: "  ", width: 12)
/// // ["[s] Save", "[r] Resume"]
/// ```
enum ScreenText {
  /// How far a speaker ran past their slot: `+0:12 over`.
  static func overtime(_ seconds: Int) -> String {
    "+" + DurationText.clock(seconds) + " over"
  }

  /// `lines` drawn from the top of a screen of `rows` rows, as one frame: each row is cleared,
  /// then gets its line (the rows past the lines stay empty).
  static func frame(_ lines: [String], rows: Int) -> String {
    (0..<rows).map { row in
      "\u{1B}[\(row + 1);1H\u{1B}[K" + (row < lines.count ? lines[row] : "")
    }.joined()
  }

  /// `text` followed by spaces up to `width` columns (unchanged when it is as wide already).
  static func padded(_ text: String, toWidth width: Int) -> String {
    text + String(repeating: " ", count: max(width - displayWidth(text), 0))
  }

  /// `text` preceded by spaces up to `width` columns (unchanged when it is as wide already).
  static func leftPadded(_ text: String, toWidth width: Int) -> String {
    String(repeating: " ", count: max(width - displayWidth(text), 0)) + text
  }

  /// The end of `text` that fits in `width` columns, starting with "…" when the start was
  /// cut: what a one-line input field shows of a long entry.
  static func tail(_ text: String, width: Int) -> String {
    guard displayWidth(text) > width else { return text }
    guard width > 0 else { return "" }
    var kept: [Character] = []
    var used = 0
    for character in text.reversed() {
      let characterWidth = displayWidth(of: character)
      if used + characterWidth > width - 1 { break }
      kept.append(character)
      used += characterWidth
    }
    return "…" + String(kept.reversed())
  }

  /// Items filled greedily into lines of at most `width` columns, joined by `separator`
  /// within a line; an item wider than `width` gets a line of its own, truncated.
  static func pack(_ items: [String], separator: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for item in items {
      let candidate = current.isEmpty ? item : current + separator + item
      if displayWidth(candidate) <= width {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = truncated(item, toWidth: width)
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` wrapped at spaces into lines of at most `width` columns.
  static func wrap(_ text: String, width: Int) -> [String] {
    pack(text.split(separator: " ").map(String.init), separator: " ", width: width)
  }
}
