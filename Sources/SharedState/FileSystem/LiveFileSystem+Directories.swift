#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveFileSystem {
  /// The entries `readdir(3)` lists, without `.` and `..`.
  public func contentsOfDirectory(_ directory: String) throws(FileSystemError) -> [String]? {
    guard let stream = opendir(directory) else {
      if errno == ENOENT { return nil }
      throw FileSystemError(operation: "list", path: directory, errno: errno)
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `unlink(2)`; a missing file is no error.
  public func removeFile(_ path: String) throws(FileSystemError) {
    guard unlink(path) != 0, errno != ENOENT else { return }
    throw FileSystemError(operation: "remove", path: path, errno: errno)
  }

  /// From `lstat(2)`.
  public func entry(_ path: String) throws(FileSystemError) -> FileEntry? {
    try entry(path, followingSymlinks: false)
  }

  /// From `stat(2)`; a symlink to nothing (ENOENT) is nil.
  public func resolvedEntry(_ path: String) throws(FileSystemError) -> FileEntry? {
    try entry(path, followingSymlinks: true)
  }

  /// From `stat(2)`, or `lstat(2)` when not `followingSymlinks`; nil for ENOENT.
  private func entry(_ path: String, followingSymlinks: Bool) throws(FileSystemError) -> FileEntry? {
    var info = stat()
    guard (followingSymlinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      if errno == ENOENT { return nil }
      throw FileSystemError(operation: "inspect", path: path, errno: errno)
    }
    return FileEntry(info)
  }

  /// From `lstat(2)` and `readlink(2)`.
  public func symlinkTarget(_ path: String) throws(FileSystemError) -> String? {
    guard try entry(path)?.isSymlink == true else { return nil }
    guard let target = FSSystem.readLink(path) else {
      if errno == ENOENT || errno == EINVAL { return nil }
      throw FileSystemError(operation: "read the link", path: path, errno: errno)
    }
    return target
  }

  /// `access(2)` with `X_OK`.
  public func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }
}

extension FileEntry {
  /// The entry `stat(2)` or `lstat(2)` filled in.
  init(_ info: stat) {
    let kind: FileEntry.Kind =
      switch info.fsFileType {
      case mode_t(S_IFREG): .file
      case mode_t(S_IFDIR): .directory
      default: .other
      }
    self.init(
      kind: kind, owner: UInt32(info.st_uid), permissions: UInt16(info.st_mode & 0o7777),
      isSymlink: info.fsFileType == mode_t(S_IFLNK))
  }
}
