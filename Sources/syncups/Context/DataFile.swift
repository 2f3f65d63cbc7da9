import SharedState
import SyncUpsCore

/// The data file, as commands use it: read as it is, or changed in one transaction.
extension CommandContext {
  /// The sync-ups, or the failure to report if the data file cannot be loaded. A file that
  /// does not decode where plain git left a merge unfinished or committed conflict markers
  /// (``GitLeftover``), or where a killed sync left its traces, says that `sync` puts it
  /// right, unless
  /// this is that sync, past its recovery (`recovered`), with its own journal in place.
  ///
  /// A file that requires what this version does not know (``SyncUpsFile/Declaration``) is
  /// read with a warning, or, when the command is `writing`, refused with a data error (65)
  /// before anything changes.
  func loadSyncUps(
    recovered: Bool = false, writing: Bool = false
  ) throws -> Shared<IdentifiedArrayOf<SyncUp>> {
    @Shared(.syncUps) var syncUps
    if let error = $syncUps.loadError {
      var failure = CommandFailure(storage: error)
      if !recovered, (error as? FileStorageError)?.kind == .undecodable {
        if let leftover = GitLeftover.find(in: dataFile.path) {
          failure.message += "; " + leftover.advice
        } else if SyncJournal.interruptedSync(holding: dataFile.path) {
          failure.message +=
            "; a sync was interrupted while git wrote it: run 'syncups sync' to recover it"
        }
      }
      throw failure
    }
    if let refusal = declaration.refusal {
      if writing { throw CommandFailure(refusal, status: .dataError) }
      noteOnce("Warning: \(sanitize(refusal)): this syncups reads it but will not change it.")
    }
    return $syncUps
  }

  /// What the data file declared when it was last read: its format and what it requires.
  var declaration: SyncUpsFile.Declaration {
    @Dependency(\.syncUpsFileDeclarations) var declarations
    return declarations[dataFile]
  }

  /// The sync-ups for a command that reads them, saying on stderr (unless `-q`) when there is
  /// no data file at all: a mistyped `--file` would otherwise read as an empty list. (A
  /// reference that then finds nothing says it in its error: ``syncUp(_:in:)``.)
  func readSyncUps() throws -> IdentifiedArrayOf<SyncUp> {
    let syncUps = try loadSyncUps().wrappedValue
    if let missing = noDataFile { note(missing.prefix(1).uppercased() + missing.dropFirst() + ".") }
    return syncUps
  }

  /// `no data file at '…': nothing stored yet` when there is no data file at all.
  var noDataFile: String? {
    dataFileExists ? nil : "no data file at '\(sanitize(dataFile.path))': nothing stored yet"
  }

  /// Whether the data file exists; one that cannot be inspected counts as existing, since
  /// loading it will have said what is wrong.
  private var dataFileExists: Bool {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    do {
      return try fileSystem.fingerprint(dataFile.path) != nil
    } catch {
      return true
    }
  }

  /// Runs `change` as one transaction on the data file: it takes the file's lock and starts
  /// from its latest contents; whatever `change` does through the features is written once
  /// when it returns, each plain field it changed stamped with the time it did
  /// (``StoredModel/stampChanges(from:at:)``), which a merge decides conflicts by. A throw undoes it all and writes nothing, so a failed command leaves the
  /// file byte for byte as it was: not reformatted, not stripped of keys it does not know, not
  /// created when missing. A change that creates the file says so once, on stderr (unless
  /// `-q`), so that a mistyped `--file` is noticed.
  ///
  /// - Throws: what `change` throws; or, when the file cannot be loaded, locked or written,
  ///   the failure to report for it.
  @discardableResult
  func changeSyncUps<R>(_ change: (Shared<IdentifiedArrayOf<SyncUp>>) throws -> R) throws -> R {
    let syncUps = try loadSyncUps(writing: true)
    let existed = dataFileExists
    let result: R
    do {
      result = try syncUps.transaction { syncUps in
        let before = syncUps.wrappedValue
        let result = try change(syncUps)
        @Dependency(\.date.now) var now
        syncUps.withLock { $0.stampChanges(from: before, at: now) }
        return result
      }
    } catch let error as FileStorageError {
      throw CommandFailure(storage: error)
    }
    if !existed && dataFileExists { say("Created '\(sanitize(dataFile.path))'.") }
    return result
  }
}

/// `value`, or a failure saying what a command expected of the features and did not get: a
/// programming error reported rather than a crash, with nothing written.
func require<Value>(_ value: Value?, _ expectation: @autoclosure () -> String) throws -> Value {
  guard let value else { throw CommandFailure(expectation()) }
  return value
}
