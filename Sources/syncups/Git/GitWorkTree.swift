#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The git work tree a folder lies in, found as git looks for it first: from the folder up, the
/// first folder holding a `.git` (the directory of a repository, or the file of a linked work
/// tree). `sync`, the repository's hooks (`.syncups/hooks` at its top) and the signs of an
/// interrupted sync all find the repository of the data file by it.
///
/// ```swift
/// GitWorkTree.top(from: "/home/ana/team/notes")  // "/home/ana/team", which holds .git
/// GitWorkTree.top(holding: "/home/ana/team/syncups.json")  // "/home/ana/team"
/// ```
enum GitWorkTree {
  /// The first folder from `folder` up that holds a `.git`; nil when none does.
  static func top(from folder: String) -> String? {
    var candidate = folder
    while !candidate.isEmpty {
      if (try? currentFileSystem.entry(candidate + "/.git")) != nil { return candidate }
      guard candidate != "/" else { return nil }
      candidate = Self.folder(of: candidate)
    }
    return nil
  }

  /// The work tree holding the file at `path` (``top(from:)`` of its folder).
  static func top(holding path: String) -> String? {
    top(from: Self.folder(of: path))
  }

  /// The folder `path` lies in: `/a` for `/a/b`, `/` for `/a`, empty for a bare name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
