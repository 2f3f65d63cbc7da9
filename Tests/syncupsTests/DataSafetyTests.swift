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
    // As a shell leaves it: SIGXFSZ's default action, to end the process, neither ignored nor
    // blocked (the threads that run tests block it, and a child inherits their mask).
    try #require(Self.hasDefaultAction(SIGXFSZ))
    let syncups = try Self.syncUpsOfSomeSize()
    let before = try #require(syncups.dataBytes)
    #expect(before.count > 1024)

    // `ulimit -f 1`: no file may grow past 512 bytes.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", #"ulimit -f 1 && exec "$0" "$@""#, SyncUpsRun.binary, "add", "--title", "One too many"]
    process.currentDirectoryURL = URL(fileURLWithPath: syncups.home.path)
    process.environment = syncups.environment()
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    var fileSizeSignal = sigset_t()
    sigemptyset(&fileSizeSignal)
    sigaddset(&fileSizeSignal, SIGXFSZ)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &fileSizeSignal, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 1)
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

  @Test func aChildThatStopsReadingIsAnIssueNotTheEndOfTheTestRun() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    // The reader is gone: this write raises SIGPIPE, which must not end this process.
    withKnownIssue {
      input.fileHandleForWriting.writeToChild(Data(repeating: 0x41, count: 100_000))
    } matching: { $0.description.contains("cannot write to the child's standard input") }
    #expect(Self.hasDefaultAction(SIGPIPE))  // as the next child must get it
    var mask = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &mask)
    #expect(sigismember(&mask, SIGPIPE) == 0)
  }
}
