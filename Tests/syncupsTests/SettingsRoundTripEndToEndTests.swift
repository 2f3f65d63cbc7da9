import Foundation
import Testing

@testable import syncups

/// Every setting of ``ConfigKey/allCases``, through the built binary: a value set is what
/// `config get` prints (as text and as JSON), what `config list --json` and the settings file
/// hold, and `config unset` puts the default back; a value of the wrong type in the file is
/// warned of once and the default used.
@Suite("End to end: every setting round-trips")
struct SettingsRoundTripEndToEndTests {
  /// A value for each setting as typed, as `config get` prints it back and as `--json` and the
  /// settings file hold it; then its default, as text and as JSON.
  static let samples:
    [String: (typed: [String], text: String, json: String, default: String, defaultJSON: String)] = [
    "bell": (["cues"], "cues", #""cues""#, "change", "true"),
    "color": (["ALWAYS"], "always", #""always""#, "auto", #""auto""#),
    "default-duration": (["1m30s"], "1m30s", "90", "5m", "300"),
    "default-theme": (["Navy"], "navy", #""navy""#, "bubblegum", #""bubblegum""#),
    "hook-timeout": (["90"], "1m30s", "90", "10s", "10"),
    "order": (["shuffled"], "shuffled", #""shuffled""#, "listed", #""listed""#),
    "overtime": (["yes"], "on", "true", "off", "false"),
    "pace": (["Bank"], "bank", #""bank""#, "fixed", #""fixed""#),
    "warn": (["80%,95%"], "80%,95%", #""80%,95%""#, "none", #""none""#),
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

  /// A setting the file holds of another type is said once on standard error, naming the file,
  /// the key and the value, and its default is used; the file is left as it is.
  @Test func aValueOfTheWrongTypeIsWarnedOfOnceAndTheDefaultUsed() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("add", "--title", "Eng", "--attendee", "Blob").status == 0)
    let settingsFile = syncups.home.path + "/config/syncups/config.json"
    try FileManager.default.createDirectory(
      atPath: syncups.home.path + "/config/syncups", withIntermediateDirectories: true)
    let text = #"{"bell": false, "default-duration": "x"}"#
    try text.write(toFile: settingsFile, atomically: true, encoding: .utf8)
    let warning =
      "Warning: \(settingsFile): \"default-duration\" is \"x\", not a whole number of seconds; "
      + "using its default, 5m.\n"

    let list = try syncups("list")
    #expect(list.status == 0)
    #expect(list.error == warning)
    let get = try syncups("config", "get", "default-duration")
    #expect(get.status == 0)
    #expect(get.output == "5m\n")
    #expect(get.error == warning)
    // A sync-up added now takes the default, and the warning is said once, not at each read.
    let added = try syncups("add", "--title", "Ops", "--attendee", "Ana", "--json")
    #expect(added.status == 0)
    #expect(added.error == warning)
    #expect((try syncups.json(added) as? [String: Any])?["duration"] as? Int == 300)
    // The other settings are read as they are.
    #expect(try syncups("config", "get", "bell").output == "off\n")
    #expect(try String(contentsOfFile: settingsFile, encoding: .utf8) == text)
    #expect(try syncups("-q", "list").error == "")

    // Setting it again puts it right, without a warning about the value it replaces.
    let fixed = try syncups("config", "set", "default-duration", "10m")
    #expect(fixed.status == 0)
    #expect(fixed.error == "")
    #expect(try syncups("list").error == "")

    // One the config commands read themselves is no reason to refuse them.
    try #"{"bell": "loud", "color": "never"}"#.write(
      toFile: settingsFile, atomically: true, encoding: .utf8)
    let bell = try syncups("config", "list")
    #expect(bell.status == 0)
    #expect(bell.output.hasPrefix("bell              change\ncolor             never\n"))
    #expect(
      bell.error
        == "Warning: \(settingsFile): \"bell\" is \"loud\", not off, change, cues or all; using "
        + "its default, change.\n")
  }

  /// Each value as `JSONSerialization` reads it, to compare JSON whatever its layout.
  private func json(_ text: String) throws -> NSObject {
    try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSObject)
  }
}
