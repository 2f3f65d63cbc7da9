import Foundation
import Testing

@testable import syncups

/// Which repositories the `repositories` setting names (``RepositoryPaths``), on directories
/// made for each test: each repository once, told apart by name, each skipped pattern said once.
@Suite("Repository paths")
struct RepositoryPathsTests {
  let scratch = try! ScratchDirectory()

  /// Makes a repository (a folder holding `.git`) at `relative` in the scratch directory.
  func repository(_ relative: String) throws {
    try FileManager.default.createDirectory(
      atPath: scratch.path + "/" + relative + "/.git", withIntermediateDirectories: true)
  }

  /// What `patterns` find, `~` being the scratch directory.
  func found(_ patterns: [String]) -> RepositoryPaths {
    RepositoryPaths(patterns, home: scratch.path)
  }

  @Test func oneRepositoryNamedSeveralWaysIsReadOnceByItsFirstSpelling() throws {
    try repository("src/api")
    try repository("src/web")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path + "/link", withDestinationPath: scratch.path + "/src/api")
    let found = found(["~/src/api/", "~/src/api", "~/src/../src/api", "~/link", "~/src/*", "~/src/web/"])
    #expect(
      found.repositories == [
        .init(path: scratch.path + "/src/api/", name: "api"),
        .init(path: scratch.path + "/src/web", name: "web"),
      ])
    #expect(found.skipped.isEmpty)
  }

  @Test func repositoriesWhoseFoldersShareANameAreToldApartByTheFoldersAbove() throws {
    for path in ["src/api", "work/api", "work/web", "a/x/lib", "b/x/lib"] {
      try repository(path)
    }
    let found = found(["~/src/api", "~/work/*", "~/a/x/lib/", "~/b/x/lib"])
    #expect(found.repositories.map(\.name) == ["src/api", "work/api", "web", "a/x/lib", "b/x/lib"])
    #expect(found.repositories.map(\.path).first == scratch.path + "/src/api")
  }

  @Test func aPatternSkippedTwiceIsSaidOnce() {
    let found = found(["~/gone", "/nowhere/*", "~/gone", "/nowhere/*", "~/gone/"])
    #expect(found.skipped.map(\.pattern) == ["~/gone", "/nowhere/*", "~/gone/"])
    #expect(
      found.skipped.map(\.reason)
        == ["no such directory", "matches no git repository", "no such directory"])
  }

  @Test func relativePatternsAreMadeAbsoluteFromTheWorkingDirectory() {
    #expect(RepositoryPaths.absolute("src/api", from: "/home/blob") == "/home/blob/src/api")
    #expect(RepositoryPaths.absolute("./src/*/", from: "/home/blob/") == "/home/blob/src/*")
    #expect(RepositoryPaths.absolute(".", from: "/home/blob") == "/home/blob")
    #expect(RepositoryPaths.absolute("../api", from: "/home/blob") == "/home/blob/../api")
    #expect(RepositoryPaths.absolute("~/src/*", from: "/home/blob") == "~/src/*")
    #expect(RepositoryPaths.absolute("/srv/git/big.git/", from: "/home/blob") == "/srv/git/big.git/")
  }
}
