import ChildProcessSupport
import Foundation
import SharedState
import Testing

/// Runs the built `syncups` binary in a scratch home: `HOME`, `XDG_DATA_HOME` and
/// `XDG_CONFIG_HOME` point inside it, so nothing touches the real home directory.
final class SyncUpsRun {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  let home = try! ScratchDirectory()
  var dataFile: String { home.path + "/data/syncups/sync-ups.json" }

  static let binary: String = {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("syncups").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return ".build/debug/syncups"
  }()

  @discardableResult
  func callAsFunction(
    _ arguments: String..., input: String = "", environment: [String: String] = [:]
  ) throws -> Result {
    try run(arguments, input: input, environment: environment)
  }

  /// Runs syncups; its standard output goes to `outputFile` when one is named (and `output` is
  /// then empty), else it is captured.
  func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    outputFile: String? = nil
  ) throws -> Result {
    let outcome = try ChildProcess.run(
      invocation(
        arguments, environment: environment, input: .bytes(Array(input.utf8)),
        outputFile: outputFile))
    #expect(outcome.signal == nil && !outcome.timedOut, "\(outcome.summary): \(arguments)")
    return Result(
      status: outcome.status ?? -1, output: outcome.stdoutText, error: outcome.stderrText)
  }

  /// How syncups is started with `arguments`: in the scratch home, with ``environment(_:)``
  /// and `extra`. The time limit only guards against waiting for ever on a busy machine.
  func invocation(
    _ arguments: [String], environment extra: [String: String] = [:],
    input: Invocation.Input = .null, outputFile: String? = nil
  ) -> Invocation {
    Invocation(
      program: Self.binary, arguments: arguments.map { Array($0.utf8) },
      environment: environment(extra), directory: home.path, input: input,
      outputFile: outputFile, timeout: 600)
  }

  /// The environment of a run: the scratch home and its XDG directories, UTC, then `extra`.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    [
      "HOME": home.path, "XDG_DATA_HOME": home.path + "/data",
      "XDG_CONFIG_HOME": home.path + "/config", "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ].merging(extra) { $1 }
  }

  /// The data file's bytes, or nil when there is none.
  var dataBytes: Data? { FileManager.default.contents(atPath: dataFile) }

  func writeDataFile(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: (dataFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: dataFile, atomically: true, encoding: .utf8)
  }

  func json(_ result: Result) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.output.utf8))
  }
}

@Suite("End to end")
struct EndToEndTests {
  @Test func addListShowAsJSON() throws {
    let syncups = SyncUpsRun()
    let added = try syncups(
      "add", "--title", "Engineering", "--attendee", "Blob", "--attendee", "Blob Jr",
      "--duration", "1m30s", "--theme", "SKY", "--json")
    #expect(added.status == 0)
    let object = try #require(try syncups.json(added) as? [String: Any])
    #expect(object["title"] as? String == "Engineering")
    #expect(object["duration"] as? Int == 90)
    #expect(object["durationPerAttendee"] as? Double == 45)
    #expect(object["theme"] as? String == "sky")
    #expect((object["attendees"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Blob", "Blob Jr"])
    #expect((object["meetings"] as? [Any])?.isEmpty == true)
    let id = try #require(object["id"] as? String)
    #expect(id == id.uppercased())

    let list = try syncups("list", "--json")
    #expect(list.status == 0)
    let listed = try #require(try syncups.json(list) as? [[String: Any]])
    #expect(listed.map { $0["id"] as? String } == [id])

    let shown = try syncups("--json", "show", "eng")
    #expect(try syncups.json(shown) as? NSDictionary == object as NSDictionary)
  }

  @Test func humanListAndShow() throws {
    let syncups = SyncUpsRun()
    let added = try syncups(
      "add", "--title", "Design", "--attendee", "Ana", "--duration", "10", "--json")
    let object = try #require(try syncups.json(added) as? [String: Any])
    let id = try #require((object["id"] as? String)?.prefix(8))
    let list = try syncups("list")
    #expect(
      list.output == """
        ID        TITLE   ATTENDEES  LENGTH  THEME      MEETINGS
        \(id)  Design          1  10 min  Bubblegum         0

        """)
    let show = try syncups("show", "design")
    #expect(
      show.output.hasPrefix(
        "Sync-up Info\n  Title         Design\n  ID            \(id)\n  Length        10 min\n"))
    #expect(show.output.contains("Attendees\n  Ana\n"))
  }

  @Test func messagesGoToStandardErrorAndQuietSilencesThem() throws {
    let syncups = SyncUpsRun()
    let added = try syncups("add", "--title", "Design")
    #expect(added.output == "")
    #expect(added.error.hasPrefix("Created '\(syncups.dataFile)'.\nAdded 'Design' ("))
    let quiet = try syncups("-q", "add", "--title", "Other")
    #expect(quiet.output == "" && quiet.error == "")
  }

  @Test func editRenamesAndRemovesAttendees() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Team", "--attendee", "Blob", "--attendee", "Blob Jr")
    let edited = try syncups(
      "edit", "team", "--rename-attendee", "blob jr=Blob Sr", "--remove-attendee", "Blob",
      "--add-attendee", "Blobby", "--title", "Core team", "--json")
    #expect(edited.status == 0)
    let object = try #require(try syncups.json(edited) as? [String: Any])
    #expect(object["title"] as? String == "Core team")
    #expect((object["attendees"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Blob Sr", "Blobby"])

    let missing = try syncups("edit", "core", "--remove-attendee", "Bloby")
    #expect(missing.status == 1)
    #expect(missing.error == "Error: no attendee 'Bloby' in 'Core team'. Did you mean 'Blobby'?\n")
  }

  @Test func usageErrorsExit64WithThreeLines() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("lsit")
    #expect(result.status == 64)
    #expect(
      result.error == """
        Error: unknown command 'lsit'. Did you mean 'list'?
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
    #expect(result.output == "")
    #expect(syncups.dataBytes == nil)
  }

  @Test func anUnknownSyncUpExits1() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Design")
    let result = try syncups("show", "desing")
    #expect(result.status == 1)
    #expect(result.error == "Error: no sync-up matches 'desing'. Did you mean 'Design'?\n")
  }

  @Test func deleteNeedsYesWhenNotOnATerminal() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Design")
    let before = syncups.dataBytes
    let refused = try syncups("delete", "design")
    #expect(refused.status == 64)
    #expect(refused.error.hasPrefix("Error: refusing to delete 'Design' without --yes"))
    #expect(syncups.dataBytes == before)
    let deleted = try syncups("delete", "design", "--yes")
    #expect(deleted.status == 0)
    #expect(try syncups("list", "--json").output == "[]\n")
  }

  @Test func aCorruptDataFileFailsEveryCommandAndIsNeverChanged() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(#"[{"id": 1}]"#)
    let before = syncups.dataBytes
    for arguments in [
      ["list"], ["show", "x"], ["add", "--title", "New"], ["edit", "x", "--title", "y"],
      ["delete", "x", "--yes"], ["export"],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.error.hasPrefix("Error: cannot decode '\(syncups.dataFile)'"), "\(arguments)")
      #expect(syncups.dataBytes == before, "\(arguments)")
    }
  }

  @Test func anEmptyDataFileHoldsNoSyncUpsYet() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile("")
    let listed = try syncups("list", "--json")
    #expect(listed.status == 0)
    #expect(listed.output == "[]\n")
    #expect(listed.error == "")  // it exists: not the note a missing file gets
    let added = try syncups("add", "--title", "Design")
    #expect(added.status == 0)
    #expect(!added.error.contains("Created"))  // it was there
    let titles = try syncups.json(try syncups("list", "--json")) as? [[String: Any]]
    #expect(titles?.map { $0["title"] as? String } == ["Design"])
  }

  @Test func theDefaultLocationIsPrivate() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Design")
    let attributes = try FileManager.default.attributesOfItem(atPath: syncups.dataFile)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let directory = try FileManager.default.attributesOfItem(
      atPath: (syncups.dataFile as NSString).deletingLastPathComponent)
    #expect((directory[.posixPermissions] as? Int) == 0o700)
  }

  @Test func fileOptionAndEnvironmentChooseTheDataFile() throws {
    let syncups = SyncUpsRun()
    try syncups("--file", "chosen.json", "add", "--title", "A")  // relative to the working directory
    #expect(FileManager.default.fileExists(atPath: syncups.home.path + "/chosen.json"))
    let fromEnvironment = syncups.home.path + "/env.json"
    try syncups("add", "--title", "B", environment: ["SYNCUPS_FILE": fromEnvironment])
    #expect(FileManager.default.fileExists(atPath: fromEnvironment))
    #expect(syncups.dataBytes == nil)
  }

  @Test func exportThenImportRoundTripsAndDuplicatesAreReported() throws {
    let first = SyncUpsRun()
    try first("add", "--title", "Design", "--attendee", "Ana")
    let exported = try first("export")
    #expect(exported.status == 0)

    let second = SyncUpsRun()
    let imported = try second("import", "-", input: exported.output)
    #expect(imported.status == 0)
    #expect(
      imported.error == "Created '\(second.dataFile)'.\nImported 1 sync-up (syncups format).\n")
    let again = try second("import", "-", input: exported.output)
    #expect(again.error == "Imported 0 sync-ups (syncups format); skipped 1 already present: 'Design'.\n")
    #expect(try second("export").output == exported.output)
  }

  @Test func importsTheAppsFormat() throws {
    let syncups = SyncUpsRun()
    let app = """
      [{"attendees": [{"id": "00000000-0000-0000-0000-000000000001", "name": "Blob"}],
        "duration": [16, 4852094820647174144], "id": "00000000-0000-0000-0000-000000000000",
        "meetings": [{"date": 256260690, "id": "00000000-0000-0000-0000-000000000002",
                      "transcript": "Hello"}],
        "theme": "teal", "title": "Morning Sync"}]
      """
    let result = try syncups("import", "-", input: app)
    #expect(result.status == 0)
    let object = try #require((try syncups.json(try syncups("list", "--json")) as? [[String: Any]])?.first)
    #expect(object["duration"] as? Int == 300)
    #expect((object["meetings"] as? [[String: Any]])?.first?["date"] as? String == "2009-02-13T23:31:30Z")
  }

  @Test func aBadImportExits65AndChangesNothing() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Design")
    let before = syncups.dataBytes
    let result = try syncups("import", "-", input: #"[{"title": 3}]"#)
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: cannot import standard input: "))
    #expect(syncups.dataBytes == before)
  }

  @Test func configSetGetListAndUnset() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("config", "set", "default-duration", "10m").status == 0)
    #expect(try syncups("config", "set", "bell", "off").status == 0)
    #expect(try syncups("config", "get", "default-duration").output == "10m\n")
    let list = try #require(try syncups.json(try syncups("config", "list", "--json")) as? [String: Any])
    #expect(list["bell"] as? Bool == false)
    #expect(list["default-duration"] as? Int == 600)
    let added = try #require(try syncups.json(try syncups("add", "--title", "X", "--json")) as? [String: Any])
    #expect(added["duration"] as? Int == 600)  // the default comes from the setting
    #expect(try syncups("config", "unset", "bell").status == 0)
    #expect(try syncups("config", "get", "bell").output == "change\n")
    let bad = try syncups("config", "set", "bell", "loud")
    #expect(bad.status == 64)
  }

  @Test func controlCharactersNeverReachTheTerminalRaw() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", "--attendee", "Bob\u{9B}31m")
    for arguments in [["list"], ["show", "evil"]] {
      let result = try syncups.run(arguments, environment: ["NO_COLOR": "1"])
      #expect(result.status == 0)
      #expect(!result.output.contains("\u{1B}"), "\(arguments)")
      #expect(!result.output.contains("\u{9B}"), "\(arguments)")
      #expect(!result.output.contains("\u{07}"), "\(arguments)")
    }
  }

  @Test func traceShowsActionsAndStateChanges() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("--trace", "add", "--title", "Design")
    #expect(result.status == 0)
    #expect(result.error.contains("received action:\n  SyncUpsList.Action.addSyncUpButtonTapped"))
    #expect(result.error.contains("−       title: \"\",\n+       title: \"Design\","))
  }

  @Test func completionAnswersComeFromTheDataFile() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Design Review")
    try syncups("add", "--title", "Engineering")
    #expect(try syncups("__complete", "syncups").output == "Design Review\nEngineering\n")
    try syncups.writeDataFile("not json")
    let broken = try syncups("__complete", "syncups")
    #expect(broken.status == 0 && broken.output == "" && broken.error == "")
  }

  @Test func helpAndVersion() throws {
    let syncups = SyncUpsRun()
    let help = try syncups("help", "add")
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("OVERVIEW: Add a sync-up"))
    #expect(try syncups("add", "--help").output == help.output)
    #expect(try syncups("--version").output == "syncups 0.4.0\n")
  }

  @Test func concurrentAddsAllLand() async throws {
    let syncups = SyncUpsRun()
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for index in 0..<10 {
        group.addTask { try syncups("-q", "add", "--title", "Team \(index)").status }
      }
      for try await status in group { #expect(status == 0) }
    }
    let listed = try #require(try syncups.json(try syncups("list", "--json")) as? [[String: Any]])
    #expect(Set(listed.compactMap { $0["title"] as? String }) == Set((0..<10).map { "Team \($0)" }))
  }
}

extension SyncUpsRun: @unchecked Sendable {}

@Suite("End to end: the data file's lock")
struct LockEndToEndTests {
  @Test func aLockHeldTooLongExits75AndChangesNothing() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("add", "--title", "Eng").status == 0)
    let before = syncups.dataBytes
    let lockPath = syncups.home.path + "/data/syncups/.sync-ups.json.lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX) == 0)
    let started = Date()
    let result = try syncups(
      "add", "--title", "Blocked", environment: ["SYNCUPS_LOCK_TIMEOUT": "0.3"])
    #expect(result.status == 75)
    #expect(Date().timeIntervalSince(started) < 10)  // the 0.3 s asked for, not the 10 s default
    // The lock file names the last 'syncups add', which has ended: no holder to name.
    #expect(
      result.error
        == "Error: '\(syncups.dataFile)' is locked by another process: gave up waiting after "
        + "0.3 s; SYNCUPS_LOCK_TIMEOUT sets how many seconds to wait\n")
    #expect(syncups.dataBytes == before)
    // Reading needs no lock.
    #expect(try syncups("list", environment: ["SYNCUPS_LOCK_TIMEOUT": "0.3"]).status == 0)
    flock(descriptor, LOCK_UN)
    #expect(try syncups("add", "--title", "Unblocked").status == 0)
  }

  @Test func aLockTimeoutWaitsOnceAndNeverRewritesTheFile() throws {
    let syncups = SyncUpsRun()
    // Valid, but not in the layout syncups writes: any write would show.
    try syncups.writeDataFile(
      #"[{"attendees":[],"duration":300,"id":"00000000-0000-0000-0000-000000000001","#
        + #""meetings":[],"theme":"orange","title":"Eng"}]"#)
    let before = syncups.dataBytes
    let descriptor = open(syncups.home.path + "/data/syncups/.sync-ups.json.lock", O_RDWR | O_CREAT, 0o600)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX) == 0)
    let started = Date()
    let result = try syncups("edit", "eng", "--title", "X", environment: ["SYNCUPS_LOCK_TIMEOUT": "4"])
    #expect(result.status == 75)
    // One wait, not a second one at exit: two would take 8 s, far more than a busy machine adds.
    #expect(Date().timeIntervalSince(started) < 8)
    flock(descriptor, LOCK_UN)
    #expect(syncups.dataBytes == before)
    // A command that fails after taking the lock leaves the file as it was, too.
    #expect(try syncups("edit", "eng", "--remove-attendee", "Nobody").status == 1)
    #expect(try syncups("meeting", "delete", "eng", "1").status == 1)
    #expect(syncups.dataBytes == before)
  }

  @Test func aLockTimeoutNamesTheHolderAndTheVariableThatWaitsLonger() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("add", "--title", "Eng").status == 0)
    // Each command leaves a note of who it is in the lock file as it takes the lock.
    let lockPath = syncups.home.path + "/data/syncups/.sync-ups.json.lock"
    let note = try String(contentsOfFile: lockPath, encoding: .utf8)
    #expect(note.hasSuffix("\n'syncups add'\n"))
    // A long 'syncups sync' holds the lock (here this process, through the same call).
    let held = try LiveFileSystem.shared.lock(
      syncups.dataFile, timeout: .seconds(10), holder: "'syncups sync'")
    defer { held.unlock() }
    let before = syncups.dataBytes
    let result = try syncups("add", "--title", "Blocked", environment: ["SYNCUPS_LOCK_TIMEOUT": "0.2"])
    #expect(result.status == 75)
    #expect(
      result.error
        == "Error: '\(syncups.dataFile)' is locked by 'syncups sync' (pid \(getpid())): gave up "
        + "waiting after 0.2 s; SYNCUPS_LOCK_TIMEOUT sets how many seconds to wait\n")
    #expect(syncups.dataBytes == before)
  }

  @Test func aBadLockTimeoutIsAUsageError() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("list", environment: ["SYNCUPS_LOCK_TIMEOUT": "soon"])
    #expect(result.status == 64)
    #expect(
      result.error == "Error: SYNCUPS_LOCK_TIMEOUT must be a number of seconds from 0 to 3600, not 'soon'\n")
  }
}
