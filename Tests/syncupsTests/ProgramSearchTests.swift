import Foundation
import SharedState
import Testing

@testable import syncups

/// The one search of `PATH` (git, extensions) and the one way to the git work tree above a
/// folder (sync, repository hooks, the signs of an interrupted sync): the search on real temporary
/// folders, as programs are run from them; the work tree on the file-system dependency.
@Suite("Finding programs and work trees")
struct ProgramSearchTests {
  let root: String

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("syncups-search-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func make(_ path: String, mode: Int? = nil, directory: Bool = false) throws {
    let full = root + "/" + path
    let parent = (full as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    if directory {
      try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
    } else {
      _ = FileManager.default.createFile(atPath: full, contents: Data("#!/bin/sh\n".utf8))
    }
    if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: full) }
  }

  @Test func theFirstExecutableFileOnPathWins() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try make("a/tool", mode: 0o644)  // not executable
    try make("b/tool", directory: true)  // a directory
    try make("c/tool", mode: 0o755)
    try make("d/tool", mode: 0o755)
    let path = ["", "relative", root + "/a", root + "/b", root + "/c", root + "/d"]
      .joined(separator: ":")
    #expect(ProgramSearch.find("tool", environment: ["PATH": path]) == root + "/c/tool")
    #expect(ProgramSearch.find("other", environment: ["PATH": path]) == nil)
    // A name with a slash, or none, is no program to search for.
    #expect(ProgramSearch.find("c/tool", environment: ["PATH": root]) == nil)
    #expect(ProgramSearch.find("", environment: ["PATH": root + "/c"]) == nil)
    // Only absolute directories are searched; without PATH, the usual ones.
    #expect(
      ProgramSearch.directories(["PATH": ":bin:/usr/bin:./x:/opt/y"]) == ["/usr/bin", "/opt/y"])
    #expect(ProgramSearch.directories([:]) == ["/usr/local/bin", "/usr/bin", "/bin"])
  }

  @Test func theWorkTreeIsTheFirstFolderUpHoldingGit() {
    // On the file-system dependency, as every command finds it: here in memory.
    let root = "/w"
    let files = InMemoryFileSystem(files: [
      "/w/team/.git/HEAD": Data("ref: refs/heads/main\n".utf8),
      "/w/team/notes/deep/notes.txt": Data(),
      // A linked work tree's .git is a file.
      "/w/linked/.git": Data("gitdir: /w/team/.git/worktrees/linked\n".utf8),
      "/w/linked/sub/notes.txt": Data(),
      "/w/alone/sub/notes.txt": Data(),
    ])
    withDependencies { $0.defaultFileStorage.fileSystem = files } operation: {
      #expect(GitWorkTree.top(from: root + "/team/notes/deep") == root + "/team")
      #expect(GitWorkTree.top(from: root + "/team") == root + "/team")
      #expect(GitWorkTree.top(holding: root + "/team/sync-ups.json") == root + "/team")
      #expect(GitWorkTree.top(holding: root + "/linked/sub/sync-ups.json") == root + "/linked")
      #expect(GitWorkTree.top(from: root + "/alone/sub") == nil)
      #expect(GitWorkTree.folder(of: "/a/b") == "/a")
      #expect(GitWorkTree.folder(of: "/a") == "/")
      #expect(GitWorkTree.folder(of: "a") == "")
      #expect(GitWorkTree.top(holding: "sync-ups.json") == nil)
    }
  }
}
