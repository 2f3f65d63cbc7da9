#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import Synchronization

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  /// All sync-ups, kept in the data file in our format (``SyncUpsFile``), empty when the file
  /// does not exist yet. The file is the one the `syncUpsFileURL` dependency names.
  ///
  /// ```swift
  /// @Shared(.syncUps) var syncUps
  /// guard let syncUp = $syncUps[id: id] else { return }  // a Shared<SyncUp>
  /// ```
  ///
  /// The file keeps the format it declares: what it declared when last read is kept beside the
  /// sync-ups (``SyncUpsFileDeclarations``) and written back, and a file that requires what
  /// this version does not know is never written.
  public static var syncUps: Self {
    @Dependency(\.syncUpsFileURL) var url
    @Dependency(\.syncUpsFileDeclarations) var declarationsOfFiles
    let (file, declarations) = (url, declarationsOfFiles)
    return Self[
      .fileStorage(
        file,
        reading: { reader in
          let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(from: &reader)
          declarations[file] = declaration
          return syncUps
        },
        encode: { syncUps in try SyncUpsFile.encode(syncUps, declaration: declarations[file]) }),
      default: []
    ]
  }
}

/// What each data file declared when this process last read it (``SyncUpsFile/Declaration``),
/// by path: format 1 for a file not read yet. The `.syncUps` key keeps it here, beside the
/// sync-ups it holds, so that every write keeps the file's format without the features
/// knowing of it.
///
/// ```swift
/// @Dependency(\.syncUpsFileDeclarations) var declarations
/// declarations[url].format  // 2
/// ```
public final class SyncUpsFileDeclarations: Sendable {
  private let byPath = Mutex<[String: SyncUpsFile.Declaration]>([:])

  public init() {}

  public subscript(url: URL) -> SyncUpsFile.Declaration {
    get { byPath.withLock { $0[url.path] } ?? .formatOne }
    set { byPath.withLock { $0[url.path] = newValue } }
  }
}

private enum SyncUpsFileDeclarationsKey: DependencyKey {
  static let liveValue = SyncUpsFileDeclarations()
  static var testValue: SyncUpsFileDeclarations { SyncUpsFileDeclarations() }
}

extension SyncUpsFile {
  /// Where the data file lives when neither `--file` nor `$SYNCUPS_FILE` says otherwise:
  /// `$XDG_DATA_HOME/syncups/sync-ups.json` when `XDG_DATA_HOME` is an absolute path (a relative
  /// one is ignored, as the XDG specification asks), else
  /// `~/.local/share/syncups/sync-ups.json`.
  ///
  /// ```swift
  /// SyncUpsFile.defaultURL(environment: ["HOME": "/home/blob"])
  /// // /home/blob/.local/share/syncups/sync-ups.json
  /// ```
  public static func defaultURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    BaseDirectories(environment: environment).data
      .appending(path: "syncups", directoryHint: .isDirectory)
      .appending(path: "sync-ups.json", directoryHint: .notDirectory)
  }
}

private enum SyncUpsFileURLKey: DependencyKey {
  static var liveValue: URL { SyncUpsFile.defaultURL() }
  static var testValue: URL { URL(filePath: "/sync-ups.json") }
}

extension DependencyValues {
  /// What the data files declared when last read (see ``SyncUpsFileDeclarations``); each test
  /// gets its own.
  public var syncUpsFileDeclarations: SyncUpsFileDeclarations {
    get { self[SyncUpsFileDeclarationsKey.self] }
    set { self[SyncUpsFileDeclarationsKey.self] = newValue }
  }

  /// The file that `.syncUps` reads and writes. Live: ``SyncUpsFile/defaultURL(environment:)``
  /// (the command line points it at `--file` or `$SYNCUPS_FILE`); in tests: `/sync-ups.json` on
  /// the test's own in-memory file system.
  ///
  /// ```swift
  /// withDependencies { $0.syncUpsFileURL = URL(filePath: path) } operation: { … }
  /// ```
  public var syncUpsFileURL: URL {
    get { self[SyncUpsFileURLKey.self] }
    set { self[SyncUpsFileURLKey.self] = newValue }
  }
}
