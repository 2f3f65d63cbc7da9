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

/// `sync`, `sync init [REMOTE]` and `sync init --clone URL`.
struct SyncCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "sync",
    abstract: "Share the sync-ups with a team through git.",
    discussion: """
      Without arguments: takes the data file's lock, commits local changes with a message \
      saying what changed, fetches, merges the team's branch with the syncups merge driver \
      (by id, never with conflict markers), pushes, and says what arrived. With --json, \
      prints an object saying the same, also when it fails. Offline, the changes are committed \
      and the push is pending (status 1); the next sync pushes them. A push that loses a race \
      is retried; what a killed sync left behind is put right by the next one, and so is a \
      merge plain git left unfinished (conflict markers in the data file) or a data file \
      committed broken. A merge that arrives made by an older syncups, plain git or a forge is \
      merged again from its two sides with this version's rules, and what it dropped (items, \
      updates, meetings and the like) is restored, and an item's resolution it made of both \
      sides' fields is taken whole from one side, committed and pushed. A data file, here or \
      fetched, that needs a newer syncups (a format or a required feature this one does not \
      know) is refused with status 65: nothing is merged or pushed. Every commit it makes ends with \
      a Syncups-Version trailer. It works on \
      the repository that holds the data file even when run from another one's git hook: \
      GIT_DIR, GIT_INDEX_FILE and git's other variables that point elsewhere are not followed.

      sync init makes the data file's directory a git repository (or uses the one it is in), \
      registers the merge driver, finishes a merge plain git left unfinished, commits the \
      data file and, given <remote>, sets it as \
      origin; an origin it has already synced with is replaced only with --force. \
      sync init --clone <url> starts from the team's repository instead, merging in \
      any sync-ups already here. Running sync init again is harmless; with --json it prints \
      its object too, also when it fails. See TEAMS in syncups(1).
      """,
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: SyncAction.initWord,
            help: "The word init: set up sharing instead of syncing.",
            completion: .choices([SyncAction.initWord]), isOptional: true),
          ArgumentSpec(
            name: "remote",
            help: "With init: the team's repository (a URL or a path git can push to), set "
              + "as origin.",
            isOptional: true),
        ],
        \.action, parse: SyncAction.parse),
      .option(
        OptionSpec(
          long: "clone", valueName: "url",
          help: "With init: start from the team's repository at <url>, keeping the sync-ups "
            + "already here."),
        \.clone, parse: ValueParser.nonEmptyPath),
      .flag(
        OptionSpec(
          long: "force",
          help: "With init <remote>: replace an origin this repository has already synced "
            + "with."),
        \.force),
    ],
    examples: [
      ExampleSpec(
        "Share the sync-ups through a repository on a server:",
        "syncups sync init ssh://git.example.com/syncups.git && syncups sync"),
      ExampleSpec(
        "Join a team's repository, keeping the sync-ups already here:",
        "syncups sync init --clone ssh://git.example.com/syncups.git"),
      ExampleSpec("Sync before and after a meeting:", "syncups sync"),
    ]
  )

  var action = SyncAction.sync
  /// `--clone URL`: the team's repository to start from (with `init` only).
  var clone: String?
  /// `--force`: with `init REMOTE`, replace an origin the repository has synced with.
  var force = false

  func validate(path: [String]) throws(UsageError) {
    if force, case .initialize(remote: nil) = action {
      throw UsageError("'--force' goes with a remote: 'syncups sync init --force REMOTE'", path: path)
    }
    if force, action == .sync {
      throw UsageError("'--force' is an option of 'sync init': 'syncups sync init --force REMOTE'", path: path)
    }
    guard clone != nil else { return }
    switch action {
    case .sync:
      throw UsageError("'--clone' is an option of 'sync init': 'syncups sync init --clone URL'", path: path)
    case .initialize(remote: let remote?):
      throw UsageError(
        "give the remote either as '\(remote)' or with '--clone', not both", path: path)
    case .initialize(remote: nil):
      return
    }
  }

  /// Each way in holds the data file's lock from start to end, so no other command and no
  /// meeting's save writes the file in the middle; a meeting that is running saves once the
  /// lock is free, onto the merged file. Every failure leaves what was local committed (or
  /// untouched), never overwritten.
  @MainActor func run(in context: CommandContext) throws {
    switch action {
    case .sync:
      try sync(in: context)
    case .initialize(let remote):
      if let clone {
        try joinTeam(at: Self.remoteLocation(clone), in: context)
      } else {
        try initialize(remote: remote.map(Self.remoteLocation), in: context)
      }
    }
  }

  /// How many times a sync pushes before it gives up: each rejected push (someone else pushed
  /// first, or the remote could not lock its branch because someone else was pushing) is
  /// followed by a fetch, a merge and another push, after a short random pause.
  static let pushAttempts = 5

  /// A remote as git should record it: a relative path (no URL scheme, no `host:`) made
  /// absolute from the working directory, since git runs in the data file's directory.
  static func remoteLocation(_ remote: String) -> String {
    guard !remote.hasPrefix("/"), !remote.contains(":") else { return remote }
    return FileManager.default.currentDirectoryPath + "/" + remote
  }
}

// MARK: - sync

extension SyncCommand {
  /// `sync`: says what it did (``SyncReport``), with --json on every way out, failures too.
  @MainActor private func sync(in context: CommandContext) throws {
    var report = SyncReport()
    do {
      try sync(into: &report, in: context)
      context.hooks.fire(.synced, report.json)
    } catch {
      report.error = Self.errorText(error)
      // People hear what happened before the failure once there was a remote to sync with.
      if context.options.json || report.remote != nil { report.print(in: context) }
      throw error
    }
  }

  /// The sync itself, step by step. With nothing to do it runs git twice, `fetch` and
  /// `status` (local changes, and whether the branch is level with its upstream): it finds the
  /// repository, its branch and its configuration by reading them as files, and decodes the
  /// data file on a thread of its own while git fetches (not at all when it is the version
  /// the last sync decoded).
  @MainActor private func sync(into report: inout SyncReport, in context: CommandContext) throws {
    // 1. The repository, under the data file's lock, put right after a killed sync.
    let repository = try SyncRepository(dataFile: context.dataFile, environment: context.environment)
    let layout = try repository.requireLayout()
    let lock = try repository.lockDataFile()
    defer { lock.unlock() }
    try repository.refuseNewerDataFile()
    let start = try repository.startSync(layout)
    defer { start.journal.remove() }
    report.recovered = start.recovery.done
    report.conflicts = start.recovery.conflicts
    report.restored = start.recovery.repairs

    // The local sync-ups, decoded once, while git fetches (the two do not wait on each
    // other): for what plain git left to be told from them, and kept for what is committed
    // and what arrived is told from. A file that does not decode, or that the healing below
    // rewrote, is read again when first needed, saying why it cannot be read. What arrived,
    // the file compared with them, is said on every way out past a merge, and the file as it
    // arrived kept. The version a sync last decoded is not decoded again until it is needed:
    // a sync with nothing to do never needs it.
    let decodes = repository.noteDecodes(gitDirectory: layout.gitDirectory)
    let decoding = decodes ? nil : repository.decodingCurrentSyncUps()
    var loaded: IdentifiedArrayOf<SyncUp>?
    func local() throws -> IdentifiedArrayOf<SyncUp> {
      if let loaded { return loaded }
      let syncUps = try context.loadSyncUps(recovered: true).wrappedValue
      loaded = syncUps
      return syncUps
    }
    var merged = false
    var arrived: IdentifiedArrayOf<SyncUp>?
    let hooksBefore = RepositoryHooksChange.fingerprint(of: context.dataFile.path)
    var healedFrom: IdentifiedArrayOf<SyncUp>?
    func noteWhatArrived() {
      guard merged else { return }
      report.hooks = RepositoryHooksChange(
        since: hooksBefore, dataFile: context.dataFile.path, environment: context.environment)
      guard let before = healedFrom ?? loaded, let current = try? repository.currentSyncUps()
      else { return }
      arrived = current
      report.received = SyncUpChanges(from: before, to: current)
    }
    // What plain git left (a merge it did not finish, a file committed broken) is put right
    // before anything is committed or merged; what its merge brought counts as arrived.
    func healWhatGitLeft() throws {
      let decoded = decoding?.value ?? nil
      loaded = decoded?.syncUps
      if let note = decoded?.note {
        repository.keepDecodesNote(note, gitDirectory: layout.gitDirectory)
      }
      guard
        let healing = try repository.heal(
          gitDirectory: layout.gitDirectory, decodes: decodes || loaded != nil)
      else { return }
      report.recovered.append(healing.done)
      report.conflicts += healing.conflicts
      healedFrom = healing.before
      loaded = nil
      merged = true
    }

    // 2. No remote: commit, and that is all.
    guard let upstream = start.upstream else {
      try healWhatGitLeft()
      report.committed = try repository.commitDataFile(try local())
      report.print(in: context)
      return
    }
    report.remote = upstream.display
    var committed = false
    for attempt in 1... {
      // 3. Fetch; offline, what is here is committed all the same, and waits to be pushed.
      let fetchFailure = try repository.fetch(upstream)
      if attempt == 1 { try healWhatGitLeft() }
      if var failure = fetchFailure {
        if !committed { report.committed = try repository.commitDataFile(try local()) }
        report.pending = try repository.hasUnpushedCommits(upstream)
        noteWhatArrived()
        failure.message += report.pending
          ? "; your changes are committed locally and the push is pending: run 'syncups sync' "
            + "again when '\(sanitize(upstream.remote))' can be reached"
          : "; nothing was synced"
        throw failure
      }
      // 4. Commit local changes, once; nothing to commit or merge ends the sync here.
      if !committed {
        let status = try repository.status(of: upstream)
        if status.dataFileChanged {
          report.committed = try repository.commitDataFile(try local(), changed: true)
        }
        committed = true
        if !status.dataFileChanged && status.level { break }
      }
      // 5. Merge the team's branch with the merge driver.
      if try repository.hasFetched(upstream) {
        do {
          _ = try local()
          let conflicts = try repository.merge(upstream, journal: start.journal)
          merged = true
          report.conflicts += conflicts.resolved
          report.restored += conflicts.repairs
          report.receivedConflicts += conflicts.received.map {
            SyncReport.ReceivedConflict(conflict: $0, told: $0.told(to: conflicts.person))
          }
        } catch {
          report.pending = try repository.hasUnpushedCommits(upstream)
          noteWhatArrived()
          throw error
        }
      }
      // 6. Push; a push that lost a race goes round again.
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
    // 7. Say what happened.
    noteWhatArrived()
    report.print(in: context)
    if merged, let loaded {
      Self.warnOfSharedTitles(
        arrived: try arrived ?? repository.currentSyncUps(), from: loaded, in: context)
    }
  }
}

// MARK: - sync init

extension SyncCommand {
  /// `sync init [REMOTE]`: makes or uses the repository, registers the merge driver, commits
  /// the sharing files and the data file, and sets origin.
  @MainActor private func initialize(remote: String?, in context: CommandContext) throws {
    try Self.setUp(in: context) { repository, report in
      let lock = try repository.lockDataFile()
      defer { lock.unlock() }
      if let healing = try Self.heal(repository) {
        context.say("Recovered: \(healing.done).")
        report.committed += healing.committed.map { [$0] } ?? []
        report.conflicts += healing.conflicts
      }
      let local = try context.loadSyncUps().wrappedValue
      // The remote's default branch, when it can be reached and names one: a new repository
      // starts on it, and the branch syncs with it whatever git's default name is here.
      let remoteBranch = remote.flatMap { try? repository.defaultBranch(of: $0) }
      if try repository.topLevel() == nil { try repository.create(branch: remoteBranch) }
      try repository.registerDriver()
      report.committed = try repository.commitSharingFiles()
      if let subject = try repository.commitDataFile(local) { report.committed.append(subject) }
      report.previousRemote = try remote.flatMap { remote throws(CommandFailure) in
        try repository.setOrigin(remote, force: force)
      }
      if let remoteBranch, let upstream = try repository.upstream(), !upstream.isConfigured {
        try repository.track(
          SyncRepository.Upstream(
            remote: upstream.remote, branch: remoteBranch, localBranch: upstream.localBranch,
            isConfigured: true))
      }
    }
  }

  /// In a repository already there (a plain `git clone`), puts right what a killed sync or
  /// plain git left, as `sync` does, with the merge driver registered first.
  private static func heal(_ repository: SyncRepository) throws -> SyncRepository.Healing? {
    guard try repository.topLevel() != nil else { return nil }
    let journal = SyncJournal(gitDirectory: try repository.gitDirectory())
    _ = try repository.recover(journal)
    try journal.record()
    defer { journal.remove() }
    try repository.registerDriver()
    return try repository.heal(
      gitDirectory: journal.gitDirectory, decodes: (try? repository.currentSyncUps()) != nil)
  }

  /// `sync init --clone URL`: starts from the team's repository at `url`, merging in the
  /// sync-ups already here.
  @MainActor private func joinTeam(at url: String, in context: CommandContext) throws {
    var local: IdentifiedArrayOf<SyncUp> = []
    var arrived: IdentifiedArrayOf<SyncUp>?
    let repository = try Self.setUp(in: context) { repository, report in
      if let top = try repository.topLevel() {
        throw CommandFailure(
          "'\(sanitize(repository.directory))' is already in a git repository "
            + "('\(sanitize(top))'); to share it through '\(sanitize(url))', run "
            + "'syncups sync init \(sanitize(url))' and then 'syncups sync'")
      }
      let lock = try repository.lockDataFile()
      defer { lock.unlock() }
      local = try context.loadSyncUps().wrappedValue
      try repository.create(branch: try repository.defaultBranch(of: url))
      let journal = SyncJournal(gitDirectory: try repository.gitDirectory())
      try journal.record()
      defer { journal.remove() }
      try repository.registerDriver()
      _ = try repository.setOrigin(url)
      let upstream = try repository.fetchOrigin(url)
      let remoteBranchExists = try repository.hasFetched(upstream)
      if remoteBranchExists && local.isEmpty {
        // Nothing here to keep: take the team's files as they are.
        try repository.checkOut(upstream)
        report.committed = try repository.commitSharingFiles()
      } else {
        report.committed = try repository.commitSharingFiles()
        if let subject = try repository.commitDataFile(local) { report.committed.append(subject) }
        if remoteBranchExists {
          try repository.track(upstream)
          report.conflicts = try repository.merge(upstream, journal: journal).resolved
        }
      }
      if remoteBranchExists {
        report.branch = upstream.display
        let current = try repository.currentSyncUps()
        arrived = current
        report.received = SyncUpChanges(from: local, to: current)
      }
    }
    Self.warnOfSharedTitles(
      arrived: try arrived ?? repository.currentSyncUps(), from: local, in: context)
  }

  /// Runs a `sync init`'s setting up, then says what it set up (``SyncSetupReport``). With
  /// --json the object comes on every way out, as `sync`'s does: what was done before the
  /// failure, and the failure.
  @discardableResult
  @MainActor private static func setUp(
    in context: CommandContext, _ body: (SyncRepository, inout SyncSetupReport) throws -> Void
  ) throws -> SyncRepository {
    var report = SyncSetupReport()
    var repository: SyncRepository?
    do {
      let made = try SyncRepository(dataFile: context.dataFile, environment: context.environment)
      repository = made
      try body(made, &report)
      report.repository = try made.requireRepository()
      report.remote = try made.origin()
      report.print(in: context)
      return made
    } catch {
      report.error = errorText(error)
      if context.options.json {
        // Where things stand, as far as git can still say.
        report.repository = try? repository?.topLevel()
        report.remote = report.repository == nil ? nil : try? repository?.origin()
        Output.standard(report.json.text())
      }
      throw error
    }
  }
}

// MARK: - Parts

extension SyncCommand {
  /// Warns of each sync-up that arrived (added, or renamed elsewhere) with a title another
  /// sync-up here has: the title then names neither, and only the ids tell them apart.
  @MainActor private static func warnOfSharedTitles(
    arrived current: IdentifiedArrayOf<SyncUp>, from local: IdentifiedArrayOf<SyncUp>,
    in context: CommandContext
  ) {
    for syncUp in current where local[id: syncUp.id]?.title != syncUp.title {
      if let warning = CommandContext.sharedTitleWarning(syncUp, among: current) {
        context.say(warning)
      }
    }
  }

  /// A failure as the `error` member of a `--json` object says it: as on standard error.
  static func errorText(_ error: any Error) -> String {
    (error as? CommandFailure)?.message ?? sanitize("\(error)")
  }
}

/// What `syncups sync` is asked to do: its optional words.
enum SyncAction: Sendable, Equatable {
  /// No words: commit, fetch, merge and push.
  case sync
  /// `init [REMOTE]`: set up sharing.
  case initialize(remote: String?)

  /// The word that asks for ``initialize(remote:)``.
  static let initWord = "init"

  static func parse(_ words: [String], path: [String]) throws(UsageError) -> SyncAction {
    guard let first = words.first else { return .sync }
    guard first == initWord else {
      throw UsageError(
        "unknown argument '\(first)' (expected '\(initWord)', or nothing to sync)",
        suggestion: Suggestion.closest(to: first, among: [initWord]).map { "sync " + $0 },
        path: path)
    }
    return .initialize(remote: words.count > 1 ? words[1] : nil)
  }
}
