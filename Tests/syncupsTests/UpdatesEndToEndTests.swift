import ChildProcessSupport
import Foundation
import Testing

/// `update`, `updates` and `away` run as the program, with exact output; the `me` setting;
/// the editor; and two teammates writing on their own clones, a third seeing both.
@Suite("Written updates and time away end to end")
struct UpdatesEndToEndTests {
  static let ana = "00000000-0000-0000-0000-00000000000A"
  static let ben = "00000000-0000-0000-0000-00000000000B"
  static let cy = "00000000-0000-0000-0000-00000000000C"

  /// Eng: Ana, Ben and Cy.
  func engineering() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(Self.ana)","name":"Ana"},{"id":"\(Self.ben)","name":"Ben"},\
      {"id":"\(Self.cy)","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "theme":"orange","title":"Eng"}]
      """)
    return syncups
  }

  @Test func writeReplaceAndOpenEachBlockerOnce() throws {
    let syncups = try engineering()
    let written = try syncups(
      "update", "eng", "--as", "ana", "--date", "2099-12-01", "--done", "the login page",
      "--next", "the signup page", "--blocker", "waiting on API keys", "--blocker", "no review")
    #expect(written.status == 0)
    #expect(written.output == "")
    #expect(
      written.error == """
        Wrote Ana's update for Tue 1 Dec 2099 in 'Eng'.
        Opened blocker 1: waiting on API keys
        Opened blocker 2: no review

        """)
    // Again for the day, one blocker the same: replaced, and only the new blocker opens.
    let again = try syncups(
      "update", "eng", "--as", "ANA", "--date", "2099-12-01", "--done", "the login page",
      "--blocker", "waiting on API keys", "--blocker", "flaky tests")
    #expect(again.status == 0)
    #expect(
      again.error == """
        Replaced Ana's update for Tue 1 Dec 2099 in 'Eng'.
        Opened blocker 3: flaky tests
        Blocker 1 is still open: waiting on API keys

        """)
    let items = try syncups("items", "eng")
    #expect(
      items.output == """
        1  blocker  Ana  0 days  waiting on API keys
        2  blocker  Ana  0 days  no review
        3  blocker  Ana  0 days  flaky tests

        """)
    let texts = try #require(
      try syncups.json(syncups("--json", "items", "eng")) as? [[String: Any]])
    #expect(texts.map { $0["text"] as? String } == ["waiting on API keys", "no review", "flaky tests"])
    #expect(texts.map { $0["owner"] as? String } == [Self.ana, Self.ana, Self.ana])

    let json = try syncups(
      "--json", "update", "eng", "--as", "ben", "--date", "2099-12-01", "--next", "reviews")
    let object = try #require(try syncups.json(json) as? [String: Any])
    #expect(
      Set(object.keys) == ["attendee", "day", "next", "written", "name", "opened", "stillOpen"])
    #expect((object["opened"] as? [Any])?.isEmpty == true)
    #expect((object["stillOpen"] as? [Any])?.isEmpty == true)
    #expect(object["attendee"] as? String == Self.ben)
    #expect(object["name"] as? String == "Ben")
    #expect(object["day"] as? String == "2099-12-01")
    #expect(object["next"] as? String == "reviews")
  }

  /// A blocker written again on a later day, in another case and spacing, is the open item
  /// its writer has, which ages on; once resolved, writing it again opens a new one. Only the
  /// items opened run the item-opened hook, each with the item object `--json` prints.
  @Test func aBlockerWrittenAgainIsTheOpenOneAndOnlyNewOnesRunTheHook() throws {
    let syncups = try engineering()
    let hooks = HooksEndToEndTests()
    try hooks.installRecorders(syncups, for: ["item-opened"])
    let first = try syncups(
      "--json", "update", "eng", "--as", "ana", "--date", "2099-11-26", "--blocker",
      "waiting on API keys")
    #expect(first.status == 0, "\(first.error)")
    let firstObject = try #require(try syncups.json(first) as? [String: Any])
    let opened = try #require(firstObject["opened"] as? [[String: Any]])
    #expect(opened.map { $0["text"] as? String } == ["waiting on API keys"])
    #expect((firstObject["stillOpen"] as? [Any])?.isEmpty == true)
    let recorded = try #require(hooks.recorded(syncups, "item-opened"))
    #expect(recorded.count == 1)
    #expect(
      try hooks.object(recorded[0])
        == (try #require(try syncups.json(syncups("--json", "items", "eng")) as? [NSDictionary]))[0])
    #expect(try hooks.object(recorded[0])["id"] as? String == opened[0]["id"] as? String)

    let again = try syncups(
      "update", "eng", "--as", "ana", "--date", "2099-11-27", "--blocker",
      "  Waiting on   API keys ", "--blocker", "no VPN")
    #expect(
      again.error == """
        Wrote Ana's update for Fri 27 Nov 2099 in 'Eng'.
        Opened blocker 2: no VPN
        Blocker 1 is still open: waiting on API keys

        """)
    let json = try #require(
      try syncups.json(
        syncups(
          "--json", "update", "eng", "--as", "ana", "--date", "2099-11-28", "--blocker",
          "WAITING ON API KEYS")) as? [String: Any])
    #expect((json["opened"] as? [Any])?.isEmpty == true)
    #expect(
      (json["stillOpen"] as? [[String: Any]])?.map { $0["id"] as? String } == [opened[0]["id"] as? String])
    // Another attendee's blocker of the same text is theirs.
    #expect(
      try syncups("update", "eng", "--as", "ben", "--date", "2099-11-28", "--blocker", "no VPN")
        .error == "Wrote Ben's update for Sat 28 Nov 2099 in 'Eng'.\nOpened blocker 3: no VPN\n")
    #expect(try syncups("item", "resolve", "eng", "1").status == 0)
    #expect(
      try syncups(
        "update", "eng", "--as", "ana", "--date", "2099-11-29", "--blocker", "waiting on API keys"
      ).error == "Wrote Ana's update for Sun 29 Nov 2099 in 'Eng'.\nOpened blocker 4: waiting on API keys\n")
    #expect(
      try hooks.recorded(syncups, "item-opened")?.map { try hooks.object($0)["text"] as? String }
        == ["waiting on API keys", "no VPN", "no VPN", "waiting on API keys"])
    let all = try #require(
      try syncups.json(syncups("--json", "items", "eng", "--all")) as? [[String: Any]])
    #expect(
      all.map { "\($0["text"] ?? "") \($0["owner"] ?? "") \($0["resolved"] != nil)" } == [
        "waiting on API keys \(Self.ana) true", "no VPN \(Self.ana) false",
        "no VPN \(Self.ben) false", "waiting on API keys \(Self.ana) false",
      ])
  }

  /// `--from` is today unless given: `--to` alone is away from today.
  @Test func timeAwayFromTodayByDefault() throws {
    let syncups = try engineering()
    let today = StartAwayEndToEndTests().day(0)
    let away = try syncups("away", "eng", "ben", "--to", "2099-11-30")
    #expect(away.status == 0, "\(away.error)")
    #expect(
      away.error.hasPrefix("Ben is away from \(today.shown) ")
        && away.error.hasSuffix(" to Mon 30 Nov 2099 in 'Eng'.\n"), "\(away.error)")
    let listed = try #require(
      try syncups.json(syncups("--json", "away", "eng", "ben", "--list")) as? [[String: Any]])
    #expect(listed.map { $0["from"] as? String } == [today.stored])
    #expect(listed.map { $0["to"] as? String } == ["2099-11-30"])
    let neither = try syncups("away", "eng", "ana", "--note", "sick")
    #expect(neither.status == 64)
    #expect(neither.error.hasPrefix("Error: give '--from DAY' or '--to DAY' (or '--cancel', or '--list')\n"))
  }

  /// `updates --since 1w`, `standup --since monday` and `stats --since tomorrow` were refused:
  /// every date option takes the same forms.
  @Test func everyDateOptionTakesTheSameForms() throws {
    let syncups = try engineering()
    #expect(try syncups("update", "eng", "--as", "ana", "--done", "x").status == 0)
    let today = StartAwayEndToEndTests().day(0)
    for since in ["1w", "monday", "last monday", "yesterday", "2 days ago", "TODAY"] {
      let updates = try syncups("updates", "eng", "--since", since)
      #expect(updates.status == 0, "\(since): \(updates.error)")
      #expect(updates.output.hasPrefix("Eng: \(today.shown) "), "\(since)")
    }
    let tomorrow = try syncups("updates", "eng", "--since", "tomorrow")
    #expect(tomorrow.error.hasPrefix("No updates since \(StartAwayEndToEndTests().day(1).shown) "))
    for arguments in [
      ["standup", "eng", "--since", "monday", "--repositories", "/nonexistent"],
      ["stats", "eng", "--since", "tomorrow"], ["stats", "--since", "last fri"],
      ["updates", "eng", "--date", "wed"],
    ] {
      #expect(try syncups.run(arguments).status == 0, "\(arguments)")
    }
    // Ahead for time away: the next Monday, or today when it is one.
    #expect(try syncups("away", "eng", "cy", "--from", "mon", "--to", "next mon").status == 0)
    let away = try #require(
      try syncups.json(syncups("--json", "away", "eng", "cy", "--list")) as? [[String: Any]])
    let from = try #require(away.first?["from"] as? String)
    let to = try #require(away.first?["to"] as? String)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    let (first, last) = (try #require(formatter.date(from: from)), try #require(formatter.date(from: to)))
    let todayDate = try #require(formatter.date(from: today.stored))
    let calendar = Calendar(identifier: .gregorian)
    #expect(calendar.component(.weekday, from: first) == 2)
    #expect((0..<7).contains(first.timeIntervalSince(todayDate) / 86_400))
    // `next mon` is the first Monday after today: the same one unless today is a Monday.
    #expect(last.timeIntervalSince(first) == (first == todayDate ? 7 * 86_400 : 0))
  }

  @Test func updatesInThreeFormats() throws {
    let syncups = try engineering()
    #expect(
      try syncups(
        "update", "eng", "--as", "ben", "--date", "2099-12-01", "--done", "reviews\nand *tests*",
        "--blocker", "no keys"
      ).status == 0)
    #expect(
      try syncups("update", "eng", "--as", "ana", "--date", "2099-12-01", "--next", "docs")
        .status == 0)
    #expect(
      try syncups(
        "away", "eng", "cy", "--from", "2099-11-30", "--to", "2099-12-04", "--note", "holiday"
      ).status == 0)
    let text = try syncups("updates", "eng", "--date", "2099-12-01")
    #expect(text.status == 0)
    #expect(
      text.output == """
        Eng: Tue 1 Dec 2099
          Ana
            Next: docs
          Ben
            Done: reviews
              and *tests*
            Blocker: no keys
          Away: Cy (holiday, to Fri 4 Dec 2099)

        """)
    let markdown = try syncups("updates", "eng", "--date", "2099-12-01", "--format", "markdown")
    #expect(
      markdown.output == """
        ## Eng: Tue 1 Dec 2099

        **Ana**
        - Next: docs

        **Ben**
        - Done: reviews and \\*tests\\*
        - Blocker: no keys

        Away: Cy (holiday, to Fri 4 Dec 2099)

        """)
    let json = try syncups("updates", "eng", "--date", "2099-12-01", "--format", "json")
    let days = try #require(try syncups.json(json) as? [[String: Any]])
    #expect(days.count == 1)
    #expect(days[0]["day"] as? String == "2099-12-01")
    let updates = try #require(days[0]["updates"] as? [[String: Any]])
    #expect(updates.map { $0["name"] as? String } == ["Ana", "Ben"])
    #expect(updates[1]["blockers"] as? [String] == ["no keys"])
    #expect((days[0]["notWritten"] as? [Any])?.count == 0)
    let away = try #require(days[0]["away"] as? [[String: Any]])
    #expect(away.map { $0["name"] as? String } == ["Cy"])
    #expect(away[0]["to"] as? String == "2099-12-04")

    // The day after: nobody wrote; Cy is away, not missing.
    let next = try syncups("updates", "eng", "--date", "2099-12-02")
    #expect(
      next.output == """
        Eng: Wed 2 Dec 2099
          No updates written.
          Not written yet: Ana, Ben
          Away: Cy (holiday, to Fri 4 Dec 2099)

        """)
    #expect(
      try syncups("--json", "updates", "eng", "--format", "markdown").status == 64)
    // --json and --format json agree.
    let both = try syncups("--json", "updates", "eng", "--date", "2099-12-01", "--format", "json")
    #expect(both.status == 0)
    #expect(both.output == json.output)
    // Every day with an update, from a day on, days written ahead included.
    for (name, day) in [("ana", "2026-11-20"), ("ben", "2026-11-23")] {
      #expect(
        try syncups("update", "eng", "--as", name, "--date", day, "--done", "x").status == 0)
    }
    #expect(
      try syncups("updates", "eng", "--since", "2026-11-19").output == """
        Eng: Fri 20 Nov 2026
          Ana
            Done: x
          Not written yet: Ben, Cy

        Eng: Mon 23 Nov 2026
          Ben
            Done: x
          Not written yet: Ana, Cy

        """ + "\n" + text.output)
    // None since the day: said alike in text and Markdown; JSON has no day.
    for format in ["text", "markdown"] {
      let none = try syncups("updates", "eng", "--since", "2099-12-02", "--format", format)
      #expect(none.status == 0)
      #expect(none.output == "")
      #expect(none.error == "No updates since Wed 2 Dec 2099.\n")
    }
    #expect(
      try syncups("updates", "eng", "--since", "2099-12-02", "--format", "json").output == "[]\n")
    let blank = try syncups("update", "eng", "--as", "ana", "--done", " ")
    #expect(blank.status == 64)
    #expect(blank.error.hasPrefix("Error: '--done' cannot be blank\n"))
    #expect(
      try syncups("updates", "eng", "--date", "2099-12-01", "--since", "today").error
        == """
          Error: '--date' and '--since' cannot be used together
          Usage: syncups updates <syncup> [--date <date>] [--since <date>] [--format <format>]
          See 'syncups updates --help' for more information.

          """)
  }

  /// Today is the local date in the time zone `TZ` names: 14 hours east of UTC and 12 west
  /// are always on different days.
  @Test func todayIsTheLocalDate() throws {
    let syncups = try engineering()
    func day(east hours: Int) -> String {
      let seconds = Int(Date().timeIntervalSince1970) + hours * 3600
      let fields = Calendar(identifier: .gregorian).dateComponents(
        in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: Double(seconds)))
      return String(format: "%04d-%02d-%02d", fields.year!, fields.month!, fields.day!)
    }
    let before = (day(east: 14), day(east: -12))
    #expect(
      try syncups("update", "eng", "--as", "ana", "--done", "x", environment: ["TZ": "Etc/GMT-14"])
        .status == 0)
    #expect(
      try syncups("update", "eng", "--as", "ben", "--done", "y", environment: ["TZ": "Etc/GMT+12"])
        .status == 0)
    let after = (day(east: 14), day(east: -12))
    let data = try #require(syncups.dataBytes)
    let stored = try #require(
      (try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first?["updates"]
        as? [[String: Any]])
    // Unless midnight passed meanwhile somewhere.
    if before == after {
      #expect(stored.map { $0["day"] as? String } == [before.0, before.1])
      #expect(before.0 != before.1)
    }
  }

  @Test func timeAwayAnnouncedListedAndCancelled() throws {
    let syncups = try engineering()
    let announced = try syncups(
      "away", "eng", "cy", "--from", "2099-12-07", "--to", "2099-12-11", "--note", "holiday")
    #expect(announced.status == 0)
    #expect(announced.error == "Cy is away from Mon 7 Dec 2099 to Fri 11 Dec 2099 in 'Eng'.\n")
    #expect(
      try syncups("away", "eng", "ben", "--from", "2099-12-09").error
        == "Ben is away from Wed 9 Dec 2099 until cancelled in 'Eng'.\n")
    let list = try syncups("away", "--list")
    #expect(
      list.output == """
        Eng  00000000
          Ben  from Wed 9 Dec 2099 until cancelled
          Cy   from Mon 7 Dec 2099 to Fri 11 Dec 2099  holiday

        """)
    #expect(
      try syncups("away", "eng", "cy", "--list").output
        == "Cy  from Mon 7 Dec 2099 to Fri 11 Dec 2099  holiday\n")
    let json = try #require(try syncups.json(syncups("--json", "away", "--list")) as? [[String: Any]])
    #expect(json.map { $0["name"] as? String } == ["Ben", "Cy"])
    #expect(Set(json[1].keys) == ["attendee", "from", "id", "name", "note", "syncUp", "to"])

    // Time away sharing a day with Cy's is refused, and changes nothing.
    let unchanged = syncups.dataBytes
    let overlapping = try syncups("away", "eng", "cy", "--from", "2099-12-11", "--to", "2099-12-14")
    #expect(overlapping.status == 1)
    #expect(
      overlapping.error
        == "Error: Cy is away from Mon 7 Dec 2099 to Fri 11 Dec 2099 already in 'Eng'; cancel "
        + "that first ('syncups away eng cy --cancel --from DAY') to announce it again\n")
    #expect(try syncups("away", "eng", "ben", "--from", "2099-12-20").status == 1)
    #expect(syncups.dataBytes == unchanged)
    // The day after is free; one day reads as one.
    #expect(
      try syncups("away", "eng", "cy", "--from", "2099-12-12", "--to", "2099-12-12").error
        == "Cy is away on Sat 12 Dec 2099 in 'Eng'.\n")
    #expect(try syncups("away", "eng", "cy", "--cancel", "--from", "2099-12-12").status == 0)
    // Ben is back from the 10th: his time away ends on the 9th.
    let cancelled = try syncups("away", "eng", "ben", "--cancel", "--from", "2099-12-10")
    #expect(cancelled.error == "Cancelled Ben's time away from Thu 10 Dec 2099 on in 'Eng'.\n")
    #expect(
      try syncups("away", "eng", "ben", "--list").output
        == "Ben  on Wed 9 Dec 2099\n")
    // Cy's holiday is cancelled whole, as it had not started.
    #expect(try syncups("away", "eng", "cy", "--cancel").status == 0)
    #expect(try syncups("away", "eng", "cy", "--list").error == "Nobody is away.\n")

    // Failures change nothing.
    let before = syncups.dataBytes
    let nothing = try syncups("away", "eng", "cy", "--cancel")
    #expect(nothing.status == 1)
    #expect(nothing.error.hasPrefix("Error: Cy has no time away from "))
    let backwards = try syncups("away", "eng", "ana", "--from", "2099-12-10", "--to", "2099-12-09")
    #expect(backwards.status == 64)
    #expect(backwards.error.hasPrefix("Error: '--to' (2099-12-09) is before '--from' (2099-12-10)\n"))
    let badDay = try syncups("away", "eng", "ana", "--from", "2099-02-30")
    #expect(badDay.status == 64)
    #expect(
      badDay.error.hasPrefix(
        "Error: invalid value '2099-02-30' for '--from' (expected 2026-11-24 or "
          + "2026-11-24T10:00, today, yesterday, tomorrow, monday, last fri, next tue, or a time "
          + "ago such as 12h, 3d, 1w2d or '3 months ago')\n"))
    let nobody = try syncups("away", "eng", "zed", "--from", "today")
    #expect(nobody.status == 1)
    #expect(nobody.error == "Error: no attendee 'zed' in 'Eng'\n")
    #expect(try syncups("away", "eng", "ana").status == 64)
    #expect(syncups.dataBytes == before)
  }

  @Test func theMeSettingSaysWhoWrites() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let unset = try syncups("update", "eng", "--done", "x")
    #expect(unset.status == 64)
    #expect(
      unset.error.hasPrefix(
        "Error: whose update is it? give '--as NAME', or say once who you are with "
          + "'syncups config set me NAME'\n"))
    #expect(try syncups("config", "set", "me", "Zed").status == 0)
    let unknown = try syncups("update", "eng", "--done", "x")
    #expect(unknown.status == 1)
    #expect(
      unknown.error
        == "Error: the me setting is 'Zed', but no attendee 'Zed' in 'Eng'; give '--as NAME', "
        + "or change it with 'syncups config set me NAME'\n")
    #expect(syncups.dataBytes == before)
    #expect(try syncups("config", "set", "me", "ben").status == 0)
    #expect(try syncups("config", "get", "me").output == "ben\n")
    let written = try syncups("update", "eng", "--date", "2099-12-01", "--done", "x")
    #expect(written.error == "Wrote Ben's update for Tue 1 Dec 2099 in 'Eng'.\n")
    // Not on a terminal, without text: nothing to open an editor on.
    let noText = try syncups("update", "eng")
    #expect(noText.status == 64)
    #expect(
      noText.error.hasPrefix(
        "Error: give the update with '--done TEXT', '--next TEXT' or '--blocker TEXT', or run "
          + "on a terminal to write it in an editor\n"))
    #expect(try syncups("config", "unset", "me").status == 0)
    #expect(try syncups("--json", "config", "get", "me").output == "null\n")
  }

  /// `update eng --as cy --date 2099-12-01` started on a terminal with a fake `$EDITOR`: a
  /// script that copies the file it is given to `seen.txt` in the home, then runs `body`, the
  /// file being `$1`.
  func updateInEditor(_ syncups: SyncUpsRun, running body: String) throws -> PseudoTerminalRun {
    let editor = syncups.home.path + "/editor.sh"
    try "#!/bin/sh\ncp \"$1\" '\(syncups.home.path)/seen.txt'\n\(body)\n"
      .write(toFile: editor, atomically: true, encoding: .utf8)
    chmod(editor, 0o755)
    return try PseudoTerminalRun(
      syncups, ["update", "eng", "--as", "cy", "--date", "2099-12-01"],
      environment: ["EDITOR": editor, "VISUAL": ""])
  }

  /// `update` on a terminal without text opens `$EDITOR` on the template; a fake editor (a
  /// script) fills it in. Left empty, the update is aborted with status 1.
  @Test func theEditorWritesTheUpdate() throws {
    let syncups = try engineering()
    let seen = syncups.home.path + "/seen.txt"
    let run = try updateInEditor(
      syncups,
      running: """
        cat > "$1" <<'TEXT'
        Done: the login page
        # a comment
        Next:
          the signup page

        Blockers:
        - waiting on API keys
        TEXT
        """)
    #expect(run.wait() == 0)
    #expect(
      try String(contentsOfFile: seen, encoding: .utf8) == """
        Done:

        Next:

        Blockers:

        # Cy's update for Tue 1 Dec 2099 in Eng.
        # Write what was done under Done:, what comes next under Next:, and each
        # blocker on a line of its own under Blockers: (each opens a blocker item).
        # Lines starting with # are left out; an empty update writes nothing.

        """)
    let json = try syncups("--json", "updates", "eng", "--date", "2099-12-01")
    let days = try #require(try syncups.json(json) as? [[String: Any]])
    let update = try #require((days.first?["updates"] as? [[String: Any]])?.first)
    #expect(update["done"] as? String == "the login page")
    #expect(update["next"] as? String == "the signup page")
    #expect(update["blockers"] as? [String] == ["waiting on API keys"])

    // Editing again starts from what is there; a file of comments only aborts.
    let before = syncups.dataBytes
    let empty = try updateInEditor(syncups, running: #"printf '# nothing\n' > "$1""#)
    #expect(empty.waitFor("Aborting: the update is empty."))
    #expect(empty.wait() == 1)
    #expect(syncups.dataBytes == before)
    #expect(
      try String(contentsOfFile: seen, encoding: .utf8).hasPrefix(
        "Done:\nthe login page\n\nNext:\nthe signup page\n\nBlockers:\nwaiting on API keys\n"))
  }

  /// The labels the card and `updates` show are headings in the editor too, in any case.
  @Test func theEditorTakesTheLabelsUpdatesShow() throws {
    let syncups = try engineering()
    let run = try updateInEditor(
      syncups,
      running: """
        cat > "$1" <<'TEXT'
        DONE: the login page
        next: the signup page
        Blocker: waiting on API keys
        blocker: no VPN
        TEXT
        """)
    #expect(run.wait() == 0)
    #expect(
      try syncups("updates", "eng", "--date", "2099-12-01").output == """
        Eng: Tue 1 Dec 2099
          Cy
            Done: the login page
            Next: the signup page
            Blocker: waiting on API keys
            Blocker: no VPN
          Not written yet: Ana, Ben

        """)
  }

  /// Ana and Ben each write an update and announce time away on their own clones; after
  /// syncing through a bare repository, a third clone sees both.
  @Test func twoTeammatesWriteAndAThirdCloneSeesBoth() throws {
    let team = try SyncTeam()
    #expect(
      try team.ana("update", "engineering", "--as", "ana", "--date", "2099-12-01", "--done", "docs")
        .status == 0)
    #expect(
      try team.ana("away", "engineering", "ana", "--from", "2099-12-07", "--note", "leave")
        .status == 0)
    #expect(
      try team.ben(
        "update", "engineering", "--as", "ben", "--date", "2099-12-01", "--blocker", "no keys"
      ).status == 0)
    #expect(
      try team.ben("away", "engineering", "ben", "--from", "2099-12-02", "--to", "2099-12-02")
        .status == 0)
    try team.converge()
    let cy = Teammate()
    let cloned = try cy("sync", "init", "--clone", team.remote)
    #expect(cloned.status == 0, "\(cloned.error)")
    #expect(
      try cy("updates", "engineering", "--date", "2099-12-01").output == """
        Engineering: Tue 1 Dec 2099
          Ana
            Done: docs
          Ben
            Blocker: no keys

        """)
    #expect(
      try cy("away", "engineering", "--list").output == """
        Ana  from Mon 7 Dec 2099 until cancelled  leave
        Ben  on Wed 2 Dec 2099

        """)
    // Ben's blocker opened an item, which travelled with the update.
    let items = try #require(try cy.run.json(cy("--json", "items")) as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["no keys"])
  }

  /// Ana and Ben each write Cy's update for the same day on their own clones; Ana's sync
  /// merges the two. Each of the three is told of it from their own side, the attendee named
  /// and the times in their own time zone: Ana in UTC, Ben two hours east, Cy five west.
  @Test func anUpdateWrittenOnTwoClonesIsToldTrueFromEachSide() throws {
    let team = try SyncTeam()
    let cy = Teammate()
    for (teammate, name) in [(team.ana, "Ana"), (team.ben, "Ben"), (cy, "Cy")] {
      try "[user]\n\tname = \(name)\n\temail = \(name.lowercased())@example.com\n"
        .write(toFile: teammate.run.home.path + "/gitconfig", atomically: true, encoding: .utf8)
    }
    #expect(try team.ana("edit", "engineering", "--add-attendee", "Cy").status == 0)
    _ = try team.ana.sync()
    _ = try team.ben.sync()
    #expect(try cy("sync", "init", "--clone", team.remote).status == 0)
    func written(by teammate: Teammate) throws -> Date {
      let days = try #require(
        try teammate.run.json(teammate("--json", "updates", "engineering", "--date", "2099-11-27"))
          as? [[String: Any]])
      let text = try #require((days.first?["updates"] as? [[String: Any]])?.first?["written"] as? String)
      return try #require(ISO8601DateFormatter().date(from: text))
    }
    #expect(
      try team.ana("update", "engineering", "--as", "cy", "--date", "2099-11-27", "--done", "docs")
        .status == 0)
    // A second on, so that Ben's is the later one whatever the clock's resolution.
    Thread.sleep(forTimeInterval: 1.1)
    #expect(
      try team.ben("update", "engineering", "--as", "cy", "--date", "2099-11-27", "--done", "tests")
        .status == 0)
    let (anas, bens) = (try written(by: team.ana), try written(by: team.ben))
    #expect(anas < bens)
    // Written within one minute, the times are told to the second, so the newer can be seen.
    let (anaSecond, benSecond) = (Int(anas.timeIntervalSince1970), Int(bens.timeIntervalSince1970))
    let sameMinute = anaSecond != benSecond && anaSecond / 60 == benSecond / 60
    func local(_ date: Date, hoursEast: Int) -> String {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(secondsFromGMT: hoursEast * 3600)
      formatter.dateFormat = sameMinute ? "EEE d MMM yyyy, HH:mm:ss" : "EEE d MMM yyyy, HH:mm"
      return formatter.string(from: date)
    }
    func told(_ hoursEast: Int, _ ana: String, _ ben: String) -> String {
      "Engineering: update of 'Cy' for Fri 27 Nov 2099 written \(ana) at "
        + "\(local(anas, hoursEast: hoursEast)) and \(ben) at \(local(bens, hoursEast: hoursEast)); "
        + "kept the one written at \(local(bens, hoursEast: hoursEast)) (made later)"
    }
    #expect(try team.ben("sync").status == 0)
    let merged = try team.ana("sync", environment: ["TZ": "UTC"])
    #expect(merged.status == 0, "\(merged.error)")
    #expect(merged.error.contains("\nConflict: " + told(0, "here", "there") + "\n"), "\(merged.error)")
    let received = try team.ben("sync", environment: ["TZ": "Etc/GMT-2"])
    #expect(
      received.error.contains("\n  conflict merged by Ana: " + told(2, "by Ana", "here") + "\n"),
      "\(received.error)")
    let third = try cy("sync", environment: ["TZ": "Etc/GMT+5"])
    #expect(
      third.error.contains("\n  conflict merged by Ana: " + told(-5, "by Ana", "by Ben") + "\n"),
      "\(third.error)")
    #expect(
      try cy("updates", "engineering", "--date", "2099-11-27").output.contains("Done: tests"))
  }

  /// What `sync` commits and what arrives say which updates were written and whose time away
  /// changed, in text and in `--json`.
  @Test func syncSaysWhatWasWrittenAndWhoseTimeAwayChanged() throws {
    let team = try SyncTeam()
    #expect(try team.ana("edit", "engineering", "--add-attendee", "Cy").status == 0)
    try team.converge()
    for name in ["ana", "cy"] {
      #expect(
        try team.ana("update", "engineering", "--as", name, "--date", "2099-11-27", "--done", "x")
          .status == 0)
    }
    #expect(
      try team.ana("away", "engineering", "cy", "--from", "2099-12-01", "--to", "2099-12-04")
        .status == 0)
    let committed = try team.ana.sync()
    #expect(
      committed["committed"] as? String == "Edit Engineering (2 new updates, time away for Cy)")
    let received = try team.ben("sync")
    #expect(received.status == 0, "\(received.error)")
    #expect(
      received.error == """
        Received from origin/master:
          changed 'Engineering' (2 new updates, time away for Cy)

        """)
    // Written again: rewritten, in the JSON too.
    #expect(
      try team.ana("update", "engineering", "--as", "cy", "--date", "2099-11-27", "--done", "y")
        .status == 0)
    #expect(
      try team.ana.sync()["committed"] as? String == "Edit Engineering (1 update rewritten)")
    let json = try #require(try team.ben.sync()["received"] as? [String: Any])
    let updates = try #require(json["updates"] as? [[String: Any]])
    #expect(updates.map { $0["name"] as? String } == ["Cy"])
    #expect(updates.map { $0["day"] as? String } == ["2099-11-27"])
    #expect(updates.map { $0["new"] as? Bool } == [false])
    #expect(updates.map { $0["attendee"] as? String }.allSatisfy { $0?.count == 36 })
    #expect((json["timeAway"] as? [Any])?.isEmpty == true)
  }

  /// Ana writes today's update and Ben announces time away today, each on their own clone;
  /// a meeting on a third clone, after a sync, starts with Ben away and shows Ana's update on
  /// her turn.
  @Test func aMeetingOnAThirdCloneShowsWhatBothWrote() throws {
    let team = try SyncTeam()
    #expect(
      try team.ana("update", "engineering", "--as", "ana", "--done", "the login page").status == 0)
    #expect(
      try team.ben(
        "away", "engineering", "ben", "--from", "today", "--to", "today", "--note", "dentist"
      ).status == 0)
    try team.converge()
    let cy = Teammate()
    #expect(try cy("sync", "init", "--clone", team.remote).status == 0)
    let meeting = try cy.meeting("engineering", "next\n")
    #expect(meeting.status == 0, "\(meeting.error)")
    let today = StartAwayEndToEndTests().day(0).shown
    #expect(
      meeting.output.split(separator: "\n").map(String.init) == [
        "Started Engineering: 1 speaker, 5 min",
        "0:00 Ben is away until \(today) (dentist)",
        "0:00 Ana is speaking (speaker 1 of 1)",
        "0:00 Ana wrote for \(today): Done: the login page",
        "0:00 Ana spoke 0:00 of 5:00",
        "0:00 Saved the meeting (0 notes)",
      ])
  }
}

/// An update saved unchanged, repeated blockers, the editor's line breaks, and what
/// `away --cancel --json` says.
extension UpdatesEndToEndTests {
  /// Saved as the editor opened it, an update is left as it was: nothing is written, and
  /// `update` says so.
  @Test func anUpdateSavedUnchangedIsNotWritten() throws {
    let syncups = try engineering()
    #expect(
      try syncups(
        "update", "eng", "--as", "cy", "--date", "2099-12-01", "--done", "the login page",
        "--blocker", "no keys"
      ).status == 0)
    let before = try #require(syncups.dataBytes)
    let modified = try FileManager.default.attributesOfItem(atPath: syncups.dataFile)[.modificationDate] as? Date
    let run = try updateInEditor(syncups, running: "true")
    #expect(run.waitFor("No changes: Cy's update for Tue 1 Dec 2099 in 'Eng' is left as it was."))
    #expect(run.wait() == 0)
    #expect(syncups.dataBytes == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: syncups.dataFile)[.modificationDate] as? Date
        == modified)
  }

  /// A blocker given twice, in another case the second time, is stored once and opens one
  /// item.
  @Test func aRepeatedBlockerIsStoredOnce() throws {
    let syncups = try engineering()
    let written = try syncups(
      "--json", "update", "eng", "--as", "cy", "--date", "2099-12-01", "--blocker", "No keys",
      "--blocker", "no KEYS", "--blocker", "slow CI")
    #expect(written.status == 0, "\(written.error)")
    let update = try #require(try syncups.json(written) as? [String: Any])
    #expect(update["blockers"] as? [String] == ["No keys", "slow CI"])
    #expect((update["opened"] as? [[String: Any]])?.map { $0["text"] as? String } == ["No keys", "slow CI"])
  }

  /// `away --cancel --json` prints what it cancelled: each time away as it was, with `now`.
  @Test func cancellingTimeAwayPrintsWhatWasCancelled() throws {
    let syncups = try engineering()
    #expect(
      try syncups("away", "eng", "cy", "--from", "2099-12-01", "--to", "2099-12-05").status == 0)
    #expect(try syncups("away", "eng", "cy", "--from", "2099-12-10").status == 0)
    let cancelled = try syncups("--json", "away", "eng", "cy", "--cancel", "--from", "2099-12-03")
    #expect(cancelled.status == 0, "\(cancelled.error)")
    let objects = try #require(try syncups.json(cancelled) as? [[String: Any]])
    #expect(objects.map { $0["from"] as? String } == ["2099-12-01", "2099-12-10"])
    #expect(objects.map { $0["to"] as? String } == ["2099-12-05", nil])
    #expect(objects.map { $0["name"] as? String } == ["Cy", "Cy"])
    #expect((objects[0]["now"] as? [String: Any])?["to"] as? String == "2099-12-02")
    #expect(objects[1]["now"] is NSNull)
  }
}
