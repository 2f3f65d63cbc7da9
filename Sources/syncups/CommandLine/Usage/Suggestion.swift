/// Finds the "Did you mean …?" candidate for a mistyped word.
///
/// A candidate is suggested when the word is a prefix of exactly one candidate, else when it is
/// the nearest candidate within an edit distance of 2 — 1 for words of fewer than 5
/// characters, so that `tcsh` suggests nothing rather than `bash` (ties go to the earlier
/// candidate). Swapping two neighbouring characters counts as one edit. Case is ignored.
///
/// ```swift
/// Suggestion.closest(to: "lsit", among: ["list", "show"])  // "list"
/// Suggestion.closest(to: "sea", among: Theme.allCases.map(\.rawValue))  // "seafoam"
/// ```
enum Suggestion {
  /// The largest edit distance still suggested.
  static let maximumDistance = 2

  /// The largest edit distance suggested for a word of this many characters.
  static func maximumDistance(forLength length: Int) -> Int {
    length < 5 ? 1 : maximumDistance
  }

  /// The candidate to suggest for `word`, if any.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    guard !lowered.isEmpty else { return nil }
    let prefixed = candidates.filter { $0.lowercased().hasPrefix(lowered) }
    if prefixed.count == 1 { return prefixed[0] }
    let limit = maximumDistance(forLength: lowered.count)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance: the fewest insertions, deletions, substitutions
  /// and swaps of neighbouring characters that turn `a` into `b`.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // rows[i][j]: the distance between the first i characters of a and the first j of b.
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(rows[i - 1][j - 1] + cost, rows[i - 1][j] + 1, rows[i][j - 1] + 1)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = distance
      }
    }
    return rows[a.count][b.count]
  }
}
