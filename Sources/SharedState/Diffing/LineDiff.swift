/// A line diff of two texts that shows only the changed regions, or nil when they're equal.
///
/// Removed lines start with `− ` (U+2212 MINUS SIGN), added lines with `+ `, and unchanged
/// lines with two spaces. Each change keeps `context` unchanged lines around it; longer
/// unchanged stretches collapse to a `  …` line.
///
/// ```swift
/// lineDiff(from: "a\nb\nc", to: "a\nB\nc")
/// //   a
/// // − b
/// // + B
/// //   c
/// ```
public func lineDiff(from old: String, to new: String, context: Int = 2) -> String? {
  guard old != new else { return nil }
  let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
  let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)

  // Compare small integers instead of strings: equal lines share an id.
  var ids: [Substring: Int] = [:]
  for line in oldLines + newLines where ids[line] == nil { ids[line] = ids.count }
  var diff = MyersLineDiff(old: oldLines.map { ids[$0]! }, new: newLines.map { ids[$0]! })
  diff.compare(0, oldLines.count, 0, newLines.count)

  // Within each changed run, show removals before additions.
  var lines: [(mark: String, text: Substring)] = []
  var added: [(mark: String, text: Substring)] = []
  for edit in diff.edits {
    switch edit {
    case let .removed(index): lines.append(("\u{2212} ", oldLines[index]))
    case let .added(index): added.append(("+ ", newLines[index]))
    case let .kept(index):
      lines += added
      added = []
      lines.append(("  ", oldLines[index]))
    }
  }
  lines += added
  return joinVisibleLines(lines, context: max(0, context))
}

/// A line diff of the dumps of two values, or nil when the dumps are equal.
///
/// ```swift
/// struct User { var id: Int; var name: String; var age: Int }
/// valueDiff(User(id: 1, name: "Blob", age: 42), User(id: 1, name: "Blob", age: 43))
/// //   User(
/// //     id: 1,
/// //     name: "Blob",
/// // −   age: 42
/// // +   age: 43
/// //   )
/// ```
public func valueDiff(_ old: Any, _ new: Any, context: Int = 2) -> String? {
  let newDump = SharedChangeTracking.dumpNow(old, new) ?? valueDump(new)
  return lineDiff(from: valueDump(old), to: newDump, context: context)
}

/// Joins the lines near a change; other unchanged stretches become `  …`.
private func joinVisibleLines(_ lines: [(mark: String, text: Substring)], context: Int) -> String {
  var visible = [Bool](repeating: false, count: lines.count)
  for (index, line) in lines.enumerated() where line.mark != "  " {
    for near in max(0, index - context)...min(lines.count - 1, index + context) {
      visible[near] = true
    }
  }
  var output: [String] = []
  var index = 0
  while index < lines.count {
    var end = index
    while end < lines.count && !visible[end] { end += 1 }
    // A single hidden line is shown, since `…` would take its place anyway.
    if end - index > 1 {
      output.append("  \u{2026}")
      index = end
    } else {
      output.append(lines[index].mark + lines[index].text)
      index += 1
    }
  }
  return output.joined(separator: "\n")
}

/// Myers' O((N+M)·D) diff with the linear-space "middle snake" refinement.
private struct MyersLineDiff {
  enum Edit {
    case kept(Int), removed(Int), added(Int)
  }

  let old: [Int]
  let new: [Int]
  var edits: [Edit] = []

  init(old: [Int], new: [Int]) {
    self.old = old
    self.new = new
  }

  /// Appends the edits turning `old[oldStart..<oldEnd]` into `new[newStart..<newEnd]`.
  mutating func compare(_ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int) {
    var (oldStart, newStart) = (oldStart, newStart)
    while oldStart < oldEnd && newStart < newEnd && old[oldStart] == new[newStart] {
      edits.append(.kept(oldStart))
      oldStart += 1
      newStart += 1
    }
    var suffix = 0
    while oldStart < oldEnd - suffix && newStart < newEnd - suffix
      && old[oldEnd - suffix - 1] == new[newEnd - suffix - 1]
    {
      suffix += 1
    }
    let (oldMiddleEnd, newMiddleEnd) = (oldEnd - suffix, newEnd - suffix)

    if oldStart == oldMiddleEnd {
      edits += (newStart..<newMiddleEnd).map { .added($0) }
    } else if newStart == newMiddleEnd {
      edits += (oldStart..<oldMiddleEnd).map { .removed($0) }
    } else {
      // Both sides are non-empty and differ at both ends, so at least two edits remain
      // and each half below needs fewer: the recursion terminates.
      let snake = middleSnake(oldStart, oldMiddleEnd, newStart, newMiddleEnd)
      compare(oldStart, oldStart + snake.start.x, newStart, newStart + snake.start.y)
      edits += (oldStart + snake.start.x..<oldStart + snake.end.x).map { .kept($0) }
      compare(oldStart + snake.end.x, oldMiddleEnd, newStart + snake.end.y, newMiddleEnd)
    }
    edits += (oldMiddleEnd..<oldEnd).map { .kept($0) }
  }

  /// The diagonal run in the middle of an optimal edit path, relative to the range starts.
  private func middleSnake(
    _ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int
  ) -> (start: (x: Int, y: Int), end: (x: Int, y: Int)) {
    let (n, m) = (oldEnd - oldStart, newEnd - newStart)
    let delta = n - m
    let grid = MyersEditGraph(n: n, m: m)
    var forward = [Int](repeating: -1, count: n + m + 3)
    var backward = forward
    let forwardMatch = { (x: Int, y: Int) in old[oldStart + x] == new[newStart + y] }
    let backwardMatch = { (x: Int, y: Int) in old[oldEnd - 1 - x] == new[newEnd - 1 - y] }

    for d in 0...(n + m + 1) / 2 {
      for k in stride(from: -d, through: d, by: 2) where grid.contains(diagonal: k) {
        guard let (start, end) = grid.advance(&forward, diagonal: k, edits: d, forwardMatch)
        else { continue }
        let reverseK = delta - k
        if delta % 2 != 0, abs(reverseK) < d, grid.contains(diagonal: reverseK),
          backward[grid.slot(reverseK)] >= 0, end + backward[grid.slot(reverseK)] >= n
        {
          return ((start, start - k), (end, end - k))
        }
      }
      for k in stride(from: -d, through: d, by: 2) where grid.contains(diagonal: k) {
        guard let (start, end) = grid.advance(&backward, diagonal: k, edits: d, backwardMatch)
        else { continue }
        let forwardK = delta - k
        if delta % 2 == 0, abs(forwardK) <= d, grid.contains(diagonal: forwardK),
          forward[grid.slot(forwardK)] >= 0, forward[grid.slot(forwardK)] + end >= n
        {
          return ((n - end, m - (end - k)), (n - start, m - (start - k)))
        }
      }
    }
    preconditionFailure("The forward and backward searches always meet.")
  }
}

/// The edit graph of an `n`-line and an `m`-line text; diagonal `k` holds points with x − y = k.
private struct MyersEditGraph {
  let n: Int
  let m: Int

  func contains(diagonal k: Int) -> Bool { -m <= k && k <= n }

  func slot(_ k: Int) -> Int { k + m + 1 }

  /// Extends the furthest path on diagonal `k` by one more edit, then along matching lines.
  ///
  /// `furthest` holds the x reached on each diagonal with `edits - 1` edits (−1 when
  /// unreachable) and is updated for `k`. Returns the x before and after the matching run.
  func advance(
    _ furthest: inout [Int], diagonal k: Int, edits d: Int, _ matches: (Int, Int) -> Bool
  ) -> (start: Int, end: Int)? {
    var x = d == 0 ? 0 : -1
    if d > 0 && k < d && contains(diagonal: k + 1) {
      let above = furthest[slot(k + 1)]
      if above >= 0 && above - (k + 1) < m { x = above }  // Move down: add a line.
    }
    if d > 0 && k > -d && contains(diagonal: k - 1) {
      let left = furthest[slot(k - 1)]
      if left >= 0 && left < n { x = max(x, left + 1) }  // Move right: remove a line.
    }
    guard x >= 0 else {
      furthest[slot(k)] = -1
      return nil
    }
    let start = x
    while x < n && x - k < m && matches(x, x - k) { x += 1 }
    furthest[slot(k)] = x
    return (start, x)
  }
}
