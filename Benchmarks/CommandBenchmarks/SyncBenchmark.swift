import BenchmarkSupport
import Foundation

/// `sync` with nothing to do on the realistic file, in a clone of a bare repository on a local
/// path that is already up to date, beside git's own `fetch` + `status` on the same clone: the
/// floor of any sync through git. With every check a sync makes (the data's format, an
/// unfinished merge or conflict markers git left, an older syncups's merge to repair), it stays
/// within twice that floor.
///
/// It times the binary a user runs: the shipped one when `make benchmark` names it in
/// `SYNCUPS_SHIPPED_BINARY`, else this package's toolchain-linked one (whose start-up alone is
/// about 4 ms more; the row then says so). A sync, a fetch and a status run in turn, 9 rounds
/// after a warm-up, so that the machine's load falls on both sides alike; the ratio is the
/// median of the rounds' ratios.
func syncRow(syncups toolchainLinked: String, directory: String, realistic: String) -> BenchmarkRow {
  let shipped = ProcessInfo.processInfo.environment["SYNCUPS_SHIPPED_BINARY"]
  let syncups = shipped ?? toolchainLinked
  let team = directory + "/team"
  let remote = directory + "/team.git"
  let dataFile = team + "/sync-ups.json"
  let environment = [
    "HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "SYNCUPS_FILE": dataFile,
    "GIT_CONFIG_GLOBAL": directory + "/gitconfig", "GIT_CONFIG_NOSYSTEM": "1",
  ]
  try! FileManager.default.createDirectory(atPath: team, withIntermediateDirectories: true)
  copyFile(realistic, to: dataFile)
  _ = runOnce(["git", "init", "-q", "--bare", remote], environment: environment)
  _ = runOnce([syncups, "-q", "sync", "init", remote], environment: environment)
  _ = runOnce([syncups, "-q", "sync"], environment: environment)

  let sync = [syncups, "-q", "sync"]
  let fetch = ["git", "-C", team, "fetch", "-q", "origin"]
  let status = ["git", "-C", team, "status", "--porcelain"]
  for arguments in [sync, fetch, status] { _ = runOnce(arguments, environment: environment) }
  var rounds: [(sync: Double, floor: Double)] = []
  for _ in 0..<9 {
    let own = runOnce(sync, environment: environment).seconds
    let floor =
      runOnce(fetch, environment: environment).seconds
      + runOnce(status, environment: environment).seconds
    rounds.append((own, floor))
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  let ratio = median(rounds.map { $0.sync / $0.floor })
  return BenchmarkRow(
    id: "S1",
    workload: "sync with nothing to do, realistic, vs git fetch + git status"
      + (shipped == nil ? " (toolchain-linked binary: 'make benchmark' times the shipped one)" : ""),
    measured: "\(format(ns: median(rounds.map(\.sync)) * 1e9)) vs "
      + "\(format(ns: median(rounds.map(\.floor)) * 1e9)) (\(format(ratio: ratio)))",
    target: "≤ 2×", met: ratio <= 2)
}
