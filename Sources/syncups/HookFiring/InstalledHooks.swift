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

/// The hook programs there are for one data file, found as git and run-parts find theirs:
/// in a hooks directory, the file named for the event (`meeting-ended`), then the files in
/// the directory named for it with `.d` (`meeting-ended.d/*`) in name order, leaving out names
/// that start with a dot or end in `~`; a symbolic link to nothing there is a hook too, one
/// that cannot run (``Hook/isMissing``), so that it is reported. The user's own directory,
/// `$XDG_CONFIG_HOME/syncups/hooks` (`~/.config/syncups/hooks`), comes first; then, when the
/// data file lies in a git work tree whose `.syncups/hooks` the user trusted
/// (``HookTrust``), that one. Everything is looked at through ``currentFileSystem``.
///
/// ```swift
/// let installed = InstalledHooks(environment: environment, dataFile: "/home/ana/team/sync-ups.json")
/// installed.runnable(for: .meetingEnded).map(\.path)
/// // ["/home/ana/.config/syncups/hooks/meeting-ended"]
/// ```
struct InstalledHooks: Sendable {
  /// One program found for an event.
  struct Hook: Sendable, Equatable {
    var event: HookEvent
    var path: String
    /// Whether it can be run: a file this user may execute.
    var isExecutable: Bool
    /// Whether it lies in the data repository's hooks, not the user's.
    var isFromRepository: Bool
    /// Whether it is a symbolic link to nothing: a hook that cannot run, which is reported
    /// when its event fires.
    var isMissing = false
  }

  /// Whether the repository's hooks may run.
  enum Trust: Sendable, Equatable {
    /// There is no repository hooks directory.
    case none
    case untrusted
    case trusted
    /// Trusted once, changed since: they need trusting again.
    case changed
  }

  /// The user's hooks directory.
  let userDirectory: String
  /// The data repository's `.syncups/hooks`, when the data file lies in a git work tree and
  /// the directory exists.
  let repositoryDirectory: String?
  let repositoryTrust: Trust
  /// Every program found, the user's first, in the order they run.
  let hooks: [Hook]
  /// The files in a hooks directory that no event runs: a misspelt name, most likely
  /// (`meeting-end`), which `hooks list` points out.
  let strays: [String]

  init(environment: [String: String], dataFile: String) {
    userDirectory = Self.userDirectory(environment: environment)
    let repository = Self.repositoryDirectory(of: dataFile)
    repositoryDirectory = repository
    repositoryTrust =
      repository.map {
        HookTrust(environment: environment).trust(of: $0)
      } ?? .none
    var hooks = Self.programs(in: userDirectory, fromRepository: false)
    if let repository { hooks += Self.programs(in: repository, fromRepository: true) }
    self.hooks = hooks
    strays = ([userDirectory] + (repository.map { [$0] } ?? [])).flatMap(Self.strays(in:))
  }

  /// The programs an event runs, in order: the user's, then the repository's when trusted.
  func runnable(for event: HookEvent) -> [Hook] {
    hooks.filter { $0.event == event && (!$0.isFromRepository || repositoryTrust == .trusted) }
  }

  /// `$XDG_CONFIG_HOME/syncups/hooks`, else `~/.config/syncups/hooks`.
  static func userDirectory(environment: [String: String]) -> String {
    BaseDirectories(environment: environment).configuration
      .appending(path: "syncups/hooks", directoryHint: .isDirectory).path
  }

  /// `.syncups/hooks` at the top of the git work tree the data file lies in, when it exists.
  static func repositoryDirectory(of dataFile: String) -> String? {
    guard let top = GitWorkTree.top(holding: dataFile) else { return nil }
    let hooks = top + "/.syncups/hooks"
    return isDirectory(hooks) ? hooks : nil
  }

  /// The entries of `directory` named for no event (nor for an event's `.d` directory),
  /// leaving out those whose names start with a dot or end in `~`.
  private static func strays(in directory: String) -> [String] {
    let names = (try? currentFileSystem.contentsOfDirectory(directory)) ?? []
    let known = Set(HookEvent.allCases.flatMap { [$0.rawValue, $0.rawValue + ".d"] })
    return names.sorted()
      .filter { !$0.hasPrefix(".") && !$0.hasSuffix("~") && !known.contains($0) }
      .map { directory + "/" + $0 }
  }

  /// The programs of every event in `directory`, event by event in ``HookEvent`` order.
  private static func programs(in directory: String, fromRepository: Bool) -> [Hook] {
    guard isDirectory(directory) else { return [] }
    var hooks: [Hook] = []
    for event in HookEvent.allCases {
      var paths: [String] = []
      let single = directory + "/" + event.rawValue
      if isFile(single) || isDangling(single) { paths.append(single) }
      let parts = single + ".d"
      if isDirectory(parts), let names = try? currentFileSystem.contentsOfDirectory(parts) {
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix("~") {
          let path = parts + "/" + name
          if isFile(path) || isDangling(path) { paths.append(path) }
        }
      }
      hooks += paths.map {
        Hook(
          event: event, path: $0, isExecutable: currentFileSystem.isExecutable($0),
          isFromRepository: fromRepository, isMissing: isDangling($0))
      }
    }
    return hooks
  }

  /// The directory `path` lies in: `/a` for `/a/b`, `/` for `/a`.
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether `path` leads to a directory, symbolic links followed.
  static func isDirectory(_ path: String) -> Bool {
    (try? currentFileSystem.resolvedEntry(path))?.kind == .directory
  }

  /// Whether `path` leads to a regular file, symbolic links followed.
  static func isFile(_ path: String, in fileSystem: any FileSystem = currentFileSystem) -> Bool {
    (try? fileSystem.resolvedEntry(path))?.kind == .file
  }

  /// Whether `path` is a symbolic link to nothing (`ln -s /nonexistent meeting-ended`).
  static func isDangling(_ path: String) -> Bool {
    (try? currentFileSystem.symlinkTarget(path)) != nil && !currentFileSystem.exists(path)
  }

  /// The interpreter the script at `path` names on its `#!` line (`/bin/sh` for
  /// `#!/bin/sh -e`); nil when it has none.
  static func interpreter(
    of path: String, in fileSystem: any FileSystem = currentFileSystem
  ) -> String? {
    let read = try? fileSystem.read(path) { reader in
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
      return buffer.prefix(count)
    }
    guard let buffer = read?.result, buffer.count > 2, buffer.first == UInt8(ascii: "#"),
      buffer.dropFirst().first == UInt8(ascii: "!")
    else {
      return nil
    }
    let line = buffer.dropFirst(2).prefix { $0 != UInt8(ascii: "\n") }
    let word = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      .prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
  }
}

/// The repository hooks directories the user trusted, each with the fingerprint of its
/// contents then, kept in `$XDG_CONFIG_HOME/syncups/trusted-hooks.json` (a JSON object from
/// directory to fingerprint). Hooks in a shared repository are a teammate's code: they run
/// only once trusted here, and only as they were when trusted (a changed, added or removed
/// file, or a changed mode, needs trusting again).
struct HookTrust {
  /// The file the trust is kept in.
  let file: String

  init(environment: [String: String]) {
    file = BaseDirectories(environment: environment).configuration
      .appending(path: "syncups/trusted-hooks.json", directoryHint: .notDirectory).path
  }

  /// How the hooks in `directory` stand.
  func trust(of directory: String) -> InstalledHooks.Trust {
    guard let recorded = (try? load())?[directory] else { return .untrusted }
    return recorded == Self.fingerprint(of: directory) ? .trusted : .changed
  }

  /// The directories trusted and their fingerprints; empty when none is.
  ///
  /// - Throws: a data error naming the file when it exists but is not the object it should
  ///   be; it is left as it is, for the person to mend.
  func load() throws -> [String: String] {
    guard let data = (try? currentFileSystem.read(file))?.data else { return [:] }
    do {
      return try JSONDecoder().decode([String: String].self, from: data)
    } catch {
      throw CommandFailure(
        "cannot read the trusted hooks in '\(sanitize(file))': "
          + readableDescription(of: JSONSyntaxError.locating(error, in: data))
          + "; mend it, or remove it to trust no repository's hooks", status: .dataError)
    }
  }

  /// Records `directory` as trusted as it is now (`fingerprint` nil: no longer trusted),
  /// replacing the file atomically.
  func record(_ directory: String, fingerprint: String?) throws {
    var trusted = try load()
    trusted[directory] = fingerprint
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    _ = try currentFileSystem.write(encoder.encode(trusted), to: file)
  }

  /// SHA-256 over every file under `directory`, as the hooks are found there, links followed
  /// (a `meeting-ended.d` linked to a folder elsewhere included): its path there, whether it
  /// is executable, and its bytes.
  static func fingerprint(of directory: String) -> String {
    var hash = SHA256()
    for path in files(under: directory).sorted() {
      let full = directory + "/" + path
      guard InstalledHooks.isFile(full) else { continue }
      let bytes = (try? currentFileSystem.read(full)).map { [UInt8]($0.data) } ?? []
      hash.update(Array(path.utf8) + [0, currentFileSystem.isExecutable(full) ? 1 : 0])
      hash.update(Array(String(bytes.count).utf8) + [0])
      hash.update(bytes)
    }
    return hash.hexDigest()
  }

  /// The paths, relative to `directory`, of everything under it, directories reached through
  /// links entered too (the hooks finder follows them) unless `followingLinks` is false, at
  /// most `depth` folders deep so that a link to a folder above cannot loop.
  static func files(
    under directory: String, followingLinks: Bool = true, prefix: String = "", depth: Int = 8
  ) -> [String] {
    guard depth > 0 else { return [] }
    let names = (try? currentFileSystem.contentsOfDirectory(directory)) ?? []
    return names.flatMap { name -> [String] in
      let full = directory + "/" + name
      let relative = prefix + name
      let isFolder =
        followingLinks
        ? InstalledHooks.isDirectory(full) : (try? currentFileSystem.entry(full))?.kind == .directory
      guard isFolder else { return [relative] }
      return files(
        under: full, followingLinks: followingLinks, prefix: relative + "/", depth: depth - 1)
    }
  }

  /// What is wrong with the trust file, or nil when it reads (or there is none).
  static func fileProblem(_ environment: [String: String]) -> String? {
    do {
      _ = try HookTrust(environment: environment).load()
      return nil
    } catch {
      return (error as? CommandFailure)?.message ?? "\(error)"
    }
  }
}
