import BenchmarkSupport
import Foundation

/// The shipped binary (`make build`: the Swift runtime linked in, stripped) against the
/// toolchain-linked one this package builds beside the benchmarks, in the same run: start-up
/// (`--version`) and `list` on the realistic file with their peak memory, and what each needs on
/// disk, the toolchain-linked one counting the Swift runtime libraries it loads. `make benchmark`
/// names the shipped binary in `SYNCUPS_SHIPPED_BINARY`; without it the rows say how to get one.
func shippedBinaryRows(
  toolchainLinked: String, realistic: String, environment: [String: String]
) -> [BenchmarkRow] {
  guard let shipped = ProcessInfo.processInfo.environment["SYNCUPS_SHIPPED_BINARY"] else {
    return [
      BenchmarkRow(
        id: "D1", workload: "shipped binary vs toolchain-linked",
        measured: "not measured: 'make benchmark' builds the shipped binary", target: "≤ 1×",
        met: nil)
    ]
  }
  func startRow(id: String, workload: String, arguments: [String]) -> BenchmarkRow {
    let start = Comparison(
      [shipped] + arguments, against: [toolchainLinked] + arguments, environment: environment)
    return BenchmarkRow(
      id: id, workload: workload + ": shipped vs toolchain-linked",
      measured: start.text + ", "
        + peaks([shipped] + arguments, [toolchainLinked] + arguments, environment: environment),
      target: "≤ 1×", met: start.ratio <= 1)
  }
  // The libraries the toolchain-linked binary loads that the shipped one does not: the runtime.
  let linkedLibraries = libraries(of: toolchainLinked)
  let runtime = Set(linkedLibraries.keys).subtracting(libraries(of: shipped).keys)
  let runtimeBytes = runtime.reduce(0) { $0 + fileSize(linkedLibraries[$1]!) }
  return [
    startRow(id: "D1", workload: "--version", arguments: ["--version"]),
    startRow(id: "D2", workload: "list, realistic", arguments: ["--file", realistic, "list"]),
    BenchmarkRow(
      id: "D3", workload: "size: shipped vs toolchain-linked + the runtime libraries it loads",
      measured: "\(megabytes(bytes: fileSize(shipped))) vs "
        + "\(megabytes(bytes: fileSize(toolchainLinked))) + \(megabytes(bytes: runtimeBytes)) "
        + "(\(runtime.count) libraries)",
      target: "reported", met: nil),
  ]
}

/// `peak 10.2 MiB vs 13.9 MiB`: the peak resident memory of one run of each command, as GNU time
/// measures it. wait4 here would report at least this process's own peak: a child shares this
/// process's memory until it execs, and Linux counts that in the child's peak.
private func peaks(_ first: [String], _ second: [String], environment: [String: String])
  -> String
{
  guard isInstalled("time") else { return "peak not measured (needs GNU time)" }
  func peak(_ arguments: [String]) -> String {
    let report = FileManager.default.temporaryDirectory
      .appendingPathComponent("syncups-peak-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let run = spawn(["time", "-o", report, "-f", "%M"] + arguments, environment: environment)
    guard run.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
      let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { fatalError("time \(arguments) failed with status \(run.status)") }
    return megabytes(kilobytes: kilobytes)
  }
  return "peak \(peak(first)) vs \(peak(second))"
}

/// The shared libraries `binary` loads, by name, with the path each resolves to (`ldd`).
private func libraries(of binary: String) -> [String: String] {
  let run = spawn(["ldd", binary], captureOutput: true)
  guard run.status == 0 else { fatalError("ldd \(binary) failed with status \(run.status)") }
  var found: [String: String] = [:]
  for line in run.lines {
    let words = line.text.split(separator: " ")
    if words.count >= 3, words[1] == "=>" { found[String(words[0])] = String(words[2]) }
  }
  return found
}

/// The size in bytes of the file at `path`, after following symbolic links.
private func fileSize(_ path: String) -> Int {
  let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  return try! FileManager.default.attributesOfItem(atPath: resolved)[.size] as! Int
}

/// `16.5 MB` (10⁶ bytes).
private func megabytes(bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

/// `12.3 MiB`, for wait4's peak resident memory.
private func megabytes(kilobytes: Int) -> String {
  String(format: "%.1f MiB", Double(kilobytes) / 1024)
}
