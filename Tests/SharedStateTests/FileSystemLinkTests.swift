import Foundation
import SharedState
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Symlinks told apart and followed, the execute permission, and appending, the same on the
/// disk and in memory: each test runs one set of expectations against both.
@Suite("FileSystem links, execution and appending")
struct FileSystemLinkTests {
  @Test func onDiskSymlinksAreToldApartAndFollowed() async throws {
    try await withFSTemporaryDirectory { dir in
      try expectLinks(LiveFileSystem.shared, in: dir) { path, target in
        #expect(symlink(target, path) == 0)
      }
    }
  }

  @Test func inMemorySymlinksAreToldApartAndFollowed() throws {
    let fileSystem = InMemoryFileSystem()
    try expectLinks(fileSystem, in: "/files", link: fileSystem.makeSymlink(_:to:))
  }

  @Test func onDiskTheExecuteBitIsRead() async throws {
    try await withFSTemporaryDirectory { dir in
      try expectExecution(LiveFileSystem.shared, in: dir) { path, permissions in
        #expect(chmod(path, mode_t(permissions)) == 0)
        #expect(symlink(path, path + "-link") == 0)
      }
    }
  }

  @Test func inMemoryTheExecuteBitIsRead() throws {
    let fileSystem = InMemoryFileSystem()
    try expectExecution(fileSystem, in: "/files") { path, permissions in
      fileSystem.setPermissions(permissions, of: path)
      fileSystem.makeSymlink(path + "-link", to: path)
    }
  }

  @Test func onDiskAppendsAddToTheEnd() async throws {
    try await withFSTemporaryDirectory { dir in
      try expectAppends(LiveFileSystem.shared, in: dir)
    }
  }

  @Test func inMemoryAppendsAddToTheEnd() throws {
    let fileSystem = InMemoryFileSystem()
    try expectAppends(fileSystem, in: "/files")
    #expect(fileSystem.writeCount("/files/logs/state/hooks.log") == 3)
  }

  /// A file, a folder, a relative link to the file, an absolute one to the folder and one to
  /// nothing, made in `dir` with `link(path, target)`.
  private func expectLinks(
    _ fileSystem: any FileSystem, in dir: String, link: (String, String) -> Void
  ) throws {
    _ = try fileSystem.write(Data("x".utf8), to: dir + "/file")
    try fileSystem.makeDirectories(dir + "/folder")
    _ = try fileSystem.write(Data("y".utf8), to: dir + "/folder/inside")
    link(dir + "/link", "file")
    link(dir + "/folder-link", dir + "/folder")
    link(dir + "/dangling", "/nonexistent/target")

    #expect(try fileSystem.symlinkTarget(dir + "/link") == "file")
    #expect(try fileSystem.symlinkTarget(dir + "/folder-link") == dir + "/folder")
    #expect(try fileSystem.symlinkTarget(dir + "/dangling") == "/nonexistent/target")
    #expect(try fileSystem.symlinkTarget(dir + "/file") == nil)
    #expect(try fileSystem.symlinkTarget(dir + "/folder") == nil)
    #expect(try fileSystem.symlinkTarget(dir + "/missing") == nil)

    #expect(try fileSystem.entry(dir + "/link")?.isSymlink == true)
    #expect(try fileSystem.entry(dir + "/link")?.kind == .other)
    #expect(try fileSystem.entry(dir + "/dangling")?.isSymlink == true)
    #expect(try fileSystem.entry(dir + "/file")?.isSymlink == false)
    #expect(try fileSystem.resolvedEntry(dir + "/link")?.kind == .file)
    #expect(try fileSystem.resolvedEntry(dir + "/link")?.isSymlink == false)
    #expect(try fileSystem.resolvedEntry(dir + "/folder-link")?.kind == .directory)
    #expect(try fileSystem.resolvedEntry(dir + "/folder-link/inside")?.kind == .file)
    #expect(try fileSystem.resolvedEntry(dir + "/dangling") == nil)
    #expect(try fileSystem.resolvedEntry(dir + "/missing") == nil)

    #expect(fileSystem.exists(dir + "/link"))
    #expect(fileSystem.exists(dir + "/folder-link/inside"))
    #expect(!fileSystem.exists(dir + "/dangling"))
    #expect(!fileSystem.exists(dir + "/missing"))
    #expect(fileSystem.brokenSymlinkTarget(dir + "/dangling") == "/nonexistent/target")
    #expect(fileSystem.brokenSymlinkTarget(dir + "/link") == nil)
    #expect(fileSystem.brokenSymlinkTarget(dir + "/file") == nil)

    #expect(try fileSystem.read(dir + "/link")?.data == Data("x".utf8))
    #expect(try fileSystem.contentsOfDirectory(dir)?.sorted()
      == ["dangling", "file", "folder", "folder-link", "link"])
    #expect(try fileSystem.contentsOfDirectory(dir + "/folder-link") == ["inside"])

    // Removing a link removes the link, never what it leads to.
    try fileSystem.removeFile(dir + "/link")
    #expect(try fileSystem.entry(dir + "/link") == nil)
    #expect(try fileSystem.read(dir + "/file")?.data == Data("x".utf8))
  }

  /// Files given permission bits with `set(path, permissions)`, which also links
  /// `path-link` to each.
  private func expectExecution(
    _ fileSystem: any FileSystem, in dir: String, set: (String, UInt16) -> Void
  ) throws {
    _ = try fileSystem.write(Data("#!/bin/sh\n".utf8), to: dir + "/program")
    _ = try fileSystem.write(Data("#!/bin/sh\n".utf8), to: dir + "/notes")
    set(dir + "/program", 0o755)
    set(dir + "/notes", 0o644)

    #expect(fileSystem.isExecutable(dir + "/program"))
    #expect(fileSystem.isExecutable(dir + "/program-link"))
    #expect(!fileSystem.isExecutable(dir + "/notes"))
    #expect(!fileSystem.isExecutable(dir + "/notes-link"))
    #expect(!fileSystem.isExecutable(dir + "/missing"))
    #expect(try fileSystem.entry(dir + "/program")?.permissions == 0o755)
    #expect(try fileSystem.entry(dir + "/notes")?.permissions == 0o644)
    // A write keeps the bits, as it keeps a file's mode.
    _ = try fileSystem.write(Data("#!/bin/sh\necho hi\n".utf8), to: dir + "/program")
    #expect(fileSystem.isExecutable(dir + "/program"))
  }

  private func expectAppends(_ fileSystem: any FileSystem, in dir: String) throws {
    let log = dir + "/logs/state/hooks.log"
    try fileSystem.append(Data("one\n".utf8), to: log)
    try fileSystem.append(Data("two\n".utf8), to: log)
    #expect(try fileSystem.read(log)?.data == Data("one\ntwo\n".utf8))
    #expect(try fileSystem.entry(log)?.permissions == 0o600)
    #expect(try fileSystem.entry(dir + "/logs")?.permissions == 0o700)
    #expect(try fileSystem.entry(dir + "/logs/state")?.permissions == 0o700)
    _ = try fileSystem.append(Data(), to: log)
    #expect(try fileSystem.read(log)?.data == Data("one\ntwo\n".utf8))

    do throws(FileSystemError) {
      try fileSystem.append(Data("three\n".utf8), to: dir + "/logs")
      Issue.record("appending to a directory succeeded")
    } catch {
      #expect(error.kind == .isDirectory)
    }
  }
}
