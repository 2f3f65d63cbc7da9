// A helper process for the multi-process tests of SharedState's file system layer.
//
//   FileSystemWorker <path> <workerId> <count>
//     `count` times: take the lock on <path>, read it (a JSON array of strings; a missing file
//     counts as []), append "w<workerId>-<i>", write it back, unlock. Exit 0 when done.
//
//   FileSystemWorker --write-limited <path> <bytes> <maxFileSize>
//     Lowers RLIMIT_FSIZE to <maxFileSize> (ignoring SIGXFSZ, so the write fails with EFBIG
//     instead of killing the process) and writes <bytes> bytes of 'x' to <path>.
//     Exits 0 when the write failed with kind .fileTooLarge, 1 when it succeeded.
//
//   FileSystemWorker --shared <path> <workerId> <count> [--save-each]
//     The same appends through `@Shared(.fileStorage(…))`: each `withLock` takes the file's lock
//     and starts from its latest contents. Without --save-each nothing is saved explicitly, so
//     the changes reach the disk through the coalesced write and the flush at exit.
//
//   FileSystemWorker --pending-at-exit <path> <entry>
//     Appends <entry> through `@Shared(.fileStorage(…))` with a save delay of an hour and exits
//     at once (status 0): only the flush at exit can write the change.
//
//   FileSystemWorker --transactions <path> <workerId> <count>
//     The same appends, each in `$entries.transaction`; every third (index 2, 5, …) throws
//     after appending, and must leave no trace.
//
// Any other failure prints a message to standard error and exits with status 2.
//
// A worker dies with the process that started it (on Linux, through PR_SET_PDEATHSIG; that
// process passes its id in FILESYSTEMWORKER_PARENT, so that a parent gone before the worker
// armed it is noticed too): a test that crashes leaves no worker running.

import SharedState
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Arms the death signal: SIGKILL when the parent exits, and exits at once if it already has.
func dieWithParent() {
  #if os(Linux)
  // prctl(2) is variadic, which Swift cannot call directly: look it up with a fixed signature.
  typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else {
    fail("cannot find prctl")
  }
  let prctl = unsafeBitCast(symbol, to: Prctl.self)
  let setDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG, from <linux/prctl.h>, which Glibc lacks
  guard prctl(setDeathSignal, UInt(SIGKILL), 0, 0, 0) == 0 else {
    fail("prctl(PR_SET_PDEATHSIG) failed: errno \(errno)")
  }
  #endif
  let expected = getenv("FILESYSTEMWORKER_PARENT").flatMap { pid_t(String(cString: $0)) }
  if let expected, getppid() != expected { fail("the process that started this worker is gone") }
}

/// Writes a line to standard error.
func report(_ message: String) {
  var line = "FileSystemWorker: \(message)\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Reports `message` and exits with status 2.
func fail(_ message: String) -> Never {
  report(message)
  exit(2)
}

/// Appends this worker's entries one locked read-modify-write at a time.
func appendEntries(path: String, workerId: String, count: Int) {
  let fileSystem = LiveFileSystem.shared
  for index in 0..<count {
    do {
      let lock = try fileSystem.lock(path, timeout: .seconds(60))
      defer { lock.unlock() }
      var entries: [String] = []
      if let (data, _) = try fileSystem.read(path) {
        entries = try JSONDecoder().decode([String].self, from: data)
      }
      entries.append("w\(workerId)-\(index)")
      _ = try fileSystem.write(try JSONEncoder().encode(entries), to: path)
    } catch {
      fail("\(error)")
    }
  }
}

/// Tries one write that exceeds the file size limit.
func writeLimited(path: String, bytes: Int, maxFileSize: Int) -> Int32 {
  signal(SIGXFSZ, SIG_IGN)
  var limit = rlimit(rlim_cur: rlim_t(maxFileSize), rlim_max: rlim_t(maxFileSize))
  #if os(Linux)
  let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
  #else
  let resource = RLIMIT_FSIZE
  #endif
  guard setrlimit(resource, &limit) == 0 else { fail("setrlimit failed: errno \(errno)") }
  do {
    _ = try LiveFileSystem.shared.write(Data(repeating: UInt8(ascii: "x"), count: bytes), to: path)
    return 1
  } catch where error.kind == .fileTooLarge {
    return 0
  } catch {
    fail("unexpected error: \(error)")
  }
}

/// Appends this worker's entries through a file-backed shared value.
func appendShared(path: String, workerId: String, count: Int, saveEach: Bool) {
  @Shared(.fileStorage(URL(filePath: path))) var entries: [String] = []
  if let error = $entries.loadError { fail("\(error)") }
  for index in 0..<count {
    $entries.withLock { $0.append("w\(workerId)-\(index)") }
    if saveEach {
      do { try $entries.save() } catch { fail("\(error)") }
    }
  }
  if let error = $entries.saveError { fail("\(error)") }
}

/// Appends this worker's entries in transactions through a file-backed shared value; every
/// third one throws after appending, so it must leave no trace.
func appendInTransactions(path: String, workerId: String, count: Int) {
  struct Abandoned: Error {}
  @Shared(.fileStorage(URL(filePath: path))) var entries: [String] = []
  if let error = $entries.loadError { fail("\(error)") }
  for index in 0..<count {
    do {
      try $entries.transaction { entries in
        entries.withLock { $0.append("w\(workerId)-\(index)") }
        if index % 3 == 2 { throw Abandoned() }
      }
    } catch is Abandoned {
      continue
    } catch {
      fail("\(error)")
    }
  }
}

dieWithParent()
/// Appends "at once", which is written at once, then `entry`, a change that waits far longer
/// than the process lives; then exits normally.
func appendPendingAtExit(path: String, entry: String) -> Never {
  withDependencies { $0.fileStorageOptions.saveDelay = .seconds(3600) } operation: {
    @Shared(.fileStorage(URL(filePath: path))) var entries: [String] = []
    if let error = $entries.loadError { fail("\(error)") }
    $entries.withLock { $0.append("at once") }
    $entries.withLock { $0.append(entry) }
    if let error = $entries.saveError { fail("\(error)") }
    exit(0)  // while the shared value, and its waiting change, are alive
  }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--pending-at-exit" {
  appendPendingAtExit(path: arguments[2], entry: arguments[3])
} else if arguments.count == 5, arguments[1] == "--write-limited",
  let bytes = Int(arguments[3]), let maxFileSize = Int(arguments[4])
{
  exit(writeLimited(path: arguments[2], bytes: bytes, maxFileSize: maxFileSize))
} else if (arguments.count == 5 || arguments.count == 6), arguments[1] == "--shared",
  let count = Int(arguments[4])
{
  appendShared(
    path: arguments[2], workerId: arguments[3], count: count,
    saveEach: arguments.count == 6 && arguments[5] == "--save-each"
  )
  exit(0)
} else if arguments.count == 5, arguments[1] == "--transactions", let count = Int(arguments[4]) {
  appendInTransactions(path: arguments[2], workerId: arguments[3], count: count)
  exit(0)
} else if arguments.count == 4, let count = Int(arguments[3]) {
  appendEntries(path: arguments[1], workerId: arguments[2], count: count)
  exit(0)
} else {
  fail("usage: FileSystemWorker <path> <workerId> <count>\n"
    + "       FileSystemWorker --shared <path> <workerId> <count> [--save-each]\n"
    + "       FileSystemWorker --write-limited <path> <bytes> <maxFileSize>\n"
    + "       FileSystemWorker --pending-at-exit <path> <entry>\n"
    + "       FileSystemWorker --transactions <path> <workerId> <count>")
}
