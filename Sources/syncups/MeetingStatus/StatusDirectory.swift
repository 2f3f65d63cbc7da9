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

/// Where running meetings publish their state (``PublishedStatus``): `$XDG_RUNTIME_DIR/syncups`
/// when `XDG_RUNTIME_DIR` is an absolute path (a relative one is ignored, as the XDG
/// specification asks), else `syncups/run` in the data directory
/// (`$XDG_DATA_HOME/syncups/run`, by default `~/.local/share/syncups/run`). It belongs to the
/// user, not to a data file: `--file` and `SYNCUPS_FILE` do not move it, so `status` sees
/// every meeting the user runs.
///
/// The directory must be the user's own and private (mode 0700, as syncups creates it), like
/// an ssh-agent's socket directory: one that another user could write into could feed
/// `status` made-up meetings, so it is refused.
struct StatusDirectory: Equatable, Sendable {
  let path: String

  /// The directory for `environment`.
  init(environment: [String: String]) {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      path = (runtime.hasSuffix("/") ? runtime : runtime + "/") + "syncups"
    } else {
      path = BaseDirectories(environment: environment).data.appending(path: "syncups/run").path
    }
  }

  /// The state file of the meeting run by process `pid`.
  func file(for pid: Int32) -> String {
    path + "/\(pid).json"
  }

  /// The last state of the meeting run by process `pid`, with its ``PublishedStatus/ended``
  /// instant: left for the meeting's watchers when it ends, removed by the last of them. Its
  /// name is no state file's, so `status` never reads it.
  func endedFile(for pid: Int32) -> String {
    path + "/\(pid).ended.json"
  }

  /// Creates the directory (mode 0700, parents too) unless it exists, then checks it is private.
  ///
  /// - Throws: a failure saying why it cannot be used.
  func prepare() throws {
    do {
      try fileSystem.makeDirectories(path)
    } catch {
      throw CommandFailure("cannot create the status directory: \(error.message)")
    }
    if let problem = problem() { throw CommandFailure(problem) }
    ignoreInGit()
  }

  /// Puts a `.gitignore` of `*` in the directory, once: the fallback directory lies in the
  /// data directory, which `sync init` may have made a git repository, and the state files
  /// of running meetings are nobody's changes. Best effort: status works without it.
  private func ignoreInGit() {
    let file = path + "/.gitignore"
    guard (try? fileSystem.entry(file)) == nil else { return }
    _ = try? fileSystem.write(Data("*\n".utf8), to: file)
  }

  /// Why the directory, which exists, may not be used; nil when it may.
  func problem() -> String? {
    let entry: FileEntry
    do {
      guard let found = try fileSystem.entry(path) else {
        return "cannot inspect '\(path)': \(String(cString: strerror(ENOENT)))"
      }
      entry = found
    } catch {
      return error.message
    }
    let refusal = "refusing the status directory '\(path)': "
    guard entry.kind == .directory else {
      return refusal + "it is not a directory"
    }
    guard entry.owner == geteuid() else {
      return refusal + "it belongs to user \(entry.owner), not to you"
    }
    guard entry.permissions & 0o077 == 0 else {
      let mode = String(entry.permissions & 0o777, radix: 8)
      return refusal + "others may use it (mode 0\(mode)); make it private with 'chmod 700'"
    }
    return nil
  }

  /// Whether the directory exists (as anything): false too when it cannot be inspected, as
  /// when a file stands where a directory on its path should be.
  var exists: Bool {
    (try? fileSystem.entry(path)) != nil
  }

  /// The meetings published here whose processes still run, by when they started. Files of
  /// meetings whose process is gone (killed with SIGKILL, or a crash) are removed; a file
  /// naming a live process that is not the meeting's (its pid reused) is ignored.
  func runningMeetings() -> [PublishedStatus] {
    guard let names = try? fileSystem.contentsOfDirectory(path) else { return [] }
    var meetings: [PublishedStatus] = []
    for name in names {
      guard let pid = Self.pid(fromFileName: name) else { continue }
      let file = path + "/" + name
      guard let data = (try? fileSystem.read(file))?.data,
        let meeting = PublishedStatus.decoded(data), meeting.pid == pid
      else { continue }
      let process = ProcessIdentity(pid: pid, start: meeting.processStart)
      guard process.isRunning else {
        if kill(pid, 0) != 0 && errno == ESRCH { try? fileSystem.removeFile(file) }
        continue
      }
      meetings.append(meeting)
    }
    return meetings.sorted { ($0.started ?? $0.updated, $0.pid) < ($1.started ?? $1.updated, $1.pid) }
  }

  /// The file system the directory lies in: the data file's (the `defaultFileStorage`
  /// dependency).
  private var fileSystem: any FileSystem {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    return fileSystem
  }

  /// The pid a state file's name gives (`<pid>.json`), or nil for any other name (the
  /// temporary files of a write among them).
  static func pid(fromFileName name: String) -> Int32? {
    guard name.hasSuffix(".json") else { return nil }
    let digits = name.dropLast(5)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      let pid = Int32(digits), pid > 0
    else { return nil }
    return pid
  }
}
