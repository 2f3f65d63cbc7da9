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
    @Dependency(\.defaultFileStorage) var fileSystem
    let canonical = fileSystem.canonicalPath(dataFile.path)
    let slash = canonical.lastIndex(of: "/")!
    directory = slash == canonical.startIndex ? "/" : String(canonical[..<slash])
    name = String(canonical[canonical.index(after: slash)...])
    git = try Git(directory: directory, environment: environment)
  }

  /// The repository's top directory, or nil when the data file's directory is in none.
  func topLevel() throws(CommandFailure) -> String? {
    let result = try git.run(["rev-parse", "--show-toplevel"])
    guard result.status == 0 else { return nil }
    return String(result.output.dropLast())
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

  /// Registers the merge driver in the repository's configuration, as this executable, when
  /// it is not registered so already.
  func registerDriver() throws(CommandFailure) {
    let key = "merge.\(SharingFiles.driverName).driver"
    let driver =
      Self.shellQuoted(Self.executablePath()) + " \(CommandTable.mergeDriver.name) %O %A %B %P"
    if try git.run(["config", "--local", key]).output != driver + "\n" {
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

  /// Makes `origin` point at `url`, adding it when missing.
  func setOrigin(_ url: String) throws(CommandFailure) {
    let current = try git.run(["remote", "get-url", "origin"])
    if current.status != 0 {
      try git.output(["remote", "add", "origin", url], doing: "add the remote 'origin'")
    } else if current.output != url + "\n" {
      try git.output(["remote", "set-url", "origin", url], doing: "set the remote 'origin'")
    }
  }

  // MARK: - Committing

  /// The sync-ups as `revision` holds them; nil when it has no data file (or none decodable,
  /// which a commit message then treats as nothing before).
  func syncUps(at revision: String) throws(CommandFailure) -> IdentifiedArrayOf<SyncUp>? {
    let result = try git.run(["show", "\(revision):\(revisionPath)"])
    guard result.status == 0 else { return nil }
    return try? SyncUpsFile.decode(Data(result.output.utf8))
  }

  /// Commits the data file when it differs from the last commit, with a message saying what
  /// changed from that commit's sync-ups to `current`; the message's first line, or nil when
  /// there was nothing to commit. A data file that is missing but committed is restored: a
  /// missing file means no sync-ups yet, never that the team's should go.
  func commitDataFile(_ current: IdentifiedArrayOf<SyncUp>) throws(CommandFailure) -> String? {
    let status = try git.output(
      ["status", "--porcelain", "--", name], doing: "read the repository's status")
    guard !status.isEmpty else { return nil }
    if access(dataFilePath, F_OK) != 0 {
      try git.output(["checkout", "HEAD", "--", name], doing: "restore '\(sanitize(name))'")
      return nil
    }
    let changes = SyncUpChanges(from: try syncUps(at: "HEAD") ?? [], to: current)
    let subject = changes.subject ?? "Update \(name)"
    let lines = changes.lines
    let body = lines.count > 1 ? ["-m", lines.map { "- " + $0 }.joined(separator: "\n")] : []
    try commit([name], message: ["-m", subject] + body)
    return subject
  }

  /// Commits `paths` (relative to ``directory``) alone, whatever else is staged.
  func commit(_ paths: [String], message: [String]) throws(CommandFailure) {
    try git.output(["add", "--"] + paths, doing: "stage \(paths.joined(separator: ", "))")
    try git.output(
      try git.identityFallbacks() + ["commit", "-q", "--no-verify"] + message + ["--"] + paths,
      doing: "commit \(paths.joined(separator: ", "))")
  }

  // MARK: - Remotes

  /// The branch to sync with: the current branch's upstream, else the branch of the same
  /// name on `origin` (or on the only remote); nil when there is no remote.
  ///
  /// - Throws: a runtime failure when no branch is checked out.
  func upstream() throws(CommandFailure) -> Upstream? {
    let branch = try git.run(["symbolic-ref", "-q", "--short", "HEAD"])
    guard branch.status == 0 else {
      throw CommandFailure(
        "the repository in '\(sanitize(directory))' is not on a branch; check one out "
          + "('git switch <branch>') and run 'syncups sync' again")
    }
    let local = String(branch.output.dropLast())
    let configured = try git.run(["config", "--get-regexp", "^branch\\.\(local)\\.(remote|merge)$"])
    var remote: String?
    var merge: String?
    for line in configured.output.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      if parts[0].hasSuffix(".remote") { remote = parts[1] } else { merge = parts[1] }
    }
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

  /// Whether `ancestor` is `descendant` or one of its ancestors.
  func isAncestor(_ ancestor: String, of descendant: String) throws(CommandFailure) -> Bool {
    try git.succeeds(["merge-base", "--is-ancestor", ancestor, descendant])
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

  /// The commit time of `ref`, in seconds since 1970.
  func commitTime(_ ref: String) throws(CommandFailure) -> Int {
    Int(try git.output(["log", "-1", "--format=%ct", ref], doing: "read the time of \(ref)")) ?? 0
  }

  // MARK: - Files

  func readText(_ path: String) throws(CommandFailure) -> String? {
    @Dependency(\.defaultFileStorage) var fileSystem
    do {
      return try fileSystem.read(path) { String(decoding: try $0.readAll(), as: UTF8.self) }?.result
    } catch {
      throw CommandFailure("cannot read '\(sanitize(path))': \(sanitize("\(error)"))")
    }
  }

  /// Replaces the file at `path` atomically.
  func writeBytes(_ data: Data, to path: String) throws(CommandFailure) {
    @Dependency(\.defaultFileStorage) var fileSystem
    do {
      _ = try fileSystem.write(data, to: path)
    } catch {
      throw CommandFailure(sanitize(error.message))
    }
  }

  /// The data file's sync-ups as they are now: empty when there is no file.
  ///
  /// - Throws: a data error when it cannot be read or decoded.
  func currentSyncUps() throws(CommandFailure) -> IdentifiedArrayOf<SyncUp> {
    @Dependency(\.defaultFileStorage) var fileSystem
    do {
      return try fileSystem.read(dataFilePath, through: SyncUpsFile.decode(from:))?.result ?? []
    } catch {
      throw CommandFailure(
        "cannot decode '\(sanitize(dataFilePath))': \(sanitize("\(error)"))", status: .dataError)
    }
  }

  // MARK: - This executable

  /// The running executable's absolute path, for the merge driver's command line.
  static func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let argument = CommandLine.arguments[0]
    guard let resolved = realpath(argument, nil) else { return argument }
    defer { free(resolved) }
    return String(cString: resolved)
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
    if result.output.split(separator: "\n").contains(where: { $0.hasPrefix("!") && $0.contains("[rejected]") }) {
      return .rejected
    }
    return .failed(git.failure("push to '\(sanitize(upstream.remote))'", result))
  }
}
