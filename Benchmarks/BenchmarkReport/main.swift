// Every benchmark in one run and one table (see README):
//
//   swift build -c release --package-path Benchmarks && Benchmarks/.build/release/BenchmarkReport
//
// Runs, one after another so they do not disturb each other, the SharedState workloads
// (W1–W7, W7 also against the floor of a change), the command latency benchmark (C1–C8: it
// generates the realistic and large data sets, and the large one with timings; C8 holds `add`
// to WriteFloor, the floor of a change; G1 holds `standup` to the git logs it saves) and the meeting benchmark (M1–M3, beside termdown), and prints their rows with each
// target and whether it is met. Exits 1 if a target is missed.
import BenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let directory = CommandLine.arguments[0].split(separator: "/").dropLast().joined(separator: "/")
let binaries = (CommandLine.arguments[0].hasPrefix("/") ? "/" : "") + directory

/// Writes `message` and a line break to standard error.
func say(_ message: String) {
  let bytes = Array((message + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var rows: [BenchmarkRow] = []
for name in ["SharedStateBenchmarks", "CommandBenchmarks", "MeetingBenchmarks"] {
  let path = binaries.isEmpty ? name : binaries + "/" + name
  guard access(path, X_OK) == 0 else {
    say(
      "BenchmarkReport: \(path) is missing; "
        + "run 'swift build -c release --package-path Benchmarks' first")
    exit(2)
  }
  say("running \(name)…")
  let run = spawn([path, "--tsv"], captureOutput: true)
  guard run.status == 0 else {
    say("BenchmarkReport: \(name) failed with status \(run.status)")
    exit(2)
  }
  rows += run.lines.compactMap { BenchmarkRow(tabSeparated: $0.text[...]) }
}
printTable(rows)
let missed = rows.filter { $0.met == false }.count
print("\(rows.filter { $0.met == true }.count) targets met, \(missed) missed")
exit(missed == 0 ? 0 : 1)
