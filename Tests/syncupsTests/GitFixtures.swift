import ChildProcessSupport
import Foundation
import Testing

/// git repositories made for a test in a scratch directory, with commits by chosen authors at
/// chosen moments (author and commit date alike), written by `git fast-import` in one run, so
/// that 100,000 commits take about a second.
final class GitFixtures {
  /// One commit to make.
  struct Commit {
    /// `Name <email>`.
    var author: String
    /// When, as `YYYY-MM-DDTHH:MM:SSZ`.
    var date: String
    var subject: String
  }

  let directory = try! ScratchDirectory()

  /// git's environment: nothing of the person's configuration is read.
  var environment: [String: String] {
    [
      "HOME": directory.path, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
      "GIT_CONFIG_GLOBAL": "/dev/null", "TZ": "UTC",
    ]
  }

  /// A repository `name` with `commits` on `main`, oldest first; its path.
  @discardableResult
  func repository(_ name: String, _ commits: [Commit]) throws -> String {
    try repository(name, stream: Self.stream(commits.map { commit in
      (commit.author, Int(ISO8601DateFormatter().date(from: commit.date)!.timeIntervalSince1970),
       commit.subject)
    }))
  }

  /// A repository `name` with `count` commits by `Old <old@example.com>`, a minute apart up
  /// to `last` (seconds since 1970): a big history to read.
  @discardableResult
  func bigRepository(_ name: String, count: Int, last: Int) throws -> String {
    try repository(name, stream: Self.stream((0..<count).map { index in
      ("Old <old@example.com>", last - (count - 1 - index) * 60, "Change \(index)")
    }))
  }

  private func repository(_ name: String, stream: [UInt8]) throws -> String {
    let path = directory.path + "/" + name
    try git(["init", "-q", "--initial-branch=main", path])
    try git(["-C", path, "fast-import", "--quiet"], input: stream)
    return path
  }

  /// A fast-import stream of commits on `main`, oldest first.
  private static func stream(_ commits: [(author: String, seconds: Int, subject: String)])
    -> [UInt8]
  {
    var text = ""
    for commit in commits {
      let message = commit.subject + "\n"
      text += "commit refs/heads/main\n"
      text += "author \(commit.author) \(commit.seconds) +0000\n"
      text += "committer \(commit.author) \(commit.seconds) +0000\n"
      text += "data \(message.utf8.count)\n\(message)\n"
    }
    return Array(text.utf8)
  }

  /// Runs git with `arguments` in the scratch directory, checked to succeed.
  func git(_ arguments: [String], input: [UInt8]? = nil) throws {
    let outcome = try ChildProcess.run(
      Invocation(
        program: SyncEndToEndTests.git, arguments: arguments.map { Array($0.utf8) },
        environment: environment, directory: directory.path,
        input: input.map { .bytes($0) } ?? .null, timeout: 120))
    #expect(outcome.status == 0, "\(outcome.stderrText)")
  }
}
