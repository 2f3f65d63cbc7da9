/// Minimal benchmarking support: best-of-N timing with `ContinuousClock` around the loop only,
/// and a table of results with their targets.

/// One row of the report.
struct BenchmarkRow {
  let id: String
  let workload: String
  let measured: String
  let target: String
  let met: Bool?
}

/// Runs `setup` (untimed) then `body` (timed) `repetitions` times; returns the best duration.
func best<State>(
  of repetitions: Int = 5,
  setup: (Int) -> State,
  _ body: (inout State) -> Void
) -> Duration {
  var fastest = Duration.seconds(Int64.max / 2)
  for repetition in 0..<repetitions {
    var state = setup(repetition)
    let clock = ContinuousClock()
    let start = clock.now
    body(&state)
    let elapsed = clock.now - start
    fastest = min(fastest, elapsed)
    blackHole(state)
  }
  return fastest
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

extension Duration {
  var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }
  var milliseconds: Double { nanoseconds / 1e6 }
}

func format(ns: Double) -> String {
  if ns >= 1e6 { return String(Int((ns / 1e4).rounded())) .inserting(".", at: -2) + " ms" }
  if ns >= 1e3 { return String(Int((ns / 10).rounded())).inserting(".", at: -2) + " µs" }
  return "\(Int(ns.rounded())) ns"
}

func format(ratio: Double) -> String {
  String(Int((ratio * 100).rounded())).inserting(".", at: -2) + "×"
}

extension String {
  /// Inserts `separator` `offset` characters from the end (negative offset), padding with zeros.
  func inserting(_ separator: Character, at offset: Int) -> String {
    var digits = self
    while digits.count <= -offset { digits = "0" + digits }
    let index = digits.index(digits.endIndex, offsetBy: offset)
    return String(digits[..<index]) + String(separator) + digits[index...]
  }
}

func printTable(_ rows: [BenchmarkRow]) {
  let headers = ["id", "workload", "measured", "target", "met"]
  let cells = rows.map { [$0.id, $0.workload, $0.measured, $0.target, $0.met.map { $0 ? "yes" : "NO" } ?? "-"] }
  var widths = headers.map(\.count)
  for row in cells {
    for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
  }
  func line(_ row: [String]) -> String {
    row.enumerated().map { column, cell in
      cell + String(repeating: " ", count: widths[column] - cell.count)
    }.joined(separator: "  ")
  }
  print(line(headers))
  print(line(widths.map { String(repeating: "-", count: $0) }))
  for row in cells { print(line(row)) }
}
