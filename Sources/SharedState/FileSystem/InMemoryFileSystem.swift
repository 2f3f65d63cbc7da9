import Dispatch
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

/// A file system kept in memory, for tests: nothing touches the disk.
///
/// Paths are standardised lexically (relative paths count from `/`), then the symlinks a test
/// made (``makeSymlink(_:to:)``) are followed on them; directories exist implicitly wherever
/// files are below them, and where `makeDirectories(_:)` made them. A file's permission bits
/// are 0600 until a test sets them (``setPermissions(_:of:)``). Every write, including
/// simulated outside changes, gets a new generation number as its fingerprint. Locks are
/// per-path, in-process locks with the same timeout behaviour as the live ones. Watchers are
/// called asynchronously on a private serial queue per watch, after writes through this
/// instance and after `simulateOutsideWrite(_:to:)` / `simulateOutsideDelete(_:)` — as with
/// the live file system, which sees its own writes too.
public final class InMemoryFileSystem: FileSystem {
  /// An operation whose failure can be simulated with `setFailure(for:operation:error:count:)`.
  public enum Operation: Hashable, Sendable {
    /// `read(_:through:)`, and `read(_:)`.
    case read
    /// `write(_:to:)`.
    case write
    /// `fingerprint(_:)`.
    case fingerprint
    /// `lock(_:timeout:)`.
    case lock
  }

  private struct File {
    var data: Data
    var generation: UInt64
  }

  private struct Failure {
    var error: FileSystemError
    var remaining: Int?
  }

  private struct FailureKey: Hashable {
    var path: String
    var operation: Operation
  }

  private struct State {
    var files: [String: File] = [:]
    /// Directories made by `makeDirectories(_:)`; those holding files exist without it.
    var directories: Set<String> = []
    /// Symlinks, by path, to their targets as they were given.
    var links: [String: String] = [:]
    /// Files' permission bits, where a test set them.
    var permissions: [String: UInt16] = [:]
    var lastGeneration: UInt64 = 0
    var writeCounts: [String: Int] = [:]
    var readCounts: [String: Int] = [:]
    var failures: [FailureKey: Failure] = [:]
    var watchers: [String: [ObjectIdentifier: FSChangeNotifier]] = [:]
    var locks: [String: DispatchSemaphore] = [:]
    /// Who took each lock last, as it described itself.
    var lockHolders: [String: String] = [:]

    mutating func nextGeneration() -> UInt64 {
      lastGeneration += 1
      return lastGeneration
    }

    /// Throws the simulated failure for `operation` on `path`, if one is set.
    mutating func checkFailure(_ operation: Operation, _ path: String) throws(FileSystemError) {
      let key = FailureKey(path: path, operation: operation)
      guard var failure = failures[key] else { return }
      if let remaining = failure.remaining {
        failure.remaining = remaining - 1
        failures[key] = remaining > 1 ? failure : nil
      }
      throw failure.error
    }

    /// Whether `path` was made a directory or some file or symlink lies below it.
    func isDirectory(_ path: String) -> Bool {
      let prefix = path == "/" ? "/" : path + "/"
      return directories.contains(path) || directories.contains { $0.hasPrefix(prefix) }
        || files.keys.contains { $0.hasPrefix(prefix) } || links.keys.contains { $0.hasPrefix(prefix) }
    }

    /// The standardised `path` with the symlinks on its way followed, the last one too unless
    /// `followingLast` is false; at most 40 of them, as the system allows.
    func resolve(_ path: String, followingLast: Bool = true) -> String {
      var resolved = "/"
      var rest = FSPath.standardized(path).split(separator: "/").map(String.init)[...]
      var followed = 0
      while let name = rest.popFirst() {
        let candidate = FSPath.join(resolved, name)
        guard let target = links[candidate], followingLast || !rest.isEmpty, followed < 40 else {
          resolved = candidate
          continue
        }
        followed += 1
        rest = FSPath.standardized(target, base: resolved).split(separator: "/").map(String.init)[...]
          + rest
        resolved = "/"
      }
      return resolved
    }

    /// What `path` (resolved already) is, when a file or a directory.
    func entry(_ path: String) -> FileEntry? {
      let owner = UInt32(geteuid())
      if files[path] != nil {
        return FileEntry(kind: .file, owner: owner, permissions: permissions[path] ?? 0o600)
      }
      guard links[path] == nil, isDirectory(path) else { return nil }
      return FileEntry(kind: .directory, owner: owner, permissions: 0o700)
    }

    /// Wakes the watchers of `path`.
    func notify(_ path: String) {
      for notifier in watchers[path, default: [:]].values { notifier.signal() }
    }
  }

  private let state = LockIsolated(State())
  /// The files as a test sees them, when it handed them over (``init(files:readChunkLimit:)-(LockIsolated<[URL:Data]>,_)``):
  /// every write and removal is copied there, and what the test puts there is read, as a
  /// change from outside. Locked after `state`, never before.
  private let mirror: LockIsolated<[URL: Data]>?
  /// The most bytes one read of a `FileReader` hands out.
  public let readChunkLimit: Int

  /// Creates a file system holding `files` (path to contents), whose readers hand out at most
  /// `readChunkLimit` bytes at a time (a small limit tests how decoders cope with chunks that
  /// end anywhere).
  public init(files: [String: Data] = [:], readChunkLimit: Int = .max) {
    self.readChunkLimit = readChunkLimit
    self.mirror = nil
    state.withLock { state in
      for (path, data) in files {
        let generation = state.nextGeneration()
        state.files[FSPath.standardized(path)] = File(data: data, generation: generation)
      }
    }
  }

  /// Creates a file system whose files are the entries of `files`, by their URLs' paths: what
  /// is written here appears there, and what a test puts there is read here (as another
  /// process's change: a new fingerprint, though watches are not told).
  ///
  /// ```swift
  /// let files = LockIsolated<[URL: Data]>([URL(filePath: "/a.json"): Data("1".utf8)])
  /// let fileSystem = InMemoryFileSystem(files: files)
  /// ```
  public init(files: LockIsolated<[URL: Data]>, readChunkLimit: Int = .max) {
    self.readChunkLimit = readChunkLimit
    self.mirror = files
  }

  /// Takes what the test put at `path` in the mirror, if it differs from what is stored.
  private func pull(_ path: String, into state: inout State) {
    guard let mirror else { return }
    let data = mirror.withValue { files in
      files.first { FSPath.standardized($0.key.path) == path }?.value
    }
    guard state.files[path]?.data != data else { return }
    state.files[path] = data.map { File(data: $0, generation: state.nextGeneration()) }
  }

  /// Puts what is stored at `path` in the mirror, under the URL it already has there.
  private func push(_ path: String, from state: State) {
    mirror?.withValue { files in
      let url = files.keys.first { FSPath.standardized($0.path) == path } ?? URL(filePath: path)
      files[url] = state.files[path]?.data
    }
  }

  // MARK: FileSystem

  /// The path standardised lexically: absolute (from `/`), without `.`, `..` or extra slashes,
  /// and the symlinks on it followed.
  public func canonicalPath(_ path: String) -> String {
    state.withLock { $0.resolve(path) }
  }

  /// The path canonical up to its last component, which is left as it is (a symlink itself).
  private func linkPath(_ path: String) -> String {
    state.withLock { $0.resolve(path, followingLast: false) }
  }

  /// Reads the stored contents through `body`, at most `readChunkLimit` bytes per read; nil
  /// for no file. Throws `.isDirectory` when files lie below `path`, or a simulated failure.
  public func read<Result>(
    _ path: String,
    through body: (inout FileReader) throws -> Result
  ) throws -> (result: Result, fingerprint: FileFingerprint)? {
    let path = canonicalPath(path)
    let file = try state.withLock { state throws(FileSystemError) -> File? in
      try state.checkFailure(.read, path)
      state.readCounts[path, default: 0] += 1
      pull(path, into: &state)
      guard let file = state.files[path] else {
        if state.isDirectory(path) { throw Self.directoryError(path) }
        return nil
      }
      return file
    }
    guard let file else { return nil }
    var reader = FileReader(data: file.data, chunkLimit: readChunkLimit)
    return (try body(&reader), FileFingerprint(generation: file.generation))
  }

  /// The stored generation, nil for no file; throws like `read(_:)`.
  public func fingerprint(_ path: String) throws(FileSystemError) -> FileFingerprint? {
    let path = canonicalPath(path)
    return try state.withLock { state throws(FileSystemError) in
      try state.checkFailure(.fingerprint, path)
      pull(path, into: &state)
      guard let file = state.files[path] else {
        if state.isDirectory(path) { throw Self.directoryError(path) }
        return nil
      }
      return FileFingerprint(generation: file.generation)
    }
  }

  /// Stores `data` under a new generation, counts the write and notifies watchers. Throws a
  /// simulated failure, `.isDirectory`, or `.other` when a file is in the way of a directory.
  public func write(_ data: Data, to path: String) throws(FileSystemError) -> FileFingerprint {
    try store(at: path, reading: false) { _ in data }
  }

  /// Stores what `contents` makes of the file's current contents (nil for none; taken from the
  /// test's files first when `reading`), as `write(_:to:)` describes.
  private func store(
    at path: String, reading: Bool, _ contents: (Data?) -> Data
  ) throws(FileSystemError) -> FileFingerprint {
    let path = canonicalPath(path)
    return try state.withLock { state throws(FileSystemError) in
      try state.checkFailure(.write, path)
      if state.isDirectory(path) {
        throw FileSystemError(
          kind: .isDirectory,
          path: path,
          message: "cannot write '\(path)': it is a directory",
          errno: nil
        )
      }
      var ancestor = FSPath.split(path).directory
      while ancestor != "/" {
        if state.files[ancestor] != nil {
          throw FileSystemError(
            kind: .other,
            path: ancestor,
            message: "cannot create directory '\(ancestor)': a file is in the way",
            errno: nil
          )
        }
        ancestor = FSPath.split(ancestor).directory
      }
      if reading { pull(path, into: &state) }
      let generation = state.nextGeneration()
      state.files[path] = File(data: contents(state.files[path]?.data), generation: generation)
      state.writeCounts[path, default: 0] += 1
      push(path, from: state)
      state.notify(path)
      return FileFingerprint(generation: generation)
    }
  }

  /// Takes the in-process lock for `path`, waiting at most `timeout`; a timeout names the
  /// holder as it described itself.
  public func lock(
    _ path: String, timeout: Duration, holder: String?
  ) throws(FileSystemError) -> any FileLock {
    let path = canonicalPath(path)
    let semaphore = try state.withLock { state throws(FileSystemError) in
      try state.checkFailure(.lock, path)
      if let semaphore = state.locks[path] { return semaphore }
      let semaphore = DispatchSemaphore(value: 1)
      state.locks[path] = semaphore
      return semaphore
    }
    // Capped at about 31 years, so the nanosecond count cannot overflow.
    let (seconds, attoseconds) = min(max(timeout, .zero), .seconds(1_000_000_000)).components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    guard semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
      let holder = state.withLock { $0.lockHolders[path] }
      throw FileSystemError(
        kind: .lockTimeout,
        path: path,
        message: "cannot lock '\(path)': still held by \(holder ?? "another thread") after "
          + "\(timeout)",
        errno: nil,
        lockHolder: holder
      )
    }
    state.withLock { $0.lockHolders[path] = holder }
    return FSSemaphoreLock(semaphore)
  }

  /// Registers `onChange` for changes of `path`; see the type's documentation for when it runs.
  public func watch(_ path: String, onChange: @escaping @Sendable () -> Void) -> any FileWatch {
    let path = canonicalPath(path)
    let notifier = FSChangeNotifier(onChange)
    let watch = FSMemoryWatch(notifier: notifier) { [weak self] key in
      self?.state.withLock { state in
        state.watchers[path]?[key] = nil
        if state.watchers[path]?.isEmpty == true { state.watchers[path] = nil }
      }
    }
    state.withLock { $0.watchers[path, default: [:]][ObjectIdentifier(watch)] = notifier }
    return watch
  }

  /// Stores `data` as `write(_:to:)` does: nothing here is ever flushed.
  public func write(
    _ data: Data, to path: String, durably: Bool
  ) throws(FileSystemError) -> FileFingerprint {
    try write(data, to: path)
  }

  /// Remembers `directory` and its parents as directories; `.other` when a file is in the way.
  public func makeDirectories(_ directory: String) throws(FileSystemError) {
    let directory = canonicalPath(directory)
    try state.withLock { state throws(FileSystemError) in
      var path = directory
      while path != "/" {
        if state.files[path] != nil {
          throw FileSystemError(
            kind: .other, path: path,
            message: "cannot create directory '\(path)': a file is in the way", errno: nil)
        }
        state.directories.insert(path)
        path = FSPath.split(path).directory
      }
    }
  }

  /// The names of the files and directories right below `directory`; nil when it is none.
  public func contentsOfDirectory(_ directory: String) throws(FileSystemError) -> [String]? {
    let directory = canonicalPath(directory)
    return state.withLock { state in
      guard state.isDirectory(directory) else { return nil }
      let prefix = directory == "/" ? "/" : directory + "/"
      let below = (Array(state.files.keys) + Array(state.directories) + Array(state.links.keys)).filter {
        $0.hasPrefix(prefix)
      }
      return Array(Set(below.map { $0.dropFirst(prefix.count).prefix { $0 != "/" } }))
        .map(String.init)
    }
  }

  /// Forgets the file (or the symlink) and notifies its watchers; nothing when there is none.
  public func removeFile(_ path: String) throws(FileSystemError) {
    let path = linkPath(path)
    try state.withLock { state throws(FileSystemError) in
      if state.links.removeValue(forKey: path) != nil { return }
      if state.isDirectory(path) { throw Self.directoryError(path) }
      pull(path, into: &state)
      state.permissions[path] = nil
      guard state.files.removeValue(forKey: path) != nil else { return }
      push(path, from: state)
      state.notify(path)
    }
  }

  /// A file (mode 0600 unless set), a directory (mode 0700) or a symlink (mode 0777), owned by
  /// the user running the process.
  public func entry(_ path: String) throws(FileSystemError) -> FileEntry? {
    let path = linkPath(path)
    return state.withLock { state in
      if state.links[path] != nil {
        return FileEntry(kind: .other, owner: UInt32(geteuid()), permissions: 0o777, isSymlink: true)
      }
      pull(path, into: &state)
      return state.entry(path)
    }
  }

  /// The entry of what the symlinks lead to; nil for a symlink to nothing.
  public func resolvedEntry(_ path: String) throws(FileSystemError) -> FileEntry? {
    let path = canonicalPath(path)
    return state.withLock { state in
      pull(path, into: &state)
      return state.entry(path)
    }
  }

  /// The target of the symlink a test made at `path`.
  public func symlinkTarget(_ path: String) throws(FileSystemError) -> String? {
    let path = linkPath(path)
    return state.withLock { $0.links[path] }
  }

  /// Whether what `path` leads to is a directory, or a file with its owner's execute bit set.
  public func isExecutable(_ path: String) -> Bool {
    guard let entry = try? resolvedEntry(path) else { return false }
    return entry.permissions & 0o100 != 0
  }

  /// Adds `data` to the stored contents (an empty file when there is none) under a new
  /// generation, as one write: counted by `writeCount(_:)`, failing like `write(_:to:)`.
  public func append(_ data: Data, to path: String) throws(FileSystemError) {
    _ = try store(at: path, reading: true) { ($0 ?? Data()) + data }
  }

  // MARK: Test affordances

  /// Makes a symlink at `path` to `target` (relative to the link's directory unless it starts
  /// with `/`), as `ln -s target path` does; what was at `path` is replaced.
  public func makeSymlink(_ path: String, to target: String) {
    let path = linkPath(path)
    state.withLock { state in
      state.files[path] = nil
      state.links[path] = target
      push(path, from: state)
    }
  }

  /// Sets the permission bits of the file `path` leads to, as `chmod` does; nothing when there
  /// is no such file.
  public func setPermissions(_ permissions: UInt16, of path: String) {
    let path = canonicalPath(path)
    state.withLock { state in
      guard state.files[path] != nil else { return }
      state.permissions[path] = permissions
    }
  }

  /// Replaces the file as another process would: new generation, watchers notified, not
  /// counted by `writeCount(_:)`, simulated failures ignored.
  public func simulateOutsideWrite(_ data: Data, to path: String) {
    let path = canonicalPath(path)
    state.withLock { state in
      state.files[path] = File(data: data, generation: state.nextGeneration())
      push(path, from: state)
      state.notify(path)
    }
  }

  /// Deletes the file as another process would and notifies watchers.
  public func simulateOutsideDelete(_ path: String) {
    let path = canonicalPath(path)
    state.withLock { state in
      state.files[path] = nil
      push(path, from: state)
      state.notify(path)
    }
  }

  /// The file's current contents, or nil when there is none. Not counted as a read.
  public func contents(of path: String) -> Data? {
    let path = canonicalPath(path)
    return state.withLock { state in
      pull(path, into: &state)
      return state.files[path]?.data
    }
  }

  /// How many `write(_:to:)` calls on `path` succeeded.
  public func writeCount(_ path: String) -> Int {
    let path = canonicalPath(path)
    return state.withLock { $0.writeCounts[path, default: 0] }
  }

  /// How many watches on `path` are active.
  public func watchCount(_ path: String) -> Int {
    let path = canonicalPath(path)
    return state.withLock { $0.watchers[path]?.count ?? 0 }
  }

  /// How many reads of `path` (`read(_:)` or `read(_:through:)`) got past any simulated
  /// failure.
  public func readCount(_ path: String) -> Int {
    let path = canonicalPath(path)
    return state.withLock { $0.readCounts[path, default: 0] }
  }

  /// Makes the next `count` calls of `operation` on `path` throw `error` (every call until
  /// `clearFailure(for:operation:)` when `count` is nil). A failed write changes nothing.
  public func setFailure(
    for path: String,
    operation: Operation = .write,
    error: FileSystemError,
    count: Int? = 1
  ) {
    let key = FailureKey(path: canonicalPath(path), operation: operation)
    state.withLock { state in
      if let count, count <= 0 {
        state.failures[key] = nil
      } else {
        state.failures[key] = Failure(error: error, remaining: count)
      }
    }
  }

  /// Removes simulated failures for `path`: for one operation, or for all when nil.
  public func clearFailure(for path: String, operation: Operation? = nil) {
    let path = canonicalPath(path)
    state.withLock { state in
      state.failures = state.failures.filter { key, _ in
        key.path != path || (operation != nil && key.operation != operation)
      }
    }
  }

  private static func directoryError(_ path: String) -> FileSystemError {
    FileSystemError(
      kind: .isDirectory,
      path: path,
      message: "cannot use '\(path)' as a file: it is a directory",
      errno: nil
    )
  }
}

/// A held in-memory lock.
final class FSSemaphoreLock: FileLock {
  private let semaphore: LockIsolated<DispatchSemaphore?>

  init(_ semaphore: DispatchSemaphore) {
    self.semaphore = LockIsolated(semaphore)
  }

  deinit {
    unlock()
  }

  func unlock() {
    let semaphore = self.semaphore.withLock { semaphore in
      defer { semaphore = nil }
      return semaphore
    }
    semaphore?.signal()
  }
}

/// The token for an in-memory watch; cancels itself when released.
final class FSMemoryWatch: FileWatch {
  private let notifier: FSChangeNotifier
  private let onCancel: @Sendable (ObjectIdentifier) -> Void

  init(notifier: FSChangeNotifier, onCancel: @escaping @Sendable (ObjectIdentifier) -> Void) {
    self.notifier = notifier
    self.onCancel = onCancel
  }

  deinit {
    cancel()
  }

  func cancel() {
    notifier.cancel()
    onCancel(ObjectIdentifier(self))
  }
}
