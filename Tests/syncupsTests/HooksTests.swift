import Foundation
import SharedState
import Testing

@testable import syncups

/// The pieces of hooks and extensions that need no process: the fingerprint's hash, which
/// words name an extension, and the switch that turns hooks off.
@Suite("Hooks")
struct HooksTests {
  /// The files the tests' hooks and programs are in (see ``inScratch(_:_:)``).
  let files = InMemoryFileSystem()

  func sha256(_ text: String) -> String {
    var hash = SHA256()
    hash.update(Array(text.utf8))
    return hash.hexDigest()
  }

  /// The FIPS 180-4 examples, and input fed in pieces across a block's end.
  @Test func sha256MatchesTheStandardsExamples() {
    #expect(sha256("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    var pieces = SHA256()
    for _ in 0..<1000 { pieces.update(Array(repeating: UInt8(ascii: "a"), count: 1000)) }
    #expect(pieces.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// The global options before an extension's name are syncups' own; the words after it,
  /// options too, are the extension's; a command of syncups is never an extension.
  @Test func theGlobalOptionsBeforeANameAreSyncupsOwn() throws {
    try inScratch("extensions") { root in
      let bin = root + "/bin"
      for name in ["syncups-hello", "syncups-list"] {
        try writeHook(bin + "/" + name, "")
      }
      let environment = ["PATH": "relative:" + bin]
      #expect(
        Extensions.call(
          in: ["--file", "x.json", "-q", "--no-hooks", "hello", "--file", "y.json"],
          environment: environment)
          == Extensions.Call(
            program: bin + "/syncups-hello", arguments: ["--file", "y.json"], file: "x.json",
            noHooks: true))
      #expect(
        Extensions.call(in: ["--color=never", "hello"], environment: environment)
          == Extensions.Call(program: bin + "/syncups-hello", arguments: []))
      #expect(Extensions.call(in: ["list"], environment: environment) == nil)
      #expect(Extensions.call(in: ["--help", "hello"], environment: environment) == nil)
      #expect(Extensions.call(in: ["hallo"], environment: environment) == nil)
      #expect(Extensions.installed(environment: environment) == ["hello"])
    }
  }

  @Test func syncupsNoHooksIsOffUnlessEmptyOrZero() {
    #expect(Hooks.isOff("1"))
    #expect(Hooks.isOff("yes"))
    #expect(!Hooks.isOff("0"))
    #expect(!Hooks.isOff(""))
    #expect(!Hooks.isOff(nil))
  }

  @Test func everyMeetingEventThatHasAHookMapsToIt() {
    #expect(HookEvent(.paused(elapsed: 1)) == nil)
    #expect(HookEvent(.overtime(name: "Ana", slot: 30, elapsed: 30)) == .overtime)
    #expect(HookEvent(.ended(elapsed: 3, meeting: nil)) == .meetingEnded)
    #expect(
      HookEvent.overtime.sample.text(pretty: false)
        == #"{"elapsed":600,"event":"overtime","name":"Ben","slot":300}"# + "\n")
  }

  /// The fingerprint trust is kept by covers what the hooks finder runs: hooks in an event's
  /// `.d` folder that is a link to a folder elsewhere too, so changing or adding one there
  /// asks for trust again. A folder as it always was keeps its fingerprint.
  @Test func theFingerprintFollowsALinkedEventFolder() throws {
    try inScratch("fingerprint") { root in
      let hooks = root + "/hooks"
      try files.makeDirectories(hooks)
      files.makeSymlink(hooks + "/meeting-ended.d", to: "../outside")
      _ = try files.write(Data("#!/bin/sh\necho one\n".utf8), to: root + "/outside/x")
      let first = HookTrust.fingerprint(of: hooks)
      #expect(first != sha256(""))

      _ = try files.write(Data("#!/bin/sh\necho two\n".utf8), to: root + "/outside/x")
      let edited = HookTrust.fingerprint(of: hooks)
      #expect(edited != first)
      _ = try files.write(Data("#!/bin/sh\n".utf8), to: root + "/outside/y")
      #expect(HookTrust.fingerprint(of: hooks) != edited)

      // A plain folder: the path, executable bit, size and bytes of each file, in path order.
      let plain = root + "/plain"
      _ = try files.write(Data("a".utf8), to: plain + "/item-opened.d/a")
      _ = try files.write(Data("bc".utf8), to: plain + "/synced")
      var expected = SHA256()
      expected.update(Array("item-opened.d/a".utf8) + [0, 0])
      expected.update(Array("1".utf8) + [0])
      expected.update(Array("a".utf8))
      expected.update(Array("synced".utf8) + [0, 0])
      expected.update(Array("2".utf8) + [0])
      expected.update(Array("bc".utf8))
      #expect(HookTrust.fingerprint(of: plain) == expected.hexDigest())
    }
  }

  /// Runs `body` with ``files`` as the file system, given a folder of its own there.
  func inScratch(_ name: String, _ body: (String) throws -> Void) throws {
    try withDependencies { $0.defaultFileStorage.fileSystem = files } operation: {
      try body("/scratch/" + name)
    }
  }

  /// Writes an executable shell script at `path`.
  func writeHook(_ path: String, _ body: String = "exit 0\n") throws {
    _ = try files.write(Data(("#!/bin/sh\n" + body).utf8), to: path)
    files.setPermissions(0o755, of: path)
  }

  /// An editor's backup (`10-notify~`) or a hidden file beside the hooks in an event's folder
  /// is never run; the hooks there run in name order.
  @Test func backupsAndHiddenFilesInAnEventsFolderAreNotRun() throws {
    try inScratch("backups") { root in
      let folder = root + "/config/syncups/hooks/meeting-ended.d"
      for name in ["20-log", "10-notify", "10-notify~", ".10-notify.swp"] {
        try writeHook(folder + "/" + name)
      }
      let installed = InstalledHooks(
        environment: ["XDG_CONFIG_HOME": root + "/config", "HOME": root],
        dataFile: root + "/data/sync-ups.json")
      #expect(
        installed.runnable(for: .meetingEnded).map(\.path)
          == [folder + "/10-notify", folder + "/20-log"])
    }
  }

  /// A repository's hooks trusted as they are run; once one of them changes they are no
  /// longer trusted, and none of them runs until trusted again.
  @Test func aTrustedRepositoryHookThatChangesIsNoLongerTrusted() throws {
    try inScratch("trust") { root in
      let repository = root + "/team"
      try files.makeDirectories(repository + "/.git")
      let hooks = repository + "/.syncups/hooks"
      try writeHook(hooks + "/item-opened", "echo one\n")
      let environment = ["XDG_CONFIG_HOME": root + "/config", "HOME": root]
      let dataFile = repository + "/sync-ups.json"
      let trust = HookTrust(environment: environment)
      #expect(trust.trust(of: hooks) == .untrusted)
      #expect(InstalledHooks(environment: environment, dataFile: dataFile).runnable(for: .itemOpened) == [])

      try trust.record(hooks, fingerprint: HookTrust.fingerprint(of: hooks))
      #expect(trust.trust(of: hooks) == .trusted)
      #expect(
        InstalledHooks(environment: environment, dataFile: dataFile)
          .runnable(for: .itemOpened).map(\.path) == [hooks + "/item-opened"])

      try writeHook(hooks + "/item-opened", "echo two\n")
      #expect(trust.trust(of: hooks) == .changed)
      let changed = InstalledHooks(environment: environment, dataFile: dataFile)
      #expect(changed.repositoryTrust == .changed)
      #expect(changed.runnable(for: .itemOpened) == [])
    }
  }

  /// A hook runs with `SYNCUPS_NO_HOOKS=1`, whatever syncups had, so that the syncups
  /// commands it runs fire no hooks of their own (and no hook runs itself again).
  @MainActor
  @Test func theCommandsAHookRunsFireNoHooks() {
    for base in [[:], ["SYNCUPS_NO_HOOKS": "0"], ["SYNCUPS_NO_HOOKS": ""]] {
      let environment = Hooks.environment(
        for: .itemOpened, syncUp: nil, dataFile: "/data/sync-ups.json", base: base)
      #expect(environment["SYNCUPS_NO_HOOKS"] == "1")
      #expect(!Hooks(environment: environment, dataFile: "/data/sync-ups.json", noHooksOption: false).isEnabled)
      #expect(Hooks(environment: base, dataFile: "/data/sync-ups.json", noHooksOption: false).isEnabled)
    }
  }
}
