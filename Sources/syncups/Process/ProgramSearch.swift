import SharedState

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
  /// nil when none has it, or `name` is empty or holds a `/`. git is looked for on the
  /// machine's own file system, as the programs it runs are; the extensions on the file-system
  /// dependency, which tests hold in memory.
  static func find(
    _ name: String, environment: [String: String],
    in fileSystem: any FileSystem = LiveFileSystem.shared
  ) -> String? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    return directories(environment).lazy.map { $0 + "/" + name }
      .first { isExecutableFile($0, in: fileSystem) }
  }

  /// Whether `path` is a regular file (links followed) this user may run.
  static func isExecutableFile(_ path: String, in fileSystem: any FileSystem) -> Bool {
    (try? fileSystem.resolvedEntry(path))?.kind == .file && fileSystem.isExecutable(path)
  }
}
