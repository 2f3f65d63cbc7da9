#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  /// All sync-ups, kept in the data file in our format (``SyncUpsFile``), empty when the file
  /// does not exist yet. The file is the one the `syncUpsFileURL` dependency names.
  ///
  /// ```swift
  /// @Shared(.syncUps) var syncUps
  /// guard let syncUp = $syncUps[id: id] else { return }  // a Shared<SyncUp>
  /// ```
  public static var syncUps: Self {
    @Dependency(\.syncUpsFileURL) var url
    return Self[
      .fileStorage(url, reading: SyncUpsFile.decode(from:), encode: SyncUpsFile.encode),
      default: []
    ]
  }
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
