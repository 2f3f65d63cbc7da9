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

/// The file operations the shared-state storage layer needs: atomic durable writes, reads that
/// report which version of a file they saw, an inter-process lock and change notifications.
///
/// `LiveFileSystem` talks to the real disk; `InMemoryFileSystem` keeps everything in memory for
/// tests. Paths are plain strings; relative paths are resolved against the current directory
/// (live) or `/` (in memory).
public protocol FileSystem: AnyObject, Sendable {
  /// Absolute, standardised path with symlinks resolved as far as they exist.
  ///
  /// A dangling final symlink resolves to its target path and a missing file resolves through
  /// its existing parent. Used for identity, and so a symlinked path is written through to its
  /// target.
  func canonicalPath(_ path: String) -> String

  /// Reads the file through `body`, which pulls its bytes from the start a chunk at a time,
  /// and returns what `body` made of them with the fingerprint of the version it read; nil
  /// when there is no such file.
  ///
  /// Only "no such file" (which includes a dangling symlink) gives nil. Anything else — a
  /// directory, no permission, an I/O error — throws a `FileSystemError`; what `body` throws
  /// is rethrown. If the file changes while it is read, `body` runs again on a new reader
  /// (three times at most), so the result and the fingerprint describe one version; a file
  /// that keeps changing gets a fingerprint it no longer matches. The reader is valid only
  /// while `body` runs.
  ///
  /// ```swift
  /// let size = try fileSystem.read(path) { try $0.readAll().count }?.result ?? 0
  /// ```
  func read<Result>(
    _ path: String,
    through body: (inout FileReader) throws -> Result
  ) throws -> (result: Result, fingerprint: FileFingerprint)?

  /// The file's current fingerprint, or nil when there is no such file.
  func fingerprint(_ path: String) throws(FileSystemError) -> FileFingerprint?

  /// Atomically and durably replaces the file's contents and returns the new fingerprint.
  ///
  /// Missing parent directories are created (mode 0700). The data goes to an exclusively
  /// created temporary file in the same directory, which is written in full, flushed to disk,
  /// given the old file's permission bits (0600 for a new file) and renamed over the target;
  /// then the directory is flushed. On failure the temporary file is removed and the target is
  /// left untouched. Symlinks are written through to their target. A file whose permission
  /// bits do not let this process write it (a file with no write bit at all, even for root) is
  /// not replaced: the write throws an error of kind `.permissionDenied`.
  func write(_ data: Data, to path: String) throws(FileSystemError) -> FileFingerprint

  /// Takes the exclusive inter-process lock for `path`, waiting at most `timeout`.
  ///
  /// The lock also serialises threads and tasks of the same process. The holder leaves a note
  /// of who it is, `holder` (what a person would call it, such as `'syncups sync'`) and its
  /// process, so that a process that gives up waiting can say who holds the lock: it throws
  /// an error of kind `.lockTimeout` whose `lockHolder` names the holder when the note names a
  /// process that still runs. Do not hold the lock across an `await` that may wait for another
  /// holder of the same lock.
  func lock(_ path: String, timeout: Duration, holder: String?) throws(FileSystemError)
    -> any FileLock

  /// Calls `onChange` on a background thread soon after anyone changes, creates, replaces or
  /// deletes the file at `path`, until the returned watch is cancelled or released.
  ///
  /// Calls for one watch never overlap and may be merged; spurious calls are possible (compare
  /// fingerprints), missed changes are not. Start watching before the first read so that no
  /// change falls between the two.
  func watch(_ path: String, onChange: @escaping @Sendable () -> Void) -> any FileWatch

  /// Atomically replaces the file as `write(_:to:)` does; with `durably` false, without
  /// flushing the file and its directory to the disk: for a file that means nothing after a
  /// crash, or whose reader copies it elsewhere at once.
  func write(_ data: Data, to path: String, durably: Bool) throws(FileSystemError)
    -> FileFingerprint

  /// Creates `directory` and its missing parents with mode 0700 (less the umask); an existing
  /// directory is left as it is.
  func makeDirectories(_ directory: String) throws(FileSystemError)

  /// The names of the entries in `directory`, without `.` and `..`, in no particular order;
  /// nil when there is no such directory.
  func contentsOfDirectory(_ directory: String) throws(FileSystemError) -> [String]?

  /// Removes the file at `path` (a symlink itself, not its target); nothing when there is none.
  func removeFile(_ path: String) throws(FileSystemError)

  /// What is at `path`, not following a final symlink: its kind, owner and permission bits;
  /// nil when nothing is there.
  func entry(_ path: String) throws(FileSystemError) -> FileEntry?

  /// What `path` names once symlinks are followed, as `stat(2)` tells it; nil when nothing is
  /// there, a symlink to nothing included.
  ///
  /// ```swift
  /// let isFolder = try fileSystem.resolvedEntry("/home/ana/hooks/meeting-ended.d")?.kind == .directory
  /// ```
  func resolvedEntry(_ path: String) throws(FileSystemError) -> FileEntry?

  /// The target the symlink at `path` holds, as it holds it (relative or absolute, existing or
  /// not); nil when `path` is no symlink or nothing is there.
  ///
  /// ```swift
  /// let dangling = try fileSystem.symlinkTarget(path) != nil && fileSystem.resolvedEntry(path) == nil
  /// ```
  func symlinkTarget(_ path: String) throws(FileSystemError) -> String?

  /// Whether this user may execute what `path` names, symlinks followed (`access(2)`'s
  /// `X_OK`); false when nothing is there.
  func isExecutable(_ path: String) -> Bool

  /// Adds `data` at the end of the file, creating it (mode 0600, missing parent directories
  /// 0700) when there is none. The bytes go in one write when the system takes them whole, so
  /// that what processes append at the same time is never interleaved within one call.
  ///
  /// ```swift
  /// try fileSystem.append(Data("--- run 1 ended\n".utf8), to: "/home/ana/.local/state/syncups/hooks.log")
  /// ```
  func append(_ data: Data, to path: String) throws(FileSystemError)
}

/// What a path names, as ``FileSystem/entry(_:)`` tells it.
public struct FileEntry: Equatable, Sendable {
  /// What kind of thing the path names.
  public enum Kind: Equatable, Sendable {
    case file
    case directory
    /// A symlink, a socket, a device…
    case other
  }

  public var kind: Kind
  /// The user id of its owner.
  public var owner: UInt32
  /// Its permission bits, such as `0o700`.
  public var permissions: UInt16
  /// Whether it is a symlink (then of kind `.other`): only ``FileSystem/entry(_:)``, which
  /// does not follow one, tells of it.
  public var isSymlink: Bool

  public init(kind: Kind, owner: UInt32, permissions: UInt16, isSymlink: Bool = false) {
    self.kind = kind
    self.owner = owner
    self.permissions = permissions
    self.isSymlink = isSymlink
  }
}

extension FileSystem {
  /// Takes the lock for `path` as `lock(_:timeout:holder:)` does, leaving a note that names
  /// the holding process but no holder a person would recognise.
  ///
  /// ```swift
  /// let lock = try fileSystem.lock(path, timeout: .seconds(10))
  /// defer { lock.unlock() }
  /// ```
  public func lock(_ path: String, timeout: Duration) throws(FileSystemError) -> any FileLock {
    try lock(path, timeout: timeout, holder: nil)
  }

  /// The file's contents and fingerprint, or nil when there is no such file; throws like
  /// `read(_:through:)`.
  public func read(
    _ path: String
  ) throws(FileSystemError) -> (data: Data, fingerprint: FileFingerprint)? {
    do {
      return try read(path) { reader in try reader.readAll() }
        .map { (data: $0.result, fingerprint: $0.fingerprint) }
    } catch let error as FileSystemError {
      throw error
    } catch {
      preconditionFailure("reading a whole file threw \(error), not a FileSystemError")
    }
  }

  /// Whether `path` leads to something, symlinks followed, as `access(2)`'s `F_OK` tells: false
  /// when nothing is there, for a symlink to nothing, and for a path that cannot be looked at.
  ///
  /// ```swift
  /// let merging = fileSystem.exists(gitDirectory + "/MERGE_HEAD")
  /// ```
  public func exists(_ path: String) -> Bool {
    (try? resolvedEntry(path)) != nil
  }

  /// When `path` is a symbolic link whose target does not exist, that target; else nil.
  public func brokenSymlinkTarget(_ path: String) -> String? {
    guard let target = try? symlinkTarget(path) else { return nil }
    do {
      return try resolvedEntry(path) == nil ? target : nil
    } catch {
      return nil
    }
  }
}

/// A held lock from `FileSystem.lock(_:timeout:)`.
public protocol FileLock: Sendable {
  /// Releases the lock. Calling it again does nothing. The lock is also released when the
  /// value is released and when the process exits.
  func unlock()
}

/// A running watch from `FileSystem.watch(_:onChange:)`.
public protocol FileWatch: AnyObject, Sendable {
  /// Stops the watch; no new call of its callback starts afterwards. Also happens on release.
  func cancel()
}

/// Identifies one version of a file on disk, so a process can tell whether the file changed
/// since it last read or wrote it.
///
/// On disk it combines device, inode, size and modification and status-change times (in
/// nanoseconds); an atomic replace always gives a new inode. In memory it is a generation
/// counter. Two fingerprints are only comparable when they come from the same file system.
public struct FileFingerprint: Hashable, Sendable, CustomStringConvertible {
  private enum Storage: Hashable, Sendable {
    case disk(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64)
    case generation(UInt64)
  }

  private let storage: Storage

  /// A fingerprint for a file on disk, from the fields of `stat(2)`.
  public init(
    device: UInt64,
    inode: UInt64,
    size: Int64,
    modificationTimeNanoseconds: Int64,
    changeTimeNanoseconds: Int64
  ) {
    storage = .disk(
      device: device,
      inode: inode,
      size: size,
      modified: modificationTimeNanoseconds,
      changed: changeTimeNanoseconds
    )
  }

  /// A fingerprint for an in-memory file: a counter that changes on every write.
  public init(generation: UInt64) {
    storage = .generation(generation)
  }

  /// A short human-readable form, for logs and test failures.
  public var description: String {
    switch storage {
    case let .disk(device, inode, size, modified, changed):
      return "dev \(device) ino \(inode) size \(size) mtime \(modified) ctime \(changed)"
    case let .generation(generation):
      return "generation \(generation)"
    }
  }
}

/// A failed file operation, with a message a person can act on, such as
/// "cannot write '/x/y.json': No space left on device".
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The broad cause, for code that reacts differently to different failures.
  public enum Kind: Equatable, Sendable {
    /// The file or a directory on its path does not exist.
    case notFound
    /// The process may not read or write the file or its directory.
    case permissionDenied
    /// The path names a directory where a file was expected.
    case isDirectory
    /// The disk or the user's quota is full.
    case noSpace
    /// The file would exceed the largest size allowed for this process or file system.
    case fileTooLarge
    /// The lock was held by someone else for longer than the timeout.
    case lockTimeout
    /// Any other failure; see `message` and `errno`.
    case other
  }

  /// The broad cause.
  public var kind: Kind
  /// The path the operation was about.
  public var path: String
  /// What failed, on which path and why.
  public var message: String
  /// The system error number, when the failure came from a system call.
  public var errno: Int32?
  /// For `.lockTimeout`: who holds the lock, such as `'syncups sync' (pid 4242)`, when known.
  public var lockHolder: String?

  /// Creates an error from its parts.
  public init(
    kind: Kind, path: String, message: String, errno: Int32? = nil, lockHolder: String? = nil
  ) {
    self.kind = kind
    self.path = path
    self.message = message
    self.errno = errno
    self.lockHolder = lockHolder
  }

  /// Creates an error for a failed system call, with the message
  /// "cannot <operation> '<path>': <system description of errno>".
  public init(operation: String, path: String, errno code: Int32) {
    self.init(
      kind: Self.kind(forErrno: code),
      path: path,
      message: "cannot \(operation) '\(path)': \(Self.systemDescription(of: code))",
      errno: code
    )
  }

  /// An error like the one the live file system gives for `kind`, for simulating failures
  /// in tests (see `InMemoryFileSystem.setFailure(for:operation:error:count:)`).
  public static func simulated(
    _ kind: Kind,
    operation: String = "write",
    path: String
  ) -> FileSystemError {
    let code: Int32
    switch kind {
    case .notFound: code = ENOENT
    case .permissionDenied: code = EACCES
    case .isDirectory: code = EISDIR
    case .noSpace: code = ENOSPC
    case .fileTooLarge: code = EFBIG
    case .lockTimeout: code = ETIMEDOUT
    case .other: code = EIO
    }
    var error = FileSystemError(operation: operation, path: path, errno: code)
    error.kind = kind
    return error
  }

  /// The message.
  public var description: String { message }

  /// The kind that best describes a system error number.
  static func kind(forErrno code: Int32) -> Kind {
    switch code {
    case ENOENT: return .notFound
    case EACCES, EPERM, EROFS: return .permissionDenied
    case EISDIR: return .isDirectory
    case ENOSPC, EDQUOT: return .noSpace
    case EFBIG: return .fileTooLarge
    default: return .other
    }
  }

  /// The system's description of an error number, e.g. "No space left on device".
  static func systemDescription(of code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
