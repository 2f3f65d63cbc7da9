/// A row of bars, one per value, as high as the value among the others: the lowest value is
/// the lowest bar and the highest the highest, evenly between (rounded down); when all are
/// equal every bar is the middle one.
///
/// ```swift
/// Sparkline.text([300, 280, 310, 295], unicode: true)   // "▅▁█▄"
/// Sparkline.text([300, 280, 310, 295], unicode: false)  // "+.@="
/// ```
enum Sparkline {
  /// Block characters, for output that may use them (when colour is on).
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// Plain ASCII characters of rising weight, for output that asks for none: a pipe, a file,
  /// `NO_COLOR`, `TERM=dumb` or `--color never`.
  static let plain: [Character] = [".", ":", "-", "=", "+", "*", "#", "@"]

  static func text(_ values: [Int], unicode: Bool) -> String {
    let bars = unicode ? blocks : plain
    guard let low = values.min(), let high = values.max() else { return "" }
    return String(
      values.map { value in
        guard high > low else { return bars[3] }
        // In Double: a hand-edited length may be huge, and the subtraction must not overflow.
        // Multiplied before dividing, so that a whole quotient comes out exact.
        let level = (Double(value) - Double(low)) * Double(bars.count - 1)
          / (Double(high) - Double(low))
        return bars[min(Int(level), bars.count - 1)]
      })
  }
}
