/// Small helpers for writing lists in English sentences.
enum Prose {
  /// `"a"`, `"a or b"`, `"a, b or c"`.
  static func alternatives(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    if words.count == 1 { return last }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `"a"`, `"a and b"`, `"a, b and c"`.
  static func list(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    if words.count == 1 { return last }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }
}
