import Foundation
import Testing

@testable import ManPageGenerator
@testable import syncups

/// The shipped man page and completion scripts are generated from the command table; this keeps
/// the committed files current. `make generate` (SYNCUPS_UPDATE_GENERATED=1) rewrites them.
@Suite("Generated files")
struct GeneratedFilesTests {
  /// The package's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let files: [(path: String, contents: @Sendable () -> String)] = [
    ("man/syncups.1", { manPage() }),
    ("completions/syncups.bash", { CompletionScript.text(for: .bash) }),
    ("completions/_syncups", { CompletionScript.text(for: .zsh) }),
    ("completions/syncups.fish", { CompletionScript.text(for: .fish) }),
  ]

  @Test(arguments: files.map(\.path))
  func isCurrent(path: String) throws {
    let expected = try #require(Self.files.first { $0.path == path }).contents()
    let url = Self.root.appendingPathComponent(path)
    if ProcessInfo.processInfo.environment["SYNCUPS_UPDATE_GENERATED"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try expected.write(to: url, atomically: true, encoding: .utf8)
    }
    let committed = try? String(contentsOf: url, encoding: .utf8)
    #expect(committed == expected, "\(path) is out of date: run 'make generate'")
  }
}
