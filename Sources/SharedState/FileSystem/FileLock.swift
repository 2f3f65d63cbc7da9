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
  public func lock(_ path: String, timeout: Duration) throws(FileSystemError) -> any FileLock {
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
        close(fd)
        throw FileSystemError(
          kind: .lockTimeout,
          path: target,
          message: "cannot lock '\(target)': still held by another process or thread after "
            + "\(timeout) (lock file '\(lockPath)')",
          errno: nil
        )
      }
      FSSystem.sleep(min(delay, now.duration(to: deadline)))
      delay = min(delay * 2, .milliseconds(20))
    }
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
