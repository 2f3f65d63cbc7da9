import Foundation
import Testing

/// The command line as a person types it, on the built binary: settings as JSON, mistakes
/// reported as what they are, values refused before anything is stored, and the spellings
/// people use.
@Suite("End to end: the command line")
struct CommandLineEndToEndTests {
  @Test func settingsAsJSONUseTheTypedKeysAndTypedValues() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("config", "get", "bell", "--json").output == "true\n")
    #expect(try syncups("config", "set", "bell", "off").status == 0)
    #expect(try syncups("config", "set", "default-duration", "1:30").status == 0)
    #expect(try syncups("config", "get", "bell", "--json").output == "false\n")
    #expect(try syncups("config", "get", "default-duration", "--json").output == "90\n")
    #expect(try syncups("--json", "config", "get", "color").output == "\"auto\"\n")
    #expect(try syncups("config", "get", "default-theme", "--json").output == "\"bubblegum\"\n")
    // Human output is what 'config set' takes back.
    #expect(try syncups("config", "get", "default-duration").output == "1m30s\n")
    #expect(
      try syncups("config", "list", "--json").output == """
        {
          "bell" : false,
          "color" : "auto",
          "default-duration" : 90,
          "default-theme" : "bubblegum",
          "hook-timeout" : 10,
          "me" : null,
          "order" : "listed",
          "overtime" : false,
          "pace" : "fixed",
          "repositories" : [],
          "sync-up-repositories" : [],
          "warn" : "none",
          "workdays" : "mon-fri"
        }

        """)
  }

  @Test func anUnknownOptionIsReportedBeforeTheWordsAfterIt() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("--colour", "never", "list")
    #expect(result.status == 64)
    #expect(
      result.error == """
        Error: unknown option '--colour'. Did you mean '--color'?
        Usage: syncups [<options>] <command>
        See 'syncups --help' for more information.

        """)
  }

  /// `syncups item` alone is a usage error, as `git stash` is not: it names the commands on
  /// stderr and exits 64; `syncups item --help` still prints the help.
  @Test func aGroupWithoutItsCommandIsAUsageError() throws {
    let syncups = SyncUpsRun()
    for (group, commands) in [
      ("item", "add, resolve, reopen, edit or delete"), ("config", "list, get, set or unset"),
      ("meeting", "show or delete"),
    ] {
      let result = try syncups(group)
      #expect(result.status == 64, "\(group)")
      #expect(result.output == "")
      #expect(
        result.error == """
          Error: 'syncups \(group)' needs a command: \(commands)
          Usage: syncups \(group) <subcommand>
          See 'syncups \(group) --help' for more information.

          """)
      let help = try syncups(group, "--help")
      #expect(help.status == 0 && help.output.hasPrefix("OVERVIEW: "), "\(group)")
    }
    let program = try syncups()
    #expect(program.status == 0 && program.output.hasPrefix("OVERVIEW: "))
  }

  @Test func anEmptyFilePathIsAUsageError() throws {
    let syncups = SyncUpsRun()
    for arguments in [["--file", "", "list"], ["--file=", "add", "--title", "A"]] {
      let result = try syncups.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.error.hasPrefix("Error: '--file' needs a file path, not an empty string\n"),
        "\(arguments)")
    }
    let imported = try syncups("import", "")
    #expect(imported.status == 64)
    #expect(imported.error.hasPrefix("Error: '<file>' needs a file path, not an empty string\n"))
    #expect(syncups.dataBytes == nil)
  }

  @Test func blankTitlesAndNamesAreRefusedAndNothingIsStored() throws {
    let syncups = SyncUpsRun()
    for arguments in [
      ["add", "--title", ""], ["add", "--title", "   "],
      ["add", "--title", "Design", "--attendee", "Ana", "--attendee", ""],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(syncups.dataBytes == nil, "\(arguments)")
    }
    try syncups("add", "--title", "Design", "--attendee", "Blob")
    let before = try #require(syncups.dataBytes)
    for (arguments, message) in [
      (["edit", "design", "--title", ""], "'--title' cannot be blank"),
      (["edit", "design", "--add-attendee", " "], "'--add-attendee' cannot be blank"),
      (
        ["edit", "design", "--rename-attendee", "Blob="],
        "the new name in 'Blob=' for '--rename-attendee' is blank (expected OLD=NEW)"
      ),
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.hasPrefix("Error: \(message)\n"), "\(arguments)")
      #expect(syncups.dataBytes == before, "\(arguments)")
    }
  }

  @Test func aTitleTypedWithoutItsOptionIsSuggested() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("add", "Foo")
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix("Error: unexpected argument 'Foo'. Did you mean --title 'Foo'?\n"))
  }

  @Test func durationsInThePeoplesSpellings() throws {
    let syncups = SyncUpsRun()
    for (text, seconds) in [("5min", 300), ("30sec", 30), ("1m 30s", 90), ("1:30", 90)] {
      let added = try syncups("add", "--title", "T \(text)", "--duration", text, "--json")
      #expect(added.status == 0, "\(text)")
      let object = try #require(try syncups.json(added) as? [String: Any])
      #expect(object["duration"] as? Int == seconds, "\(text)")
    }
    let negative = try syncups("add", "--title", "X", "--duration", "-5")
    #expect(negative.status == 64)
    #expect(
      negative.error.hasPrefix(
        "Error: duration '-5' for '--duration' is not positive (durations run from 1s to 24h)\n"))
  }

  @Test func theVersionInEveryForm() throws {
    let syncups = SyncUpsRun()
    for arguments in [["--version"], ["-V"], ["version"], ["list", "--version"]] {
      let result = try syncups.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.output == "syncups 0.4.0\n", "\(arguments)")
    }
    #expect(try syncups("version", "--json").output == "{\n  \"version\" : \"0.4.0\"\n}\n")
    #expect(try syncups("--version", "--json").output == "{\n  \"version\" : \"0.4.0\"\n}\n")
  }

  @Test func commandHelpListsTheGlobalOptions() throws {
    let syncups = SyncUpsRun()
    let help = try syncups("add", "--help")
    #expect(help.output.contains("\nGLOBAL OPTIONS:\n  --file <path> "))
    #expect(help.output.contains("\n  -V, --version "))
  }

  @Test func completionAnswersForMeetingsAndAttendees() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      #"[{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":"Blob"},"#
        + #"{"id":"00000000-0000-0000-0000-000000000002","name":" "},"#
        + #"{"id":"00000000-0000-0000-0000-000000000003","name":"Blob Jr"}],"duration":300,"#
        + #""id":"00000000-0000-0000-0000-00000000000A","meetings":["#
        + #"{"date":"2026-02-09T09:15:00Z","id":"00000000-0000-0000-0000-000000000004","transcript":""},"#
        + #"{"date":"2026-02-06T17:40:00Z","id":"00000000-0000-0000-0000-000000000005","transcript":""}],"#
        + #""theme":"teal","title":"Design"}]"#)
    #expect(
      try syncups("__complete", "meetings", "design").output
        == "1\tMon 9 Feb 2026, 09:15\n2\tFri 6 Feb 2026, 17:40\n")
    #expect(try syncups("__complete", "attendees", "design").output == "Blob\nBlob Jr\n")
    #expect(try syncups("__complete", "attendees", "nosuch").output == "")
  }
}
