/// One line of a layout and how much it matters: when rows run short the least important
/// lines go first (blank spacing, then the key help, the bars, …).
struct ScreenLine: Equatable {
  /// The line, styled.
  var text: String
  /// Higher is kept longer.
  var priority: Int

  /// A line showing `text`.
  init(_ text: String, priority: Int) {
    self.text = text
    self.priority = priority
  }

  /// An empty line, the first to go.
  static let blank = ScreenLine("", priority: 0)

  /// The texts of `lines`, in order, after leaving out the least important until at most
  /// `rows` remain (among equals, the lowest on screen goes first).
  static func fit(_ lines: [ScreenLine], rows: Int) -> [String] {
    var lines = lines
    while lines.count > max(rows, 0), let lowest = lines.map(\.priority).min(),
      let index = lines.lastIndex(where: { $0.priority == lowest })
    {
      lines.remove(at: index)
    }
    return lines.map(\.text)
  }
}
