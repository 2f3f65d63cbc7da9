import Testing

@testable import syncups

@Suite("Parsing sync")
struct SyncParsingTests {
  private func parsed(_ arguments: [String]) throws -> SyncCommand? {
    try parse(arguments).command as? SyncCommand
  }

  private func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error.render()
    }
  }

  @Test func theWordsChooseWhatSyncDoes() throws {
    #expect(try parsed(["sync"]) == SyncCommand())
    #expect(try parsed(["sync", "init"]) == SyncCommand(action: .initialize(remote: nil)))
    #expect(
      try parsed(["sync", "init", "git.example.com:team.git"])
        == SyncCommand(action: .initialize(remote: "git.example.com:team.git")))
    #expect(
      try parsed(["--json", "sync", "init", "--clone", "/srv/team.git"])
        == SyncCommand(action: .initialize(remote: nil), clone: "/srv/team.git"))
  }

  @Test func misplacedWordsAndOptionsAreUsageErrors() {
    #expect(
      usageError(["sync", "init", "--force"])?.hasPrefix(
        "Error: '--force' goes with a remote: 'syncups sync init --force REMOTE'\n") == true)
    #expect(
      usageError(["sync", "--clone", "/srv/team.git"])
        == "Error: '--clone' is an option of 'sync init': 'syncups sync init --clone URL'\n"
        + "Usage: syncups sync [<init>] [<remote>] [--clone <url>] [--force]\n"
        + "See 'syncups sync --help' for more information.\n")
    #expect(
      usageError(["sync", "init", "/a.git", "--clone", "/b.git"])?.hasPrefix(
        "Error: give the remote either as '/a.git' or with '--clone', not both\n") == true)
    #expect(
      usageError(["sync", "push"])?.hasPrefix(
        "Error: unknown argument 'push' (expected 'init', or nothing to sync)\n") == true)
    #expect(usageError(["sync", "init", "a", "b"])?.hasPrefix("Error: unexpected argument 'b'") == true)
  }

  @Test func remotesAreRecordedFromTheWorkingDirectory() {
    #expect(SyncCommand.remoteLocation("git.example.com:team.git") == "git.example.com:team.git")
    #expect(SyncCommand.remoteLocation("ssh://host/team.git") == "ssh://host/team.git")
    #expect(SyncCommand.remoteLocation("/srv/team.git") == "/srv/team.git")
    #expect(SyncCommand.remoteLocation("team.git").hasSuffix("/team.git"))
    #expect(SyncCommand.remoteLocation("team.git").hasPrefix("/"))
  }
}
