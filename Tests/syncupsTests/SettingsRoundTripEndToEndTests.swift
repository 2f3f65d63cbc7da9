import Foundation
import Testing

@testable import syncups

/// Every setting of ``ConfigKey/allCases``, through the built binary: a value set is what
/// `config get` prints (as text and as JSON), what `config list --json` and the settings file
/// hold, and `config unset` puts the default back.
@Suite("End to end: every setting round-trips")
struct SettingsRoundTripEndToEndTests {
  /// A value for each setting as typed, as `config get` prints it back and as `--json` and the
  /// settings file hold it; then its default, as text and as JSON.
  static let samples:
    [String: (typed: [String], text: String, json: String, default: String, defaultJSON: String)] = [
    "bell": (["off"], "off", "false", "on", "true"),
    "color": (["ALWAYS"], "always", #""always""#, "auto", #""auto""#),
    "default-duration": (["1m30s"], "1m30s", "90", "5m", "300"),
    "default-theme": (["Navy"], "navy", #""navy""#, "bubblegum", #""bubblegum""#),
    "hook-timeout": (["90"], "1m30s", "90", "10s", "10"),
    "order": (["shuffled"], "shuffled", #""shuffled""#, "listed", #""listed""#),
    "overtime": (["yes"], "on", "true", "off", "false"),
    "repositories": (
      ["/srv/git/api", "~/src/*"], "/srv/git/api '~/src/*'", #"["/srv/git/api","~/src/*"]"#,
      "", "[]"
    ),
    "workdays": (["Sun-Thu"], "sun-thu", #""sun-thu""#, "mon-fri", #""mon-fri""#),
    "me": (["Blob Jr"], "Blob Jr", #""Blob Jr""#, "", "null"),
  ]

  @Test func everySettingHasASample() {
    #expect(Set(Self.samples.keys) == Set(ConfigKey.allCases.map(\.rawValue)))
  }

  @Test(arguments: ConfigKey.allCases.map(\.rawValue))
  func aValueSetIsReadBackEverywhereAndUnsetRestoresTheDefault(name: String) throws {
    let sample = try #require(Self.samples[name])
    let syncups = SyncUpsRun()
    let settingsFile = syncups.home.path + "/config/syncups/config.json"

    let set = try syncups.run(["config", "set", name] + sample.typed + ["--json"])
    #expect(set.status == 0, "\(set.error)")
    #expect(try json(set.output) == json(#"{"key": "\#(name)", "value": \#(sample.json)}"#))
    #expect(try syncups("config", "get", name).output == sample.text + "\n")
    let got = try syncups("config", "get", name, "--json")
    #expect(try json(got.output) == json(sample.json))
    let listed = try #require(try json(syncups("config", "list", "--json").output) as? NSDictionary)
    #expect(listed[name] as? NSObject == (try json(sample.json)))
    let stored = try JSONSerialization.jsonObject(
      with: try #require(FileManager.default.contents(atPath: settingsFile)))
    #expect((stored as? NSDictionary)?[name] as? NSObject == (try json(sample.json)))
    // What config get printed goes back in as the same value.
    let words =
      sample.typed.count == 1
      ? [sample.text]
      : sample.text.split(separator: " ").map {
        $0.hasPrefix("'") ? String($0.dropFirst().dropLast()) : String($0)
      }
    #expect(try syncups.run(["config", "set", name] + words).status == 0)
    #expect(try syncups("config", "get", name).output == sample.text + "\n")

    let unset = try syncups("config", "unset", name, "--json")
    #expect(unset.status == 0, "\(unset.error)")
    #expect(
      try json(unset.output) == json(#"{"key": "\#(name)", "value": \#(sample.defaultJSON)}"#))
    #expect(try syncups("config", "get", name).output == sample.default + "\n")
    #expect(try json(syncups("config", "get", name, "--json").output) == json(sample.defaultJSON))
  }

  /// Each value as `JSONSerialization` reads it, to compare JSON whatever its layout.
  private func json(_ text: String) throws -> NSObject {
    try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSObject)
  }
}
