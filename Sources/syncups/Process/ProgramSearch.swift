#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The search of `PATH` for a program, as a shell does it: the directories of `PATH` in order
/// (`/usr/local/bin:/usr/bin:/bin` when it is unset), the first holding an executable regular
/// file of the name winning. Only absolute directories are searched: an empty or relative one
/// (`PATH=:bin`) would find a program in whatever directory syncups is run from. git and the
/// extensions (`syncups-NAME`) are found by it.
///
/// ```swift
/// ProgramSearch.find("git", environment: ["PATH": "/opt/bin:/usr/bin"])  // "/usr/bin/git"
/// ```
enum ProgramSearch {
  /// The directories searched when `PATH` is unset.
  static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

  /// The directories of `environment`'s `PATH` that are searched, in order.
  static func directories(_ environment: [String: String]) -> [String] {
    (environment["PATH"] ?? defaultPath).split(separator: ":").map(String.init)
      .filter { $0.hasPrefix("/") }
  }

  /// The path of the program `name` in the first directory searched that has it, executable;
  /// nil when none has it, or `name` is empty or holds a `/`.
  static func find(_ name: String, environment: [String: String]) -> String? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    return directories(environment).lazy.map { $0 + "/" + name }.first(where: isExecutableFile)
  }

  /// Whether `path` is a regular file (links followed) this user may run.
  static func isExecutableFile(_ path: String) -> Bool {
    (try? currentFileSystem.resolvedEntry(path))?.kind == .file
      && currentFileSystem.isExecutable(path)
  }
}
