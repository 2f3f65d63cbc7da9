import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import ManPageGenerator
@testable import syncups

@Suite("End to end: settings")
struct ConfigEndToEndTests {
  @Test func settingsAreKeptInTheConfigurationDirectoryAsTheGuideAndManPageSay() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("config", "set", "bell", "off").status == 0)
    let file = syncups.home.path + "/config/syncups/config.json"
    let settings = try #require(FileManager.default.contents(atPath: file))
    // Off is written as an older syncups reads it.
    let object = try JSONSerialization.jsonObject(with: settings) as? [String: Bool]
    #expect(object == ["bell": false])
    #expect(AppStorage.syncUpsSettingsPath == "syncups/config.json")

    let guide = try String(
      contentsOf: GeneratedFilesTests.root.appendingPathComponent("doc/scripting.md"),
      encoding: .utf8)
    #expect(guide.contains("`$XDG_CONFIG_HOME/\(AppStorage.syncUpsSettingsPath)`"))
    let manual = manPage().split(separator: "\n").joined(separator: " ")
    #expect(manual.contains("$XDG_CONFIG_HOME/\(AppStorage.syncUpsSettingsPath)."))
    #expect(manual.contains("~/.config/\(AppStorage.syncUpsSettingsPath)"))
  }

  @Test func unsetRestoresEachSettingsDefault() throws {
    let syncups = SyncUpsRun()
    for (key, value) in [
      ("bell", "off"), ("color", "always"), ("default-duration", "10m"),
      ("default-theme", "NAVY"), ("order", "rotated"), ("overtime", "yes"),
      ("workdays", "sun-thu"), ("hook-timeout", "30s"), ("me", "Blob Jr"),
    ] {
      #expect(try syncups("config", "set", key, value).status == 0, "\(key)")
    }
    #expect(
      try syncups("config", "list").output
        == "bell              off\ncolor             always\ndefault-duration  10m\n"
        + "default-theme     navy\nhook-timeout      30s\norder             rotated\n"
        + "overtime          on\npace              fixed\nrepositories\nwarn              none\n"
        + "workdays          sun-thu\nme                Blob Jr\n")
    for (key, value) in [
      ("bell", "true"), ("color", "\"auto\""), ("default-duration", "300"),
      ("default-theme", "\"bubblegum\""), ("order", "\"listed\""), ("overtime", "false"),
      ("workdays", "\"mon-fri\""), ("hook-timeout", "10"), ("me", "null"),
    ] {
      let result = try syncups("config", "unset", key, "--json")
      #expect(result.status == 0, "\(key)")
      #expect(result.output == "{\n  \"key\" : \"\(key)\",\n  \"value\" : \(value)\n}\n")
    }
    #expect(
      try syncups("config", "list").output
        == "bell              change\ncolor             auto\ndefault-duration  5m\n"
        + "default-theme     bubblegum\nhook-timeout      10s\norder             listed\n"
        + "overtime          off\npace              fixed\nrepositories\nwarn              none\n"
        + "workdays          mon-fri\nme\n")
  }

  @Test func settingValuesAreReadInAnyCase() throws {
    let syncups = SyncUpsRun()
    for (key, value) in [
      ("order", "ROTATED"), ("color", "Never"), ("bell", "OFF"), ("default-theme", "Teal"),
      ("OVERTIME", "On"), ("default-duration", "10M"), ("workdays", "Mon,TUE,thu"),
      // A plain number is seconds for hook-timeout.
      ("HOOK-TIMEOUT", "45"),
    ] {
      let result = try syncups("config", "set", key, value)
      #expect(result.status == 0, "\(key) \(value): \(result.error)")
    }
    #expect(
      try syncups("config", "list").output
        == "bell              off\ncolor             never\ndefault-duration  10m\n"
        + "default-theme     teal\nhook-timeout      45s\norder             rotated\n"
        + "overtime          on\npace              fixed\nrepositories\nwarn              none\n"
        + "workdays          mon,tue,thu\nme\n")
  }

  @Test func aDurationReadWithJSONGoesBackWithJSONAsTheSameSeconds() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("config", "set", "default-duration", "1m30s").status == 0)
    let read = try syncups("config", "get", "default-duration", "--json")
    #expect(read.output == "90\n")
    let value = read.output.trimmingCharacters(in: .newlines)
    let written = try syncups("config", "set", "default-duration", value, "--json")
    #expect(written.status == 0)
    #expect(written.error == "")
    #expect(written.output == "{\n  \"key\" : \"default-duration\",\n  \"value\" : 90\n}\n")
    #expect(try syncups("config", "get", "default-duration").output == "1m30s\n")
    // Seconds up to a day, which as minutes would be out of range.
    #expect(try syncups("--json", "config", "set", "default-duration", "3600").status == 0)
    #expect(try syncups("config", "get", "default-duration").output == "1h\n")
    let tooLong = try syncups("--json", "config", "set", "default-duration", "86401")
    #expect(tooLong.status == 64)
    #expect(tooLong.error.hasPrefix(
      "Error: duration '86401' for 'default-duration' is out of range (1s to 24h)\n"))
    // Units mean what they say either way.
    #expect(try syncups("--json", "config", "set", "default-duration", "2m").status == 0)
    #expect(try syncups("config", "get", "default-duration").output == "2m\n")
  }

  @Test func aBareNumberOverAnHourOfMinutesIsReadAsMinutesWithAWarning() throws {
    let syncups = SyncUpsRun()
    let set = try syncups("config", "set", "default-duration", "90")
    #expect(set.status == 0)
    #expect(
      set.error
        == "Warning: default-duration 90 is read as 90 minutes (1h30m); write 90s for seconds.\n")
    #expect(try syncups("config", "get", "default-duration").output == "1h30m\n")
    let quiet = try syncups("config", "set", "default-duration", "60")
    #expect(quiet.error == "")
    #expect(try syncups("config", "set", "default-duration", "1441").status == 64)
    #expect(try syncups("config", "get", "default-duration").output == "1h\n")

    let added = try syncups("add", "--title", "Eng", "--duration", "90", "--json")
    #expect(added.status == 0)
    #expect(
      added.error
        == "Warning: --duration 90 is read as 90 minutes (1h30m); write 90s for seconds.\n"
        + "Created '\(syncups.dataFile)'.\n")
    let object = try #require(try syncups.json(added) as? [String: Any])
    #expect(object["duration"] as? Int == 5_400)
    let shortID = try #require((object["id"] as? String)?.prefix(8))
    let edited = try syncups("edit", "eng", "--duration", "75")
    #expect(edited.status == 0)
    #expect(
      edited.error
        == "Warning: --duration 75 is read as 75 minutes (1h15m); write 75s for seconds.\n"
        + "Updated 'Eng' (\(shortID)).\n")
    #expect(try syncups("edit", "eng", "--duration", "90s").error.hasPrefix("Updated 'Eng'"))
    // A command that fails prints its error alone: nothing was read as minutes.
    let failed = try syncups("edit", "eng", "--duration", "90", "--remove-attendee", "Nobody")
    #expect(failed.status == 1)
    #expect(failed.error == "Error: no attendee 'Nobody' in 'Eng'\n")
    #expect(try syncups("-q", "edit", "eng", "--duration", "120").error == "")
  }
}
