/// Wraps text at spaces to fit a width, for help screens.
///
/// A line that already fits is kept as it is, runs of spaces included, so aligned tables in
/// discussions survive. A longer line is filled greedily; its continuation lines are indented
/// like its first line plus `hangingIndent`. A longer row of a table (an indented line: a
/// term, two spaces or more, its description) keeps its gap and wraps its description in the
/// description's column, or under the term when that column leaves less than half the width;
/// its continuation lines, wrapped by hand in that column, are joined to it first.
/// A word longer than the width is never broken.
///
/// ```swift
/// TextWrapper.wrap("one two three", width: 8)  // ["one two", "three"]
/// ```
package enum TextWrapper {
  /// Wraps one paragraph of text (newlines in it start new lines, but for a table row's
  /// continuation lines: see ``joiningContinuations(_:)``).
  package static func wrap(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
    joiningContinuations(text.split(separator: "\n", omittingEmptySubsequences: false))
      .flatMap { line in wrapLine(line, width: width, hangingIndent: hangingIndent) }
  }

  /// The lines with each table row's continuation lines (wrapped by hand, indented to the
  /// row's description) joined to the row, so that the row wraps as a whole at any width.
  private static func joiningContinuations(_ lines: [Substring]) -> [String] {
    var joined: [String] = []
    // The description column of the table row just before, while its continuation lasts.
    var column: Int?
    for line in lines {
      let leading = line.prefix { $0 == " " }.count
      if let column, leading == column, leading < line.count, let row = joined.popLast() {
        joined.append(row + " " + line.dropFirst(leading))
        continue
      }
      column = leading > 0 ? tableRow(String(line)).map(\.term.count) : nil
      joined.append(String(line))
    }
    return joined
  }

  /// Wraps `text` into a column starting at `indent`: the first line starts with `first`
  /// (padded to the column, or on a line of its own when it does not fit), and every line is
  /// at most `width` characters when the words allow it.
  ///
  /// ```swift
  /// TextWrapper.column("--json", "Print JSON.", indent: 10, width: 40)
  /// // ["--json    Print JSON."]
  /// ```
  static func column(
    _ first: String, _ text: String, indent: Int, width: Int, gap: Int = 2
  ) -> [String] {
    let pad = String(repeating: " ", count: indent)
    let body = wrapWords(text, width: max(width - indent, 1))
    var lines: [String] = []
    var rest = body[...]
    if first.count + gap <= indent, let head = rest.first {
      lines.append(first + String(repeating: " ", count: indent - first.count) + head)
      rest = rest.dropFirst()
    } else {
      lines.append(first)
    }
    lines += rest.map { pad + $0 }
    return lines
  }

  private static func wrapLine(_ line: String, width: Int, hangingIndent: Int) -> [String] {
    if line.count <= width { return [line] }
    let leading = line.prefix { $0 == " " }.count
    if leading > 0, let (term, description) = tableRow(line) {
      return term.count <= width / 2
        ? column(term, description, indent: term.count, width: width, gap: 0)
        : [term.trimmingTrailingSpaces]
          + wrapWords(description, width: max(width - leading - 4, 1)).map {
            String(repeating: " ", count: leading + 4) + $0
          }
    }
    let first = String(repeating: " ", count: leading)
    let next = String(repeating: " ", count: leading + hangingIndent)
    let lines = wrapWords(String(line.dropFirst(leading)), width: max(width - leading, 1))
    var result = [first + lines[0]]
    // Continuation lines are shorter by the hanging indent, so re-wrap what follows the first.
    let remainder = lines.dropFirst().joined(separator: " ")
    if !remainder.isEmpty {
      let width = max(width - leading - hangingIndent, 1)
      result += wrapWords(remainder, width: width).map { next + $0 }
    }
    return result
  }

  /// An indented line split after the gap of two spaces or more that follows its first word:
  /// the term with the indent and the gap, and the description; nil when there is no gap.
  private static func tableRow(_ line: String) -> (term: String, description: String)? {
    let text = line.drop { $0 == " " }
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index] == " " else {
        index = text.index(after: index)
        continue
      }
      let gapEnd = text[index...].firstIndex { $0 != " " } ?? text.endIndex
      if text.distance(from: index, to: gapEnd) >= 2, gapEnd < text.endIndex {
        return (String(line[..<gapEnd]), String(line[gapEnd...]))
      }
      index = gapEnd
    }
    return nil
  }

  /// Greedy fill of space-separated words; never returns an empty array.
  private static func wrapWords(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    return lines
  }
}

extension String {
  /// The string without the spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
