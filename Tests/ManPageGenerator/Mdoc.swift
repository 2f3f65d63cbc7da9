import syncups

/// Helpers for writing mdoc(7) source.
enum Mdoc {
  /// The width text lines are wrapped to, leaving room for escapes.
  static let lineWidth = 76

  /// Text for text lines: backslashes escaped, a leading `.` or `'` protected, one sentence
  /// per line (mandoc wants each new sentence on a new line), and lines wrapped before 80
  /// bytes where the words allow.
  ///
  /// ```swift
  /// Mdoc.text("Saved. Done.")  // "Saved.\nDone."
  /// ```
  static func text(_ text: String) -> String {
    sentences(text)
      .flatMap { TextWrapper.wrap($0, width: lineWidth) }
      .map(line)
      .joined(separator: "\n")
  }

  /// A macro argument: escaped, and quoted when it holds spaces.
  static func argument(_ text: String) -> String {
    let escaped = text.replacingAll("\\", with: "\\e").replacingAll("\"", with: "\\(dq")
    return escaped.contains(" ") || escaped.isEmpty ? "\"\(escaped)\"" : escaped
  }

  /// One literal line for a `.Bd -literal` display.
  static func literal(_ text: String) -> String {
    line(text)
  }

  /// `-x` or `--name` as an `Fl` argument (mdoc adds the first dash).
  static func flag(_ name: String) -> String {
    "Fl " + String(name.dropFirst()).replacingAll("-", with: "\\-")
  }

  private static func line(_ text: String) -> String {
    let escaped = text.replacingAll("\\", with: "\\e")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  /// Splits text after `.`, `?` or `!` (and closing brackets or quotes) when a capital letter
  /// follows the space, except after `e.g.` and `i.e.`.
  private static func sentences(_ text: String) -> [String] {
    var result: [String] = []
    var current = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      current.append(character)
      index += 1
      guard ".?!".contains(character) else { continue }
      while index < characters.count, ")\"'".contains(characters[index]) {
        current.append(characters[index])
        index += 1
      }
      let abbreviation = current.hasSuffix("e.g.") || current.hasSuffix("i.e.")
      if !abbreviation, index + 1 < characters.count, characters[index] == " ",
        characters[index + 1].isUppercase
      {
        result.append(current)
        current = ""
        index += 1
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }
}
