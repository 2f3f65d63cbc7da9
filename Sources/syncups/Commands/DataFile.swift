import SharedState
import SyncUpsCore

/// The data file, as commands use it: read as it is, or changed in one transaction.
extension CommandContext {
  /// The sync-ups, or the failure to report if the data file cannot be loaded.
  func loadSyncUps() throws -> Shared<IdentifiedArrayOf<SyncUp>> {
    @Shared(.syncUps) var syncUps
    if let error = $syncUps.loadError { throw CommandFailure(storage: error) }
    return $syncUps
  }

  /// Runs `change` as one transaction on the data file: it takes the file's lock and starts
  /// from its latest contents; whatever `change` does through the features is written once
  /// when it returns. A throw undoes it all and writes nothing, so a failed command leaves the
  /// file byte for byte as it was: not reformatted, not stripped of keys it does not know, not
  /// created when missing.
  ///
  /// - Throws: what `change` throws; or, when the file cannot be loaded, locked or written,
  ///   the failure to report for it.
  @discardableResult
  func changeSyncUps<R>(_ change: (Shared<IdentifiedArrayOf<SyncUp>>) throws -> R) throws -> R {
    let syncUps = try loadSyncUps()
    do {
      return try syncUps.transaction(change)
    } catch let error as FileStorageError {
      throw CommandFailure(storage: error)
    }
  }
}
