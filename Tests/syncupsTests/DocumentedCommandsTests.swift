import ChildProcessSupport
import Foundation
import Testing

/// Every command the README and the guides under `doc/` show runs: each line of a `sh` or
/// `console` block that starts with `syncups ` (or `$ syncups `) is run by bash, in the order
/// the page gives them, against a scratch home of its own per page, and must exit 0.
@Suite("Documented commands")
struct DocumentedCommandsTests {
  /// A command line shown in a page, where it is.
  struct Example: CustomStringConvertible {
    var file: String
    var line: Int
    var command: String
    var description: String { "\(file):\(line): \(command)" }
  }

  /// The pages read: the README, then every guide.
  static var pages: [String] {
    let guides = (try? FileManager.default.contentsOfDirectory(
      atPath: GeneratedFilesTests.root.appendingPathComponent("doc").path)) ?? []
    return ["README.md"] + guides.filter { $0.hasSuffix(".md") }.sorted().map { "doc/" + $0 }
  }

  /// Commands shown that no test can run, and why: each the whole command as shown, its
  /// comment left out.
  static let notRun: [(command: String, reason: String)] = [
    ("syncups update eng", "opens an editor on a terminal; anywhere else it needs the text"),
    (
      "syncups sync init --clone git.example.com:syncups.git",
      "clones the team's repository, on another machine than the one that shared it"
    ),
  ]

  /// The command of `example` without its comment.
  static func shown(_ example: Example) -> String {
    var command = Substring(example.command)
    if let comment = command.range(of: " #") { command = command[..<comment.lowerBound] }
    return command.trimmingCharacters(in: .whitespaces)
  }

  /// Whether `example` is one of ``notRun``.
  static func isNotRun(_ example: Example) -> Bool {
    notRun.contains { shown(example) == $0.command }
  }

  /// The command lines of `text`, a page: continued lines (a `\` at the end) joined, prompts
  /// (`$ `) taken off.
  static func examples(in text: String, file: String) -> [Example] {
    var examples: [Example] = []
    var inBlock = false
    var pending: Example?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inBlock = !inBlock && ["```sh", "```console"].contains(trimmed)
        pending = nil
        continue
      }
      guard inBlock else { continue }
      if var continued = pending {
        continued.command += "\n" + line
        pending = line.hasSuffix("\\") ? continued : nil
        if pending == nil { examples.append(continued) }
        continue
      }
      let command = trimmed.hasPrefix("$ ") ? String(trimmed.dropFirst(2)) : trimmed
      guard command.hasPrefix("syncups ") else { continue }
      let example = Example(file: file, line: index + 1, command: command)
      if command.hasSuffix("\\") { pending = example } else { examples.append(example) }
    }
    return examples
  }

  /// What every page's commands start from: a sync-up Engineering (Ana, Ben, Cy, Blob;
  /// ten minutes) for the guides, which take it as known (the README makes its own), and a
  /// bare repository at `~/shared/syncups.git` for a team to share.
  static func prepare(_ syncups: SyncUpsRun, for file: String) throws {
    let bin = syncups.home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/syncups", withDestinationPath: SyncUpsRun.binary)
    // No user manager: `remind install` writes its units into the scratch XDG_CONFIG_HOME and
    // prints the crontab line, whatever manager the machine running the tests has.
    try "#!/bin/sh\necho 'Failed to connect to bus: No medium found' >&2\nexit 1\n"
      .write(toFile: bin + "/systemctl", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: bin + "/systemctl")
    let bare = try ChildProcess.run(
      Invocation(
        program: "/usr/bin/git",
        arguments: ["init", "-q", "--bare", syncups.home.path + "/shared/syncups.git"]
          .map { Array($0.utf8) },
        environment: syncups.environment(), directory: syncups.home.path, input: .null,
        outputFile: nil, timeout: 600))
    #expect(bare.status == 0, "\(bare.summary)")
    guard file != "README.md" else { return }
    let added = try syncups(
      "add", "--title", "Engineering", "--attendee", "Ana", "--attendee", "Ben", "--attendee",
      "Cy", "--attendee", "Blob", "--duration", "10m")
    #expect(added.status == 0, "\(added.error)")
  }

  @Test func theReadmeAndTheGuidesShowCommands() throws {
    let pages = Self.pages
    #expect(pages.count >= 10, "\(pages)")
    let all = try pages.flatMap { file in
      Self.examples(
        in: try String(
          contentsOf: GeneratedFilesTests.root.appendingPathComponent(file), encoding: .utf8),
        file: file)
    }
    #expect(all.count >= 80, "\(all.count) commands")
    // A reason kept for a command no page shows any more is out of date.
    for skipped in Self.notRun {
      #expect(all.contains { Self.shown($0) == skipped.command }, "\(skipped.command)")
    }
  }

  @Test(arguments: pages)
  func everyCommandShownRuns(file: String) throws {
    let text = try String(
      contentsOf: GeneratedFilesTests.root.appendingPathComponent(file), encoding: .utf8)
    let syncups = SyncUpsRun()
    try Self.prepare(syncups, for: file)
    let environment = syncups.environment([
      "PATH": syncups.home.path + "/bin:/usr/bin:/bin",
      // A meeting runs through at once from a script, as in the guides' own examples.
      "SYNCUPS_CLOCK": "immediate",
      "GIT_AUTHOR_NAME": "Ana", "GIT_AUTHOR_EMAIL": "ana@example.com",
      "GIT_COMMITTER_NAME": "Ana", "GIT_COMMITTER_EMAIL": "ana@example.com",
    ])
    for example in Self.examples(in: text, file: file) where !Self.isNotRun(example) {
      let outcome = try ChildProcess.run(
        Invocation(
          program: "/bin/bash",
          arguments: ["-o", "pipefail", "-c", example.command].map { Array($0.utf8) },
          environment: environment, directory: syncups.home.path, input: .null,
          outputFile: nil, timeout: 600))
      #expect(
        outcome.status == 0 && outcome.signal == nil,
        "\(example) exited \(outcome.summary): \(outcome.stderrText)")
    }
  }
}
