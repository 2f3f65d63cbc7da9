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
/// when it started (field 22 of `/proc/<pid>/stat`, in clock ticks since boot). A file a
/// process leaves behind can name it so, and whoever finds the file can tell whether its
/// writer is gone: a running meeting's status, a temporary file of an interrupted write, the
/// note of who holds a lock.
///
/// ```swift
/// let me = ProcessIdentity.current
/// me.isRunning  // true
/// ```
public struct ProcessIdentity: Equatable, Sendable {
  public var pid: Int32
  /// When it started, in clock ticks since boot; nil where that is not known.
  public var start: UInt64?

  public init(pid: Int32, start: UInt64?) {
    self.pid = pid
    self.start = start
  }

  /// This process.
  public static var current: ProcessIdentity {
    let pid = getpid()
    return ProcessIdentity(pid: pid, start: startTime(of: pid))
  }

  /// Whether this process still runs: a process with the pid exists (signal 0 reaches it) and,
  /// when the start time is known and readable, started at that time. A pid that answers
  /// EPERM belongs to another user, so it is not the process that wrote our private file.
  public var isRunning: Bool {
    guard kill(pid, 0) == 0 else { return false }
    return startMatches
  }

  /// Whether this process is known to have ended: no process has its pid, or the one that has
  /// it started at another time. Unlike ``isRunning``, a process of another user counts as
  /// running unless its start time says otherwise, for files others may share.
  public var hasEnded: Bool {
    guard kill(pid, 0) == 0 || errno == EPERM else { return true }
    return !startMatches
  }

  /// Whether the process that has the pid now started when this one did (true when either
  /// time is unknown).
  private var startMatches: Bool {
    guard let start, let now = Self.startTime(of: pid) else { return true }
    return now == start
  }

  /// When process `pid` started, or nil where `/proc` does not tell.
  public static func startTime(of pid: Int32) -> UInt64? {
    guard let data = try? Data(contentsOf: URL(filePath: "/proc/\(pid)/stat")) else { return nil }
    return startTime(statLine: String(decoding: data, as: UTF8.self))
  }

  /// Field 22 of a `/proc/<pid>/stat` line. The second field, the command name in
  /// parentheses, may itself hold spaces and parentheses, so fields are counted after the
  /// last `)`.
  public static func startTime(statLine: String) -> UInt64? {
    guard let close = statLine.lastIndex(of: ")") else { return nil }
    let fields = statLine[statLine.index(after: close)...].split(separator: " ")
    // After the name come field 3 (state) onwards: field 22 is the 20th.
    guard fields.count >= 20 else { return nil }
    return UInt64(fields[19])
  }
}
