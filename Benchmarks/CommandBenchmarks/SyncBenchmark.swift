import BenchmarkSupport
import Foundation

/// `sync` with nothing to do on the realistic file, in a clone of a bare repository on a local
/// path that is already up to date, beside git's own `fetch` + `status` on the same clone: the
/// floor of any sync through git. With every check a sync makes (the data's format, an
/// unfinished merge or conflict markers git left, an older syncups's merge to repair), it stays
/// within twice that floor.
func syncRow(syncups: String, directory: String, realistic: String) -> BenchmarkRow {
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

  let sync = measure([syncups, "-q", "sync"], environment: environment)
  let fetch = measure(["git", "-C", team, "fetch", "-q", "origin"], environment: environment)
  let status = measure(["git", "-C", team, "status", "--porcelain"], environment: environment)
  let floor = fetch.seconds + status.seconds
  let ratio = sync.seconds / floor
  return BenchmarkRow(
    id: "S1", workload: "sync with nothing to do, realistic, vs git fetch + git status",
    measured: "\(format(ns: sync.seconds * 1e9)) vs \(format(ns: floor * 1e9)) "
      + "(\(format(ratio: ratio)))",
    target: "≤ 2×", met: ratio <= 2)
}
