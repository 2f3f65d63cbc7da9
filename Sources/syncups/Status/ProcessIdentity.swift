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

/// A process told apart from any later process given the same pid: its pid and, on Linux,
/// when it started (field 22 of `/proc/<pid>/stat`, in clock ticks since boot).
struct ProcessIdentity: Equatable, Sendable {
  var pid: Int32
  var start: UInt64?

  /// This process.
  static var current: ProcessIdentity {
    let pid = getpid()
    return ProcessIdentity(pid: pid, start: startTime(of: pid))
  }

  /// Whether this process still runs: a process with the pid exists (signal 0 reaches it) and,
  /// when the start time is known and readable, started at that time. A pid that answers
  /// EPERM belongs to another user, so it is not the process that wrote our private file.
  var isRunning: Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let start, let now = Self.startTime(of: pid) else { return true }
    return now == start
  }

  /// When process `pid` started, or nil where `/proc` does not tell.
  static func startTime(of pid: Int32) -> UInt64? {
    guard let data = try? Data(contentsOf: URL(filePath: "/proc/\(pid)/stat")) else { return nil }
    return startTime(statLine: String(decoding: data, as: UTF8.self))
  }

  /// Field 22 of a `/proc/<pid>/stat` line. The second field, the command name in
  /// parentheses, may itself hold spaces and parentheses, so fields are counted after the
  /// last `)`.
  static func startTime(statLine: String) -> UInt64? {
    guard let close = statLine.lastIndex(of: ")") else { return nil }
    let fields = statLine[statLine.index(after: close)...].split(separator: " ")
    // After the name come field 3 (state) onwards: field 22 is the 20th.
    guard fields.count >= 20 else { return nil }
    return UInt64(fields[19])
  }
}
