import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

/// `standup` for a sync-up of six attendees over ten repositories of 10,000 commits each (a
/// commit every half hour by one of eight authors, the newest an hour ago), against the same
/// work done by hand: `git log --since … --author …` once per attendee and repository (60
/// calls, one after another, in one shell), over the same two days and branches; and, reported
/// only, against the fewest git calls that give the same answer: one `git log` per repository
/// with every attendee's `--author` (10 calls).
func standupRows(syncups: String, directory: String) -> [BenchmarkRow] {
  let root = directory + "/standup"
  let environment = [
    "HOME": root, "XDG_CONFIG_HOME": root + "/config", "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
  ]
  let authors = (1...8).map { "Dev \($0) <dev\($0)@example.com>" }
  let now = Int(Date().timeIntervalSince1970)
  var repositories: [String] = []
  for index in 1...10 {
    let path = root + "/src/repo\(index)"
    _ = runOnce(["git", "init", "-q", path], environment: environment)
    var stream = ""
    for number in 0..<10_000 {
      let seconds = now - 3_600 - (9_999 - number) * 1_800
      let author = authors[(number + index) % authors.count]
      let message = "Change \(number) of repository \(index)\n"
      stream += "commit refs/heads/main\nauthor \(author) \(seconds) +0000\n"
      stream += "committer \(author) \(seconds) +0000\ndata \(message.utf8.count)\n\(message)\n"
    }
    let input = root + "/stream"
    try! stream.write(toFile: input, atomically: true, encoding: .utf8)
    _ = runOnce(["sh", "-c", "git -C '\(path)' fast-import --quiet < '\(input)'"], environment: environment)
    repositories.append(path)
  }
  let attendees = (1...6).map { number in
    Attendee(id: UUID(), name: "Dev \(number)", gitAuthors: ["dev\(number)@example.com"])
  }
  let dataFile = root + "/sync-ups.json"
  try! SyncUpsFile.encode(
    [SyncUp(id: UUID(), attendees: IdentifiedArrayOf(uniqueElements: attendees), title: "Team")]
  ).write(to: URL(fileURLWithPath: dataFile))
  try! FileManager.default.createDirectory(
    atPath: root + "/config/syncups", withIntermediateDirectories: true)
  try! JSONSerialization.data(withJSONObject: ["repositories": repositories])
    .write(to: URL(fileURLWithPath: root + "/config/syncups/config.json"))

  let since = now - 2 * 86_400
  let standup = [syncups, "--file", dataFile, "-q", "standup", "team", "--since", "2d"]
  let byHand = repositories.flatMap { path in
    attendees.map { attendee in
      "git -C '\(path)' log --branches --remotes --since=@\(since) "
        + "--author='\(attendee.gitAuthors[0])' --format='%H %at %an <%ae> %s'"
    }
  }.joined(separator: "\n")
  let gitLogs = Comparison(standup, against: ["sh", "-c", byHand], environment: environment)
  let authorOptions = attendees.map { "--author='\($0.gitAuthors[0])'" }.joined(separator: " ")
  let fewest = repositories.map { path in
    "git -C '\(path)' log --branches --remotes --since=@\(since) \(authorOptions) "
      + "--format='%H %at %an <%ae> %s'"
  }.joined(separator: "\n")
  let repositoryLogs = Comparison(standup, against: ["sh", "-c", fewest], environment: environment)
  return [
    BenchmarkRow(
      id: "G1",
      workload: "standup, 6 attendees × 10 repositories × 10,000 commits, vs 60 git logs",
      measured: gitLogs.text,
      target: "≤ 1.5×, < 200 ms", met: gitLogs.ratio <= 1.5 && gitLogs.measured.seconds < 0.2),
    BenchmarkRow(
      id: "G1", workload: "standup, the same, vs 10 git logs (every author in each)",
      measured: repositoryLogs.text,
      target: "reported", met: nil),
  ]
}
