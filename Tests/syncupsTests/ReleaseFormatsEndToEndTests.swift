import Foundation
import Testing

@testable import syncups

/// The releases (`packaging/releases`, `CHANGELOG.md`) and the files each wrote
/// (`Tests/Fixtures/formats/VERSION/`, made by that folder's `make` with the release's own
/// binary): this build loads them, writes them back byte for byte, and answers `--json` with
/// every key the release printed, at the value it printed.
@Suite("Release formats end to end")
struct ReleaseFormatsEndToEndTests {
  static let root = GeneratedFilesTests.root

  /// Each release's version and commit, as `packaging/releases` lists them.
  static let releases: [(version: String, commit: String)] = {
    let url = root.appendingPathComponent("packaging/releases")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      let fields = $0.split(separator: " ")
      return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
    }
  }()

  static func fixture(_ version: String, _ name: String) throws -> Data {
    let url = root.appendingPathComponent("Tests/Fixtures/formats/\(version)/\(name)")
    return try Data(contentsOf: url)
  }

  /// A scratch home holding `version`'s data and settings files.
  static func home(of version: String) throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    let data = try fixture(version, "sync-ups.json")
    try syncups.writeDataFile(String(decoding: data, as: UTF8.self))
    let settings = syncups.home.path + "/config/syncups"
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
    try fixture(version, "config.json").write(to: URL(fileURLWithPath: settings + "/config.json"))
    return syncups
  }

  // MARK: - The releases

  @Test func releasesAreListedWithFullCommitsAndTheChangelogLeadsWithThisVersion() throws {
    #expect(Self.releases.map(\.version) == ["0.1.0", "0.2.0", "0.3.0"])
    for release in Self.releases {
      #expect(release.commit.count == 40 && release.commit.allSatisfy(\.isHexDigit), "\(release)")
    }
    let changelog = try String(
      contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let sections = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
      .map { $0.split(separator: " ")[1] }
    #expect(sections == [Substring(CommandTable.version)] + Self.releases.reversed().map {
      Substring($0.version)
    })
  }

  // MARK: - Each release's files

  @Test(arguments: releases.map(\.version))
  func theDataFileIsWrittenBackByteForByte(version: String) throws {
    let syncups = try Self.home(of: version)
    let original = try Self.fixture(version, "sync-ups.json")
    let exported = try syncups("export")
    #expect(exported.status == 0, "\(exported.error)")
    #expect(Data(exported.output.utf8) == original + Data("\n".utf8))  // export ends its line

    #expect(try syncups("edit", "engineering", "--title", "Renamed").status == 0)
    #expect(syncups.dataBytes != original)
    #expect(try syncups("edit", "renamed", "--title", "Engineering").status == 0)
    // The same bytes, but for when the title was last changed.
    let text = try #require(syncups.dataBytes.map { String(decoding: $0, as: UTF8.self) })
    #expect(text.contains(#/"changed" : \{\n *"title" : "[^"]*"\n *\},/#))
    #expect(Data(withoutStamps(text).utf8) == original)
  }

  @Test(arguments: releases.map(\.version))
  func theSettingsFileIsWrittenBackByteForByte(version: String) throws {
    let syncups = try Self.home(of: version)
    let original = try Self.fixture(version, "config.json")
    let file = syncups.home.path + "/config/syncups/config.json"
    #expect(try syncups("config", "set", "bell", "on").status == 0)
    #expect(FileManager.default.contents(atPath: file) != original)
    #expect(try syncups("config", "set", "bell", "off").status == 0)
    #expect(FileManager.default.contents(atPath: file) == original)
  }

  @Test(arguments: releases.map(\.version))
  func jsonAnswersKeepEveryKeyAndValueTheReleasePrinted(version: String) throws {
    let syncups = try Self.home(of: version)
    let answers = [
      ("list.json", ["list", "--json"]), ("show.json", ["show", "engineering", "--json"]),
      ("meetings.json", ["meetings", "engineering", "--json"]),
    ]
    for (name, arguments) in answers {
      let old = try JSONSerialization.jsonObject(with: try Self.fixture(version, name))
      let result = try syncups.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.error)")
      let new = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
      #expect(Self.differences(from: old, to: new, at: name) == [])
    }
  }

  /// Where `new` lacks a key `old` has or holds another value, as paths (`list.json[0].title`);
  /// keys only `new` has are no difference.
  static func differences(from old: Any, to new: Any, at path: String) -> [String] {
    switch (old, new) {
    case (let old as [String: Any], let new as [String: Any]):
      return old.keys.sorted().flatMap { key -> [String] in
        guard let value = new[key] else { return ["\(path).\(key) is gone"] }
        return differences(from: old[key]!, to: value, at: "\(path).\(key)")
      }
    case (let old as [Any], let new as [Any]):
      guard old.count == new.count else { return ["\(path) has \(new.count), not \(old.count)"] }
      return zip(old, new).enumerated().flatMap {
        differences(from: $1.0, to: $1.1, at: "\(path)[\($0)]")
      }
    default:
      let same = (old as? NSObject)?.isEqual(new) ?? false
      return same ? [] : ["\(path) is \(new), not \(old)"]
    }
  }
}
