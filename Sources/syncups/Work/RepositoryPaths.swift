#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The repositories the `repositories` setting names, found on disk: each path once, in the
/// order the setting names them, and what was skipped with why.
///
/// ```swift
/// let found = RepositoryPaths(["~/src/*", "/srv/big.git", "~/gone"], home: "/home/blob")
/// found.repositories.map(\.name)   // ["api", "web", "big.git"]
/// found.skipped                    // [("~/gone", "no such directory")]
/// ```
///
/// A path is a git repository when it holds `.git` (a directory, or the file a worktree has)
/// or is a bare repository (`HEAD` and `objects/`). A path named outright that is missing or
/// is no repository is skipped with its reason; a glob's matches that are not repositories are
/// passed over quietly (a folder of clones often holds other things), and a glob that matches
/// no repository at all is skipped.
struct RepositoryPaths {
  /// A repository to read.
  struct Repository: Equatable {
    /// Its path, `~` expanded.
    var path: String
    /// What cards call it: the path's last part.
    var name: String
  }

  private(set) var repositories: [Repository] = []
  private(set) var skipped: [(pattern: String, reason: String)] = []

  /// Finds the repositories `patterns` name; `~` at the start of one is `home` (and a pattern
  /// starting with it is skipped when there is no home directory).
  init(_ patterns: [String], home: String?) {
    var seen = Set<String>()
    for pattern in patterns {
      guard let expanded = Self.expandingHome(pattern, home: home) else {
        skipped.append((pattern, "no home directory to expand '~' in (HOME is not set)"))
        continue
      }
      if expanded.contains(where: { "*?[".contains($0) }) {
        let matches = Self.directories(matching: expanded).filter(Self.isRepository)
        if matches.isEmpty { skipped.append((pattern, "matches no git repository")) }
        for path in matches where seen.insert(path).inserted {
          repositories.append(Repository(path: path, name: Self.name(of: path)))
        }
      } else if let problem = Self.problem(with: expanded) {
        skipped.append((pattern, problem))
      } else if seen.insert(expanded).inserted {
        repositories.append(Repository(path: expanded, name: Self.name(of: expanded)))
      }
    }
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

  /// The last part of `path`, trailing slashes aside.
  private static func name(of path: String) -> String {
    let parts = path.split(separator: "/")
    return parts.last.map(String.init) ?? path
  }
}
