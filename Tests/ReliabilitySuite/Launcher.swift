#if os(Linux)
import ChildProcessSupport
import Glibc

/// The suite's own helper mode, for what `posix_spawn` cannot set up in a child: a lower
/// `RLIMIT_FSIZE` and other user and group ids (to test permissions when the suite runs as
/// root). Every signal keeps its default action, as a shell leaves it. The suite spawns itself as
///
///     ReliabilitySuite --launch [--user UID:GID] [--file-size-limit BYTES] -- PROGRAM ARG…
///
/// which applies the settings to itself and then `execv`s PROGRAM with the arguments passed on
/// byte for byte. Whatever fails before the `execv` exits with ``failureStatus`` and a message.
enum Launcher {
  /// The first argument that selects this mode.
  static let flag = "--launch"
  /// The exit status when the launcher itself fails; syncups never exits with it.
  static let failureStatus: Int32 = 121

  /// What to change before running the program.
  struct Settings {
    /// The user and group to switch to.
    var user: (uid: UInt32, gid: UInt32)?
    /// The largest file the program may write, in bytes.
    var fileSizeLimit: UInt64?

    /// The launcher's arguments (before `--`) for these settings.
    var arguments: [String] {
      var arguments = [Launcher.flag]
      if let user { arguments += ["--user", "\(user.uid):\(user.gid)"] }
      if let fileSizeLimit { arguments += ["--file-size-limit", String(fileSizeLimit)] }
      return arguments + ["--"]
    }
  }

  /// Wraps an invocation of `program` so that it runs through the launcher (`suite`).
  static func wrap(_ invocation: Invocation, in settings: Settings, suite: String) -> Invocation {
    var wrapped = invocation
    wrapped.program = suite
    wrapped.arguments =
      settings.arguments.map { Array($0.utf8) } + [Array(invocation.program.utf8)] + invocation.arguments
    return wrapped
  }

  /// Runs the helper mode; never returns.
  static func main() -> Never {
    let count = Int(CommandLine.argc)
    let argv = CommandLine.unsafeArgv
    var index = 2
    var settings = Settings()
    while index < count, let word = argv[index].map({ String(cString: $0) }), word != "--" {
      let value = index + 1 < count ? argv[index + 1].map { String(cString: $0) } : nil
      switch word {
      case "--user":
        let parts = value?.split(separator: ":").compactMap { UInt32($0) } ?? []
        guard parts.count == 2 else { fail("bad --user value") }
        settings.user = (parts[0], parts[1])
        index += 2
      case "--file-size-limit":
        guard let limit = value.flatMap({ UInt64($0) }) else { fail("bad --file-size-limit value") }
        settings.fileSizeLimit = limit
        index += 2
      default:
        fail("unknown launcher option '\(word)'")
      }
    }
    guard index + 1 < count, let program = argv[index + 1] else { fail("no program to run") }

    if let limit = settings.fileSizeLimit {
      var value = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
      guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &value) == 0 else {
        fail("setrlimit: \(systemError())")
      }
    }
    if let user = settings.user {
      guard setgroups(0, nil) == 0 else { fail("setgroups: \(systemError())") }
      guard setgid(user.gid) == 0 else { fail("setgid: \(systemError())") }
      guard setuid(user.uid) == 0 else { fail("setuid: \(systemError())") }
      guard geteuid() == user.uid, getegid() == user.gid else { fail("the ids did not change") }
    }
    execv(program, argv + index + 1)
    fail("cannot run '\(String(cString: program))': \(systemError())")
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }

  private static func fail(_ message: String) -> Never {
    let line = Array("launcher: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(failureStatus)
  }
}

#endif
