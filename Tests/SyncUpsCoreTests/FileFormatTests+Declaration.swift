#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// The data file declares its format: format 1 is the array every release writes, format 2 the
/// object that says what a syncups must know to change it.
@Suite("Sync-ups file: the declared format")
struct DeclarationFileFormatTests {
  /// A format-2 file as this version writes it: one sync-up, a key from a later version at
  /// the top level.
  static let formatTwo = """
    {
      "format" : 2,
      "plan" : {
        "steps" : [
          1,
          "two"
        ]
      },
      "requires" : [

      ],
      "syncUps" : [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob"
            }
          ],
          "duration" : 300,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [

          ],
          "theme" : "bubblegum",
          "title" : "Morning Sync"
        }
      ],
      "writtenBy" : "0.4.0"
    }
    """

  /// The same sync-up in format 1.
  static let formatOne = """
    [
      {
        "attendees" : [
          {
            "id" : "00000000-0000-0000-0000-000000000002",
            "name" : "Blob"
          }
        ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-000000000001",
        "meetings" : [

        ],
        "theme" : "bubblegum",
        "title" : "Morning Sync"
      }
    ]
    """

  @Test func formatTwoDecodesAndEncodesByteForByte() throws {
    let data = Data(Self.formatTwo.utf8)
    let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(data)
    #expect(syncUps.map(\.title) == ["Morning Sync"])
    #expect(syncUps.first?.attendees.map(\.name) == ["Blob"])
    #expect(declaration.format == 2)
    #expect(declaration.requires == [])
    #expect(declaration.writtenBy == "0.4.0")
    #expect(declaration.unmet == [])
    #expect(declaration.refusal == nil)
    #expect(String(decoding: try SyncUpsFile.encode(syncUps, declaration: declaration), as: UTF8.self) == Self.formatTwo)
    // What JSONEncoder writes for the whole object is the same.
    let object = try JSONDecoder().decode([String: UnknownJSON].self, from: data)
    #expect(try SyncUpsFile.encoder().encode(object) == data)
  }

  @Test func unknownTopLevelKeysAreKept() throws {
    let (_, declaration) = try SyncUpsFile.decodeDeclared(Data(Self.formatTwo.utf8))
    #expect(
      declaration.otherKeys == ["plan": .object(["steps": .array([.number(1), .string("two")])])])
  }

  @Test func formatOneIsTheArrayAndStaysIt() throws {
    let data = Data(Self.formatOne.utf8)
    let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(data)
    #expect(declaration == .formatOne)
    #expect(declaration.firstWriter == nil)
    #expect(try SyncUpsFile.encode(syncUps, declaration: declaration) == data)
    #expect(try SyncUpsFile.declaration(of: data) == .formatOne)
  }

  @Test func theSameSyncUpsInEitherFormat() throws {
    let one = try SyncUpsFile.decodeDeclared(Data(Self.formatOne.utf8))
    let two = try SyncUpsFile.decodeDeclared(Data(Self.formatTwo.utf8))
    #expect(one.syncUps == two.syncUps)
    // Migrating: the array's bytes, indented, inside the object.
    let migrated = try SyncUpsFile.encode(
      one.syncUps, declaration: SyncUpsFile.Declaration(format: 2))
    #expect(
      String(decoding: migrated, as: UTF8.self)
        == Self.formatTwo.replacingOccurrences(
          of: "  \"plan\" : {\n    \"steps\" : [\n      1,\n      \"two\"\n    ]\n  },\n", with: ""))
  }

  @Test func formatIsToldWithoutDecodingTheSyncUps() throws {
    let data = Data(Self.formatTwo.utf8)
    #expect(try SyncUpsFile.declaration(of: data).format == 2)
    var reader = FileReader(data: data, chunkLimit: 7)
    #expect(try SyncUpsFile.declaration(from: &reader).writtenBy == "0.4.0")
    var arrayReader = FileReader(data: Data(Self.formatOne.utf8), chunkLimit: 7)
    #expect(try SyncUpsFile.declaration(from: &arrayReader) == .formatOne)
  }

  @Test func aStreamedFormatTwoFileDecodes() throws {
    var reader = FileReader(data: Data(Self.formatTwo.utf8), chunkLimit: 5)
    let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(from: &reader)
    #expect(syncUps.map(\.title) == ["Morning Sync"])
    #expect(declaration.format == 2)
  }

  @Test func aFileRequiringAnUnknownFeatureDecodesWithTheRequirementReported() throws {
    let data = Data(
      Self.formatTwo.replacingOccurrences(of: "\"requires\" : [\n\n  ]", with: "\"requires\" : [\n    \"zzz\"\n  ]")
        .replacingOccurrences(of: "\"writtenBy\" : \"0.4.0\"", with: "\"writtenBy\" : \"0.9.0\"").utf8)
    let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(data)
    #expect(syncUps.map(\.title) == ["Morning Sync"])
    #expect(declaration.requires == ["zzz"])
    #expect(declaration.unmet == ["zzz"])
    #expect(
      declaration.refusal
        == "this data needs a newer syncups (requires: zzz; written by syncups 0.9.0)")
    #expect(throws: SyncUpsFile.NeedsNewerVersion(declaration: declaration)) {
      try SyncUpsFile.encode(syncUps, declaration: declaration)
    }
    #expect(throws: SyncUpsFile.NeedsNewerVersion(declaration: declaration)) {
      try SyncUpsFile.decodeAnyFormat(data)
    }
  }

  @Test func aFormatThreeFileDecodesWithItsFormatReported() throws {
    let data = Data(
      Self.formatTwo.replacingOccurrences(of: "\"format\" : 2", with: "\"format\" : 3")
        .replacingOccurrences(of: "\"writtenBy\" : \"0.4.0\"", with: "\"writtenBy\" : \"0.9.0\"").utf8)
    let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(data)
    #expect(syncUps.map(\.title) == ["Morning Sync"])
    #expect(declaration.unmet == ["format 3"])
    #expect(
      declaration.refusal
        == "this data needs a newer syncups (requires: format 3; written by syncups 0.9.0)")
  }

  @Test func aNewerFileWhoseSyncUpsThisVersionCannotReadIsRefused() throws {
    let data = Data(#"{"format": 3, "requires": ["zzz", "yyy"], "rooms": []}"#.utf8)
    let refusal = "this data needs a newer syncups (requires: format 3, zzz, yyy)"
    do {
      _ = try SyncUpsFile.decodeDeclared(data)
      Issue.record("decoded a file with no sync-ups")
    } catch let error as SyncUpsFile.NeedsNewerVersion {
      #expect(error.description == refusal)
    }
    #expect(try SyncUpsFile.declaration(of: data).refusal == refusal)
  }

  @Test func anObjectThatDeclaresNoFormatIsNoDataFile() {
    #expect(throws: DecodingError.self) {
      try SyncUpsFile.decodeDeclared(Data(#"{"syncUps": []}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try SyncUpsFile.decodeDeclared(Data(#"{"format": 1, "syncUps": []}"#.utf8))
    }
  }

  @Test func theSyncUpsKeyKeepsAFormatTwoFileFormatTwo() throws {
    let fileSystem = InMemoryFileSystem(files: ["/data/sync-ups.json": Data(Self.formatTwo.utf8)])
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.syncUpsFileURL = URL(filePath: "/data/sync-ups.json")
    } operation: {
      @Shared(.syncUps) var loaded
      $loaded.withLock { $0[id: UUID(1)]?.title = "Renamed" }
      try $loaded.save()
      let written = try #require(fileSystem.contents(of: "/data/sync-ups.json"))
      #expect(
        String(decoding: written, as: UTF8.self)
          == Self.formatTwo.replacingOccurrences(of: "Morning Sync", with: "Renamed"))
    }
  }

  @Test func theSyncUpsKeyNeverWritesAFileRequiringAnUnknownFeature() throws {
    let file = Data(
      Self.formatTwo.replacingOccurrences(of: "\"requires\" : [\n\n  ]", with: "\"requires\" : [\n    \"zzz\"\n  ]").utf8)
    let fileSystem = InMemoryFileSystem(files: ["/data/sync-ups.json": file])
    withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.syncUpsFileURL = URL(filePath: "/data/sync-ups.json")
    } operation: {
      @Shared(.syncUps) var loaded
      #expect(loaded.map(\.title) == ["Morning Sync"])
      $loaded.withLock { $0[id: UUID(1)]?.title = "Renamed" }
      #expect($loaded.saveError != nil)
      #expect(throws: FileStorageError.self) { try $loaded.save() }
      #expect(fileSystem.contents(of: "/data/sync-ups.json") == file)
    }
  }

  @Test func mergedDeclarationsTakeTheNewestFormatAndEveryFeature() {
    let merged = SyncUpsFile.Declaration.merging([
      .formatOne,
      SyncUpsFile.Declaration(format: 2, requires: ["a"], writtenBy: "0.4.0"),
      SyncUpsFile.Declaration(format: 2, requires: ["b", "a"], writtenBy: "0.5.0"),
    ])
    #expect(merged.format == 2)
    #expect(merged.requires == ["a", "b"])
    #expect(SyncUpsFile.Declaration.merging([.formatOne, .formatOne]) == .formatOne)
  }
}
