#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveFileSystem {
  /// Takes `flock(LOCK_EX)` on the sidecar file `.<name>.lock` next to the canonical path,
  /// creating it (0600) and missing parent directories (0700) as needed. The lock file is
  /// never deleted, so every process always locks the same inode.
  ///
  /// Each call opens its own descriptor, and flock locks belong to the open file description,
  /// so two threads of one process exclude each other just like two processes. Waiting polls
  /// with `LOCK_NB` and sleeps that grow from 0.5 ms to 20 ms.
  ///
  /// The holder writes its note into the lock file (``LockHolderNote``), replacing the last
  /// holder's; a lock file this process may only read keeps the note it has.
  public func lock(
    _ path: String, timeout: Duration, holder: String?
  ) throws(FileSystemError) -> any FileLock {
    let target = canonicalPath(path)
    let (directory, name) = FSPath.split(target)
    let lockPath = FSPath.join(directory, FSPath.sidecarName(for: name, suffix: ".lock"))
    let fd = try openLockFile(lockPath, for: target)

    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var delay = Duration.microseconds(500)
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else {
        close(fd)
        throw FileSystemError(operation: "lock", path: target, errno: code)
      }
      let now = clock.now
      guard now < deadline else {
        let holder = LockHolderNote.read(fd)?.description
        close(fd)
        throw FileSystemError(
          kind: .lockTimeout,
          path: target,
          message: "cannot lock '\(target)': still held by "
            + "\(holder ?? "another process or thread") after \(timeout) (lock file '\(lockPath)')",
          errno: nil,
          lockHolder: holder
        )
      }
      FSSystem.sleep(min(delay, now.duration(to: deadline)))
      delay = min(delay * 2, .milliseconds(20))
    }
    LockHolderNote(process: LiveFileSystem.thisProcess, holder: holder).write(to: fd)
    return FSFlockHandle(fd)
  }

  /// Opens (creating if needed) the lock file. Falls back to read-only for a lock file we may
  /// not write, since flock works on any open descriptor.
  private func openLockFile(
    _ lockPath: String,
    for target: String
  ) throws(FileSystemError) -> Int32 {
    var createdDirectories = false
    while true {
      let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      if fd >= 0 { return fd }
      let code = errno
      if code == EINTR { continue }
      if code == ENOENT && !createdDirectories {
        createdDirectories = true
        try makeDirectories(FSPath.split(lockPath).directory)
        continue
      }
      if code == EACCES {
        let readOnly = open(lockPath, O_RDONLY | O_CLOEXEC)
        if readOnly >= 0 { return readOnly }
      }
      throw FileSystemError(
        kind: FileSystemError.kind(forErrno: code),
        path: target,
        message: "cannot lock '\(target)': cannot open lock file '\(lockPath)': "
          + FileSystemError.systemDescription(of: code),
        errno: code
      )
    }
  }
}

/// A held flock lock; releasing closes the descriptor.
final class FSFlockHandle: FileLock {
  private let descriptor: LockIsolated<Int32>

  init(_ fd: Int32) {
    descriptor = LockIsolated(fd)
  }

  deinit {
    unlock()
  }

  func unlock() {
    let fd = descriptor.withLock { fd in
      defer { fd = -1 }
      return fd
    }
    guard fd >= 0 else { return }
    // Explicit LOCK_UN: a forked child sharing the descriptor must not keep the lock alive.
    flock(fd, LOCK_UN)
    close(fd)
  }
}

/// Who holds a lock, as its holder wrote it into the lock file: its process on the first line
/// (`<pid> <start>`, start 0 where unknown; see ``ProcessIdentity``), what it calls itself on
/// the second (`'syncups sync'`, or nothing). The note stays when the lock is let go, so a
/// reader trusts it only while its process still runs.
struct LockHolderNote: Equatable {
  var process: ProcessIdentity
  var holder: String?

  /// Who holds the lock, for a person: `'syncups sync' (pid 4242)`, or `process 4242`.
  var description: String {
    holder.map { "\($0) (pid \(process.pid))" } ?? "process \(process.pid)"
  }

  /// The note's text; line breaks in `holder` become spaces, so it stays two lines.
  var text: String {
    let holder = (holder ?? "").map { $0.isNewline ? " " : $0 }
    return "\(process.pid) \(process.start ?? 0)\n\(String(holder))\n"
  }

  /// The note `text` holds, or nil when it holds none.
  init?(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let fields = lines.first?.split(separator: " ") ?? []
    guard fields.count == 2, let pid = Int32(fields[0]), pid > 0, let start = UInt64(fields[1])
    else { return nil }
    process = ProcessIdentity(pid: pid, start: start == 0 ? nil : start)
    holder = lines.count > 1 && !lines[1].isEmpty ? String(lines[1]) : nil
  }

  init(process: ProcessIdentity, holder: String?) {
    self.process = process
    self.holder = holder
  }

  /// Replaces the lock file's contents with the note. A failure (a lock file opened read-only)
  /// leaves the old note, which a reader checks against its process anyway.
  func write(to fd: Int32) {
    let bytes = Array(text.utf8)
    guard ftruncate(fd, 0) == 0 else { return }
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  /// The note in the lock file open at `fd`, when its process still runs.
  static func read(_ fd: Int32) -> LockHolderNote? {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    guard let note = LockHolderNote(text: String(decoding: buffer[..<count], as: UTF8.self)),
      !note.process.hasEnded
    else { return nil }
    return note
  }
}
