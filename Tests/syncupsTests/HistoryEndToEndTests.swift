import Foundation
import Testing

/// `stats`, `meeting show --format markdown` and `export --format` on the built binary, over a
/// history written straight into the data file: meetings recorded with their timings, and one
/// saved before meetings were timed.
@Suite("History end to end")
struct HistoryEndToEndTests {
  static func id(_ suffix: String) -> String {
    "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
  }

  static func attendee(_ suffix: String, _ name: String, absent: Bool = false) -> String {
    #"{ "absent" : \#(absent), "id" : "\#(id(suffix))", "name" : "\#(name)" }"#
  }

  static func turn(_ suffix: String, _ name: String, _ seconds: Int, _ slot: Int) -> String {
    #"{ "attendee" : "\#(id(suffix))", "name" : "\#(name)", "seconds" : \#(seconds), "slot" : \#(slot) }"#
  }

  /// Eng, five minutes, Ana, Ben and Cy: four meetings, newest first. The newest ran over with
  /// Cy absent; the next ended early; the third was saved before meetings were timed; the
  /// oldest was held when the sync-up lasted four minutes, with Dee (since removed) and Ben
  /// under another name. Then `*fix* [x]`, whose one meeting has no record.
  static let file = """
    [
      {
        "attendees" : [
          { "id" : "\(id("A1"))", "name" : "Ana" },
          { "id" : "\(id("A2"))", "name" : "Ben" },
          { "id" : "\(id("A3"))", "name" : "Cy" }
        ],
        "duration" : 300,
        "id" : "\(id("D0"))",
        "meetings" : [
          {
            "attendees" : [\(attendee("A1", "Ana")), \(attendee("A2", "Ben")), \(attendee("A3", "Cy", absent: true))],
            "date" : "2026-11-12T09:00:00Z",
            "duration" : 310,
            "endedEarly" : false,
            "id" : "\(id("E4"))",
            "plannedDuration" : 300,
            "started" : "2026-11-12T08:54:50Z",
            "transcript" : "Ana: shipped *it*\\nBen: 1. reviewed <b>\\r\\nAna: paired with Ben\\nstray line",
            "turns" : [\(turn("A1", "Ana", 160, 150)), \(turn("A2", "Ben", 150, 150))]
          },
          {
            "attendees" : [\(attendee("A1", "Ana")), \(attendee("A2", "Ben")), \(attendee("A3", "Cy"))],
            "date" : "2026-11-05T09:00:00Z",
            "duration" : 280,
            "endedEarly" : true,
            "id" : "\(id("E3"))",
            "plannedDuration" : 300,
            "transcript" : "",
            "turns" : [\(turn("A1", "Ana", 100, 100)), \(turn("A2", "Ben", 90, 100)), \(turn("A3", "Cy", 90, 100))]
          },
          {
            "date" : "2026-11-01T09:00:00Z",
            "id" : "\(id("E2"))",
            "transcript" : "Ana: from before timings"
          },
          {
            "attendees" : [\(attendee("A1", "Ana")), \(attendee("A2", "Benjamin")), \(attendee("A4", "Dee"))],
            "date" : "2026-10-20T09:00:00Z",
            "duration" : 305,
            "endedEarly" : false,
            "id" : "\(id("E1"))",
            "plannedDuration" : 240,
            "transcript" : "Dee: last day",
            "turns" : [\(turn("A1", "Ana", 70, 60)), \(turn("A2", "Benjamin", 80, 60)), \(turn("A4", "Dee", 155, 120))]
          }
        ],
        "theme" : "sky",
        "title" : "Eng"
      },
      {
        "attendees" : [ { "id" : "\(id("B1"))", "name" : "Zed_1" } ],
        "duration" : 60,
        "id" : "\(id("D1"))",
        "meetings" : [
          {
            "date" : "2026-11-02T10:30:00Z",
            "id" : "\(id("F1"))",
            "transcript" : "Zed_1: `rm -rf` | done\\n# not a heading\\n"
          }
        ],
        "theme" : "tan",
        "title" : "*fix* [x]"
      }
    ]
    """

  static let engStatsJSON = """
    {
      "attendees" : [
        {
          "absent" : 0,
          "attended" : 3,
          "away" : 0,
          "id" : "\(id("A1"))",
          "items" : {
            "open" : 0,
            "resolved" : 0
          },
          "name" : "Ana",
          "overSlot" : 2,
          "speaking" : {
            "median" : 100,
            "total" : 330
          }
        },
        {
          "absent" : 0,
          "attended" : 3,
          "away" : 0,
          "id" : "\(id("A2"))",
          "items" : {
            "open" : 0,
            "resolved" : 0
          },
          "name" : "Ben",
          "overSlot" : 1,
          "speaking" : {
            "median" : 90,
            "total" : 320
          }
        },
        {
          "absent" : 1,
          "attended" : 1,
          "away" : 0,
          "id" : "\(id("A3"))",
          "items" : {
            "open" : 0,
            "resolved" : 0
          },
          "name" : "Cy",
          "overSlot" : 0,
          "speaking" : {
            "median" : 90,
            "total" : 90
          }
        },
        {
          "absent" : 0,
          "attended" : 1,
          "away" : 0,
          "id" : "\(id("A4"))",
          "items" : {
            "open" : 0,
            "resolved" : 0
          },
          "name" : "Dee",
          "overSlot" : 1,
          "speaking" : {
            "median" : 155,
            "total" : 155
          }
        }
      ],
      "duration" : {
        "endedEarly" : 1,
        "max" : 310,
        "mean" : 298,
        "median" : 305,
        "overran" : 2,
        "planned" : 300
      },
      "items" : {
        "actions" : {
          "medianAge" : null,
          "oldestAge" : null,
          "open" : 0
        },
        "blockers" : {
          "medianAge" : null,
          "oldestAge" : null,
          "open" : 0
        },
        "resolved" : 0,
        "resolvedPerMeeting" : 0
      },
      "meetings" : 4,
      "syncUp" : {
        "id" : "\(id("D0"))",
        "title" : "Eng"
      },
      "timed" : 3
    }

    """

  static func prepared() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(file)
    return syncups
  }

  @Test func statsAsJSONForOneSyncUpAndForAll() throws {
    let syncups = try Self.prepared()
    let eng = try syncups("stats", "eng", "--json")
    #expect(eng.status == 0, "\(eng.error)")
    #expect(eng.output == Self.engStatsJSON)

    let all = try syncups("--json", "stats")
    #expect(all.status == 0, "\(all.error)")
    let array = try #require(try syncups.json(all) as? [[String: Any]])
    #expect(array.count == 2)
    let engObject = try JSONSerialization.jsonObject(with: Data(Self.engStatsJSON.utf8))
    #expect(array[0] as NSDictionary == engObject as? NSDictionary)
    // The second sync-up's one meeting has no timings: every timing figure is null.
    #expect(
      array[1] as NSDictionary
        == [
          "syncUp": ["id": Self.id("D1"), "title": "*fix* [x]"],
          "meetings": 1, "timed": 0,
          "duration": [
            "planned": NSNull(), "median": NSNull(), "mean": NSNull(), "max": NSNull(),
            "overran": 0, "endedEarly": 0,
          ],
          "attendees": [
            [
              "id": Self.id("B1"), "name": "Zed_1", "attended": 0, "absent": 0, "away": 0,
              "speaking": ["median": NSNull(), "total": 0], "overSlot": 0,
              "items": ["open": 0, "resolved": 0],
            ]
          ],
          "items": [
            "blockers": ["open": 0, "medianAge": NSNull(), "oldestAge": NSNull()],
            "actions": ["open": 0, "medianAge": NSNull(), "oldestAge": NSNull()],
            "resolved": 0, "resolvedPerMeeting": 0,
          ],
        ] as NSDictionary)
    // Reading never writes.
    #expect(String(decoding: syncups.dataBytes ?? Data(), as: UTF8.self) == Self.file)
  }

  /// `stats`, `items` and `meeting show` print text, Markdown or JSON with `--format`;
  /// `--format json` is `--json`, and `--json` refuses Markdown.
  @Test func statsItemsAndMeetingsInThreeFormats() throws {
    let syncups = try Self.prepared()
    let markdown = try syncups("stats", "eng", "--format", "markdown")
    #expect(markdown.status == 0, "\(markdown.error)")
    #expect(
      markdown.output == """
        ## Eng

        - **Meetings:** 4 held, 3 with timings
        - **Planned:** 5 min
        - **Median:** 5 min, 5 secs
        - **Mean:** 4 min, 58 secs
        - **Longest:** 5 min, 10 secs
        - **Ran over:** 2
        - **Ended early:** 1
        - **Recent:** `▆▁█`  oldest first

        | Attendee | Attended | Missed | Median turn | Total | Over slot |
        | --- | ---: | ---: | --- | --- | ---: |
        | Ana | 3 | 0 | 1 min, 40 secs | 5 min, 30 secs | 2 |
        | Ben | 3 | 0 | 1 min, 30 secs | 5 min, 20 secs | 1 |
        | Cy | 1 | 1 | 1 min, 30 secs | 1 min, 30 secs | 0 |
        | Dee | 1 | 0 | 2 min, 35 secs | 2 min, 35 secs | 1 |

        1 meeting without timings is left out of the figures.

        """)
    let items = SyncUpsRun()
    try items("add", "--title", "Ops *", "--attendee", "Ana")
    try items("item", "add", "ops", "--blocker", "waiting on [keys]", "--owner", "ana")
    try items("item", "add", "ops", "--action", "book the room")
    try items("item", "resolve", "ops", "2", "--note", "booked")
    let list = try items("items", "--all", "--format", "markdown")
    #expect(list.status == 0, "\(list.error)")
    #expect(
      list.output == """
        ## Ops \\*

        - #1 **Blocker** (Ana), 0 days: waiting on \\[keys\\]
        - #2 **Action**, resolved: book the room — booked

        """)
    for arguments in [["stats"], ["stats", "eng"], ["items", "--all"], ["meeting", "show", "eng", "1"]] {
      let json = try syncups.run(arguments + ["--json"])
      #expect(json.status == 0, "\(arguments): \(json.error)")
      #expect(try syncups.run(arguments + ["--format", "json"]).output == json.output, "\(arguments)")
      let both = try syncups.run(arguments + ["--format", "markdown", "--json"])
      #expect(both.status == 64, "\(arguments)")
      #expect(
        both.error.hasPrefix("Error: '--json' cannot be used with '--format markdown'\n"),
        "\(arguments)")
    }
  }

  @Test func statsForTheLastMeetingsAndSinceADay() throws {
    let syncups = try Self.prepared()
    let last = try syncups("stats", "eng", "--last", "2", "--json")
    #expect(last.status == 0, "\(last.error)")
    let lastObject = try #require(try syncups.json(last) as? [String: Any])
    #expect(lastObject["meetings"] as? Int == 2)
    #expect(lastObject["timed"] as? Int == 2)
    #expect(
      lastObject["duration"] as? NSDictionary
        == [
          "planned": 300, "median": 295, "mean": 295, "max": 310, "overran": 1,
          "endedEarly": 1,
        ] as NSDictionary)
    let lastNames = (lastObject["attendees"] as? [[String: Any]])?.map { $0["name"] as? String }
    #expect(lastNames == ["Ana", "Ben", "Cy"])

    // From local midnight (TZ is UTC here) of 1 November: the untimed meeting and the two
    // newest.
    let since = try syncups("stats", "eng", "--since", "2026-11-01", "--json")
    #expect(since.status == 0, "\(since.error)")
    let sinceObject = try #require(try syncups.json(since) as? [String: Any])
    #expect(sinceObject["meetings"] as? Int == 3)
    #expect(sinceObject["timed"] as? Int == 2)
    // Local midnight moves with TZ: in UTC−10, 1 November starts at 10:00 UTC, after the
    // untimed meeting.
    let west = try syncups(
      "stats", "eng", "--since", "2026-11-01", "--json", environment: ["TZ": "Pacific/Honolulu"])
    #expect((try syncups.json(west) as? [String: Any])?["meetings"] as? Int == 2)
    // A date and time, local or with its offset.
    for (since, count) in [
      ("2026-11-01T00:00", 3), ("2026-11-01 00:00:00", 3), ("2026-11-01T00:00-10:00", 2),
      ("2026-11-01T10:00Z", 2),
    ] {
      let result = try syncups("stats", "eng", "--since", since, "--json")
      #expect(result.status == 0, "\(since): \(result.error)")
      #expect((try syncups.json(result) as? [String: Any])?["meetings"] as? Int == count, "\(since)")
    }
  }

  @Test func sinceAcceptsHoursDaysAndWeeksBeforeNow() throws {
    let syncups = SyncUpsRun()
    let now = Date().timeIntervalSince1970
    func meeting(_ suffix: String, daysAgo: Double) -> String {
      let date = ISO8601DateFormatter().string(
        from: Date(timeIntervalSince1970: now - daysAgo * 86_400))
      return #"{ "date" : "\#(date)", "id" : "\#(Self.id(suffix))", "transcript" : "" }"#
    }
    try syncups.writeDataFile(
      """
      [ { "attendees" : [], "duration" : 60, "id" : "\(Self.id("D2"))", "theme" : "sky",
          "title" : "Recent",
          "meetings" : [\(meeting("E2", daysAgo: 2)), \(meeting("E1", daysAgo: 10))] } ]
      """)
    for (since, count) in [
      ("12h", 0), ("3d", 1), ("7d", 1), ("2w", 2), ("1w", 1), ("30m", 0), ("1w2d", 1),
      ("1w4d", 2), ("2 weeks ago", 2), ("3 days ago", 1), ("today", 0), ("yesterday", 0),
      ("1440", 0), ("Today", 0), ("1 month ago", 2), ("1 year ago", 2),
    ] {
      let result = try syncups("stats", "recent", "--since", since, "--json")
      #expect(result.status == 0, "\(since): \(result.error)")
      #expect((try syncups.json(result) as? [String: Any])?["meetings"] as? Int == count, "\(since)")
    }
  }

  @Test func statsForPeopleWithAPlainSparklineAndTheMeetingsLeftOut() throws {
    let syncups = try Self.prepared()
    let eng = try syncups("stats", "eng")
    #expect(eng.status == 0, "\(eng.error)")
    #expect(
      eng.output == """
        Eng  00000000
          Meetings     4 held, 3 with timings
          Planned      5 min
          Median       5 min, 5 secs
          Mean         4 min, 58 secs
          Longest      5 min, 10 secs
          Ran over     2
          Ended early  1
          Recent       *.@  oldest first

          ATTENDEE  ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT
          Ana              3       0  1 min, 40 secs  5 min, 30 secs          2
          Ben              3       0  1 min, 30 secs  5 min, 20 secs          1
          Cy               1       1  1 min, 30 secs  1 min, 30 secs          0
          Dee              1       0  2 min, 35 secs  2 min, 35 secs          1

          1 meeting without timings is left out of the figures.

        """)
    let all = try syncups("stats")
    #expect(all.status == 0, "\(all.error)")
    #expect(
      all.output == eng.output + """

        *fix* [x]  00000000
          Meetings     1 held, 0 with timings

          1 meeting without timings is left out of the figures.

        """)
    // Block characters when the output is coloured; plain ones when NO_COLOR says so.
    let colored = try syncups("stats", "eng", "--color", "always")
    #expect(colored.output.contains("  Recent       ▆▁█  oldest first\n"))
    let noColor = try syncups(
      "stats", "eng", "--color", "auto", environment: ["NO_COLOR": "1"])
    #expect(noColor.output.contains("  Recent       *.@  oldest first\n"))
  }

  /// Attendees who share a name are told apart by their short ids, as `show` lists them.
  @Test func statsNamesAttendeesWhoShareANameByTheirIds() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Pair", "--attendee", "Ann", "--attendee", "ANN", "--attendee", "Bo")
    let meeting = try syncups(
      "start", "pair", input: "save\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(meeting.status == 0, "\(meeting.error)")
    let list = try #require(try syncups.json(try syncups("list", "--json")) as? [[String: Any]])
    let ids = (list.first?["attendees"] as? [[String: Any]] ?? []).compactMap {
      ($0["id"] as? String).map { String($0.prefix(8)) }
    }
    #expect(ids.count == 3)
    let stats = try syncups("stats", "pair")
    #expect(stats.status == 0, "\(stats.error)")
    let rows = stats.output.split(separator: "\n").filter { $0.hasPrefix("  A") || $0.hasPrefix("  B") }
    #expect(
      rows.map { String($0.prefix(17)) }
        == ["  ATTENDEE       ", "  Ann  \(ids[0])  ", "  ANN  \(ids[1])  ", "  Bo             "])
  }

  @Test func aPipedMeetingCountsAsHeld() throws {
    let syncups = SyncUpsRun()
    try syncups("add", "--title", "Pipe", "--attendee", "Ana", "--duration", "10s")
    let meeting = try syncups(
      "start", "pipe", input: "note hi\nsave\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(meeting.status == 0, "\(meeting.error)")
    let stats = try syncups("stats", "pipe", "--json")
    #expect((try syncups.json(stats) as? [String: Any])?["meetings"] as? Int == 1)
  }

  @Test func badStatsOptionsAreUsageErrors() throws {
    let syncups = try Self.prepared()
    let cases: [([String], String)] = [
      (
        ["stats", "eng", "--last", "0"],
        "Error: invalid value '0' for '--last' (expected a whole number of meetings, 1 or more)"
      ),
      (
        ["stats", "--last", "two"],
        "Error: invalid value 'two' for '--last' (expected a whole number of meetings, 1 or more)"
      ),
      (
        ["stats", "--since", "2026-02-30"],
        "Error: invalid value '2026-02-30' for '--since' (expected 2026-11-24 or "
          + "2026-11-24T10:00, today, yesterday, tomorrow, monday, last fri, next tue, or a time "
          + "ago such as 12h, 3d, 1w2d or '3 months ago')"
      ),
      (
        ["stats", "--since", "3y"],
        "Error: invalid value '3y' for '--since' (expected 2026-11-24 or 2026-11-24T10:00, "
          + "today, yesterday, tomorrow, monday, last fri, next tue, or a time ago such as 12h, "
          + "3d, 1w2d or '3 months ago')"
      ),
      (
        ["stats", "eng", "--last", "2", "--since", "7d"],
        "Error: '--last' and '--since' cannot be used together"
      ),
    ]
    for (arguments, message) in cases {
      let result = try syncups.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output == "")
      #expect(result.error.hasPrefix(message + "\nUsage: syncups stats [<syncup>]"), "\(result.error)")
    }
    let missing = try syncups("stats", "nope")
    #expect(missing.status == 1)
    #expect(missing.error.hasPrefix("Error: no sync-up matches 'nope'"))
  }

  static let fixMarkdown = """
    # \\*fix\\* \\[x\\] — Mon 2 Nov 2026, 10:30

    **Attendees:** Not recorded.

    ## Zed\\_1

    - \\`rm -rf\\` \\| done

    ## Other notes

    - \\# not a heading

    """

  /// Two speakers with one name: the transcript cannot tell their notes apart, so they are
  /// listed once, under the first, and the other's section says so.
  @Test func meetingShowAsMarkdownListsTheNotesOfASharedNameOnce() throws {
    let syncups = SyncUpsRun()
    let ann = "00000000-0000-0000-0000-00000000000"
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(ann)A","name":"Ann"},{"id":"\(ann)B","name":"Ann"}],\
      "duration":60,"id":"00000000-0000-0000-0000-000000000001","meetings":[\
      {"id":"00000000-0000-0000-0000-0000000000E1","date":"2026-11-12T09:00:00Z",\
      "transcript":"Ann: first\\nAnn: second","duration":60,"plannedDuration":60,\
      "attendees":[{"id":"\(ann)A","name":"Ann","absent":false},\
      {"id":"\(ann)B","name":"Ann","absent":false}],\
      "turns":[{"attendee":"\(ann)A","name":"Ann","seconds":30,"slot":30},\
      {"attendee":"\(ann)B","name":"Ann","seconds":30,"slot":30}]}],\
      "theme":"orange","title":"Twins"}]
      """)
    let page = try syncups("meeting", "show", "twins", "1", "--format", "markdown")
    #expect(page.status == 0, "\(page.error)")
    #expect(
      page.output == """
        # Twins — Thu 12 Nov 2026, 09:00

        **Attendees:** Ann, Ann

        ## Ann

        Spoke for 30 secs of a 30 secs slot.

        - first
        - second

        ## Ann

        Spoke for 30 secs of a 30 secs slot.

        Notes: under the first Ann above (the transcript names them alike).

        **Total:** 1 min of 1 min planned.

        """)
  }

  @Test func meetingShowAsMarkdownEscapesUserText() throws {
    let syncups = try Self.prepared()
    let fix = try syncups("meeting", "show", "*fix", "1", "--format", "markdown")
    #expect(fix.status == 0, "\(fix.error)")
    #expect(fix.output == Self.fixMarkdown)

    let eng = try syncups("meeting", "show", "eng", "1", "--format", "markdown")
    #expect(eng.status == 0, "\(eng.error)")
    #expect(
      eng.output == """
        # Eng — Thu 12 Nov 2026, 09:00

        **Attendees:** Ana, Ben, ~~Cy~~ (absent)

        ## Ana

        Spoke for 2 min, 40 secs of a 2 min, 30 secs slot (10 secs over).

        - shipped \\*it\\*
        - paired with Ben

        ## Ben

        Spoke for 2 min, 30 secs of a 2 min, 30 secs slot.

        - 1\\. reviewed \\<b\\>

        ## Other notes

        - stray line

        **Total:** 5 min, 10 secs of 5 min planned (10 secs over).

        """)

    // --format text is today's output.
    let text = try syncups("meeting", "show", "eng", "2", "--format", "text")
    let plain = try syncups("meeting", "show", "eng", "2")
    #expect(text.status == 0 && text.output == plain.output)
    #expect(plain.output.hasPrefix("Meeting\n  Sync-up  Eng\n  Date     Thu 5 Nov 2026, 09:00\n"))

    let bad = try syncups("meeting", "show", "eng", "1", "--format", "html")
    #expect(bad.status == 64)
    #expect(
      bad.error.hasPrefix(
        "Error: invalid value 'html' for '--format' (expected text, markdown or json)\n"))
    let json = try syncups("meeting", "show", "eng", "1", "--format", "markdown", "--json")
    #expect(json.status == 64)
    #expect(json.output == "")
    #expect(json.error.hasPrefix("Error: '--json' cannot be used with '--format markdown'\n"))
  }

  /// A meeting saved without its record (imported from the app) does not say who came: the
  /// text, the Markdown and the JSON agree, and none lists today's attendees.
  @Test func aMeetingWithoutItsRecordListsNobodyAsPresent() throws {
    let syncups = try Self.prepared()
    let text = try syncups("meeting", "show", "eng", "3")
    #expect(text.output.contains("Not recorded for this meeting."))
    let markdown = try syncups("meeting", "show", "eng", "3", "--format", "markdown")
    #expect(
      markdown.output == """
        # Eng — Sun 1 Nov 2026, 09:00

        **Attendees:** Not recorded.

        ## Ana

        - from before timings

        """)
    let json = try #require(
      try syncups.json(try syncups("--json", "meeting", "show", "eng", "3")) as? [String: Any])
    #expect(json["transcript"] as? String == "Ana: from before timings")
    #expect(json["attendees"] == nil)
    #expect(json["turns"] == nil)
  }

  @Test func exportAsMarkdownHasEverySyncUpAndMeetingNewestFirst() throws {
    let syncups = try Self.prepared()
    let export = try syncups("export", "--format", "markdown")
    #expect(export.status == 0, "\(export.error)")
    // Each sync-up with meetings starts with its trend lines, counted back from today (see
    // TrendEndToEndTests); the rest as it always was.
    var output = export.output
    for _ in 0..<2 {
      let start = try #require(output.range(of: "```text\n"))
      let end = try #require(output.range(of: "\n```\n\n", range: start.upperBound..<output.endIndex))
      output.removeSubrange(start.lowerBound..<end.upperBound)
    }
    #expect(!output.contains("```text"))
    #expect(
      output == """
        # Eng

        **Length:** 5 min. **Attendees:** Ana, Ben, Cy

        ## Thu 12 Nov 2026, 09:00

        **Attendees:** Ana, Ben, ~~Cy~~ (absent)

        ### Ana

        Spoke for 2 min, 40 secs of a 2 min, 30 secs slot (10 secs over).

        - shipped \\*it\\*
        - paired with Ben

        ### Ben

        Spoke for 2 min, 30 secs of a 2 min, 30 secs slot.

        - 1\\. reviewed \\<b\\>

        ### Other notes

        - stray line

        **Total:** 5 min, 10 secs of 5 min planned (10 secs over).

        ## Thu 5 Nov 2026, 09:00

        **Attendees:** Ana, Ben, Cy

        ### Ana

        Spoke for 1 min, 40 secs of a 1 min, 40 secs slot.

        No notes.

        ### Ben

        Spoke for 1 min, 30 secs of a 1 min, 40 secs slot.

        No notes.

        ### Cy

        Spoke for 1 min, 30 secs of a 1 min, 40 secs slot.

        No notes.

        **Total:** 4 min, 40 secs of 5 min planned, ended early.

        ## Sun 1 Nov 2026, 09:00

        **Attendees:** Not recorded.

        ### Ana

        - from before timings

        ## Tue 20 Oct 2026, 09:00

        **Attendees:** Ana, Benjamin, Dee

        ### Ana

        Spoke for 1 min, 10 secs of a 1 min slot (10 secs over).

        No notes.

        ### Benjamin

        Spoke for 1 min, 20 secs of a 1 min slot (20 secs over).

        No notes.

        ### Dee

        Spoke for 2 min, 35 secs of a 2 min slot (35 secs over).

        - last day

        **Total:** 5 min, 5 secs of 4 min planned (1 min, 5 secs over).

        # \\*fix\\* \\[x\\]

        **Length:** 1 min. **Attendees:** Zed\\_1

        ## Mon 2 Nov 2026, 10:30

        **Attendees:** Not recorded.

        ### Zed\\_1

        - \\`rm -rf\\` \\| done

        ### Other notes

        - \\# not a heading

        """)
  }

  /// `file` with two items in Eng: a blocker of Ana's raised in E4 and still open, and an
  /// action of Ben's raised in E3 and resolved in E4.
  static let fileWithItems = file.replacingOccurrences(
    of: #""id" : "\#(id("D0"))","#,
    with: #""id" : "\#(id("D0"))", "items" : [\#(itemsJSON)],"#)

  static let itemsJSON = """
    { "id" : "\(id("F1"))", "kind" : "blocker", "opened" : "2026-11-12T09:01:00Z", \
    "openedIn" : "\(id("E4"))", "owner" : "\(id("A1"))", "text" : "waiting on keys" }, \
    { "id" : "\(id("F2"))", "kind" : "action", "opened" : "2026-11-05T09:01:00Z", \
    "openedIn" : "\(id("E3"))", "owner" : "\(id("A2"))", "resolution" : "merged", \
    "resolved" : "2026-11-12T09:02:00Z", "resolvedIn" : "\(id("E4"))", "text" : "fix the build" }
    """

  @Test func exportInTheAppFormatSaysHowManyItemsItLeftOut() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.fileWithItems)
    let app = try syncups("export", "--format", "app")
    #expect(app.status == 0, "\(app.error)")
    #expect(app.error == "Left out 2 items: the SyncUps app's format cannot hold them.\n")
    #expect(!app.output.contains("waiting on keys"))
    let quiet = try syncups("-q", "export", "--format", "app")
    #expect(quiet.status == 0 && quiet.error == "")
    #expect(quiet.output == app.output)
    // Nothing to leave out, nothing said; the other formats keep the items.
    try syncups.writeDataFile(Self.file)
    let none = try syncups("export", "--format", "app")
    #expect(none.status == 0 && none.error == "")
    try syncups.writeDataFile(Self.fileWithItems)
    let json = try syncups("export")
    #expect(json.status == 0 && json.error == "" && json.output.contains("waiting on keys"))
    // Written updates and time away are left out too, each counted.
    #expect(
      try syncups("update", "eng", "--as", "ana", "--date", "2099-12-01", "--done", "x").status == 0)
    #expect(try syncups("away", "eng", "ana", "--from", "2099-12-02").status == 0)
    let more = try syncups("export", "--format", "app")
    #expect(
      more.error == """
        Left out 2 items: the SyncUps app's format cannot hold them.
        Left out 1 written update: the SyncUps app's format cannot hold it.
        Left out 1 time away: the SyncUps app's format cannot hold it.

        """)
    #expect(!more.output.contains("2099-12-0"))
  }

  /// The built binary lists, for the newest meeting, the blocker raised in it and the action
  /// resolved in it, with their owners' names.
  @Test func meetingShowListsTheItemsOfTheMeeting() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.fileWithItems)
    let text = try syncups("meeting", "show", "eng", "1")
    #expect(text.status == 0, "\(text.error)")
    #expect(
      text.output.contains("""

        Items raised
          Blocker  Ana  waiting on keys

        Items resolved
          Action  Ben  fix the build — merged

        Transcript

        """))
    let json = try syncups("meeting", "show", "eng", "1", "--json")
    let object = try #require(try syncups.json(json) as? [String: Any])
    let raised = try #require(object["itemsRaised"] as? [[String: Any]])
    #expect(raised.map { $0["id"] as? String } == [Self.id("F1")])
    #expect(raised.map { $0["ownerName"] as? String } == ["Ana"])
    let resolved = try #require(object["itemsResolved"] as? [[String: Any]])
    #expect(resolved.map { $0["resolution"] as? String } == ["merged"])
    let older = try syncups("meeting", "show", "eng", "2")
    #expect(older.status == 0 && older.output.contains("Items raised\n  Action  Ben  fix the build\n"))
    #expect(!older.output.contains("Items resolved"))
  }

  @Test func exportInTheAppFormatRoundTripsThroughImportFromStandardInput() throws {
    let syncups = try Self.prepared()
    let app = try syncups("export", "--format", "app")
    #expect(app.status == 0, "\(app.error)")
    let array = try #require(try syncups.json(app) as? [[String: Any]])
    // The app's forms: a Swift.Duration as [high, low] attoseconds, dates in seconds since 2001.
    #expect(array[0]["duration"] as? [Int] == [16, 4_852_094_820_647_174_144])
    let meetings = try #require(array[0]["meetings"] as? [[String: Any]])
    #expect(meetings[0]["date"] as? Double == 816_166_800)

    let imported = try syncups("--file", "new.json", "import", "-", input: app.output)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.error
        == "Created '\(syncups.home.path)/new.json'.\nImported 2 sync-ups (SyncUps app format).\n")
    let original = try syncups("export")
    let copy = try syncups("--file", "new.json", "export")
    #expect(copy.status == 0 && original.status == 0)
    #expect(copy.output == original.output)
    #expect(copy.output.contains(#""plannedDuration" : 240"#))

    let unknown = try syncups("export", "--format", "yaml")
    #expect(unknown.status == 64)
    #expect(unknown.output == "")
    #expect(
      unknown.error.hasPrefix(
        "Error: invalid value 'yaml' for '--format' (expected json, app or markdown)\n"))
  }

  @Test func controlCharactersInUserTextNeverReachTheTerminal() throws {
    let syncups = SyncUpsRun()
    let hostile = "x\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}"
    try syncups("add", "--title", "T " + hostile, "--attendee", "A " + hostile, "--duration", "10s")
    let meeting = try syncups(
      "start", "t ", input: "note \(hostile)\nsave\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(meeting.status == 0, "\(meeting.error)")
    for arguments in [
      ["stats"], ["stats", "--json"], ["stats", "--color", "always"],
      ["meeting", "show", "t ", "1", "--format", "markdown"], ["export", "--format", "markdown"],
      ["export", "--format", "app"],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.error)")
      let raw = result.output.unicodeScalars.filter {
        $0 != "\n" && ($0 != "\u{1B}" || !arguments.contains("always")) && needsEscape($0)
      }
      #expect(raw.isEmpty, "\(arguments): \(result.output)")
      #expect(result.output.contains("pwned"), "\(arguments)")
    }
  }

  /// Whether a terminal would act on `scalar` rather than show it.
  func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
