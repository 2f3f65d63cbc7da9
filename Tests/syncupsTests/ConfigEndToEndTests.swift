import Foundation
import Testing

@Suite("End to end: settings")
struct ConfigEndToEndTests {
  @Test func unsetRestoresEachSettingsDefault() throws {
    let syncups = SyncUpsRun()
    for (key, value) in [
      ("bell", "off"), ("color", "always"), ("default-duration", "10m"),
      ("default-theme", "NAVY"), ("order", "rotated"), ("overtime", "yes"),
    ] {
      #expect(try syncups("config", "set", key, value).status == 0, "\(key)")
    }
    #expect(
      try syncups("config", "list").output
        == "bell              off\ncolor             always\ndefault-duration  10m\n"
        + "default-theme     navy\norder             rotated\novertime          on\n")
    for (key, value) in [
      ("bell", "true"), ("color", "\"auto\""), ("default-duration", "300"),
      ("default-theme", "\"bubblegum\""), ("order", "\"listed\""), ("overtime", "false"),
    ] {
      let result = try syncups("config", "unset", key, "--json")
      #expect(result.status == 0, "\(key)")
      #expect(result.output == "{\n  \"key\" : \"\(key)\",\n  \"value\" : \(value)\n}\n")
    }
    #expect(
      try syncups("config", "list").output
        == "bell              on\ncolor             auto\ndefault-duration  5m\n"
        + "default-theme     bubblegum\norder             listed\novertime          off\n")
  }
}
