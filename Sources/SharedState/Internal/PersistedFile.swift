#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch

/// The state behind one file-backed shared value: what this process last read or wrote, the
/// inter-process lock while a change is pending, and the pending change itself.
///
/// Writes are throttled: a change is written at once, and opens a window (``FileStorageOptions/saveDelay``)
/// in which later changes wait, to be written together when it closes; `save()` and the
/// process's normal exit write what waits at once.
///
/// Lock order: a shared value's own lock is taken before this object's `lock`, never after, so
/// nothing here calls back into the shared value (``SaveRequest/latestValue`` and
/// ``SaveRequest/reportResult``) while holding `lock`.
final class PersistedFile<Value: Sendable>: @unchecked Sendable, PendingWriter {
  let fileSystem: any FileSystem
  let path: String
  /// The path as given, before symlinks were resolved.
  private let givenPath: String
  private let decode: @Sendable (inout FileReader) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  private let lockTimeout: Duration
  /// How this process describes itself in the lock's note (``FileStorageOptions/lockHolder``).
  private let lockHolder: String?
  /// How long after a write later changes wait, to be written together.
  private let saveDelay: Duration
  /// Runs the write when that window closes, and delivers outside changes.
  private let scheduler: FileStorage
  private let observesOutsideChanges: Bool

  private let lock = RecursiveLock()
  /// The version of the file this process last read or wrote (nil: no file).
  private var knownFingerprint: FileFingerprint?
  /// The size of the file as last read or written: a write of the same size may be one of
  /// the same bytes, which is skipped.
  private var knownSize: Int?
  /// Why the file could not be loaded; while set, nothing is written.
  private var loadFailure: FileStorageError?
  /// The inter-process lock, held from a mutation until its change is written.
  private var fileLock: (any FileLock)?
  /// The change waiting to be written.
  private var pending: SaveRequest<Value>?
  /// Whether a write was made less than `saveDelay` ago: later changes wait for it to end.
  private var isThrottling = false
  private var watch: (any FileWatch)?

  init(
    fileSystem: any FileSystem,
    path: String,
    givenPath: String,
    decode: @escaping @Sendable (inout FileReader) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data,
    lockTimeout: Duration,
    lockHolder: String? = nil,
    saveDelay: Duration,
    scheduler: FileStorage,
    observesOutsideChanges: Bool = true
  ) {
    self.fileSystem = fileSystem
    self.path = path
    self.givenPath = givenPath
    self.decode = decode
    self.encode = encode
    self.lockTimeout = lockTimeout
    self.lockHolder = lockHolder
    self.saveDelay = saveDelay
    self.scheduler = scheduler
    self.observesOutsideChanges = observesOutsideChanges
  }

  deinit {
    watch?.cancel()
    fileLock?.unlock()
  }

  // MARK: Loading

  func load() throws -> Value? {
    lock.lock()
    defer { lock.unlock() }
    do {
      let value = try readLocked()
      loadFailure = nil
      return value
    } catch {
      loadFailure = error
      throw error
    }
  }

  /// Reads and decodes the file, remembering its version. Nil when there is no file, or when
  /// it is empty: a 0-byte file (made by `touch`, or an editor's new file) holds nothing yet.
  private func readLocked() throws(FileStorageError) -> Value? {
    let contents: (result: (value: Value?, size: Int), fingerprint: FileFingerprint)?
    do {
      contents = try fileSystem.read(path) { reader in
        guard reader.size > 0 else { return (nil, 0) }
        do {
          return (try decode(&reader), reader.size)
        } catch let error as FileSystemError {
          throw error
        } catch {
          throw DecodingFailure(error: error)
        }
      }
    } catch let failure as DecodingFailure {
      throw FileStorageError(
        kind: .undecodable, path: path, reason: readableDescription(of: failure.error))
    } catch {
      throw FileStorageError(
        kind: .unreadable, path: path, reason: (error as? FileSystemError)?.reason ?? "\(error)")
    }
    guard let contents else {
      if let target = fileSystem.brokenSymlinkTarget(givenPath) {
        throw FileStorageError(
          kind: .unreadable, path: givenPath,
          reason: "it is a symbolic link to '\(target)', which does not exist"
        )
      }
      knownFingerprint = nil
      knownSize = nil
      return nil
    }
    knownFingerprint = contents.fingerprint
    knownSize = contents.result.size
    return contents.result.value
  }

  // MARK: Outside changes

  func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    // The check runs under the shared value's lock (see `yieldRefresh`), so what this object
    // knows of the file and the value in memory change together, never racing a mutation.
    guard observesOutsideChanges else { return .none }
    let watch = fileSystem.watch(path) { [weak self, scheduler] in
      scheduler.async(
        DispatchWorkItem { [weak self] in
          guard let self else { return }
          subscriber.yieldRefresh { [self] in try self.refreshAfterOutsideChange() }
        })
    }
    lock.withLock { self.watch = watch }
    return SharedSubscription { watch.cancel() }
  }

  /// What changed on disk since this process last read or wrote the file, if anything.
  private func refreshAfterOutsideChange() throws -> SharedRefresh<Value> {
    lock.lock()
    defer { lock.unlock() }
    let previousFingerprint = knownFingerprint
    let fingerprint: FileFingerprint?
    do {
      fingerprint = try fileSystem.fingerprint(path)
    } catch {
      return .keep  // an unreadable state is reported when the file is next read
    }
    guard fingerprint != previousFingerprint || loadFailure != nil else { return .keep }
    // A change of ours waits to be written, and we hold the file's lock until it is: it is
    // written over whatever happened meanwhile (a `touch`, the same data reformatted, a
    // writer that ignored the lock) rather than lost to it.
    guard pending == nil else { return .keep }
    do {
      let value = try readLocked()
      let failed = loadFailure != nil
      loadFailure = nil
      guard let value else { return previousFingerprint == nil && !failed ? .keep : .reset }
      return .replace(value)
    } catch {
      loadFailure = error
      throw error
    }
  }

  // MARK: Mutating

  func willMutate() throws -> SharedRefresh<Value> {
    lock.lock()
    defer { lock.unlock() }
    if fileLock != nil && loadFailure == nil {
      return .keep  // we hold the lock: nobody else has written since we last looked
    }
    // A file that could not be loaded is checked again before anything touches the disk
    // (taking the lock creates the directory and the lock file).
    var recovered: Value?? = nil
    if loadFailure != nil {
      do {
        recovered = .some(try readLocked())
        loadFailure = nil
      } catch {
        loadFailure = error
        throw refusal(error)
      }
    }
    if fileLock == nil { try takeFileLock() }
    let fingerprint: FileFingerprint?
    do {
      fingerprint = try fileSystem.fingerprint(path)
    } catch {
      releaseLockIfIdle()
      throw FileStorageError(kind: .unreadable, path: path, reason: error.reason)
    }
    if fingerprint == knownFingerprint {
      guard let recovered else { return .keep }
      return recovered.map { .replace($0) } ?? .reset
    }
    do {
      let value = try readLocked()
      return value.map { .replace($0) } ?? .reset
    } catch {
      loadFailure = error
      releaseLockIfIdle()
      throw refusal(error)
    }
  }

  func save(_ value: Value, context: SaveRequest<Value>) throws {
    switch context.reason {
    case .didChange:
      let writtenAtOnce = try lock.withLock { () throws -> Bool in
        if let loadFailure { throw refusal(loadFailure) }
        guard !isThrottling else {
          pending?.supersede()
          pending = context
          PendingWrites.register(self)
          return false
        }
        defer { releaseLockIfIdle() }
        try writeLocked(value)
        isThrottling = true
        return true
      }
      if writtenAtOnce {
        context.reportResult(nil)
        scheduler.asyncAfter(
          .nanoseconds(saveDelay.nanoseconds), DispatchWorkItem { [self] in self.flush() })
      }
    case .userInitiated:
      try lock.withLock { () throws in
        if let loadFailure { throw refusal(loadFailure) }
        pending?.supersede()
        pending = nil
        defer { releaseLockIfIdle() }
        try writeLocked(value)
      }
    }
  }

  /// A mutation ended without changing the value: the lock it took is let go, unless a change
  /// is still waiting to be written.
  func mutationChangedNothing() {
    lock.withLock { releaseLockIfIdle() }
  }

  /// Writes the pending change, if any, and ends the throttling window. Called when the window
  /// closes and at exit.
  func flush() {
    let context = lock.withLock { () -> SaveRequest<Value>? in
      isThrottling = false
      defer {
        pending = nil
        PendingWrites.unregister(self)
      }
      return pending
    }
    guard let context else { return }
    guard let value = context.latestValue() else {
      context.supersede()
      lock.withLock { releaseLockIfIdle() }
      return
    }
    let result = lock.withLock { () -> (any Error)? in
      defer { releaseLockIfIdle() }
      if let loadFailure { return refusal(loadFailure) }
      do {
        try writeLocked(value)
        return nil
      } catch {
        return error
      }
    }
    context.reportResult(result)
  }

  /// Takes the file's lock between processes. Only a lock held too long by another process is
  /// `.lockTimeout`; a lock file that cannot be made (a read-only file system, a folder we may
  /// not write) is `.unwritable`, as the write itself would be.
  private func takeFileLock() throws(FileStorageError) {
    do {
      fileLock = try fileSystem.lock(path, timeout: lockTimeout, holder: lockHolder)
    } catch {
      let timedOut = error.kind == .lockTimeout
      throw FileStorageError(
        kind: timedOut ? .lockTimeout : .unwritable, path: path,
        reason: timedOut ? "gave up waiting after \(lockTimeout.secondsText) s" : error.reason,
        lockHolder: error.lockHolder)
    }
  }

  private func writeLocked(_ value: Value) throws(FileStorageError) {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      throw FileStorageError(kind: .unencodable, path: path, reason: readableDescription(of: error))
    }
    if knownFingerprint != nil, data.count == knownSize, fileHolds(data) { return }
    let needsLock = fileLock == nil
    if needsLock {
      try takeFileLock()
      // Taking the lock only now: refuse to overwrite a change made meanwhile by another process.
      if let fingerprint = try? fileSystem.fingerprint(path), fingerprint != knownFingerprint {
        throw FileStorageError(
          kind: .unwritable, path: path,
          reason: "the file was changed by another process; reload before saving"
        )
      }
    }
    do {
      knownFingerprint = try fileSystem.write(data, to: path)
      knownSize = data.count
    } catch {
      throw FileStorageError(kind: .unwritable, path: path, reason: error.reason)
    }
  }

  /// Whether the file is still the version last read or written and holds exactly `data`,
  /// compared a chunk at a time.
  private func fileHolds(_ data: Data) -> Bool {
    let comparison = try? fileSystem.read(path) { reader throws -> Bool in
      var chunk = [UInt8](repeating: 0, count: min(data.count, 1 << 16))
      var offset = data.startIndex
      while true {
        let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
        guard count > 0 else { return offset == data.endIndex }
        guard data.endIndex - offset >= count else { return false }
        let same = data[offset..<offset + count].withUnsafeBytes { stored in
          chunk.withUnsafeBytes { memcmp(stored.baseAddress!, $0.baseAddress!, count) == 0 }
        }
        guard same else { return false }
        offset += count
      }
    }
    return comparison?.result == true && comparison?.fingerprint == knownFingerprint
  }

  private func releaseLockIfIdle() {
    guard pending == nil, let fileLock else { return }
    fileLock.unlock()
    self.fileLock = nil
  }

  private func refusal(_ failure: FileStorageError) -> FileStorageError {
    FileStorageError(kind: .refusedToOverwrite, path: path, reason: failure.reason)
  }
}

/// What a decoder threw, told apart from the file system's errors while a file is read.
private struct DecodingFailure: Error {
  let error: any Error
}
