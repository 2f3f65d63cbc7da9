#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch

/// Where `.fileStorage` keys keep their files: a file system, and the scheduler that runs what
/// file storage does later — writing the changes that wait for the throttling window to close,
/// and delivering changes other processes make.
///
/// ```swift
/// withDependencies { $0.defaultFileStorage = .inMemory } operation: { … }
///
/// let files = LockIsolated<[URL: Data]>([:])
/// withDependencies { $0.defaultFileStorage = .inMemory(fileSystem: files) } operation: {
///   @Shared(.fileStorage(url)) var count = 0
///   $count.withLock { $0 += 1 }
///   files.value[url]  // Data("1".utf8): written at once
/// }
/// ```
public struct FileStorage: Sendable {
  /// The file system files are read from and written to.
  public var fileSystem: any FileSystem
  /// Runs work at once, off the thread that asked where it can: the delivery of an outside
  /// change.
  let async: @Sendable (DispatchWorkItem) -> Void
  /// Runs work after a delay: the write of the changes that waited.
  let asyncAfter: @Sendable (DispatchTimeInterval, DispatchWorkItem) -> Void

  /// Files on `fileSystem`; outside changes delivered on the thread that notices them, waiting
  /// writes run by Dispatch after their delay.
  public init(_ fileSystem: any FileSystem) {
    self.init(
      fileSystem: fileSystem,
      async: { $0.perform() },
      asyncAfter: { DispatchQueue.global().asyncAfter(deadline: .now() + $0, execute: $1) }
    )
  }

  /// Files on `fileSystem`, with your own scheduler: `async` runs work soon, `asyncAfter` after a
  /// delay (a test scheduler makes throttling run when the test advances it).
  public init(
    fileSystem: any FileSystem,
    async: @escaping @Sendable (DispatchWorkItem) -> Void,
    asyncAfter: @escaping @Sendable (DispatchTimeInterval, DispatchWorkItem) -> Void
  ) {
    self.fileSystem = fileSystem
    self.async = async
    self.asyncAfter = asyncAfter
  }

  /// The real disk.
  public static var fileSystem: FileStorage { FileStorage(LiveFileSystem.shared) }

  /// A fresh in-memory file system (see ``InMemoryFileSystem``).
  public static var inMemory: FileStorage { FileStorage(InMemoryFileSystem()) }

  /// An in-memory file system whose files are the entries of `files`, so a test can put files
  /// there before and look at them after: what file storage writes appears there, and what
  /// the test puts there is read. By default all work runs at once on the thread that causes
  /// it, so every change is written as it is made; pass a scheduler's `async` and `asyncAfter`
  /// to throttle writes in its time.
  public static func inMemory(
    fileSystem files: LockIsolated<[URL: Data]>,
    async: @escaping @Sendable (DispatchWorkItem) -> Void = { $0.perform() },
    asyncAfter: @escaping @Sendable (DispatchTimeInterval, DispatchWorkItem) -> Void = {
      $1.perform()
    }
  ) -> FileStorage {
    FileStorage(fileSystem: InMemoryFileSystem(files: files), async: async, asyncAfter: asyncAfter)
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// Where `.fileStorage` keys keep their files: on the real disk live, in a fresh in-memory
  /// file system in each test world.
  ///
  /// ```swift
  /// @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
