import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers change notifications for one watch: asynchronously on its own serial queue, never
/// overlapping, merging signals that arrive while a call is still pending, and never starting a
/// call after `cancel()`.
final class FSChangeNotifier: Sendable {
  private struct State {
    var pending = false
    var cancelled = false
  }

  private let onChange: @Sendable () -> Void
  private let queue = DispatchQueue(label: "SharedState.FileSystem.watch")
  private let state = LockIsolated(State())

  init(_ onChange: @escaping @Sendable () -> Void) {
    self.onChange = onChange
  }

  /// Schedules a call of the callback unless one is already scheduled and not yet started.
  func signal() {
    let schedule = state.withLock { state in
      guard !state.cancelled, !state.pending else { return false }
      state.pending = true
      return true
    }
    guard schedule else { return }
    queue.async { [self] in
      let run = state.withLock { state in
        state.pending = false
        return !state.cancelled
      }
      if run { onChange() }
    }
  }

  /// Stops all future calls.
  func cancel() {
    state.withLock { $0.cancelled = true }
  }
}

/// Pure string operations on slash-separated paths.
enum FSPath {
  /// `path` made absolute against `base` with `.`, `..` and repeated or trailing slashes
  /// removed, without looking at the disk.
  static func standardized(_ path: String, base: String = "/") -> String {
    let absolute = path.hasPrefix("/") ? path : base + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` with `.` components and repeated or trailing slashes removed; `..` is kept because
  /// it can only be resolved after the symlinks before it.
  static func cleaned(_ path: String) -> String {
    let parts = path.split(separator: "/").filter { $0 != "." }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }

  /// The parent directory and last component of an absolute, cleaned path ("/" for "/a").
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, name)
  }

  /// `directory` + "/" + `name`, without doubling the slash of the root.
  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The name of a hidden helper file next to `name`: "." + name + suffix, with `name` shortened
  /// when needed so the result stays within the usual 255-byte limit for one component.
  static func sidecarName(for name: String, suffix: String) -> String {
    var base = Substring(name)
    while base.utf8.count + suffix.utf8.count + 1 > 240 {
      base = base.dropLast()
    }
    return "." + base + suffix
  }
}

/// Small helpers around system calls.
package enum FSSystem {
  /// What the symbolic link at `path` points to, as it says it; nil when `path` is no link.
  package static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Where `path` really is, symbolic links, `.` and `..` resolved; nil when it cannot be
  /// known (it does not exist).
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Sleeps the calling thread for `duration` (resuming after signals).
  package static func sleep(_ duration: Duration) {
    var request = makeTimespec(duration)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }

  /// A `timespec` for a non-negative duration (negative durations become zero).
  static func makeTimespec(_ duration: Duration) -> timespec {
    let (seconds, attoseconds) = duration.components
    guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return timespec() }
    return timespec(tv_sec: time_t(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  }

  /// Nanoseconds since an arbitrary fixed point, from the stat time fields.
  static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }
}


extension FileFingerprint {
  /// The fingerprint of the file described by `info`.
  init(_ info: stat) {
    #if canImport(Darwin)
    let modified = FSSystem.nanoseconds(info.st_mtimespec)
    let changed = FSSystem.nanoseconds(info.st_ctimespec)
    #else
    let modified = FSSystem.nanoseconds(info.st_mtim)
    let changed = FSSystem.nanoseconds(info.st_ctim)
    #endif
    self.init(
      device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size),
      modificationTimeNanoseconds: modified,
      changeTimeNanoseconds: changed
    )
  }
}

extension stat {
  /// The file type bits of `st_mode`.
  var fsFileType: mode_t { st_mode & mode_t(S_IFMT) }
}
