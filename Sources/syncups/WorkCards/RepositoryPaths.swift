#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState

/// The repositories the `repositories` setting names, found on disk: each repository once, in
/// the order the setting names them, and what was skipped with why.
///
/// ```swift
/// let found = RepositoryPaths(["~/src/*", "~/work/api", "/srv/big.git", "~/gone"], home: "/home/blob")
/// found.repositories.map(\.name)   // ["src/api", "web", "work/api", "big.git"]
/// found.skipped                    // [("~/gone", "no such directory")]
/// ```
///
/// A path is a git repository when it holds `.git` (a directory, or the file a worktree has)
/// or is a bare repository (`HEAD` and `objects/`). A path named outright that is missing or
/// is no repository is skipped with its reason; a glob's matches that are not repositories are
/// passed over quietly (a folder of clones often holds other things), and a glob that matches
/// no repository at all is skipped. A pattern is skipped once however often it is named. One
/// repository reached by several spellings (`~/src/api/`, `~/src/../src/api`, a glob and a path
/// within it, a symbolic link) is read once, by the first.
struct RepositoryPaths {
  /// A repository to read.
  struct Repository: Equatable {
    /// Its path, `~` expanded, as first spelled.
    var path: String
    /// What cards call it: the path's last part, or as many last parts as tell it apart from
    /// the others read with it (`src/api` and `work/api`).
    var name: String
  }

  private(set) var repositories: [Repository] = []
  private(set) var skipped: [(pattern: String, reason: String)] = []

  /// Finds the repositories `patterns` name; `~` at the start of one is `home` (and a pattern
  /// starting with it is skipped when there is no home directory).
  init(_ patterns: [String], home: String?) {
    var paths: [String] = []
    var seen = Set<String>()
    var skipped: [(pattern: String, reason: String)] = []
    func add(_ path: String) {
      if seen.insert(FSSystem.realPath(path) ?? path).inserted { paths.append(path) }
    }
    func skip(_ pattern: String, _ reason: String) {
      if !skipped.contains(where: { $0.pattern == pattern }) { skipped.append((pattern, reason)) }
    }
    for pattern in patterns {
      guard let expanded = Self.expandingHome(pattern, home: home) else {
        skip(pattern, "no home directory to expand '~' in (HOME is not set)")
        continue
      }
      if Self.isGlob(expanded) {
        let matches = Self.directories(matching: expanded).filter(Self.isRepository)
        if matches.isEmpty { skip(pattern, "matches no git repository") }
        matches.forEach(add)
      } else if let problem = Self.problem(with: expanded) {
        skip(pattern, problem)
      } else {
        add(expanded)
      }
    }
    repositories = zip(paths, Self.names(of: paths)).map { Repository(path: $0, name: $1) }
    self.skipped = skipped
  }

  /// `pattern` as the `repositories` setting keeps it: a relative path or glob made absolute
  /// from `directory` (the working directory it was typed in), without `.` parts or a trailing
  /// slash, so that it reads the same from anywhere; one starting with `~` or `/` as typed.
  ///
  /// ```swift
  /// RepositoryPaths.absolute("./src/api/", from: "/home/blob")  // "/home/blob/src/api"
  /// RepositoryPaths.absolute("src/*", from: "/home/blob")       // "/home/blob/src/*"
  /// RepositoryPaths.absolute("~/src/api", from: "/home/blob")   // "~/src/api"
  /// ```
  static func absolute(_ pattern: String, from directory: String) -> String {
    guard !pattern.hasPrefix("/"), !pattern.hasPrefix("~") else { return pattern }
    let parts = (directory + "/" + pattern).split(separator: "/").filter { $0 != "." }
    return "/" + parts.joined(separator: "/")
  }

  /// `~` or `~/…` with `home` in its place; other paths as they are.
  private static func expandingHome(_ pattern: String, home: String?) -> String? {
    guard pattern == "~" || pattern.hasPrefix("~/") else { return pattern }
    guard let home, !home.isEmpty else { return nil }
    return home + pattern.dropFirst()
  }

  /// Why `path` is no repository to read, or nil when it is one.
  private static func problem(with path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return "no such directory" }
    guard status.st_mode & S_IFMT == S_IFDIR else { return "not a directory" }
    return isRepository(path) ? nil : "not a git repository"
  }

  /// Whether `path` is a work tree's top (`.git` in it) or a bare repository.
  static func isRepository(_ path: String) -> Bool {
    access(path + "/.git", F_OK) == 0
      || (access(path + "/HEAD", F_OK) == 0 && access(path + "/objects", F_OK) == 0)
  }

  /// The directories `pattern` matches, sorted as the shell sorts them.
  private static func directories(matching pattern: String) -> [String] {
    var found = glob_t()
    defer { globfree(&found) }
    guard glob(pattern, GLOB_ONLYDIR, nil, &found) == 0 else { return [] }
    return (0..<Int(found.gl_pathc)).compactMap { index in
      found.gl_pathv[index].map { String(cString: $0) }
    }
  }

  /// Whether `pattern` is a glob: it holds `*`, `?` or `[`.
  private static func isGlob(_ pattern: String) -> Bool {
    pattern.contains(where: { "*?[".contains($0) })
  }

  /// What cards call each of `paths`: its last part, or, where others end alike, as many last
  /// parts as tell it apart from them (`~/src/api` and `~/work/api` are `src/api` and
  /// `work/api`); trailing slashes aside.
  private static func names(of paths: [String]) -> [String] {
    let parts = paths.map { $0.split(separator: "/") }
    return parts.indices.map { index in
      let mine = parts[index]
      guard !mine.isEmpty else { return paths[index] }
      let shared = parts.indices.filter { $0 != index }.map { other in
        zip(mine.reversed(), parts[other].reversed()).prefix { $0 == $1 }.count
      }.max() ?? 0
      return mine.suffix(min(shared + 1, mine.count)).joined(separator: "/")
    }
  }
}
