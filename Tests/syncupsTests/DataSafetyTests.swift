import ChildProcessSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data file survives what the system refuses: a file-size limit (`ulimit -f`) and a file
/// the user made read-only. Each save fails with exit 1 and a message, and the file stays as
/// it was.
@Suite("End to end: data safety")
struct DataSafetyTests {
  /// Whether `number` has its default action in this process, and so in the shells it starts.
  private static func hasDefaultAction(_ number: Int32) -> Bool {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if canImport(Glibc)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_DFL, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        == unsafeBitCast(SIG_DFL, to: Int.self)
    #endif
  }

  /// A sync-up list whose file is well over 512 bytes.
  private static func syncUpsOfSomeSize() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    for index in 1...4 {
      let result = try syncups("add", "--title", "Team \(index)", "--attendee", "Blob", "--attendee", "Ana")
      #expect(result.status == 0, "\(result.error)")
    }
    return syncups
  }

  /// The names in the data file's directory, hidden ones included.
  private static func dataDirectoryEntries(_ syncups: SyncUpsRun) -> [String] {
    let directory = (syncups.dataFile as NSString).deletingLastPathComponent
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  @Test func aSaveBeyondTheFileSizeLimitFailsAndKeepsTheOldFile() throws {
    let syncups = try Self.syncUpsOfSomeSize()
    let before = try #require(syncups.dataBytes)
    #expect(before.count > 1024)

    // `ulimit -f 1`: no file may grow past 512 bytes. The shell gets SIGXFSZ's default
    // action, to end the process, as a login shell would (see ChildSpawn).
    var invocation = syncups.invocation(
      ["-c", #"ulimit -f 1 && exec "$0" "$@""#, SyncUpsRun.binary, "add", "--title", "One too many"])
    invocation.program = "/bin/sh"
    let outcome = try ChildProcess.run(invocation)
    let message = outcome.stderrText

    #expect(outcome.status == 1, "\(outcome.summary)")
    #expect(message.hasPrefix("Error: cannot write '"))
    #expect(message.hasSuffix("/data/syncups/sync-ups.json': File too large\n"))
    #expect(syncups.dataBytes == before)
    #expect(Self.dataDirectoryEntries(syncups) == [".sync-ups.json.lock", "sync-ups.json"])
  }

  // Meaningful as root too: root may write any file, so only its mode says it is read-only.
  @Test func aReadOnlyDataFileIsRefusedAndKeptAsItIs() throws {
    let syncups = try Self.syncUpsOfSomeSize()
    #expect(chmod(syncups.dataFile, 0o444) == 0)
    let before = try #require(syncups.dataBytes)
    var status = stat()
    #expect(stat(syncups.dataFile, &status) == 0)
    let inode = status.st_ino

    for arguments in [["add", "--title", "Design"], ["edit", "team 1", "--title", "Renamed"]] {
      let result = try syncups.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.error.hasPrefix("Error: cannot write '"), "\(arguments)")
      #expect(
        result.error.hasSuffix(
          "/data/syncups/sync-ups.json': the file is read-only (mode 0444); "
            + "make it writable (chmod u+w) to allow changes\n"), "\(arguments)")
    }
    #expect(syncups.dataBytes == before)
    #expect(stat(syncups.dataFile, &status) == 0)
    #expect(status.st_ino == inode)
    #expect(status.st_mode & 0o777 == 0o444)
    #expect(Self.dataDirectoryEntries(syncups) == [".sync-ups.json.lock", "sync-ups.json"])
    #expect(try syncups("list").output.contains("Team 4"))  // reading is fine

    #expect(chmod(syncups.dataFile, 0o644) == 0)
    #expect(try syncups("add", "--title", "Design").status == 0)
  }

  @Test func aChildThatStopsReadingDoesNotEndTheTestRun() throws {
    // More than a pipe holds, to a child that exits without reading: a write fails with EPIPE
    // and raises SIGPIPE, which must not end this process.
    let outcome = try ChildProcess.run(
      Invocation(
        program: "/bin/sh", arguments: [Array("-c".utf8), Array("exit 7".utf8)],
        environment: [:], directory: "/", input: .bytes(Array(repeating: 0x41, count: 100_000))))
    #expect(outcome.status == 7)
    #expect(Self.hasDefaultAction(SIGPIPE))  // as the next child must get it
    var mask = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &mask)
    #expect(sigismember(&mask, SIGPIPE) == 0)
  }
}
