#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// The data files past releases wrote (`Tests/Fixtures/formats/VERSION/sync-ups.json`, made by
/// that folder's `make` with each release's own binary) decode, and encode to the same bytes,
/// through the fast reader and writer and through the reference `JSONDecoder` and `JSONEncoder`.
@Suite("Sync-ups file: past releases")
struct ReleaseFileFormatTests {
  static let formats = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/formats")

  static let versions: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: formats.path)) ?? [])
    .filter { $0.first?.isNumber == true }.sorted()

  static func file(of version: String) throws -> Data {
    try Data(contentsOf: formats.appendingPathComponent("\(version)/sync-ups.json"))
  }

  @Test func everyReleaseHasItsFiles() {
    #expect(Self.versions == ["0.1.0", "0.2.0", "0.3.0"])
  }

  @Test(arguments: versions)
  func encodesWhatItDecodesByteForByte(version: String) throws {
    let data = try Self.file(of: version)
    let syncUps = try SyncUpsFile.decode(data)
    #expect(syncUps.map(\.title) == ["Engineering", "Design “review” 🎉", "Retro"])
    #expect(try SyncUpsFile.encode(syncUps) == data)
    let reference = try SyncUpsFile.decodeWithJSONDecoder(data)
    #expect(reference == syncUps)
    #expect(try SyncUpsFile.encodeWithJSONEncoder(reference) == data)
  }
}
