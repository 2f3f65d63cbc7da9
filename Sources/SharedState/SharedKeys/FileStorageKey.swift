#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch

/// A strategy that keeps a shared value in a JSON file and never loses data:
///
/// - Writes are atomic and durable (a temporary file, fsync, rename, directory fsync); a
///   symlinked path is written through to its target; new directories are 0700, new files 0600,
///   an existing file keeps its permissions.
/// - A missing or empty (0-byte) file means the default value, with no `loadError`, and
///   nothing is written until the value changes. A file deleted or emptied by someone else
///   brings the default back.
/// - A non-empty file that cannot be read or decoded sets `loadError` (naming the file and the problem)
///   and is never overwritten: saving is refused while the error stands.
/// - Processes sharing the file are serialised by an advisory lock: a mutation takes the lock,
///   starts from the file's latest contents if another process changed it, and holds the lock
///   until its change is written. A lock that cannot be had in time is a `saveError`.
/// - A change is written at once; changes within `saveDelay` (1 s) of a write wait and are
///   written together when it has passed. `save()` writes at once, and everything waiting is
///   written when the process exits normally.
/// - Changes made by other processes or editors are noticed (inotify on Linux) and delivered to
///   every holder and observer; while a change of this process waits to be written (holding
///   the lock), it is written over them rather than lost.
///
/// ```swift
/// @Shared(.fileStorage(URL(filePath: "/tmp/todos.json"))) var todos: [Todo] = []
/// ```
///
/// The file system, and the scheduler of the writes that wait, come from the `defaultFileStorage`
/// dependency (``FileStorage``): the real disk when the program runs, an in-memory one in tests.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  /// The file's path, standardised and with symlinks resolved.
  public let path: String
  private let storage: PersistedFile<Value>

  /// Identifies the file: two keys naming the same file share one storage.
  public struct ID: Hashable, Sendable {
    let path: String
    let fileSystem: ObjectIdentifier
  }

  public var id: ID { ID(path: path, fileSystem: ObjectIdentifier(storage.fileSystem)) }

  init(
    path: String,
    fileSystem: (any FileSystem)? = nil,
    decode: @escaping @Sendable (inout FileReader) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var fileStorage
    @Dependency(\.fileStorageOptions) var options
    let fileSystem = fileSystem ?? fileStorage.fileSystem
    let canonical = fileSystem.canonicalPath(path)
    self.path = canonical
    self.storage = PersistedFile(
      fileSystem: fileSystem, path: canonical, givenPath: path, decode: decode, encode: encode,
      lockTimeout: options.lockTimeout, lockHolder: options.lockHolder,
      saveDelay: options.saveDelay, scheduler: fileStorage,
      observesOutsideChanges: options.observesOutsideChanges
    )
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try storage.load() })
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    storage.subscribe(subscriber)
  }

  public func willMutate() throws -> SharedRefresh<Value> {
    try storage.willMutate()
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    do {
      try storage.save(value, context: SaveRequest(context, continuation))
      // A change is written later and reports then; `save()` has written it now.
      if context == .userInitiated { continuation.resume() }
    } catch {
      continuation.resume(throwing: error)
    }
  }

  /// A needless save would rewrite the file (reformatting it) and hold its lock.
  public var skipsUnchangedMutations: Bool { true }

  public func didMutateWithoutChange() {
    storage.mutationChangedNothing()
  }
}

/// A save handed to ``FileStorage``: why, how to read the value when a delayed write happens,
/// and where its outcome goes.
struct SaveRequest<Value>: Sendable {
  enum Reason: Sendable, Equatable {
    /// The value was mutated: the write may wait for the burst of changes to end.
    case didChange
    /// `save()` was called: write now.
    case userInitiated
  }

  let reason: Reason
  /// Where the outcome goes. Held whole, not wrapped in closures: a burst of changes makes a
  /// request per change.
  private let continuation: SaveContinuation

  init(_ context: SaveContext, _ continuation: SaveContinuation) {
    reason = context == .didSet ? .didChange : .userInitiated
    self.continuation = continuation
  }

  /// The shared value as it is now; `nil` once it is gone.
  func latestValue() -> Value? { continuation.latestValue() as? Value }

  /// Reports the outcome: `nil` saved, else the error.
  func reportResult(_ error: (any Error)?) {
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }

  /// Drops the request without an outcome: a later one took its place and reports for both.
  func supersede() { continuation.supersede() }
}

extension FileStorageKey: CustomStringConvertible {
  /// The file as a URL, as the key was made: `.fileStorage(file:///tmp/todos.json)`.
  public var description: String { ".fileStorage(\(URL(fileURLWithPath: path).absoluteString))" }
}

extension SharedReaderKey {
  /// Keeps a `Codable` value in the JSON file at `url` (see ``FileStorageKey``), pretty-printed
  /// with sorted keys and ISO-8601 dates unless you pass your own coders.
  public static func fileStorage<Value: Codable & Sendable>(
    _ url: URL,
    decoder: JSONDecoder? = nil,
    encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedSendable(decoder ?? FileStorageSettings.defaultDecoder())
    let encoder = UncheckedSendable(encoder ?? FileStorageSettings.defaultEncoder())
    return FileStorageKey(
      path: url.path,
      decode: { reader in
        let data = try reader.readAll()
        do {
          return try decoder.value.decode(Value.self, from: data)
        } catch {
          throw JSONSyntaxError.locating(error, in: data)
        }
      },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// Keeps a value in the file at `url`, converted by your own `decode` and `encode`.
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(
      path: url.path, decode: { reader in try decode(reader.readAll()) }, encode: encode)
  }

  /// Keeps a value in the file at `url`, read by your own streaming decoder and written by
  /// your own `encode`: `reading` pulls the file a chunk at a time from a ``FileReader``, so a
  /// large file never has to be in memory whole beside the value made of it.
  ///
  /// ```swift
  /// @Shared(.fileStorage(url, reading: Journal.decode(from:), encode: Journal.encode))
  /// var journal = Journal()
  /// ```
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    reading: @escaping @Sendable (inout FileReader) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(path: url.path, decode: reading, encode: encode)
  }
}

/// How file-backed keys behave in time: how long a mutation waits for another process's lock,
/// and how long after a mutation its change is written. A dependency, so tests can shorten them.
///
/// ```swift
/// withDependencies { $0.fileStorageOptions.lockTimeout = .milliseconds(50) } operation: { … }
/// ```
public struct FileStorageOptions: Sendable, Equatable {
  /// How long a mutation waits for another process to release the file's lock before failing.
  /// Default 10 seconds.
  public var lockTimeout: Duration = .seconds(10)
  /// How long after a write later changes wait, so that a burst is written at its start and
  /// once more at most every `saveDelay`. Default 1 second.
  public var saveDelay: Duration = .seconds(1)
  /// Whether holders learn of changes other processes make to the file while it is held
  /// (through a directory watch). Default `true`. A short-lived process that reads once and
  /// exits can turn it off and skip starting the watch; a mutation still re-reads the file
  /// under its lock when the file changed, so no outside change is overwritten either way.
  public var observesOutsideChanges = true
  /// How this process describes itself to one that waits for a file's lock while it holds it,
  /// such as `'syncups sync'`; the waiter's `lockTimeout` error then names it with its pid.
  /// Default nil: the waiter learns only the pid.
  public var lockHolder: String?

  /// The defaults.
  public init() {}
}

private enum FileStorageOptionsKey: DependencyKey {
  static let liveValue = FileStorageOptions()
}

extension DependencyValues {
  /// How file-backed keys behave in time (see ``FileStorageOptions``).
  public var fileStorageOptions: FileStorageOptions {
    get { self[FileStorageOptionsKey.self] }
    set { self[FileStorageOptionsKey.self] = newValue }
  }
}

enum FileStorageSettings {
  static func defaultEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  static func defaultDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

/// A failure of a file-backed shared value, with a message naming the file and the problem.
public struct FileStorageError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure.
  public enum Kind: Sendable, Equatable {
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable
    /// The file was read but is not a valid encoding of the value.
    case undecodable
    /// A save was refused because the file could not be read or decoded.
    case refusedToOverwrite
    /// Another process held the file's lock for too long.
    case lockTimeout
    /// The file could not be written.
    case unwritable
    /// The value could not be encoded.
    case unencodable
  }

  /// What kind of failure.
  public let kind: Kind
  /// The file.
  public let path: String
  /// What went wrong, for a person.
  public let reason: String
  /// For `.lockTimeout`: who holds the lock, such as `'syncups sync' (pid 4242)`, when known.
  public var lockHolder: String? = nil

  public var description: String {
    switch kind {
    case .unreadable: "cannot read '\(path)': \(reason)"
    case .undecodable: "cannot decode '\(path)': \(reason)"
    case .refusedToOverwrite: "not saving to '\(path)', which could not be loaded: \(reason)"
    case .lockTimeout: "'\(path)' is locked by \(lockHolder ?? "another process"): \(reason)"
    case .unwritable: "cannot write '\(path)': \(reason)"
    case .unencodable: "cannot encode the value for '\(path)': \(reason)"
    }
  }
}

struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
