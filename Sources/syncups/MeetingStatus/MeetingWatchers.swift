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

/// Who watches a running meeting (`syncups watch`): one small file per watcher beside the
/// meeting's state file, `<meeting pid>.watch.<watcher pid>`, holding the watcher's process
/// start (see ``ProcessIdentity``). A watcher writes its file when it starts watching and
/// removes it when it quits; the file of a watcher whose process is gone (killed) is not
/// counted, and removed by the next count.
///
/// ```swift
/// let watchers = MeetingWatchers(directory: directory, meeting: meetingPID)
/// watchers.add(.current)   // the watcher, as it starts
/// watchers.count()         // 1, the meeting's screen says "1 watching"
/// watchers.remove(getpid())
/// ```
struct MeetingWatchers: Sendable {
  let directory: StatusDirectory
  /// The meeting's process.
  let meeting: Int32

  /// How often a watched meeting writes its state again, in seconds, though nothing changed:
  /// its watchers hear from it at least that often (a second later at most) while it runs.
  static let heartbeat = 2.0

  /// The names of the watchers' files start with this.
  private var prefix: String { "\(meeting).watch." }

  /// The file of the watcher run by process `watcher`.
  func file(for watcher: Int32) -> String {
    directory.path + "/" + prefix + String(watcher)
  }

  /// Writes the file of `watcher`.
  ///
  /// - Throws: the file system's failure.
  func add(_ watcher: ProcessIdentity) throws {
    let start = watcher.start.map(String.init) ?? ""
    _ = try fileSystem.write(Data((start + "\n").utf8), to: file(for: watcher.pid), durably: false)
  }

  /// Removes the file of the watcher run by process `watcher`.
  func remove(_ watcher: Int32) {
    try? fileSystem.removeFile(file(for: watcher))
  }

  /// How many watch the meeting now: the files whose process runs. Those whose process is
  /// gone are removed.
  func count() -> Int {
    var verified: Set<String> = []
    return count(verified: &verified)
  }

  /// ``count()`` for a caller that counts again and again (the meeting, every second): a
  /// watcher in `verified` was found running before, and is counted while its pid answers,
  /// without reading its file again; those found running now are added, those gone taken
  /// out.
  func count(verified: inout Set<String>) -> Int {
    guard let names = try? fileSystem.contentsOfDirectory(directory.path) else { return 0 }
    var count = 0
    var running: Set<String> = []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
      let path = directory.path + "/" + name
      if verified.contains(name) ? kill(pid, 0) == 0 : isRunning(pid, file: path) {
        count += 1
        running.insert(name)
      } else if kill(pid, 0) != 0 && errno == ESRCH {
        try? fileSystem.removeFile(path)
      }
    }
    verified = running
    return count
  }

  /// Whether the watcher whose file is `path`, run by process `pid`, runs.
  private func isRunning(_ pid: Int32, file path: String) -> Bool {
    let data = (try? fileSystem.read(path))?.data
    let line = data.flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").first }
    return ProcessIdentity(pid: pid, start: line.flatMap { UInt64($0) }).isRunning
  }

  /// The file system the status directory lies in (the `defaultFileStorage` dependency).
  private var fileSystem: any FileSystem {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    return fileSystem
  }
}
