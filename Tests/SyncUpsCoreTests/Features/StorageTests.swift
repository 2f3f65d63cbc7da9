#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite struct StorageTests {
  @Test func theDataFileFollowsXDG() {
    #expect(
      SyncUpsFile.defaultURL(environment: ["HOME": "/home/blob", "XDG_DATA_HOME": "/data"]).path
        == "/data/syncups/sync-ups.json")
    #expect(
      SyncUpsFile.defaultURL(environment: ["HOME": "/home/blob", "XDG_DATA_HOME": "data"]).path
        == "/home/blob/.local/share/syncups/sync-ups.json")
    #expect(
      SyncUpsFile.defaultURL(environment: ["HOME": "/home/blob"]).path
        == "/home/blob/.local/share/syncups/sync-ups.json")
  }

  @Test func theSettingsFileFollowsXDG() {
    #expect(
      AppStorage.syncUpsSettings(environment: ["HOME": "/home/blob", "XDG_CONFIG_HOME": "/config"])
        .path == "/config/syncups/config.json")
    #expect(
      AppStorage.syncUpsSettings(environment: ["HOME": "/home/blob", "XDG_CONFIG_HOME": "config"])
        .path == "/home/blob/.config/syncups/config.json")
  }

  @Test func syncUpsAreEmptyUntilSavedThenWrittenInOurFormat() throws {
    try withDependencies { _ in } operation: {
      @Shared(.syncUps) var syncUps
      #expect(syncUps == [])
      #expect(FeatureFixtures.fileSystem.contents(of: "/sync-ups.json") == nil)

      $syncUps.withLock { _ = $0.append(FeatureFixtures.designSyncUp) }
      try $syncUps.save()

      let data = try #require(FeatureFixtures.fileSystem.contents(of: "/sync-ups.json"))
      #expect(data == (try SyncUpsFile.encode([FeatureFixtures.designSyncUp])))
    }
  }

  @Test func theFileComesFromTheDependency() throws {
    try withDependencies {
      $0.syncUpsFileURL = URL(filePath: "/elsewhere/mine.json")
    } operation: {
      FeatureFixtures.fileSystem.simulateOutsideWrite(
        try SyncUpsFile.encode([FeatureFixtures.shortSyncUp]), to: "/elsewhere/mine.json")

      @SharedReader(.syncUps) var syncUps
      #expect(syncUps == [FeatureFixtures.shortSyncUp])
    }
  }

  @Test func aFileInAnotherFormatIsALoadErrorAndTheDefaultIsEmpty() throws {
    try withDependencies { _ in } operation: {
      FeatureFixtures.fileSystem.simulateOutsideWrite(Data("[{}]".utf8), to: "/sync-ups.json")

      @Shared(.syncUps) var syncUps
      #expect(syncUps == [])
      let error = try #require($syncUps.loadError as? FileStorageError)
      #expect(error.kind == .undecodable)
    }
  }

  /// Runs in parallel with itself: each case sees only the sync-up it wrote.
  @Test(arguments: 0..<6)
  func parallelTestsNeverSeeEachOthersSyncUps(index: Int) async throws {
    try await withDependencies { _ in } operation: {
      @Shared(.syncUps) var syncUps
      #expect(syncUps == [])
      $syncUps.withLock { _ = $0.append(SyncUp(id: UUID(index), title: "Test \(index)")) }
      try await Task.sleep(for: .milliseconds(20))

      #expect(syncUps.map(\.title) == ["Test \(index)"])
      try await $syncUps.save()
      #expect(try FeatureFixtures.syncUpsInFile()?.map(\.title) == ["Test \(index)"])
    }
  }

  @Test func settingsHaveDefaultsAndAreWrittenUnderTheirNames() throws {
    let fileSystem = InMemoryFileSystem()
    try withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config.json"), fileSystem: fileSystem)
    } operation: {
      @Shared(.bell) var bell
      @Shared(.colorSetting) var color
      @Shared(.defaultDuration) var defaultDuration
      @Shared(.defaultTheme) var defaultTheme
      #expect(bell == .change)
      #expect(color == .auto)
      #expect(defaultDuration == 300)
      #expect(defaultTheme == .bubblegum)

      $bell.withLock { $0 = .off }
      $color.withLock { $0 = .never }
      $defaultDuration.withLock { $0 = 600 }
      $defaultTheme.withLock { $0 = .navy }
      try $defaultTheme.save()

      let data = try #require(fileSystem.contents(of: "/config.json"))
      let settings = try JSONDecoder().decode([String: JSONValue].self, from: data)
      #expect(
        settings == [
          "bell": .bool(false), "color": .string("never"), "default-duration": .integer(600),
          "default-theme": .string("navy"),
        ])
      // The settings live in their own file, not in the data file.
      #expect(FeatureFixtures.fileSystem.contents(of: "/sync-ups.json") == nil)
    }
  }

  @Test func settingsAreReadFromTheSettingsFile() throws {
    let fileSystem = InMemoryFileSystem()
    fileSystem.simulateOutsideWrite(
      Data(
        #"{"bell": false, "color": "always", "default-duration": 900, "default-theme": "teal"}"#
          .utf8),
      to: "/config/syncups/config.json")
    withDependencies {
      $0.defaultAppStorage = AppStorage(
        url: URL(filePath: "/config/syncups/config.json"), fileSystem: fileSystem)
    } operation: {
      // A settings file of an older syncups holds the bell as a Bool: false is off.
      @SharedReader(.bell) var bell
      @SharedReader(.colorSetting) var color
      @SharedReader(.defaultDuration) var defaultDuration
      @SharedReader(.defaultTheme) var defaultTheme
      #expect(bell == .off)
      #expect(color == .always)
      #expect(defaultDuration == 900)
      #expect(defaultTheme == .teal)
    }
  }
}
