/// One row of a benchmark report: what was measured, the figure, the target and whether it is
/// met (nil when the row has no target).
public struct BenchmarkRow: Sendable {
  public let id: String
  public let workload: String
  public let measured: String
  public let target: String
  public let met: Bool?

  public init(id: String, workload: String, measured: String, target: String, met: Bool?) {
    self.id = id
    self.workload = workload
    self.measured = measured
    self.target = target
    self.met = met
  }

  /// The row as one line of tab-separated fields, for `BenchmarkReport` to collect.
  public var tabSeparated: String {
    [id, workload, measured, target, met.map { $0 ? "yes" : "NO" } ?? "-"]
      .joined(separator: "\t")
  }

  /// A row read back from ``tabSeparated``.
  public init?(tabSeparated line: Substring) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 5 else { return nil }
    self.init(
      id: fields[0], workload: fields[1], measured: fields[2], target: fields[3],
      met: fields[4] == "-" ? nil : fields[4] == "yes")
  }
}

/// Prints `rows` as an aligned table with a header, or as tab-separated lines when the
/// program was run with `--tsv`.
public func printTable(_ rows: [BenchmarkRow]) {
  if CommandLine.arguments.contains("--tsv") {
    for row in rows { print(row.tabSeparated) }
    return
  }
  let headers = ["id", "workload", "measured", "target", "met"]
  let cells = rows.map {
    [$0.id, $0.workload, $0.measured, $0.target, $0.met.map { $0 ? "yes" : "NO" } ?? "-"]
  }
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

/// `12.34 ms`, `1.56 µs`, `290 ns`, `-6.61 ms` (a line that came before the one it is
/// timed against).
public func format(ns: Double) -> String {
  if ns < 0 { return "-" + format(ns: -ns) }
  if ns >= 1e6 { return String(Int((ns / 1e4).rounded())).inserting(".", at: -2) + " ms" }
  if ns >= 1e3 { return String(Int((ns / 10).rounded())).inserting(".", at: -2) + " µs" }
  return "\(Int(ns.rounded())) ns"
}

/// `1.23×`.
public func format(ratio: Double) -> String {
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

extension Duration {
  /// The duration in nanoseconds.
  public var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }

  /// The duration in milliseconds.
  public var milliseconds: Double { nanoseconds / 1e6 }

  /// The duration in seconds.
  public var seconds: Double { nanoseconds / 1e9 }
}
