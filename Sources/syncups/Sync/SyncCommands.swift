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
import SharedState
import SyncUpsCore

/// `sync init`, `sync init --clone` and `sync`. Each holds the data file's lock from start to
/// end, so no other command and no meeting's save writes the file in the middle; a meeting
/// that is running saves once the lock is free, onto the merged file. Every failure leaves
/// what was local committed (or untouched), never overwritten.
extension CommandContext {
  func syncInit(remote: String?, force: Bool) throws {
    try setUp { repository, report in
      let lock = try lockDataFile()
      defer { lock.unlock() }
      let local = try loadSyncUps().wrappedValue
      if try repository.topLevel() == nil {
        try repository.git.output(
          ["init", "-q"], doing: "create a git repository in '\(sanitize(repository.directory))'")
      }
      try repository.registerDriver()
      report.committed = try commitSharingFiles(repository)
      if let subject = try repository.commitDataFile(local) { report.committed.append(subject) }
      report.previousRemote = try remote.flatMap { remote throws(CommandFailure) in
        try repository.setOrigin(Self.remoteLocation(remote), force: force)
      }
    }
  }

  func syncClone(_ given: String) throws {
    let url = Self.remoteLocation(given)
    var local: IdentifiedArrayOf<SyncUp> = []
    let repository = try setUp { repository, report in
      if let top = try repository.topLevel() {
        throw CommandFailure(
          "'\(sanitize(repository.directory))' is already in a git repository "
            + "('\(sanitize(top))'); to share it through '\(sanitize(url))', run "
            + "'syncups sync init \(sanitize(url))' and then 'syncups sync'")
      }
      let lock = try lockDataFile()
      defer { lock.unlock() }
      local = try loadSyncUps().wrappedValue
      let git = repository.git
      let heads = try git.run(["ls-remote", "--symref", url, "HEAD"])
      guard heads.status == 0 else { throw git.failure("reach '\(sanitize(url))'", heads) }
      let branch = heads.output.split(separator: "\n").first { $0.hasPrefix("ref: refs/heads/") }
        .map { $0.dropFirst("ref: refs/heads/".count).prefix { $0 != "\t" } }
      try git.output(
        ["init", "-q"] + (branch.map { ["-b", String($0)] } ?? []),
        doing: "create a git repository in '\(sanitize(repository.directory))'")
      let journal = SyncJournal(gitDirectory: try repository.gitDirectory())
      try journal.record()
      defer { journal.remove() }
      try repository.registerDriver()
      _ = try repository.setOrigin(url)
      let fetched = try git.run(["fetch", "-q", "origin"])
      guard fetched.status == 0 else { throw git.failure("fetch from '\(sanitize(url))'", fetched) }
      let upstream = try repository.upstream()!
      let remoteBranchExists = try repository.resolve(upstream.trackingRef) != nil
      if remoteBranchExists && local.isEmpty {
        // Nothing here to keep: take the team's files as they are.
        try git.output(
          ["checkout", "-q", "-f", "-B", upstream.localBranch, upstream.trackingRef],
          doing: "check out \(upstream.display)")
        try repository.track(upstream)
        report.committed = try commitSharingFiles(repository)
      } else {
        report.committed = try commitSharingFiles(repository)
        if let subject = try repository.commitDataFile(local) { report.committed.append(subject) }
        if remoteBranchExists {
          try repository.track(upstream)
          report.conflicts = try repository.merge(upstream, journal: journal).resolved
        }
      }
    }
    try warnOfSharedTitles(arrivedIn: repository, from: local)
  }

  /// Runs a `sync init`'s setting up, then says what it set up. With --json the object comes
  /// on every way out, as `sync`'s does: what was done before the failure, and the failure.
  @discardableResult
  private func setUp(_ body: (SyncRepository, inout SyncSetupReport) throws -> Void) throws
    -> SyncRepository
  {
    var report = SyncSetupReport()
    var repository: SyncRepository?
    do {
      let made = try SyncRepository(dataFile: dataFile, environment: environment)
      repository = made
      try body(made, &report)
      report.repository = try made.requireRepository()
      report.remote = try made.origin()
      printSetup(report)
      return made
    } catch {
      report.error = Self.errorText(error)
      if options.json {
        // Where things stand, as far as git can still say.
        report.repository = try? repository?.topLevel()
        report.remote = report.repository == nil ? nil : try? repository?.origin()
        Output.standard(report.json.text())
      }
      throw error
    }
  }

  /// How many times a sync pushes before it gives up: each rejected push (someone else pushed
  /// first, or the remote could not lock its branch because someone else was pushing) is
  /// followed by a fetch, a merge and another push, after a short random pause.
  nonisolated static let pushAttempts = 5

  func sync() throws {
    var report = SyncReport()
    do {
      try sync(into: &report)
    } catch {
      // With --json the object comes on every way out, saying what failed.
      report.error = Self.errorText(error)
      // People hear what happened before the failure once there was a remote to sync with.
      if options.json || report.remote != nil { printSync(report) }
      throw error
    }
  }

  /// The sync itself. With nothing to do it runs git twice, `fetch` and `status` (local
  /// changes, and whether the branch is level with its upstream): it finds the repository, its
  /// branch and its configuration by reading them as files, and reads the data file only when
  /// there is something to commit or merge.
  private func sync(into report: inout SyncReport) throws {
    let repository = try SyncRepository(dataFile: dataFile, environment: environment)
    let layout = try repository.requireLayout()
    let lock = try lockDataFile()
    defer { lock.unlock() }
    let journal = SyncJournal(gitDirectory: layout.gitDirectory)
    report.recovered = try repository.recover(journal)
    try journal.record()
    defer { journal.remove() }
    let configuration =
      try repository.localConfiguration(gitDirectory: layout.gitDirectory)
      ?? repository.configuration(branch: layout.branch)
    try repository.registerDriver(current: configuration[SyncRepository.driverKey])
    var loaded: IdentifiedArrayOf<SyncUp>?
    func local() throws -> IdentifiedArrayOf<SyncUp> {
      if let loaded { return loaded }
      let syncUps = try loadSyncUps(recovered: true).wrappedValue
      loaded = syncUps
      return syncUps
    }
    // Every way out past a merge says what arrived, the file compared with how it was.
    var merged = false
    func noteWhatArrived() {
      guard merged, let loaded, let current = try? repository.currentSyncUps() else { return }
      report.received = SyncUpChanges(from: loaded, to: current)
    }
    guard let upstream = try repository.upstream(branch: layout.branch, configuration: configuration)
    else {
      report.committed = try repository.commitDataFile(try local())
      printSync(report)
      return
    }
    report.remote = upstream.display
    var committed = false
    for attempt in 1... {
      let fetched = try repository.git.run(["fetch", "-q", upstream.remote])
      guard fetched.status == 0 else {
        // Offline: what is here is committed all the same, and waits to be pushed.
        if !committed { report.committed = try repository.commitDataFile(try local()) }
        report.pending = try repository.commitsAhead(of: repository.resolve(upstream.trackingRef)) > 0
        noteWhatArrived()
        var failure = repository.git.failure("reach '\(sanitize(upstream.remote))'", fetched)
        failure.message += report.pending
          ? "; your changes are committed locally and the push is pending: run 'syncups sync' "
            + "again when '\(sanitize(upstream.remote))' can be reached"
          : "; nothing was synced"
        throw failure
      }
      if !committed {
        let status = try repository.status(of: upstream)
        if status.dataFileChanged {
          report.committed = try repository.commitDataFile(try local(), changed: true)
        }
        committed = true
        if !status.dataFileChanged && status.level { break }
      }
      if try repository.resolve(upstream.trackingRef) != nil {
        do {
          _ = try local()
          let conflicts = try repository.merge(upstream, journal: journal)
          merged = true
          report.conflicts += conflicts.resolved
          report.receivedConflicts += try told(conflicts.received, in: repository)
        } catch {
          report.pending = try repository.commitsAhead(of: repository.resolve(upstream.trackingRef)) > 0
          noteWhatArrived()
          throw error
        }
      }
      switch try repository.push(upstream) {
      case .upToDate:
        break
      case .pushed:
        report.pushed = true
      case .rejected where attempt < Self.pushAttempts:
        // Someone else's push won the race: let theirs land before fetching it.
        usleep(useconds_t(UInt32.random(in: 20_000...80_000) * UInt32(attempt)))
        continue
      case .rejected:
        report.pending = true
        noteWhatArrived()
        throw CommandFailure(
          "the push to '\(sanitize(upstream.remote))' was rejected \(attempt) times: others are "
            + "pushing at the same time; your changes are committed locally: run 'syncups sync' "
            + "again")
      case .failed(var failure):
        report.pending = true
        noteWhatArrived()
        failure.message += "; your changes are committed locally and the push is pending"
        throw failure
      }
      break
    }
    noteWhatArrived()
    printSync(report)
    if merged, let loaded { try warnOfSharedTitles(arrivedIn: repository, from: loaded) }
  }

  /// Warns of each sync-up that arrived (added, or renamed elsewhere) with a title another
  /// sync-up here has: the title then names neither, and only the ids tell them apart.
  private func warnOfSharedTitles(
    arrivedIn repository: SyncRepository, from local: IdentifiedArrayOf<SyncUp>
  ) throws {
    let current = try repository.currentSyncUps()
    for syncUp in current where local[id: syncUp.id]?.title != syncUp.title {
      if let warning = Self.sharedTitleWarning(syncUp, among: current) { say(warning) }
    }
  }

  // MARK: - Parts

  /// Conflicts a teammate's sync resolved, as told to the person syncing here.
  private func told(_ conflicts: [SyncConflict], in repository: SyncRepository) throws
    -> [SyncReport.ReceivedConflict]
  {
    guard !conflicts.isEmpty else { return [] }
    let person = try repository.authorName()
    return conflicts.map { SyncReport.ReceivedConflict(conflict: $0, told: $0.told(to: person)) }
  }

  /// A remote as git should record it: a relative path (no URL scheme, no `host:`) made
  /// absolute from the working directory, since git runs in the data file's directory.
  nonisolated static func remoteLocation(_ remote: String) -> String {
    guard !remote.hasPrefix("/"), !remote.contains(":") else { return remote }
    return FileManager.default.currentDirectoryPath + "/" + remote
  }

  /// Takes the data file's lock (creating its directory when missing) for the whole command.
  private func lockDataFile() throws -> any FileLock {
    @Dependency(\.defaultFileStorage) var fileSystem
    @Dependency(\.fileStorageOptions) var options
    do {
      return try fileSystem.lock(dataFile.path, timeout: options.lockTimeout)
    } catch {
      throw CommandFailure(
        sanitize(error.message), status: error.kind == .lockTimeout ? .locked : .failure)
    }
  }

  /// Writes and commits what `.gitattributes` and `.gitignore` need; the commit's subject.
  private func commitSharingFiles(_ repository: SyncRepository) throws -> [String] {
    _ = try repository.writeSharingFiles()
    let files = [SharingFiles.attributesFile, SharingFiles.ignoreFile]
    let status = try repository.git.output(
      ["status", "--porcelain", "--"] + files, doing: "read the repository's status")
    guard !status.isEmpty else { return [] }
    let subject = "Share sync-ups through git"
    try repository.commit(files, message: ["-m", subject])
    return [subject]
  }

  private func printSetup(_ report: SyncSetupReport) {
    if options.json {
      Output.standard(report.json.text())
    } else {
      say(
        "Sharing '\(sanitize(dataFile.path))' through the git repository in "
          + "'\(sanitize(report.repository ?? ""))'.")
      for subject in report.committed { say("Committed: \(sanitize(subject))") }
      if let origin = report.remote, let previous = report.previousRemote {
        say("Origin changed from '\(sanitize(previous))' to '\(sanitize(origin))'.")
      } else if let origin = report.remote {
        say("Remote origin: \(sanitize(origin))")
      }
      say("Run 'syncups sync' to sync with the team.")
    }
    for line in SyncReport(conflicts: report.conflicts).conflictLines { Output.error(line + "\n") }
  }

  /// A failure as the `error` member of a `--json` object says it: as on standard error.
  private nonisolated static func errorText(_ error: any Error) -> String {
    (error as? CommandFailure)?.message ?? sanitize("\(error)")
  }

  private func printSync(_ report: SyncReport) {
    for line in report.recoveredLines { say(line) }
    if options.json {
      Output.standard(report.json.text())
    } else {
      for line in report.lines { say(line) }
    }
    for line in report.conflictLines { Output.error(line + "\n") }
  }
}
