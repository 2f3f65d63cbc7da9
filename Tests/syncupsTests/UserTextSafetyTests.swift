import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// User text a terminal would act on, where it reaches output outside the renderers: error
/// messages quote words from the command line, titles and file names (a control character in
/// them must neither drive the terminal nor break the one-line `Error:` shape), and `export`
/// prints titles, names and transcripts as JSON.
@Suite("User text safety")
struct UserTextSafetyTests {
  static let hostile = "x\u{1B}[2J\u{1B}]0;pwned\u{07}\ninjected\r\u{9B}"
  static let shown = #"x\u{1B}[2J\u{1B}]0;pwned\u{07}\u{0A}injected\u{0D}\u{9B}"#

  @Test func usageErrorsSanitizeTheWordsTheyQuote() {
    let rendered = UsageError("unknown command '\(Self.hostile)'", path: []).render()
    #expect(rendered.hasPrefix("Error: unknown command '\(Self.shown)'\nUsage: "))
    #expect(rendered.split(separator: "\n").count == 3)
  }

  @Test func referenceErrorsSanitizeReferencesSuggestionsAndCandidates() {
    let notFound = ReferenceError.notFound(kind: "sync-up", reference: Self.hostile, suggestion: "Evil\u{1B}[2J")
    #expect(notFound.message == "no sync-up matches '\(Self.shown)'. Did you mean 'Evil\\u{1B}[2J'?")
    let ambiguous = ReferenceError.ambiguous(
      kind: "sync-up", reference: "ev", candidates: ["AAAA1111  Evil\u{1B}[2J", "BBBB2222  Evil\n2"])
    #expect(
      ambiguous.message == """
        'ev' matches 2 sync-ups:
          AAAA1111  Evil\\u{1B}[2J
          BBBB2222  Evil\\u{0A}2
        Use more of the title, or an id.
        """)
  }

  @Test func storageFailuresSanitizeTheirMessage() {
    struct Failure: Error, CustomStringConvertible {
      var description: String { "cannot write '/tmp/a\u{1B}[2J\nb.json': bad" }
    }
    #expect(CommandFailure(storage: Failure()).message == #"cannot write '/tmp/a\u{1B}[2J\u{0A}b.json': bad"#)
  }

  @Test func exportEscapesWhatATerminalWouldActOnAndStillRoundTrips() throws {
    #expect(terminalSafeJSON(#"{"t" : "a\#u{9B}31m\#u{7F}\#u{202E}é"}"#) == #"{"t" : "a\u009b31m\u007f\u202eé"}"#)
    let first = SyncUpsRun()
    try first("add", "--title", "C1 \u{9B}31m DEL \u{7F} bidi \u{202E}", "--attendee", "Zoë \u{2028}")
    let exported = try first("export")
    #expect(!exported.output.unicodeScalars.contains { needsEscaping($0) && $0 != "\n" })
    let second = SyncUpsRun()
    #expect(try second("import", "-", input: exported.output).status == 0)
    #expect(try second("list", "--json").output == (try first("list", "--json")).output)
  }

  @Test func theBinaryNeverEchoesControlCharactersIntoErrors() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Evil 1 \u{1B}]0;pwned\u{07}")
    try syncups("add", "--title", "Evil 2 \u{1B}[2J")
    let corrupt = syncups.home.path + "/bad \u{1B}[2J\nname.json"
    try "[{".write(toFile: corrupt, atomically: true, encoding: .utf8)
    for arguments in [
      [Self.hostile], ["list", Self.hostile], ["add", "--title", "T", "--duration", Self.hostile],
      ["show", Self.hostile], ["show", "evil"], ["import", Self.hostile + ".json"], ["--file", corrupt, "list"],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status != 0)
      #expect(result.error.hasPrefix("Error: "), "\(arguments)")
      #expect(
        !result.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
        "\(arguments): \(result.error)")
      #expect(!result.error.contains("\ninjected"), "\(arguments)")
    }
  }
}
