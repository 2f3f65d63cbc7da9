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

/// The real file system, through POSIX calls.
///
/// Writes are atomic and durable (temporary file, fsync, rename, directory fsync), locks are
/// `flock(2)` locks on a sidecar file `.<name>.lock`, and watches use one shared inotify
/// descriptor per process on Linux (see `watch(_:onChange:)`). A crash during a write can leave
/// a `.<name>.tmp-<pid>-<start>-XXXXXX` file behind; it never replaces the target, and the next
/// write of the file removes it once its writer is gone. If only the final flush of the
/// directory fails, `write` throws an error whose message says the new contents are in place
/// but may not survive a power loss.
///
/// Fingerprints rely on the inode changing with every atomic write; an in-place edit by
/// another program that keeps the size and lands within the file system's timestamp
/// granularity can go unnoticed by fingerprint comparison alone.
public final class LiveFileSystem: FileSystem {
  /// The instance to use; the type holds no state of its own.
  public static let shared = LiveFileSystem()

  /// Creates a live file system. All instances share the process-wide inotify descriptor.
  public init() {}

  // MARK: Paths

  /// The absolute path with `.`, `..`, repeated slashes and symlinks resolved (`realpath(3)`),
  /// following dangling symlinks and resolving missing files through their existing parent.
  public func canonicalPath(_ path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
      absolute = String(cString: cwd) + "/" + path
      free(cwd)
    }
    return resolve(FSPath.cleaned(absolute), depth: 0)
  }

  /// Resolves symlinks in an absolute path as far as the path exists.
  private func resolve(_ path: String, depth: Int) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let (parent, name) = FSPath.split(path)
    if name.isEmpty { return "/" }
    let directory = resolve(parent, depth: depth)
    if name == ".." { return FSPath.split(directory).directory }
    let candidate = FSPath.join(directory, name)
    guard depth < 40, let target = FSSystem.readLink(candidate) else { return candidate }
    let next = target.hasPrefix("/") ? target : FSPath.join(directory, target)
    return resolve(FSPath.cleaned(next), depth: depth + 1)
  }

  // MARK: Reading

  /// Reads the file through `body` (see `FileSystem.read(_:through:)`); runs `body` again (up
  /// to three times in all) if the file changed meanwhile, so result and fingerprint match.
  /// A file that changed during all three reads gets the fingerprint of a version it no longer
  /// has, so a later comparison reads it again. Nil only for ENOENT (including a dangling
  /// symlink).
  public func read<Result>(
    _ path: String,
    through body: (inout FileReader) throws -> Result
  ) throws -> (result: Result, fingerprint: FileFingerprint)? {
    // O_NONBLOCK so that a FIFO cannot block the open; it does nothing for regular files.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw FileSystemError(operation: "open", path: path, errno: code)
    }
    defer { close(fd) }
    var before = try status(of: fd, path: path)
    try requireRegularFile(before, path: path)
    // If someone writes in place while we read, read again so contents and fingerprint match.
    var attempt = 0
    while true {
      attempt += 1
      let sizeHint = Int(before.st_size)
      var reader = FileReader(
        size: sizeHint,
        readAt: { [self] offset, buffer throws(FileSystemError) in
          try readChunk(fd, at: offset, into: buffer, path: path)
        },
        readAll: { [self] () throws(FileSystemError) in
          try readAll(fd, sizeHint: sizeHint, path: path)
        }
      )
      let result: Result
      do {
        result = try body(&reader)
      } catch {
        // A decoder may have failed on a file torn by an in-place write: read it again.
        let after = try status(of: fd, path: path)
        guard FileFingerprint(after) != FileFingerprint(before), attempt < 3 else { throw error }
        before = after
        continue
      }
      let after = try status(of: fd, path: path)
      if FileFingerprint(after) == FileFingerprint(before) {
        return (result, FileFingerprint(after))
      }
      if attempt == 3 {
        // Changed during every read: the version the last read began with, which the file no
        // longer has, so that whoever compares fingerprints later reads it again.
        return (result, FileFingerprint(before))
      }
      before = after
    }
  }

  /// The fingerprint from `stat(2)` (following symlinks), nil only for ENOENT.
  public func fingerprint(_ path: String) throws(FileSystemError) -> FileFingerprint? {
    var info = stat()
    if stat(path, &info) != 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw FileSystemError(operation: "inspect", path: path, errno: code)
    }
    try requireRegularFile(info, path: path)
    return FileFingerprint(info)
  }

  private func status(of fd: Int32, path: String) throws(FileSystemError) -> stat {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw FileSystemError(operation: "inspect", path: path, errno: errno)
    }
    return info
  }

  private func requireRegularFile(_ info: stat, path: String) throws(FileSystemError) {
    switch info.fsFileType {
    case mode_t(S_IFREG):
      return
    case mode_t(S_IFDIR):
      throw FileSystemError(
        kind: .isDirectory,
        path: path,
        message: "cannot use '\(path)' as a file: it is a directory",
        errno: EISDIR
      )
    default:
      throw FileSystemError(
        kind: .other,
        path: path,
        message: "cannot use '\(path)' as a file: it is not a regular file",
        errno: nil
      )
    }
  }

  /// Reads the bytes at `offset` into `buffer`; 0 at the end of the file.
  private func readChunk(
    _ fd: Int32,
    at offset: Int,
    into buffer: UnsafeMutableRawBufferPointer,
    path: String
  ) throws(FileSystemError) -> Int {
    while true {
      let count = pread(fd, buffer.baseAddress!, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno != EINTR { throw FileSystemError(operation: "read", path: path, errno: errno) }
    }
  }

  /// Reads from offset 0 to the end of the file into one buffer sized from `sizeHint` (grown
  /// if the file grew), without copying it afterwards.
  private func readAll(
    _ fd: Int32,
    sizeHint: Int,
    path: String
  ) throws(FileSystemError) -> Data {
    var buffer = Data(count: max(sizeHint + 1, 4096))
    var filled = 0
    while true {
      if filled == buffer.count {
        buffer.count *= 2
      }
      let count = buffer.withUnsafeMutableBytes { raw in
        pread(fd, raw.baseAddress! + filled, raw.count - filled, off_t(filled))
      }
      if count > 0 {
        filled += count
      } else if count == 0 {
        buffer.count = filled
        return buffer
      } else if errno != EINTR {
        throw FileSystemError(operation: "read", path: path, errno: errno)
      }
    }
  }

  // MARK: Writing

  /// Atomically and durably replaces the file at the canonical path (see
  /// `FileSystem.write(_:to:)`); also keeps the old owner where permitted.
  public func write(_ data: Data, to path: String) throws(FileSystemError) -> FileFingerprint {
    try write(data, to: path, durably: true)
  }

  /// Atomically replaces the file as `write(_:to:)` does; with `durably` false, without flushing
  /// the file and its directory to the disk. Readers see the old contents or the new, never a
  /// mix, but a power loss may undo the change: for a file whose reader copies it elsewhere at
  /// once, such as the result of a git merge driver, which git stores itself.
  ///
  /// ```swift
  /// try LiveFileSystem.shared.write(merged, to: path, durably: false)
  /// ```
  public func write(
    _ data: Data, to path: String, durably: Bool
  ) throws(FileSystemError) -> FileFingerprint {
    let target = canonicalPath(path)
    let directory = FSPath.split(target).directory
    try makeDirectories(directory)

    var mode: mode_t = 0o600
    var owner: (uid: uid_t, gid: gid_t)?
    var existing = stat()
    if stat(target, &existing) == 0 {
      if existing.fsFileType == mode_t(S_IFDIR) {
        throw FileSystemError(
          kind: .isDirectory,
          path: target,
          message: "cannot write '\(target)': it is a directory",
          errno: EISDIR
        )
      }
      mode = existing.st_mode & 0o777
      owner = (existing.st_uid, existing.st_gid)
      try requireWritable(target, mode: mode)
    } else if errno != ENOENT {
      throw FileSystemError(operation: "write", path: target, errno: errno)
    }

    removeAbandonedTemporaryFiles(of: target)
    let (fd, temporary) = try createTemporaryFile(for: target)
    do throws(FileSystemError) {
      try writeAll(data, to: fd, path: target)
      guard fchmod(fd, mode) == 0 else {
        throw FileSystemError(operation: "set the permissions of", path: target, errno: errno)
      }
      if let owner, owner.uid != geteuid() || owner.gid != getegid() {
        // Keep the old owner when we may (root, or a group we belong to); otherwise the file
        // simply becomes ours, as with any editor's atomic save.
        _ = fchown(fd, owner.uid, owner.gid)
      }
      if durably { try flush(fd, path: target) }
      guard rename(temporary, target) == 0 else {
        throw FileSystemError(operation: "replace", path: target, errno: errno)
      }
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    // fstat after the rename: renaming updates the file's ctime on some file systems.
    let info = try? status(of: fd, path: target)
    close(fd)
    if durably { try flushDirectory(directory, for: target) }
    if let info { return FileFingerprint(info) }
    guard let fingerprint = try fingerprint(target) else {
      throw FileSystemError(operation: "inspect", path: target, errno: ENOENT)
    }
    return fingerprint
  }

  /// Refuses to replace a file its permissions say this process may not change. The rename
  /// would succeed anyway (it needs only the directory's permission), and root passes every
  /// permission check, so a file with no write bit at all is refused whoever we are.
  private func requireWritable(_ target: String, mode: mode_t) throws(FileSystemError) {
    let permissions = "mode 0" + String(mode, radix: 8)
    let why: String
    if mode & 0o222 == 0 {
      why = "the file is read-only (\(permissions)); make it writable (chmod u+w) to allow changes"
    } else if faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0 && errno == EACCES {
      why = "this user may not change the file (\(permissions))"
    } else {
      return
    }
    throw FileSystemError(
      kind: .permissionDenied, path: target, message: "cannot write '\(target)': \(why)")
  }

  /// Opens the file with `O_APPEND` (creating it, and its missing directories) and writes all
  /// of `data` at its end.
  public func append(_ data: Data, to path: String) throws(FileSystemError) {
    let target = canonicalPath(path)
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
    var fd = open(target, flags, 0o600)
    if fd < 0 && errno == ENOENT {
      try makeDirectories(FSPath.split(target).directory)
      fd = open(target, flags, 0o600)
    }
    guard fd >= 0 else { throw FileSystemError(operation: "append to", path: target, errno: errno) }
    defer { close(fd) }
    try writeAll(data, to: fd, path: target)
  }

  /// Creates `directory` and its missing parents with mode 0700 (less the umask); an existing
  /// directory is left as it is.
  ///
  /// ```swift
  /// try LiveFileSystem.shared.makeDirectories("/run/user/1000/syncups")
  /// ```
  public func makeDirectories(_ directory: String) throws(FileSystemError) {
    if mkdir(directory, 0o700) == 0 || errno == EEXIST { return }
    var code = errno
    if code == ENOENT {
      let parent = FSPath.split(directory).directory
      if parent != directory {
        try makeDirectories(parent)
        if mkdir(directory, 0o700) == 0 || errno == EEXIST { return }
        code = errno
      }
    }
    throw FileSystemError(operation: "create directory", path: directory, errno: code)
  }

  /// Exclusively creates `.<name>.tmp-<pid>-<start>-XXXXXX` (mode 0600) next to `target`: the
  /// name says which process writes it (``ProcessIdentity``; start 0 where unknown), so that a
  /// file left by a writer killed mid-write can be told from one being written.
  private func createTemporaryFile(
    for target: String
  ) throws(FileSystemError) -> (fd: Int32, path: String) {
    let (directory, name) = FSPath.split(target)
    let writer = Self.thisProcess
    let prefix = FSPath.join(
      directory,
      FSPath.sidecarName(for: name, suffix: ".tmp-\(writer.pid)-\(writer.start ?? 0)-"))
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in letters.randomElement()! })
      let candidate = prefix + suffix
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd >= 0 { return (fd, candidate) }
      let code = errno
      if code != EEXIST && code != EINTR {
        throw FileSystemError(
          operation: "create a temporary file in", path: directory, errno: code
        )
      }
    }
    throw FileSystemError(
      kind: .other,
      path: directory,
      message: "cannot create a temporary file in '\(directory)': every name tried was taken"
    )
  }

  /// This process, as temporary files and lock notes name it.
  static let thisProcess = ProcessIdentity.current

  /// The files whose abandoned temporary files this process has looked for.
  private static let swept = LockIsolated(Set<String>())

  /// Removes the temporary files that writes of `target` left behind when their process died
  /// before it could (`kill -9` during a write of a large file), so they do not pile up: those
  /// whose name says which process made them, once that process is gone. A writer that still
  /// runs keeps its file, and files that name no process are left alone. Failures are ignored:
  /// this is housekeeping, and the write goes on regardless. Writes of a shared file happen
  /// under its lock, so no other writer of the file is between its first byte and its rename.
  ///
  /// Done at a process's first write of `target` only: a file written every second (a running
  /// meeting's status) is not listed every second, and what a process killed meanwhile left is
  /// the next process's to remove.
  private func removeAbandonedTemporaryFiles(of target: String) {
    guard Self.swept.withValue({ $0.insert(target).inserted }) else { return }
    let (directory, name) = FSPath.split(target)
    let prefix = FSPath.sidecarName(for: name, suffix: ".tmp-")
    guard let names = try? contentsOfDirectory(directory) ?? [] else { return }
    for entry in names where entry.hasPrefix(prefix) {
      // <pid>-<start>-XXXXXX; the random part never holds a hyphen.
      let fields = entry.dropFirst(prefix.count).split(separator: "-")
      guard fields.count == 3, let pid = Int32(fields[0]), pid > 0, let start = UInt64(fields[1])
      else { continue }
      let writer = ProcessIdentity(pid: pid, start: start == 0 ? nil : start)
      if writer.hasEnded { unlink(FSPath.join(directory, entry)) }
    }
  }

  /// Writes all of `data`, continuing after short writes and interruptions.
  private func writeAll(_ data: Data, to fd: Int32, path: String) throws(FileSystemError) {
    let failure: Int32? = data.withUnsafeBytes { raw in
      guard var next = raw.baseAddress else { return nil }
      var remaining = raw.count
      while remaining > 0 {
        let count = fsSystemWrite(fd, next, remaining)
        if count > 0 {
          next += count
          remaining -= count
        } else if count < 0 && errno != EINTR {
          return errno
        }
      }
      return nil
    }
    if let failure {
      throw FileSystemError(operation: "write", path: path, errno: failure)
    }
  }

  /// Flushes a file's data to the disk (F_FULLFSYNC on Darwin, where fsync is not enough).
  private func flush(_ fd: Int32, path: String) throws(FileSystemError) {
    #if canImport(Darwin)
    if fcntl(fd, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(fd) != 0 {
      guard errno == EINTR else {
        throw FileSystemError(operation: "flush to disk", path: path, errno: errno)
      }
    }
  }

  /// Flushes the directory entry of a renamed file. File systems that cannot sync a directory
  /// (EINVAL) are accepted as they are.
  private func flushDirectory(_ directory: String, for target: String) throws(FileSystemError) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    while fsync(fd) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EINVAL || code == ENOTSUP { return }
      throw FileSystemError(
        kind: FileSystemError.kind(forErrno: code),
        path: target,
        message: "wrote '\(target)' but cannot flush its directory to disk, so the change may "
          + "not survive a power loss: \(FileSystemError.systemDescription(of: code))",
        errno: code
      )
    }
  }
}

/// `write(2)`, named apart from `LiveFileSystem.write(_:to:)`.
private func fsSystemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
  return Glibc.write(fd, buffer, count)
  #elseif canImport(Musl)
  return Musl.write(fd, buffer, count)
  #else
  return Darwin.write(fd, buffer, count)
  #endif
}
