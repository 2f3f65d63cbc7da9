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

/// The git repository that shares the data file, and what `sync` and `sync init` do in it.
/// git runs in the data file's directory, which may be the repository's top or inside it;
/// only the data file and the two files `sync init` writes beside it are ever committed.
struct SyncRepository {
  let git: Git
  /// The data file's directory (symlinks resolved).
  let directory: String
  /// The data file's name in `directory`.
  let name: String
  /// The data file as git's revision syntax names it, relative to `directory`.
  var revisionPath: String { "./" + name }
  var dataFilePath: String { directory + "/" + name }

  /// Where the remote branch is, and whether the local branch already tracks it.
  struct Upstream {
    var remote: String
    var branch: String
    var localBranch: String
    var isConfigured: Bool
    /// The remote-tracking ref `fetch` updates.
    var trackingRef: String { "refs/remotes/\(remote)/\(branch)" }
    /// `origin/main`, as people read it.
    var display: String { "\(remote)/\(branch)" }
  }

  /// The repository for `dataFile`, whether or not there is one yet.
  ///
  /// - Throws: a runtime failure when git is not installed.
  init(dataFile: URL, environment: [String: String]) throws(CommandFailure) {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    let canonical = fileSystem.canonicalPath(dataFile.path)
    let slash = canonical.lastIndex(of: "/")!
    directory = slash == canonical.startIndex ? "/" : String(canonical[..<slash])
    name = String(canonical[canonical.index(after: slash)...])
    git = try Git(directory: directory, environment: environment)
  }

  /// The repository that shares `dataFile`: nil when git is not installed, or the file is in
  /// no git repository or is not committed in it.
  static func sharing(_ dataFile: URL, environment: [String: String]) throws(CommandFailure)
    -> SyncRepository?
  {
    guard let repository = try? SyncRepository(dataFile: dataFile, environment: environment),
      try repository.topLevel() != nil
    else { return nil }
    let tracked = try repository.git.run(["ls-files", "--", repository.name])
    return tracked.status == 0 && !tracked.output.isEmpty ? repository : nil
  }

  /// The repository's top directory, or nil when the data file's directory is in none.
  func topLevel() throws(CommandFailure) -> String? {
    let result = try git.run(["rev-parse", "--show-toplevel"])
    guard result.status == 0 else { return nil }
    return String(result.output.dropLast())
  }

  /// The repository's git directory, absolute.
  func gitDirectory() throws(CommandFailure) -> String {
    try git.output(["rev-parse", "--absolute-git-dir"], doing: "find the repository's git directory")
  }

  /// Where the repository is and what is checked out.
  struct Layout {
    var top: String
    /// The git directory, absolute.
    var gitDirectory: String
    /// The branch checked out; nil when none is (a detached `HEAD`).
    var branch: String?
  }

  /// The repository `sync` needs: found as git finds it, from the data file's directory up to
  /// the first with a `.git` directory, reading the branch from its `HEAD` (a git the less on
  /// every sync); git is asked instead whenever that could differ from what it would say
  /// (`GIT_CEILING_DIRECTORIES` set, a `.git` file, a detached `HEAD`; git runs without the
  /// variables that would point it elsewhere, ``Git/repositoryLocating``).
  ///
  /// - Throws: a runtime failure, saying to run `sync init`, when there is none.
  func requireLayout() throws(CommandFailure) -> Layout {
    if git.environment["GIT_CEILING_DIRECTORIES"] == nil,
      let top = GitWorkTree.top(from: directory)
    {
      if (try? currentFileSystem.entry(top + "/.git"))?.kind == .directory,
        let head = try? readText(top + "/.git/HEAD"), head.hasPrefix("ref: refs/heads/"),
        head.hasSuffix("\n")
      {
        return Layout(
          top: top, gitDirectory: top + "/.git",
          branch: String(head.dropFirst("ref: refs/heads/".count).dropLast()))
      }
    }
    let result = try git.run(
      ["rev-parse", "--show-toplevel", "--absolute-git-dir", "--symbolic-full-name", "HEAD"])
    let lines = result.output.split(separator: "\n").map(String.init)
    if result.status == 0, lines.count == 3 {
      let branch = lines[2].hasPrefix("refs/heads/") ? String(lines[2].dropFirst(11)) : nil
      return Layout(top: lines[0], gitDirectory: lines[1], branch: branch)
    }
    // A branch with no commit yet names nothing for rev-parse.
    let top = try requireRepository()
    let symbolic = try git.run(["symbolic-ref", "-q", "--short", "HEAD"])
    return Layout(
      top: top, gitDirectory: try gitDirectory(),
      branch: symbolic.status == 0 ? String(symbolic.output.dropLast()) : nil)
  }

  /// Takes the data file's lock (creating its directory when missing), for a whole `sync` or
  /// `sync init`: no other command and no meeting's save writes the file in the middle.
  func lockDataFile() throws(CommandFailure) -> any FileLock {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    @Dependency(\.fileStorageOptions) var options
    do {
      return try fileSystem.lock(
        dataFilePath, timeout: options.lockTimeout, holder: options.lockHolder)
    } catch {
      throw CommandFailure(
        sanitize(error.message), status: error.kind == .lockTimeout ? .locked : .failure)
    }
  }

  /// The top directory of the repository `sync` needs.
  ///
  /// - Throws: a runtime failure, saying to run `sync init`, when there is none.
  func requireRepository() throws(CommandFailure) -> String {
    guard let top = try topLevel() else {
      throw CommandFailure(
        "'\(sanitize(directory))' is not in a git repository; run 'syncups sync init [REMOTE]' "
          + "first (or 'syncups sync init --clone URL' to join a team's repository)")
    }
    return top
  }

  // MARK: - Setting up

  /// Creates a git repository in ``directory``, on `branch` when given.
  func create(branch: String? = nil) throws(CommandFailure) {
    try git.output(
      ["init", "-q"] + (branch.map { ["-b", $0] } ?? []),
      doing: "create a git repository in '\(sanitize(directory))'")
  }

  /// The branch the repository at `url` has checked out, its `HEAD`; nil when it names none.
  ///
  /// - Throws: a runtime failure when `url` cannot be reached.
  func defaultBranch(of url: String) throws(CommandFailure) -> String? {
    let heads = try git.run(["ls-remote", "--symref", url, "HEAD"])
    guard heads.status == 0 else { throw git.failure("reach '\(sanitize(url))'", heads) }
    return heads.output.split(separator: "\n").first { $0.hasPrefix("ref: refs/heads/") }
      .map { String($0.dropFirst("ref: refs/heads/".count).prefix { $0 != "\t" }) }
  }

  /// The configuration key of the merge driver's command.
  static let driverKey = "merge.\(SharingFiles.driverName).driver"

  /// Registers the merge driver in the repository's configuration, as this executable, when
  /// it is not registered so already: `current` is the command registered now, when read
  /// already (``configuration(branch:)``).
  func registerDriver(current: String?? = .none) throws(CommandFailure) {
    let key = Self.driverKey
    let driver =
      Self.shellQuoted(ThisExecutable.path) + " \(MergeDriverCommand.spec.name) %O %A %B %P"
    let registered: String?
    if let current {
      registered = current
    } else {
      let result = try git.run(["config", "--local", key])
      registered = result.status == 0 ? String(result.output.dropLast()) : nil
    }
    if registered != driver {
      try git.output(["config", "--local", key, driver], doing: "register the merge driver")
      try git.output(
        ["config", "--local", "merge.\(SharingFiles.driverName).name", "syncups: sync-ups by id"],
        doing: "register the merge driver")
    }
  }

  /// Adds the lines the data file needs to `.gitattributes` and `.gitignore` beside it;
  /// the names of the files it changed.
  func writeSharingFiles() throws(CommandFailure) -> [String] {
    var changed: [String] = []
    for (file, lines) in [
      (SharingFiles.attributesFile, SharingFiles.attributes(for: name)),
      (SharingFiles.ignoreFile, SharingFiles.ignored(for: name)),
    ] {
      let path = directory + "/" + file
      let text = try readText(path) ?? ""
      guard let updated = SharingFiles.adding(lines, to: text) else { continue }
      try writeBytes(Data(updated.utf8), to: path)
      changed.append(file)
    }
    return changed
  }

  /// Writes and commits what `.gitattributes` and `.gitignore` need; the commit's subject.
  func commitSharingFiles() throws(CommandFailure) -> [String] {
    _ = try writeSharingFiles()
    let files = [SharingFiles.attributesFile, SharingFiles.ignoreFile]
    let status = try git.output(
      ["status", "--porcelain", "--"] + files, doing: "read the repository's status")
    guard !status.isEmpty else { return [] }
    let subject = "Share sync-ups through git"
    try commit(files, message: Self.commitMessage(subject))
    return [subject]
  }

  /// origin's URL; nil when the repository has no origin.
  func origin() throws(CommandFailure) -> String? {
    let current = try git.run(["remote", "get-url", "origin"])
    return current.status == 0 ? String(current.output.dropLast()) : nil
  }

  /// Makes `origin` point at `url`, adding it when missing; the URL it had before when it
  /// pointed elsewhere. A new origin starts afresh, as `git remote add` makes it: what was
  /// fetched from the old one and the branch's upstream there are forgotten, so the next sync
  /// merges with what the new one holds and pushes everything to it.
  ///
  /// - Throws: a runtime failure, without changing anything, when the repository has already
  ///   synced with another origin and `force` is false: its teammates would be left behind.
  func setOrigin(_ url: String, force: Bool = false) throws(CommandFailure) -> String? {
    guard let old = try origin() else {
      try git.output(["remote", "add", "origin", url], doing: "add the remote 'origin'")
      return nil
    }
    guard old != url else { return nil }
    let fetched = try git.output(
      ["for-each-ref", "--count=1", "--format=%(refname)", "refs/remotes/origin/"],
      doing: "read the remote-tracking branches")
    guard force || fetched.isEmpty else {
      throw CommandFailure(
        "origin is already '\(sanitize(old))', which this repository has synced with; to share "
          + "through '\(sanitize(url))' instead, run 'syncups sync init --force \(sanitize(url))' "
          + "(the sync-ups stay, and the next sync merges them with what '\(sanitize(url))' holds)")
    }
    try git.output(["remote", "remove", "origin"], doing: "replace the remote 'origin'")
    try git.output(["remote", "add", "origin", url], doing: "replace the remote 'origin'")
    return old
  }

  // MARK: - Syncing

  /// What starting a sync found.
  struct SyncStart {
    /// The sync's journal, recorded: the sync removes it when it ends.
    var journal: SyncJournal
    /// What was put right of a killed sync (``recover(_:)``).
    var recovery: Recovery
    /// The branch to sync with; nil when there is no remote.
    var upstream: Upstream?
  }

  /// Starts a sync in the repository `layout` describes, the data file's lock held: puts
  /// right what a killed sync left (``recover(_:)``), records the sync's journal, registers
  /// the merge driver and finds the branch to sync with, reading the configuration as a file
  /// when it can (``localConfiguration(gitDirectory:)``).
  func startSync(_ layout: Layout) throws(CommandFailure) -> SyncStart {
    let journal = SyncJournal(gitDirectory: layout.gitDirectory)
    let recovery = try recover(journal)
    try journal.record()
    do throws(CommandFailure) {
      var settings = localConfiguration(gitDirectory: layout.gitDirectory)
      if settings == nil { settings = try configuration(branch: layout.branch) }
      let configuration = settings ?? [:]
      try registerDriver(current: configuration[Self.driverKey])
      let upstream = try upstream(branch: layout.branch, configuration: configuration)
      return SyncStart(journal: journal, recovery: recovery, upstream: upstream)
    } catch {
      journal.remove()
      throw error
    }
  }

  /// Fetches from `upstream`'s remote; the failure to report when it cannot be reached, else
  /// nil.
  func fetch(_ upstream: Upstream) throws(CommandFailure) -> CommandFailure? {
    let fetched = try git.run(["fetch", "-q", upstream.remote])
    guard fetched.status == 0 else {
      return git.failure("reach '\(sanitize(upstream.remote))'", fetched)
    }
    return nil
  }

  /// Whether a fetch brought `upstream`'s branch (a fresh remote has none yet).
  func hasFetched(_ upstream: Upstream) throws(CommandFailure) -> Bool {
    try resolve(upstream.trackingRef) != nil
  }

  /// Whether `HEAD` has commits `upstream`'s branch, as last fetched, lacks.
  func hasUnpushedCommits(_ upstream: Upstream) throws(CommandFailure) -> Bool {
    try commitsAhead(of: resolve(upstream.trackingRef)) > 0
  }

  /// Fetches from origin, at `url`, for `sync init --clone`; the branch to sync with.
  func fetchOrigin(_ url: String) throws(CommandFailure) -> Upstream {
    let fetched = try git.run(["fetch", "-q", "origin"])
    guard fetched.status == 0 else { throw git.failure("fetch from '\(sanitize(url))'", fetched) }
    return try upstream()!
  }

  /// Checks out `upstream`'s branch as it was fetched, over anything here, and tracks it.
  func checkOut(_ upstream: Upstream) throws(CommandFailure) {
    try git.output(
      ["checkout", "-q", "-f", "-B", upstream.localBranch, upstream.trackingRef],
      doing: "check out \(upstream.display)")
    try track(upstream)
  }

  // MARK: - Committing

  /// The sync-ups as `revision` holds them; nil when it has no data file (or none decodable,
  /// which a commit message then treats as nothing before).
  func syncUps(at revision: String) throws(CommandFailure) -> IdentifiedArrayOf<SyncUp>? {
    try declaredSyncUps(at: revision)?.syncUps
  }

  /// The sync-ups as `revision` holds them and what its data file declares; nil as for
  /// ``syncUps(at:)``.
  func declaredSyncUps(at revision: String) throws(CommandFailure)
    -> (syncUps: IdentifiedArrayOf<SyncUp>, declaration: SyncUpsFile.Declaration)?
  {
    let result = try git.run(["show", "\(revision):\(revisionPath)"])
    guard result.status == 0 else { return nil }
    return try? SyncUpsFile.decodeDeclared(Data(result.output.utf8))
  }

  /// Commits the data file when it differs from the last commit, with a message saying what
  /// changed from that commit's sync-ups to `current`; the message's first line, or nil when
  /// there was nothing to commit. A data file that is missing but committed is restored: a
  /// missing file means no sync-ups yet, never that the team's should go.
  func commitDataFile(_ current: @autoclosure () throws -> IdentifiedArrayOf<SyncUp>, changed: Bool? = nil)
    throws -> String?
  {
    guard try changed ?? dataFileChanged() else { return nil }
    if !currentFileSystem.exists(dataFilePath) {
      try git.output(["checkout", "HEAD", "--", name], doing: "restore '\(sanitize(name))'")
      return nil
    }
    let changes = SyncUpChanges(from: try syncUps(at: "HEAD") ?? [], to: try current())
    let subject = changes.subject ?? "Update \(name)"
    let lines = changes.lines
    let body = lines.count > 1 ? [lines.map { "- " + $0 }.joined(separator: "\n")] : []
    return try commit([name], message: Self.commitMessage([subject] + body)) ? subject : nil
  }

  /// Whether the data file differs from the last commit.
  func dataFileChanged() throws(CommandFailure) -> Bool {
    try !git.output(["status", "--porcelain", "--", name], doing: "read the repository's status")
      .isEmpty
  }

  /// What `git status` says of the data file and the branch, in one git.
  struct Status {
    /// Whether the data file differs from the last commit.
    var dataFileChanged: Bool
    /// Whether the branch and its upstream hold the same commits (neither ahead nor behind).
    var level: Bool
  }

  func status(of upstream: Upstream) throws(CommandFailure) -> Status {
    let lines = try git.output(
      ["status", "--porcelain=v2", "--branch", "--", name], doing: "read the repository's status"
    ).split(separator: "\n")
    return Status(
      dataFileChanged: lines.contains { !$0.hasPrefix("#") },
      level: upstream.isConfigured
        && lines.contains("# branch.upstream \(upstream.display)") && lines.contains("# branch.ab +0 -0"))
  }

  /// The key of the trailer every commit syncups makes ends with: the version that made it
  /// (`Syncups-Version: 0.4.0`), which `doctor` reads to tell what each teammate syncs with.
  static let versionTrailerKey = "Syncups-Version"

  /// A commit message as `git commit -m` takes it: `paragraphs` (the subject first), then
  /// one paragraph of git trailers, `trailers` and the version's (``versionTrailerKey``).
  ///
  /// ```swift
  /// SyncRepository.commitMessage("Add sync-up Design")
  /// // ["-m", "Add sync-up Design\n\nSyncups-Version: 0.4.0"]
  /// ```
  static func commitMessage(_ paragraphs: String..., trailers: [String] = []) -> [String] {
    commitMessage(paragraphs, trailers: trailers)
  }

  static func commitMessage(_ paragraphs: [String], trailers: [String] = []) -> [String] {
    let version = "\(versionTrailerKey): \(CommandTable.version)"
    return ["-m", (paragraphs + [(trailers + [version]).joined(separator: "\n")]).joined(separator: "\n\n")]
  }

  /// Commits `paths` (relative to ``directory``) alone, whatever else is staged, with
  /// `message` (``commitMessage(_:trailers:)``). Whether there was anything to commit: staged,
  /// `paths` may turn out to be as committed (a sync killed between two of git's steps can
  /// leave the index saying otherwise).
  @discardableResult
  func commit(_ paths: [String], message: [String]) throws(CommandFailure) -> Bool {
    try git.output(["add", "--"] + paths, doing: "stage \(paths.joined(separator: ", "))")
    let result = try git.run(
      try git.identityFallbacks() + ["commit", "-q", "--no-verify"] + message + ["--"] + paths)
    guard result.status == 0 else {
      if result.error.isEmpty && result.output.contains("nothing to commit") { return false }
      throw git.failure("commit \(paths.joined(separator: ", "))", result)
    }
    return true
  }

  // MARK: - Remotes

  /// What `sync` reads of the configuration, in one git: the merge driver's command
  /// (``driverKey``) and `branch`'s `remote` and `merge`, by key.
  func configuration(branch: String?) throws(CommandFailure) -> [String: String] {
    var pattern = Self.driverKey.replacing(".", with: "\\.")
    if let branch {
      let escaped = branch.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
      pattern += "|branch\\.\(escaped)\\.(remote|merge)"
    }
    let result = try git.run(["config", "--get-regexp", "^(\(pattern))$"])
    var values: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    return values
  }

  /// The repository's own configuration read as a file (`.git/config`), keys as git names
  /// them (`merge.syncups.driver`): a git the less on every sync. Nil when the file says
  /// anything this simple reading could get wrong (an include, a quoted or escaped value, an
  /// old-style section name), and git must be asked instead (``configuration(branch:)``).
  func localConfiguration(gitDirectory: String) -> [String: String]? {
    guard let text = try? readText(gitDirectory + "/config") else { return nil }
    func trimmed(_ text: Substring) -> Substring {
      let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
      let start = text.drop(while: blank)
      guard let last = start.lastIndex(where: { !blank($0) }) else { return "" }
      return start[...last]
    }
    var section = ""
    var values: [String: String] = [:]
    for line in text.split(separator: "\n").map(trimmed) {
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") {
        let parts = line.dropFirst().prefix { $0 != "]" }.split(separator: " ", maxSplits: 1)
        guard let name = parts.first?.lowercased(), !name.contains("."), !name.hasPrefix("include")
        else { return nil }
        guard parts.count == 2 else {
          section = name
          continue
        }
        let subsection = parts[1]
        guard subsection.count >= 2, subsection.hasPrefix("\""), subsection.hasSuffix("\""),
          !subsection.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" })
        else { return nil }
        section = name + "." + subsection.dropFirst().dropLast()
        continue
      }
      guard let equals = line.firstIndex(of: "=") else { continue }
      let value = trimmed(line[line.index(after: equals)...])
      guard !value.contains(where: { "\"\\;#".contains($0) }) else { return nil }
      values[section + "." + trimmed(line[..<equals]).lowercased()] = String(value)
    }
    return values
  }

  /// The upstream `sync` would use, reading the configuration itself.
  func upstream() throws(CommandFailure) -> Upstream? {
    let branch = try git.run(["symbolic-ref", "-q", "--short", "HEAD"])
    let local = branch.status == 0 ? String(branch.output.dropLast()) : nil
    return try upstream(branch: local, configuration: configuration(branch: local))
  }

  /// The branch to sync with: the current branch's upstream, else the branch of the same
  /// name on `origin` (or on the only remote); nil when there is no remote.
  ///
  /// - Throws: a runtime failure when no branch is checked out.
  func upstream(branch: String?, configuration: [String: String]) throws(CommandFailure)
    -> Upstream?
  {
    guard let local = branch else {
      throw CommandFailure(
        "the repository in '\(sanitize(directory))' is not on a branch; check one out "
          + "('git switch <branch>') and run 'syncups sync' again")
    }
    let remote = configuration["branch.\(local).remote"]
    let merge = configuration["branch.\(local).merge"]
    if let remote, remote != ".", let merge, merge.hasPrefix("refs/heads/") {
      return Upstream(
        remote: remote, branch: String(merge.dropFirst("refs/heads/".count)),
        localBranch: local, isConfigured: true)
    }
    let remotes = try git.output(["remote"], doing: "list the remotes").split(separator: "\n")
    guard let chosen = remotes.contains("origin") ? "origin" : remotes.count == 1 ? remotes.first.map(String.init) : nil
    else { return nil }
    return Upstream(remote: chosen, branch: local, localBranch: local, isConfigured: false)
  }

  /// The commit `ref` names, or nil when there is none.
  func resolve(_ ref: String) throws(CommandFailure) -> String? {
    let result = try git.run(["rev-parse", "-q", "--verify", ref + "^{commit}"])
    return result.status == 0 ? String(result.output.dropLast()) : nil
  }

  /// How many commits `HEAD` has that `ref` lacks (all of them when `ref` is nil).
  func commitsAhead(of ref: String?) throws(CommandFailure) -> Int {
    let range = ref.map { "\($0)..HEAD" } ?? "HEAD"
    let result = try git.run(["rev-list", "--count", range])
    return Int(result.output.dropLast()) ?? 0
  }

  /// Makes the local branch track `upstream`, as `git push -u` would.
  func track(_ upstream: Upstream) throws(CommandFailure) {
    let prefix = "branch.\(upstream.localBranch)."
    try git.output(["config", prefix + "remote", upstream.remote], doing: "set the upstream")
    try git.output(
      ["config", prefix + "merge", "refs/heads/" + upstream.branch], doing: "set the upstream")
  }

  // MARK: - Files

  func readText(_ path: String) throws(CommandFailure) -> String? {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    do {
      return try fileSystem.read(path) { String(decoding: try $0.readAll(), as: UTF8.self) }?.result
    } catch {
      throw CommandFailure("cannot read '\(sanitize(path))': \(sanitize("\(error)"))")
    }
  }

  /// Replaces the file at `path` atomically.
  func writeBytes(_ data: Data, to path: String) throws(CommandFailure) {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    do {
      _ = try fileSystem.write(data, to: path)
    } catch {
      throw CommandFailure(sanitize(error.message))
    }
  }

  /// The data file's sync-ups as they are now: empty when there is no file or an empty one,
  /// as `.syncUps` reads it.
  ///
  /// - Throws: a data error when it cannot be read or decoded.
  func currentSyncUps() throws(CommandFailure) -> IdentifiedArrayOf<SyncUp> {
    try currentDeclaredSyncUps().syncUps
  }

  /// The data file's sync-ups as they are now (``currentSyncUps()``) and what it declares:
  /// format 1 when there is no file or an empty one.
  func currentDeclaredSyncUps() throws(CommandFailure)
    -> (syncUps: IdentifiedArrayOf<SyncUp>, declaration: SyncUpsFile.Declaration)
  {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    let decoded = try Self.declaredSyncUps(in: dataFilePath, on: fileSystem)
    return (decoded.syncUps, decoded.declaration)
  }

  /// The data file's sync-ups as they are now, nil when the file does not decode, decoded on a
  /// thread of their own while the caller goes on: `sync` has git fetch meanwhile, which
  /// mostly waits. With them, the note that says this syncups decoded the version read
  /// (``decodesNote(of:)``; nil without a file), for the caller to keep
  /// (``keepDecodesNote(_:gitDirectory:)``).
  func decodingCurrentSyncUps()
    -> BlockingThread.Computation<(syncUps: IdentifiedArrayOf<SyncUp>, note: Data?)?>
  {
    // The file system is the dependency's, read here: the thread does not inherit it.
    @Dependency(\.defaultFileStorage.fileSystem) var dependency
    let (path, fileSystem) = (dataFilePath, dependency)
    return BlockingThread.compute {
      let read: (data: Data, fingerprint: FileFingerprint)?
      do { read = try fileSystem.read(path) } catch { return nil }
      guard let data = read?.data else { return ([], nil) }
      guard let decoded = try? data.isEmpty ? [] : SyncUpsFile.decodeDeclared(data).syncUps
      else { return nil }
      return (decoded, Self.decodesNote(of: data))
    }
  }

  /// Where `sync` notes the version of the data file it last decoded, in the git directory.
  static func decodesNotePath(gitDirectory: String) -> String {
    gitDirectory + "/syncups.decoded"
  }

  /// Whether the data file is the version a sync of this syncups last decoded: its bytes
  /// hashed against the note (``decodesNote(of:)``), which costs a tenth of decoding them, so
  /// that a sync with nothing to do does not decode the file again.
  func noteDecodes(gitDirectory: String) -> Bool {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    guard let note = (try? fileSystem.read(Self.decodesNotePath(gitDirectory: gitDirectory)))?.data,
      let data = (try? fileSystem.read(dataFilePath))?.data
    else { return false }
    return note == Self.decodesNote(of: data)
  }

  /// Keeps `note` as what a sync last decoded (not flushed: a note lost costs one decoding).
  func keepDecodesNote(_ note: Data, gitDirectory: String) {
    _ = try? currentFileSystem.write(
      note, to: Self.decodesNotePath(gitDirectory: gitDirectory), durably: false)
  }

  /// The note that this syncups decoded a data file holding `data`: its version and its
  /// executable's size and time (every build differs), then the file's size and a 64-bit
  /// FNV-1a hash of its bytes.
  static func decodesNote(of data: Data) -> Data {
    let hash = data.withUnsafeBytes { bytes in
      bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    return Data("\(decoder) \(data.count) \(String(hash, radix: 16))\n".utf8)
  }

  /// This syncups, as ``decodesNote(of:)`` names it.
  private static let decoder: String = {
    #if os(Linux)
      var info = stat()
      if stat("/proc/self/exe", &info) == 0 {
        return "\(CommandTable.version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
      }
    #endif
    return CommandTable.version
  }()

  private static func declaredSyncUps(in dataFilePath: String, on fileSystem: any FileSystem)
    throws(CommandFailure)
    -> (
      syncUps: IdentifiedArrayOf<SyncUp>, declaration: SyncUpsFile.Declaration,
      fingerprint: FileFingerprint?
    )
  {
    do {
      guard
        let read = try fileSystem.read(dataFilePath, through: { file in
          file.size > 0 ? try SyncUpsFile.decodeDeclared(from: &file) : ([], .formatOne)
        })
      else { return ([], .formatOne, nil) }
      return (read.result.syncUps, read.result.declaration, read.fingerprint)
    } catch {
      throw CommandFailure(
        "cannot decode '\(sanitize(dataFilePath))': \(sanitize("\(error)"))", status: .dataError)
    }
  }

  /// Refuses, with a data error (65), a data file that requires what this syncups does not
  /// know (``SyncUpsFile/Declaration``): `sync` never commits, merges or pushes it. A missing
  /// file, or one that does not decode, is left to the steps that read it.
  func refuseNewerDataFile() throws(CommandFailure) {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    let declaration = try? fileSystem.read(dataFilePath, through: SyncUpsFile.declaration(from:))
    if let refusal = declaration?.result.refusal {
      throw CommandFailure(refusal, status: .dataError)
    }
  }

  /// The refusal of the data file as `revision` holds it, when it requires what this syncups
  /// does not know; nil when it does not (or has no data file, or one that does not decode).
  func newerDataFileRefusal(at revision: String) throws(CommandFailure) -> String? {
    let result = try git.run(["show", "\(revision):\(revisionPath)"])
    guard result.status == 0 else { return nil }
    return (try? SyncUpsFile.declaration(of: Data(result.output.utf8)))?.refusal
  }

  /// `text` as one word for a POSIX shell, which is how git runs a merge driver.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}

extension SyncRepository {
  /// How a push ended.
  enum PushOutcome {
    /// The remote branch already held everything.
    case upToDate
    case pushed
    /// The remote branch moved since the fetch: fetch and merge again.
    case rejected
    /// The remote could not be reached or refused for another reason.
    case failed(CommandFailure)
  }

  /// Whether a line of `git push --porcelain` says the push lost a race with someone else's:
  /// the remote branch moved since the fetch (`[rejected]`), or the remote could not update it
  /// because another push held it (`[remote rejected] (failed to update ref)`, `cannot lock
  /// ref`). A refusal for any other reason (a hook, permissions) is not retried.
  private static func lostARace(_ line: Substring) -> Bool {
    guard line.hasPrefix("!") else { return false }
    return line.contains("[rejected]")
      || (line.contains("[remote rejected]")
        && ["failed to update ref", "cannot lock ref", "failed to lock", "incorrect old value"]
          .contains { line.contains($0) })
  }

  /// Pushes the current branch to `upstream`, making it track `upstream` once pushed.
  func push(_ upstream: Upstream) throws(CommandFailure) -> PushOutcome {
    if let tip = try resolve(upstream.trackingRef), try isAncestor("HEAD", of: tip) {
      return .upToDate
    }
    let result = try git.run(
      ["push", "--porcelain", upstream.remote, "HEAD:refs/heads/\(upstream.branch)"])
    if result.status == 0 {
      if !upstream.isConfigured { try track(upstream) }
      return .pushed
    }
    if result.output.split(separator: "\n").contains(where: Self.lostARace) { return .rejected }
    return .failed(git.failure("push to '\(sanitize(upstream.remote))'", result))
  }
}
