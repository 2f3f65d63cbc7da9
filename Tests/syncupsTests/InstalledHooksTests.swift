import Foundation
import SharedState
import Testing

@testable import syncups

/// Which programs the hook finder finds for a data file, and the fingerprint a repository's
/// hooks are trusted by, worked out on a file system in memory.
@Suite("Installed hooks")
struct InstalledHooksTests {
  let environment = ["HOME": "/home/ana"]
  let dataFile = "/home/ana/team/sync-ups.json"
  let user = "/home/ana/.config/syncups/hooks"
  let repository = "/home/ana/team/.syncups/hooks"

  /// Stores an executable program (or a plain file) at `path`.
  private func program(
    _ fileSystem: InMemoryFileSystem, _ path: String, _ text: String = "#!/bin/sh\n",
    executable: Bool = true
  ) throws {
    _ = try fileSystem.write(Data(text.utf8), to: path)
    fileSystem.setPermissions(executable ? 0o755 : 0o644, of: path)
  }

  private func inMemory<Value>(
    _ fileSystem: InMemoryFileSystem, _ body: () throws -> Value
  ) rethrows -> Value {
    try withDependencies { $0.defaultFileStorage.fileSystem = fileSystem } operation: {
      try body()
    }
  }

  /// The user's hooks: an event's file, then its `.d` folder's files in name order (hidden and
  /// backup files left out, one not executable, a link to nothing, a folder reached through a
  /// link); a misspelt name is a stray; the repository's hooks follow, kept back until trusted.
  @Test func theFinderFindsEachEventsProgramsInOrder() throws {
    let fileSystem = InMemoryFileSystem()
    try program(fileSystem, user + "/meeting-ended")
    try program(fileSystem, user + "/meeting-ended.d/20-notify")
    try program(fileSystem, user + "/meeting-ended.d/10-archive", executable: false)
    try program(fileSystem, user + "/meeting-ended.d/.hidden")
    try program(fileSystem, user + "/meeting-ended.d/20-notify~")
    fileSystem.makeSymlink(user + "/meeting-ended.d/30-gone", to: "/home/ana/bin/gone")
    try program(fileSystem, user + "/meeting-started")
    try program(fileSystem, user + "/meeting-end")
    try program(fileSystem, "/home/ana/shared/post")
    fileSystem.makeSymlink(user + "/item-opened.d", to: "../../../shared")
    try fileSystem.makeDirectories("/home/ana/team/.git")
    try program(fileSystem, repository + "/synced")

    let installed = inMemory(fileSystem) {
      InstalledHooks(environment: environment, dataFile: dataFile)
    }

    /// A program of the user's, `name` in their hooks directory.
    func users(
      _ event: HookEvent, _ name: String, executable: Bool = true, missing: Bool = false
    ) -> InstalledHooks.Hook {
      InstalledHooks.Hook(
        event: event, path: user + "/" + name, isExecutable: executable, isFromRepository: false,
        isMissing: missing)
    }
    #expect(installed.userDirectory == user)
    #expect(installed.repositoryDirectory == repository)
    #expect(installed.repositoryTrust == .untrusted)
    #expect(
      installed.hooks == [
        users(.meetingStarted, "meeting-started"),
        users(.meetingEnded, "meeting-ended"),
        users(.meetingEnded, "meeting-ended.d/10-archive", executable: false),
        users(.meetingEnded, "meeting-ended.d/20-notify"),
        users(.meetingEnded, "meeting-ended.d/30-gone", executable: false, missing: true),
        users(.itemOpened, "item-opened.d/post"),
        InstalledHooks.Hook(
          event: .synced, path: repository + "/synced", isExecutable: true, isFromRepository: true),
      ])
    #expect(installed.strays == [user + "/meeting-end"])
    #expect(installed.runnable(for: .synced) == [])
    #expect(installed.runnable(for: .meetingEnded).map(\.path).map { $0.dropFirst(user.count) } == [
      "/meeting-ended", "/meeting-ended.d/10-archive", "/meeting-ended.d/20-notify",
      "/meeting-ended.d/30-gone",
    ])
  }

  /// Without a `.git` above the data file there are no repository hooks, whatever lies in
  /// `.syncups/hooks`.
  @Test func outsideAWorkTreeThereAreNoRepositoryHooks() throws {
    let fileSystem = InMemoryFileSystem()
    try program(fileSystem, repository + "/synced")
    let installed = inMemory(fileSystem) {
      InstalledHooks(environment: environment, dataFile: dataFile)
    }
    #expect(installed.repositoryDirectory == nil)
    #expect(installed.repositoryTrust == .none)
    #expect(installed.hooks == [])
  }

  /// The fingerprint is the SHA-256 of each file's path, execute bit, size and bytes: it moves
  /// when a hook's bytes or mode change, and comes back when they do; rewriting the same bytes
  /// leaves it as it was. Trust recorded with it holds until it moves.
  @Test func theFingerprintFollowsTheHooksBytesAndModes() throws {
    let fileSystem = InMemoryFileSystem()
    try program(fileSystem, repository + "/synced", "#!/bin/sh\necho synced\n")
    try program(fileSystem, repository + "/meeting-ended.d/a", "#!/bin/sh\necho ended\n")
    try fileSystem.makeDirectories("/home/ana/team/.git")
    let trusted = "be4976eef80244bc1310ffc9f8d64a059d5517faa5ff874e290f89cfa4a8413a"

    try inMemory(fileSystem) {
      let fingerprint = { HookTrust.fingerprint(of: repository) }
      let trust = { InstalledHooks(environment: environment, dataFile: dataFile).repositoryTrust }
      #expect(fingerprint() == trusted)
      #expect(trust() == .untrusted)
      try HookTrust(environment: environment).record(repository, fingerprint: fingerprint())
      #expect(trust() == .trusted)

      _ = try fileSystem.write(Data("#!/bin/sh\necho synced\n".utf8), to: repository + "/synced")
      #expect(fingerprint() == trusted)
      #expect(trust() == .trusted)

      _ = try fileSystem.write(Data("#!/bin/sh\necho Synced\n".utf8), to: repository + "/synced")
      #expect(fingerprint() != trusted)
      #expect(trust() == .changed)
      _ = try fileSystem.write(Data("#!/bin/sh\necho synced\n".utf8), to: repository + "/synced")
      #expect(fingerprint() == trusted)

      fileSystem.setPermissions(0o644, of: repository + "/meeting-ended.d/a")
      #expect(fingerprint() != trusted)
      #expect(trust() == .changed)
      fileSystem.setPermissions(0o700, of: repository + "/meeting-ended.d/a")
      #expect(fingerprint() == trusted)
      #expect(trust() == .trusted)

      try program(fileSystem, repository + "/overtime")
      #expect(fingerprint() != trusted)
    }
    #expect(
      fileSystem.contents(of: "/home/ana/.config/syncups/trusted-hooks.json")
        == Data("{\n  \"\(repository)\" : \"\(trusted)\"\n}".utf8))
  }
}
