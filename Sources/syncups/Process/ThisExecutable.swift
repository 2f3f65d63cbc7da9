import SharedState

/// The running syncups executable, for the programs it starts that call it back: git's merge
/// driver, and hooks and extensions (as `SYNCUPS`, as cargo sets `CARGO` for its own), which
/// then reach this syncups even when it is not on `PATH` (`swift run syncups`, a copy kept
/// elsewhere).
enum ThisExecutable {
  /// Its absolute path: where `/proc/self/exe` links, else `argv[0]` resolved.
  static let path: String =
    FSSystem.readLink("/proc/self/exe") ?? FSSystem.realPath(CommandLine.arguments[0])
    ?? CommandLine.arguments[0]

  /// The name of the variable that hands it on.
  static let variable = "SYNCUPS"
}
