#if os(Linux)
import Glibc

/// Small file helpers on top of POSIX calls; every path is absolute.
enum Files {
  /// The file's bytes, or nil when it cannot be read.
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count > 0 {
        bytes.append(contentsOf: buffer[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }

  /// Replaces the file's contents (creating it, and its directory, as needed) and sets its mode.
  static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
    try makeDirectory(directory(of: path))
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { throw CaseFailure("cannot write '\(path)': \(systemError())") }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
      if count < 0 {
        if errno == EINTR { continue }
        throw CaseFailure("cannot write '\(path)': \(systemError())")
      }
      offset += count
    }
    fchmod(fd, mode)
  }

  static func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
    try write(Array(text.utf8), to: path, mode: mode)
  }

  /// Creates the directory and its missing parents (mode 0700).
  static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws {
    if mkdir(path, mode) == 0 || errno == EEXIST { return }
    if errno == ENOENT, path != "/" {
      try makeDirectory(directory(of: path))
      if mkdir(path, mode) == 0 || errno == EEXIST { return }
    }
    throw CaseFailure("cannot create directory '\(path)': \(systemError())")
  }

  /// Removes a file, a symlink, or a directory with everything in it, making directories
  /// writable first. Missing paths are fine.
  static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      chmod(path, 0o700)
      for name in entries(of: path) { remove(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// The names in a directory, without `.` and `..`, sorted.
  static func entries(of path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The canonical path (symlinks resolved) of an existing path.
  static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// The description of the last system error.
func systemError() -> String {
  String(cString: strerror(errno))
}

/// Everything under a directory at one moment: each entry's type, permissions and contents,
/// and optionally its inode and modification time, to tell whether anything was written.
struct TreeSnapshot: Equatable {
  /// One file, directory or symlink.
  struct Entry: Equatable {
    enum Kind: Equatable { case file, directory, symlink, other }
    var kind: Kind
    var mode: UInt32
    /// A file's bytes (nil when unreadable), a symlink's target.
    var contents: [UInt8]?
    /// Inode and modification time in nanoseconds; zero unless identities were recorded
    /// (never recorded for directories).
    var inode: UInt64 = 0
    var modified: Int64 = 0
  }

  /// Entries by path relative to the root.
  var entries: [String: Entry]

  /// Whether a name is a lock sidecar (`.<name>.lock`), which syncups creates and never
  /// deletes by design.
  static func isLockFile(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".lock")
  }

  /// Records the tree under `root`. With `identities`, a rewrite with the same bytes counts as
  /// a change too; `ignoringLocks` leaves out lock sidecars.
  static func take(of root: String, identities: Bool = false, ignoringLocks: Bool = false) -> TreeSnapshot {
    var entries: [String: Entry] = [:]
    func visit(_ relative: String) {
      let path = relative.isEmpty ? root : root + "/" + relative
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
      var entry = Entry(kind: .other, mode: UInt32(info.st_mode & 0o7777))
      // A directory's listing is compared entry by entry; its own time changes whenever a
      // temporary file comes and goes, which is no change to what it holds.
      if identities && info.st_mode & S_IFMT != S_IFDIR {
        entry.inode = UInt64(info.st_ino)
        entry.modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        entry.kind = .file
        entry.contents = Files.read(path)
      case S_IFDIR:
        entry.kind = .directory
      case S_IFLNK:
        entry.kind = .symlink
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        entry.contents = count >= 0 ? buffer[..<count].map { UInt8(bitPattern: $0) } : nil
      default:
        break
      }
      if !relative.isEmpty { entries[relative] = entry }
      if entry.kind == .directory {
        for name in Files.entries(of: path) where !(ignoringLocks && isLockFile(name)) {
          visit(relative.isEmpty ? name : relative + "/" + name)
        }
      }
    }
    visit("")
    return TreeSnapshot(entries: entries)
  }

  /// What differs in `other`, e.g. `changed data/syncups/sync-ups.json, added x.tmp`; empty
  /// when nothing does.
  func changes(in other: TreeSnapshot) -> String {
    var notes: [String] = []
    for path in Set(entries.keys).union(other.entries.keys).sorted() {
      switch (entries[path], other.entries[path]) {
      case (nil, _): notes.append("added \(path)")
      case (_, nil): notes.append("removed \(path)")
      case (let before?, let after?) where before != after:
        notes.append(before.contents != after.contents ? "changed \(path)" : "rewrote or re-moded \(path)")
      default: break
      }
    }
    return notes.joined(separator: ", ")
  }

  /// Puts the tree under `root` back as recorded (contents and modes; lock sidecars that
  /// appeared are left alone).
  func restore(at root: String) throws {
    let current = TreeSnapshot.take(of: root, ignoringLocks: true)
    for path in current.entries.keys.sorted(by: >) {
      if let wanted = entries[path], wanted.kind == current.entries[path]!.kind { continue }
      Files.remove(root + "/" + path)
    }
    for path in entries.keys.sorted() {
      let wanted = entries[path]!
      let full = root + "/" + path
      switch wanted.kind {
      case .directory:
        try Files.makeDirectory(full)
        chmod(full, 0o700)
      case .file:
        if current.entries[path] != wanted, let contents = wanted.contents {
          try Files.write(contents, to: full, mode: mode_t(wanted.mode))
        }
      case .symlink:
        if current.entries[path] != wanted, let target = wanted.contents {
          unlink(full)
          symlink(String(decoding: target, as: UTF8.self), full)
        }
      case .other:
        break
      }
    }
    // Directory modes last, deepest first, so a read-only directory is filled before it is
    // locked again.
    for (path, wanted) in entries.sorted(by: { $0.key > $1.key }) where wanted.kind == .directory {
      chmod(root + "/" + path, mode_t(wanted.mode))
    }
  }
}

#endif
