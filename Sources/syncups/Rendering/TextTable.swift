/// Columns of text aligned by display width, for `list` and `themes`.
///
/// Cells may hold escape sequences (a colour swatch); each cell carries the width it shows as.
/// Columns are separated by two spaces, and no line ends in spaces.
///
/// ```swift
/// var table = TextTable(alignments: [.left, .right])
/// table.append(["TITLE", "MEETINGS"])
/// table.append(["Design", "12"])
/// table.lines()  // ["TITLE   MEETINGS", "Design        12"]
/// ```
struct TextTable {
  /// How a cell sits in its column.
  enum Alignment {
    case left, right
  }

  /// One cell: the text as written and the number of columns it shows as.
  struct Cell: ExpressibleByStringLiteral {
    /// The text, possibly with escape sequences.
    var text: String
    /// The columns it takes on screen.
    var width: Int

    /// A cell of plain text (already sanitized).
    init(_ text: String) {
      self.init(text, width: displayWidth(text))
    }

    /// A cell whose text shows as `width` columns (e.g. styled text).
    init(_ text: String, width: Int) {
      self.text = text
      self.width = width
    }

    init(stringLiteral value: String) {
      self.init(value)
    }
  }

  var alignments: [Alignment]
  /// The rows, each with one cell per column.
  private(set) var rows: [[Cell]] = []

  init(alignments: [Alignment]) {
    self.alignments = alignments
  }

  mutating func append(_ row: [Cell]) {
    precondition(row.count == alignments.count, "A row needs one cell per column")
    rows.append(row)
  }

  /// The width of each column: its widest cell.
  var columnWidths: [Int] {
    alignments.indices.map { column in rows.map { $0[column].width }.max() ?? 0 }
  }

  /// The rendered lines, without newlines.
  func lines() -> [String] {
    let widths = columnWidths
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: max(widths[column] - cell.width, 0))
        if column > 0 { line += "  " }
        switch alignments[column] {
        case .left:
          line += cell.text + (column == row.count - 1 ? "" : padding)
        case .right:
          line += padding + cell.text
        }
      }
      return line
    }
  }
}
