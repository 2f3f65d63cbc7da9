/// A row of bars, one per value, as high as the value among the others: the lowest value is
/// the lowest bar and the highest the highest, evenly between (rounded down); when all are
/// equal every bar is the middle one. A missing value (a week without meetings) is a space,
/// a gap rather than a zero.
///
/// ```swift
/// Sparkline.text([300, 280, 310, 295], unicode: true)   // "▅▁█▄"
/// Sparkline.text([300, 280, 310, 295], unicode: false)  // "+.@="
/// Sparkline.line([3, nil, 1, 5], bars: Sparkline.ascii)  // "- _#"
/// Sparkline.line([0, 2, 4], bars: Sparkline.blocks, fromZero: true)  // "▁▄█"
/// ```
enum Sparkline {
  /// Block characters, for output that may use them (when colour is on).
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// Plain ASCII characters of rising weight, for output that asks for none: a pipe, a file,
  /// `NO_COLOR`, `TERM=dumb` or `--color never`.
  static let plain: [Character] = [".", ":", "-", "=", "+", "*", "#", "@"]
  /// The five ASCII levels of trend lines, for `--ascii` and a locale that is not UTF-8.
  static let ascii: [Character] = ["_", ".", "-", "=", "#"]

  static func text(_ values: [Int], unicode: Bool) -> String {
    line(values, bars: unicode ? blocks : plain)
  }

  /// The bars of `values`, a space for each `nil`. `fromZero` scales counts from zero, so
  /// that no count is drawn as the lowest bar but zero (every bar the lowest when all are 0).
  static func line(_ values: [Int?], bars: [Character], fromZero: Bool = false) -> String {
    let present = values.compactMap { $0 }
    guard let high = present.max(), var low = present.min() else {
      return String(repeating: " ", count: values.count)
    }
    if fromZero { low = min(low, 0) }
    return String(
      values.map { value in
        guard let value else { return " " }
        guard high > low else { return fromZero ? bars[0] : bars[(bars.count - 1) / 2] }
        // In Double: a hand-edited length may be huge, and the subtraction must not overflow.
        // Multiplied before dividing, so that a whole quotient comes out exact.
        let level = (Double(value) - Double(low)) * Double(bars.count - 1)
          / (Double(high) - Double(low))
        return bars[min(max(Int(level), 0), bars.count - 1)]
      })
  }
}
