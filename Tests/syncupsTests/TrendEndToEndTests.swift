import ChildProcessSupport
import Foundation
import Testing

/// `stats --trend`, `report` and `export --format markdown`'s trend lines on the built binary,
/// over a history generated around today (in UTC): the weeks are counted back from the week
/// of the day the tests run, so each meeting is placed by its week.
@Suite("Trend end to end")
struct TrendEndToEndTests {
  static func id(_ suffix: String) -> String {
    "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
  }

  /// Days since 1970 of today in UTC, and of the Monday of its week.
  static let today = Int(Date().timeIntervalSince1970) / 86_400
  static let thisMonday = today - (today + 3) % 7
  /// The Monday of week `week` of the eight covered, 0 the oldest.
  static func monday(_ week: Int) -> Int { thisMonday - 7 * (7 - week) }

  static func iso(_ day: Int, hour: Int = 9) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: Date(timeIntervalSince1970: Double(day * 86_400 + hour * 3600)))
  }

  /// `Mon 5 Oct 2026`, as the lines name a day.
  static func longText(_ day: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE d MMM yyyy"
    return formatter.string(from: Date(timeIntervalSince1970: Double(day * 86_400)))
  }

  /// Working days (Monday to Friday) after `first` up to and including `last`.
  static func workingDays(after first: Int, through last: Int) -> Int {
    (first + 1...max(last, first + 1)).count { ($0 + 3) % 7 < 5 && $0 <= last }
  }

  /// A meeting of Ana, Ben, Cy and Dee (who has left since): each speaks 200, 150, 150 and
  /// 100 seconds of a 150-second slot, Dee absent when `deeAway`.
  static func meeting(_ number: Int, day: Int, length: Int, deeAway: Bool = false) -> String {
    let people = [("A1", "Ana", 200), ("A2", "Ben", 150), ("A3", "Cy", 150), ("A4", "Dee", 100)]
    let attendees = people.map { suffix, name, _ in
      #"{ "absent" : \#(deeAway && name == "Dee"), "id" : "\#(id(suffix))", "name" : "\#(name)" }"#
    }
    let turns = people.filter { !(deeAway && $0.1 == "Dee") }.map { suffix, name, seconds in
      #"{ "attendee" : "\#(id(suffix))", "name" : "\#(name)", "seconds" : \#(seconds), "slot" : 150 }"#
    }
    return """
      { "attendees" : [\(attendees.joined(separator: ", "))], "date" : "\(iso(day))",
        "duration" : \(length), "id" : "\(id("E\(number)"))", "plannedDuration" : 600,
        "transcript" : "", "turns" : [\(turns.joined(separator: ", "))] }
      """
  }

  /// Eng: a meeting on the Monday of each week but the fourth (none), two in the seventh; a
  /// blocker opened in the third week and resolved in the fifth, and one open since 40 days
  /// before the first. Pair: two attendees, no meetings.
  static var file: String {
    let meetings = [
      meeting(1, day: monday(0), length: 540), meeting(2, day: monday(1), length: 560),
      meeting(3, day: monday(2), length: 580), meeting(4, day: monday(4), length: 600),
      meeting(5, day: monday(5), length: 620, deeAway: true),
      meeting(6, day: monday(6), length: 660), meeting(7, day: monday(6) + 1, length: 480),
      meeting(8, day: monday(7), length: 600),
    ].reversed()
    return """
      [
        {
          "attendees" : [
            { "id" : "\(id("A1"))", "name" : "Ana" }, { "id" : "\(id("A2"))", "name" : "Ben" },
            { "id" : "\(id("A3"))", "name" : "Cy" }
          ],
          "duration" : 600,
          "id" : "\(id("D0"))",
          "items" : [
            { "id" : "\(id("F1"))", "kind" : "blocker", "opened" : "\(iso(monday(2), hour: 10))",
              "resolved" : "\(iso(monday(4), hour: 10))", "text" : "review" },
            { "id" : "\(id("F2"))", "kind" : "blocker", "opened" : "\(iso(monday(0) - 40))",
              "text" : "old keys" }
          ],
          "meetings" : [\(meetings.joined(separator: ",\n"))],
          "theme" : "sky",
          "title" : "Eng"
        },
        {
          "attendees" : [
            { "id" : "\(id("B1"))", "name" : "Zed" }, { "id" : "\(id("B2"))", "name" : "Yan" }
          ],
          "duration" : 300,
          "id" : "\(id("D1"))",
          "meetings" : [],
          "theme" : "poppy",
          "title" : "Pair"
        }
      ]
      """
  }

  static func prepared() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(file)
    return syncups
  }

  static let utf8 = ["LANG": "C.UTF-8"]

  /// The lines of Eng, whose numbers are worked out in the comments.
  static var engLines: String {
    // 8 meetings: lengths 540, 560, 580, 600, 620, 660, 480, 600 (a mean of 580 = 9:40); 620
    // and 660 ran over a plan of 600. 32 places, Dee away once: 31 (97%). Ana's 8 turns ran
    // over; 31 turns in all.
    let oldest = workingDays(after: monday(0) - 40, through: today)
    return """
      Eng  00000000  8 weeks from \(longText(monday(0)))
        meetings  ▄▄▄ ▄▄█▄  8
        length    ▁▂▄ ▆█▃▆  avg 9:40 of 10:00 · over 2× · longest 11:00 (\(longText(monday(6)).split(separator: " ")[1...2].joined(separator: " ")))
        attended  ███ █▁██  97% of 32 places
        over      ▄▄▄ ▄▄█▄  8 of 31 turns ran over
        opened    ▁▁█ ▁▁▁▁  1 blocker
        resolved  ▁▁▁ █▁▁▁  1 blocker
        ages      ▁▁▁█      1 open: 0–2 days 0, 3–5 0, 6–10 0, over 10 1 · oldest \(oldest) days: old keys

      """
  }

  @Test func trendLinesInTextASCIIAndMarkdown() throws {
    let syncups = try Self.prepared()
    let eng = try syncups("stats", "eng", "--trend", environment: Self.utf8)
    #expect(eng.status == 0, "\(eng.error)")
    #expect(eng.output == Self.engLines)

    // --ascii, and a locale that is not UTF-8, draw with _.-=#.
    let asciiLines = Self.engLines.replacingOccurrences(of: "▄▄▄ ▄▄█▄", with: "--- --#-")
      .replacingOccurrences(of: "▁▂▄ ▆█▃▆", with: "_.- =#.=")
      .replacingOccurrences(of: "███ █▁██", with: "### #_##")
      .replacingOccurrences(of: "▁▁█ ▁▁▁▁", with: "__# ____")
      .replacingOccurrences(of: "▁▁▁ █▁▁▁", with: "___ #___")
      .replacingOccurrences(of: "▁▁▁█  ", with: "___#  ")
    let ascii = try syncups("stats", "eng", "--trend", "--ascii", environment: Self.utf8)
    #expect(ascii.output == asciiLines)
    let cLocale = try syncups("stats", "eng", "--trend", environment: ["LANG": "C"])
    #expect(cLocale.output == asciiLines)

    // Every sync-up: Pair has no meetings in the weeks, a line of gaps.
    let all = try syncups("stats", "--trend", environment: Self.utf8)
    #expect(
      all.output == Self.engLines + "\nPair  00000000  8 weeks from \(Self.longText(Self.monday(0)))\n"
        + "  meetings            0\n")

    let markdown = try syncups("stats", "eng", "--trend", "--format", "markdown")
    #expect(
      markdown.output
        == "## Eng\n\n```text\n8 weeks from \(Self.longText(Self.monday(0)))\n"
        + Self.engLines.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        .joined(separator: "\n").dropLast() + "\n```\n")
    // export --format markdown starts each sync-up with a meeting with them.
    let export = try syncups("export", "--format", "markdown")
    #expect(export.status == 0, "\(export.error)")
    #expect(export.output.hasPrefix("# Eng\n\n```text\n8 weeks from "))
    #expect(export.output.contains("\n  ages      ▁▁▁█      1 open"))
    #expect(export.output.contains("# Pair\n\n**Length:**"))
  }

  @Test func byPersonTableAndItsRefusalUnderThreeAttendees() throws {
    let syncups = try Self.prepared()
    let eng = try syncups("stats", "eng", "--trend", "--by-person", environment: Self.utf8)
    #expect(eng.status == 0, "\(eng.error)")
    // 4700 seconds spoken: Ana 1600 (34%), Ben and Cy 1200 (26%), Dee 700 (15%); four spoke.
    #expect(
      eng.output == Self.engLines + """

          PERSON        SHARE  EVEN  ATTENDED  TURNS OVER
          Ana             34%   25%    8 of 8      8 of 8
          Ben             26%   25%    8 of 8      0 of 8
          Cy              26%   25%    8 of 8      0 of 8
          Dee (former)    15%   25%    7 of 8      0 of 7

          These are signals for facilitating the meeting, not measures of anyone's performance.

        """)
    let before = syncups.dataBytes
    let pair = try syncups("stats", "pair", "--trend", "--by-person")
    #expect(pair.status == 1)
    #expect(pair.output == "")
    #expect(
      pair.error
        == "Error: per-person figures need a sync-up of 3 attendees or more; 'Pair' has 2\n")
    #expect(syncups.dataBytes == before)
    // Of every sync-up, Pair says why it has no table; in JSON its people are null.
    let all = try syncups("stats", "--trend", "--by-person", "--json")
    let array = try #require(try syncups.json(all) as? [[String: Any]])
    #expect(array.map { $0["people"] is NSNull } == [false, true])

    for (arguments, message) in [
      (["--by-person"], "'--by-person' needs '--trend'"),
      (["--weeks", "4"], "'--weeks' needs '--trend'"),
      (["--until", "today"], "'--until' needs '--trend'"),
      (["--trend", "--last", "2"], "'--trend' and '--last' cannot be used together"),
      (["--trend", "--weeks", "0"], "invalid value '0' for '--weeks' (expected a whole number of weeks, 1 or more)"),
    ] {
      let refused = try syncups.run(["stats", "eng"] + arguments)
      #expect(refused.status == 64, "\(arguments)")
      #expect(refused.error.contains(message), "\(arguments): \(refused.error)")
    }
  }

  @Test func trendAsJSON() throws {
    let syncups = try Self.prepared()
    let result = try syncups("stats", "eng", "--trend", "--weeks", "3", "--json")
    #expect(result.status == 0, "\(result.error)")
    let object = try #require(try syncups.json(result) as? [String: Any])
    #expect(object["syncUp"] as? NSDictionary == ["id": Self.id("D0"), "title": "Eng"] as NSDictionary)
    let weeks = try #require(object["weeks"] as? [[String: Any]])
    #expect(weeks.map { $0["start"] as? String } == [5, 6, 7].map { String(Self.iso(Self.monday($0)).prefix(10)) })
    #expect(weeks.map { $0["meetings"] as? Int } == [1, 2, 1])
    #expect(weeks.map { $0["lengthMean"] as? Int } == [620, 570, 600])
    #expect(weeks.map { $0["attendance"] as? Int } == [75, 100, 100])
    #expect(
      weeks[0] as NSDictionary
        == [
          "start": String(Self.iso(Self.monday(5)).prefix(10)), "meetings": 1, "timed": 1,
          "lengthMean": 620, "plannedMean": 600, "longest": 620, "overran": 1, "scheduled": 0,
          "onTime": NSNull(), "late": NSNull(), "lateMean": NSNull(), "expected": 4,
          "attended": 3, "attendance": 75, "turns": 3, "turnsOver": 1, "warned": NSNull(),
          "blockersOpened": 0, "blockersResolved": 0,
        ] as NSDictionary)
    #expect(
      object["length"] as? NSDictionary
        == [
          "mean": 590, "planned": 600, "overran": 2,
          "longest": ["seconds": 660, "day": String(Self.iso(Self.monday(6)).prefix(10))],
        ] as NSDictionary)
    let ages = try #require(object["blockerAges"] as? [String: Any])
    #expect(
      (ages["buckets"] as? [[String: Any]])?.map { $0["open"] as? Int } == [0, 0, 0, 1])
    #expect((ages["oldest"] as? [String: Any])?["text"] as? String == "old keys")
    #expect(object["people"] == nil)
  }

  /// The report's tags, each closed in order (void elements and self-closed SVG shapes
  /// aside): a light check that the file parses as HTML the way it was written.
  static func unbalancedTags(_ html: String) -> [String] {
    let void: Set<String> = ["meta", "!DOCTYPE"]
    var open: [String] = []
    var problems: [String] = []
    var rest = html[...]
    while let start = rest.firstIndex(of: "<") {
      guard let end = rest[start...].firstIndex(of: ">") else { return problems + ["unclosed <"] }
      let tag = rest[rest.index(after: start)..<end]
      rest = rest[rest.index(after: end)...]
      let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" })
      if tag.hasPrefix("/") {
        let closing = String(tag.dropFirst())
        if open.last == closing { open.removeLast() } else { problems.append("</\(closing)>") }
      } else if tag.hasSuffix("/") || void.contains(name) {
        continue
      } else {
        open.append(name)
        // The data's text may hold anything but `<`; skip to its end.
        if name == "script", let close = rest.range(of: "</script>") {
          rest = rest[close.lowerBound...]
        }
      }
    }
    return problems + open.map { "<\($0)> not closed" }
  }

  @Test func reportIsOneSelfContainedFileWithTheSameDataAsStats() throws {
    let syncups = try Self.prepared()
    let path = syncups.home.path + "/report.html"
    let first = try syncups("report", "eng", "--by-person", "--title", "Eng <weekly>", "--output", "report.html")
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output == "")
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(Self.unbalancedTags(html) == [])
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
    #expect(html.contains("<title>Eng &lt;weekly&gt;</title>"))
    // One chart each: lengths, attendance, turn lengths, blockers, their ages, people; no
    // starts, as no meeting records its planned instant.
    #expect(html.components(separatedBy: "<svg ").count - 1 == 6)
    #expect(html.components(separatedBy: "<title id=").count - 1 == 6)
    #expect(html.components(separatedBy: "<table ").count - 1 == 6)
    #expect(!html.contains("starts"))
    // Nothing to fetch or run, no styles.
    #expect(!html.lowercased().contains("http"))
    #expect(!html.contains("style"))
    #expect(html.components(separatedBy: "<script").count - 1 == 1)
    #expect(html.contains("<script type=\"application/json\" id=\"syncups-data\">"))
    // Drawn in the sync-up's theme colour, sky.
    #expect(html.contains("<g fill=\"#6E92FF\">"))
    #expect(html.contains("<td>Dee (former)</td>"))
    #expect(html.contains("These are signals for facilitating the meeting"))

    // The embedded data is stats --trend --json's.
    let data = try #require(
      html.components(separatedBy: "id=\"syncups-data\">").last?
        .components(separatedBy: "</script>").first)
    let embedded = try JSONSerialization.jsonObject(with: Data(data.utf8))
    let stats = try syncups("stats", "eng", "--trend", "--by-person", "--json")
    #expect(embedded as? NSArray == [try syncups.json(stats)] as NSArray)

    // The same data, the same bytes; to standard output too.
    let again = try syncups("report", "eng", "--by-person", "--title", "Eng <weekly>", "--output", "-")
    #expect(again.output == html)
    let stamped = try syncups("report", "eng", "--stamp", "--output", "-")
    #expect(stamped.output.contains("<p>Written "))

    // Refusals change nothing and write nothing.
    let before = syncups.dataBytes
    let missing = try syncups("report", "eng")
    #expect(missing.status == 64)
    #expect(missing.error.contains("'--output' is required"))
    let pair = try syncups("report", "pair", "--by-person", "--output", "pair.html")
    #expect(pair.status == 1)
    #expect(!FileManager.default.fileExists(atPath: syncups.home.path + "/pair.html"))
    #expect(syncups.dataBytes == before)
  }

  /// The embedded data of `report eng` with `arguments`.
  static func reportData(_ syncups: SyncUpsRun, _ arguments: [String]) throws -> [String: Any] {
    let report = try syncups.run(["report", "eng", "--output", "-"] + arguments)
    #expect(report.status == 0, "\(report.error)")
    let data = try #require(
      report.output.components(separatedBy: "id=\"syncups-data\">").last?
        .components(separatedBy: "</script>").first)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [Any])
    return try #require(array.first as? [String: Any])
  }

  /// `YYYY-MM-DD` of a day since 1970.
  static func dayText(_ day: Int) -> String { String(iso(day).prefix(10)) }

  /// `--until`: the weeks end with the one holding the day, and the sync-up is as it stood at
  /// the day's end; today's is the report without it, byte for byte.
  @Test func reportUntilADayEndsWithItsWeekAsThingsStoodThen() throws {
    let syncups = try Self.prepared()
    let now = try syncups("report", "eng", "--by-person", "--output", "-")
    let today = try syncups("report", "eng", "--by-person", "--until", "today", "--output", "-")
    #expect(today.status == 0, "\(today.error)")
    #expect(today.output == now.output)
    #expect(try syncups("report", "eng", "--until", Self.dayText(Self.today), "--output", "-").output
      == (try syncups("report", "eng", "--output", "-").output))

    // The Wednesday of the fourth week: the review blocker, opened in the third and resolved
    // in the fifth, was open then, and the old one's age is counted to that day.
    let wednesday = Self.monday(3) + 2
    let then = try Self.reportData(syncups, ["--weeks", "3", "--until", Self.dayText(wednesday)])
    let weeks = try #require(then["weeks"] as? [[String: Any]])
    #expect(weeks.map { $0["start"] as? String } == [1, 2, 3].map { Self.dayText(Self.monday($0)) })
    #expect(weeks.map { $0["meetings"] as? Int } == [1, 1, 0])
    #expect(weeks.map { $0["blockersOpened"] as? Int } == [0, 1, 0])
    #expect(weeks.map { $0["blockersResolved"] as? Int } == [0, 0, 0])
    let ages = try #require(then["blockerAges"] as? [String: Any])
    #expect((ages["buckets"] as? [[String: Any]])?.map { $0["open"] as? Int } == [0, 0, 1, 1])
    let oldest = try #require(ages["oldest"] as? [String: Any])
    #expect(oldest["text"] as? String == "old keys")
    #expect(oldest["age"] as? Int == Self.workingDays(after: Self.monday(0) - 40, through: wednesday))

    // The seventh week's Monday: its Tuesday meeting had not been held yet.
    let monday = try Self.reportData(syncups, ["--weeks", "2", "--until", Self.dayText(Self.monday(6))])
    #expect((monday["weeks"] as? [[String: Any]])?.map { $0["meetings"] as? Int } == [1, 1])
    let whole = try Self.reportData(syncups, ["--weeks", "2", "--until", Self.dayText(Self.monday(6) + 6)])
    #expect((whole["weeks"] as? [[String: Any]])?.map { $0["meetings"] as? Int } == [1, 2])

    // `stats --trend --until` shows the same weeks.
    let stats = try syncups(
      "stats", "eng", "--trend", "--weeks", "3", "--until", Self.dayText(wednesday), "--json")
    #expect(stats.status == 0, "\(stats.error)")
    let trend = try #require(try syncups.json(stats) as? [String: Any])
    let trendWeeks = try #require(trend["weeks"] as? [[String: Any]])
    #expect(trendWeeks.map { $0["start"] as? String } == [1, 2, 3].map { Self.dayText(Self.monday($0)) })
    #expect(trendWeeks.map { $0["meetings"] as? Int } == [1, 1, 0])
    #expect(trendWeeks.map { $0["blockersOpened"] as? Int } == [0, 1, 0])

    let bad = try syncups("report", "eng", "--until", "someday", "--output", "-")
    #expect(bad.status == 64)
    #expect(bad.error.contains("--until"))
    #expect(bad.output == "")
  }

  @Test func aYearOfDailyMeetingsOfEightPeopleMakesAReportUnder200KB() throws {
    let syncups = SyncUpsRun()
    let people = (1...8).map { (Self.id("A\($0)"), "Person number \($0) with a very long name indeed") }
    let meetings = (0..<365).reversed().map { offset in
      let day = Self.today - offset
      let attendees = people.enumerated().map { index, person in
        #"{ "absent" : \#((offset + index) % 9 == 0), "id" : "\#(person.0)", "name" : "\#(person.1)" }"#
      }
      let turns = people.map {
        #"{ "attendee" : "\#($0.0)", "name" : "\#($0.1)", "seconds" : \#(60 + offset % 90), "slot" : 112 }"#
      }
      return """
        { "attendees" : [\(attendees.joined(separator: ", "))], "date" : "\(Self.iso(day))",
          "duration" : \(800 + offset % 200), "id" : "\(Self.id(String(format: "E%05d", offset)))",
          "plannedDuration" : 900, "transcript" : "", "turns" : [\(turns.joined(separator: ", "))] }
        """
    }
    let items = (0..<100).map { number in
      """
      { "id" : "\(Self.id(String(format: "F%04d", number)))", "kind" : "blocker",
        "opened" : "\(Self.iso(Self.today - 3 * number))", "text" : "blocker \(number)" }
      """
    }
    try syncups.writeDataFile(
      """
      [ { "attendees" : [\(people.map { #"{ "id" : "\#($0.0)", "name" : "\#($0.1)" }"# }.joined(separator: ", "))],
          "duration" : 900, "id" : "\(Self.id("D0"))", "items" : [\(items.joined(separator: ", "))],
          "meetings" : [\(meetings.joined(separator: ",\n"))], "theme" : "sky", "title" : "Year" } ]
      """)
    let result = try syncups("report", "--weeks", "53", "--by-person", "--output", "-")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.utf8.count < 200_000, "\(result.output.utf8.count) bytes")
    // Long names are cut in the chart, whole in its table.
    #expect(result.output.contains(">Person number 1…</text>"))
    #expect(result.output.contains("<td>Person number 1 with a very long name indeed</td>"))
  }
}

/// The report as a browser draws it: headless Chromium (Debian's `chromium`, which CI
/// installs) takes its picture, and the picture's pixels, decoded by a short Python program,
/// show the charts in the sync-up's theme colour.
@Suite("Report in a browser")
struct ReportBrowserTests {
  /// Whether Chromium and python3 are both here (the CI installs them).
  static let available =
    ExternalProgram.path("chromium") != nil && ExternalProgram.path("python3") != nil

  /// Pictures `page` at 800 × 400 (the first charts) with Chromium, in `home` (its profile
  /// there too, never the real home's), colours as the page gives them (sRGB); gives the PNG's
  /// path.
  static func picture(_ page: String, in home: String) throws -> String {
    let png = home + "/\(UUID().uuidString).png"
    var child = ChildSpawn(
      program: try #require(ExternalProgram.path("chromium")),
      arguments: [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--force-color-profile=srgb", "--user-data-dir=\(home)/chromium",
        "--window-size=800,400", "--screenshot=\(png)", "file://" + page,
      ],
      environment: [
        "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
        "PATH": "/usr/bin:/bin",
      ],
      directory: home)
    child.standardOutput = .file(home + "/chromium.out", flags: O_WRONLY | O_CREAT | O_TRUNC)
    child.standardError = .file(home + "/chromium.err", flags: O_WRONLY | O_CREAT | O_TRUNC)
    let ending = ChildStatus.wait(for: try child.start())
    #expect(ending == .exited(0), "\((try? String(contentsOfFile: home + "/chromium.err", encoding: .utf8)) ?? "")")
    return png
  }

  /// Decodes the PNG argv[1] (8-bit RGB or RGBA, not interlaced, as Chromium writes it: the
  /// chunks, zlib, the five row filters) and prints its width, its height and how many of its
  /// pixels have each colour argv[2…] (`RRGGBB`), exactly.
  static let pixelCounter = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit('not a PNG')
    position, compressed = 8, b''
    while position < len(data):
        length, kind = struct.unpack('>I4s', data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            compressed += body
        elif kind == b'IEND':
            break
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        sys.exit('not 8-bit RGB or RGBA, non-interlaced: depth %d, colour type %d' % (depth, colour))
    size = 3 if colour == 2 else 4
    stride = width * size
    raw = zlib.decompress(compressed)
    wanted = [bytes.fromhex(colour) for colour in sys.argv[2:]]
    counts = [0] * len(wanted)
    above = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = above[i], (above[i - size] if i >= size else 0)
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                a, b, c = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if a <= b and a <= c else up if b <= c else corner)) & 255
        pixels = [bytes(line[i:i + 3]) for i in range(0, stride, size)]
        for index, colour in enumerate(wanted):
            counts[index] += pixels.count(colour)
        above = line
    print(width, height, *counts)
    """#

  /// The width, height and counts of `colours` (`RRGGBB`) of the picture at `png`.
  static func pixels(of png: String, _ colours: [String]) throws -> [Int] {
    let counted = try ExternalProgram.run("python3", ["-c", pixelCounter, png] + colours)
    #expect(counted.status == 0, "\(counted.standardError)")
    return counted.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
  }

  @Test(.enabled(if: available, "chromium or python3 is not installed (apt-get install chromium python3): skipping"))
  func chartsAreDrawn() throws {
    let syncups = try TrendEndToEndTests.prepared()
    let result = try syncups("report", "eng", "--output", "report.html")
    #expect(result.status == 0, "\(result.error)")
    let html = try String(contentsOfFile: syncups.home.path + "/report.html", encoding: .utf8)
    // Eng's theme is sky: its bars are filled with it.
    let theme = "6E92FF"
    #expect(html.contains("fill=\"#\(theme)\""))
    // The charts alone, each 800 wide, on a page of their own; and the same with every mark
    // drawn white on white: blank charts.
    let charts = html.components(separatedBy: "<svg ").dropFirst().map {
      "<svg " + ($0.components(separatedBy: "</svg>").first ?? "") + "</svg>"
    }
    #expect(charts.count == 5)
    let page = syncups.home.path + "/charts.html"
    let drawing = "<!DOCTYPE html>\n<html><body>\n" + charts.joined(separator: "\n")
      .replacingOccurrences(of: "width=\"640\"", with: "width=\"800\"") + "\n</body></html>\n"
    try drawing.write(toFile: page, atomically: true, encoding: .utf8)
    let blankPage = syncups.home.path + "/blank.html"
    try drawing.replacingOccurrences(of: "\"#\(theme)\"", with: "\"#FFFFFF\"")
      .replacingOccurrences(of: "\"#444444\"", with: "\"#FFFFFF\"")
      .replacingOccurrences(of: "\"#BBBBBB\"", with: "\"#FFFFFF\"")
      .replacingOccurrences(of: "\"#EEEEEE\"", with: "\"#FFFFFF\"")
      .write(toFile: blankPage, atomically: true, encoding: .utf8)
    let drawn = try Self.pixels(of: Self.picture(page, in: syncups.home.path), [theme, "FFFFFF"])
    let blank = try Self.pixels(of: Self.picture(blankPage, in: syncups.home.path), [theme, "FFFFFF"])
    #expect(drawn.count == 4 && blank.count == 4)
    #expect(Array(drawn.prefix(2)) == [800, 400])
    // The bars of the first chart cover thousands of pixels in the theme colour; the rest of
    // the picture is mostly white.
    #expect(drawn[2] >= 2_000, "\(drawn[2]) pixels of #\(theme)")
    #expect(drawn[3] > 800 * 400 / 2, "\(drawn[3]) white pixels")
    // Marks drawn white on white: not one pixel of the theme colour, nearly all white.
    #expect(blank[2] == 0, "\(blank[2]) pixels of #\(theme)")
    #expect(blank[3] > drawn[3])
  }
}
