import Foundation
import SharedState
import Testing

@testable import syncups

/// `stats` run in the process, on a data file in the in-memory file system and at a fixed
/// date: what `--since` selects is counted back from the `date` dependency, not the clock.
@MainActor
@Suite("Stats")
struct StatsTests {
  static let path = "/data/sync-ups.json"

  /// Eng, five minutes, Ana and Ben: a meeting at 12:10 UTC today (12 November 2026), one
  /// four days before and one in October.
  static let file = """
    [
      {
        "attendees" : [
          { "id" : "00000000-0000-0000-0000-0000000000A1", "name" : "Ana" },
          { "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ben" }
        ],
        "duration" : 300,
        "id" : "00000000-0000-0000-0000-0000000000D0",
        "meetings" : [
          \(meeting("E3", "2026-11-12T12:10:00Z", duration: 310, ana: 160, ben: 150)),
          \(meeting("E2", "2026-11-08T09:00:00Z", duration: 280, ana: 130, ben: 150)),
          \(meeting("E1", "2026-10-01T09:00:00Z", duration: 300, ana: 150, ben: 150))
        ],
        "theme" : "sky",
        "title" : "Eng"
      }
    ]
    """

  static func meeting(_ id: String, _ date: String, duration: Int, ana: Int, ben: Int) -> String {
    let attendees = ["A1": "Ana", "A2": "Ben"].sorted { $0.key < $1.key }.map {
      #"{ "absent" : false, "id" : "00000000-0000-0000-0000-0000000000\#($0.key)", "name" : "\#($0.value)" }"#
    }
    let turns = [("A1", "Ana", ana), ("A2", "Ben", ben)].map {
      #"{ "attendee" : "00000000-0000-0000-0000-0000000000\#($0.0)", "name" : "\#($0.1)", "seconds" : \#($0.2), "slot" : 150 }"#
    }
    return """
      { "attendees" : [\(attendees.joined(separator: ", "))], "date" : "\(date)",
        "duration" : \(duration), "endedEarly" : false,
        "id" : "00000000-0000-0000-0000-0000000000\(id)", "plannedDuration" : 300,
        "transcript" : "", "turns" : [\(turns.joined(separator: ", "))] }
      """
  }

  /// `file` with items, on Thursday 12 November 2026: open blockers of Ana raised on Friday
  /// 6 and Monday 9, and of Ben on Wednesday 11; open actions of Ben raised on Saturday 7 and
  /// of nobody on Tuesday 10; an action of Ana raised in E2 and resolved in E3, and a blocker
  /// of someone who has left, resolved in E1.
  static let fileWithItems = file.replacingOccurrences(
    of: #""duration" : 300,"#,
    with: #""duration" : 300, "items" : [\#(itemsJSON)],"#)

  static let itemsJSON = [
    item("F1", "blocker", "keys", owner: "A1", opened: "2026-11-06T09:00:00Z"),
    item("F2", "blocker", "review", owner: "A2", opened: "2026-11-11T09:00:00Z"),
    item("F3", "blocker", "flaky CI", owner: "A1", opened: "2026-11-09T09:00:00Z"),
    item("F4", "action", "docs", owner: "A2", opened: "2026-11-07T09:00:00Z"),
    item("F5", "action", "deploy", owner: "A1", opened: "2026-11-08T09:00:00Z", openedIn: "E2",
      resolved: "2026-11-12T12:10:00Z", resolvedIn: "E3"),
    item("F6", "blocker", "old", owner: "C9", opened: "2026-10-01T09:00:00Z", openedIn: "E1",
      resolved: "2026-10-01T09:05:00Z", resolvedIn: "E1"),
    item("F7", "action", "tidy", opened: "2026-11-10T09:00:00Z"),
  ].joined(separator: ", ")

  static func item(
    _ id: String, _ kind: String, _ text: String, owner: String? = nil, opened: String,
    openedIn: String? = nil, resolved: String? = nil, resolvedIn: String? = nil
  ) -> String {
    var fields = [
      #""id" : "00000000-0000-0000-0000-0000000000\#(id)""#, #""kind" : "\#(kind)""#,
      #""opened" : "\#(opened)""#, #""text" : "\#(text)""#,
    ]
    let uuid = { (suffix: String) in "00000000-0000-0000-0000-0000000000" + suffix }
    if let owner { fields.append(#""owner" : "\#(uuid(owner))""#) }
    if let openedIn { fields.append(#""openedIn" : "\#(uuid(openedIn))""#) }
    if let resolved { fields.append(#""resolved" : "\#(resolved)""#) }
    if let resolvedIn { fields.append(#""resolvedIn" : "\#(uuid(resolvedIn))""#) }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// What `stats` prints for `command`, with `--json` when `json`, at 12:30 UTC on
  /// 12 November 2026, uncoloured, local dates `utcOffset` seconds east of UTC, on `file` and with the
  /// settings `settings`.
  func stats(
    _ command: StatsCommand, json: Bool = false, file: String = Self.file,
    settings: String = "{}", utcOffset: Int = 0
  ) throws -> String {
    try withDependencies {
      $0.defaultFileStorage.fileSystem = InMemoryFileSystem(files: [Self.path: Data(file.utf8)])
      $0.defaultAppStorage = AppStorage(
        url: URL(filePath: "/settings.json"),
        fileSystem: InMemoryFileSystem(files: ["/settings.json": Data(settings.utf8)]))
      $0.syncUpsFileURL = URL(filePath: Self.path)
      $0.date = .constant(Date(timeIntervalSince1970: 1_794_486_600))
      $0.utcOffset = { _ in utcOffset }
    } operation: {
      let context = CommandContext(
        options: GlobalOptions(file: Self.path, json: json, color: .never),
        environment: ["HOME": "/nonexistent"])
      return try command.answer(from: context.readSyncUps(), in: context)
    }
  }

  /// Ages count Monday to Friday: Friday 6 to Thursday 12 is 4 days, the weekend left out.
  /// Ana owns two open blockers and the resolved action; the one who left, the resolved
  /// blocker; only the action resolved in E3 falls within the last seven days.
  @Test func itemsAgeInWorkingDaysAcrossTheWeekend() throws {
    #expect(
      try stats(
        StatsCommand(syncUp: "eng", since: .ago(seconds: 7 * 86_400)), file: Self.fileWithItems)
        == Self.lastSevenDays + """
          Blockers     3 open, median 3 days, oldest 4 days
          Actions      2 open, median 3 days, oldest 4 days
          Resolved     1 in 2 meetings, 0.5 a meeting

          ATTENDEE   ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT  OPEN ITEMS  RESOLVED
          Ana               2       0  2 min, 25 secs  4 min, 50 secs          1           2         1
          Ben               2       0  2 min, 30 secs  5 min                   0           2         0
          (no name)         0       0  -               0 secs                  0           0         1

        """)
  }

  /// With `workdays sun-thu` the Sunday counts and the Friday and Saturday do not: the
  /// blocker of Friday 6 is 5 days old, the action of Saturday 7 too; two actions of 5 and
  /// 2 days have a median of 3.5, rounded up. Both resolutions fall in the three meetings.
  @Test func itemsAgeOnTheWorkdaysSetting() throws {
    let answer = try stats(
      StatsCommand(syncUp: "eng"), json: true, file: Self.fileWithItems,
      settings: #"{ "workdays" : "sun-thu" }"#)
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    #expect(
      stats["items"] as? NSDictionary == [
        "blockers": ["open": 3, "medianAge": 3, "oldestAge": 5],
        "actions": ["open": 2, "medianAge": 4, "oldestAge": 5],
        "resolved": 2, "resolvedPerMeeting": 0.7,
      ] as NSDictionary)
    let attendees = try #require(stats["attendees"] as? [[String: Any]])
    #expect(
      attendees.map { [$0["name"] as? String ?? "?": $0["items"] as? NSDictionary ?? [:]] }
        == [
          ["Ana": ["open": 2, "resolved": 1] as NSDictionary],
          ["Ben": ["open": 2, "resolved": 0] as NSDictionary],
          ["": ["open": 0, "resolved": 1] as NSDictionary],
        ])
  }

  /// A blocker raised at 05:00 UTC on Thursday 12 November: raised today in UTC, 0 days old;
  /// in Honolulu (UTC−10) raised on Wednesday evening, and 1 day old at 02:30 on Thursday.
  @Test(arguments: [(0, 0), (-10 * 3600, 1)])
  func itemsAgeByLocalDates(utcOffset: Int, age: Int) throws {
    let file = Self.file.replacingOccurrences(
      of: #""duration" : 300,"#,
      with: #""duration" : 300, "items" : [\#(Self.item("F1", "blocker", "keys", opened: "2026-11-12T05:00:00Z"))],"#)
    let answer = try stats(StatsCommand(syncUp: "eng"), json: true, file: file, utcOffset: utcOffset)
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    let items = stats["items"] as? [String: Any]
    #expect(
      items?["blockers"] as? NSDictionary
        == ["open": 1, "medianAge": age, "oldestAge": age] as NSDictionary)
  }

  /// A sync-up that never had an item shows no item lines and no item columns; its JSON has
  /// the figures all the same, at zero.
  @Test func withoutItemsTheTextIsAsBefore() throws {
    let text = try stats(StatsCommand(syncUp: "eng"))
    #expect(!text.contains("Blockers") && !text.contains("OPEN ITEMS"))
    let answer = try stats(StatsCommand(syncUp: "eng"), json: true)
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    #expect(
      stats["items"] as? NSDictionary == [
        "blockers": ["open": 0, "medianAge": NSNull(), "oldestAge": NSNull()],
        "actions": ["open": 0, "medianAge": NSNull(), "oldestAge": NSNull()],
        "resolved": 0, "resolvedPerMeeting": 0.0,
      ] as NSDictionary)
  }

  /// Ben missed all three meetings; he had said he would be away on 12 November, the day of
  /// E3: one missed while away, two otherwise. In UTC−13, E3 (12:10 UTC) falls on the 11th,
  /// not a day away.
  @Test(arguments: [(0, 1, 2), (-13 * 3600, 0, 3)])
  func meetingsMissedWhileAwayAreCountedApart(utcOffset: Int, away: Int, missed: Int) throws {
    let file = Self.file.replacingOccurrences(
      of: #"{ "absent" : false, "id" : "00000000-0000-0000-0000-0000000000A2""#,
      with: #"{ "absent" : true, "id" : "00000000-0000-0000-0000-0000000000A2""#
    ).replacingOccurrences(
      of: #"{ "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ben" }"#,
      with: #"{ "away" : [{ "from" : "2026-11-12", "id" : "00000000-0000-0000-0000-0000000000F1", "to" : "2026-11-12" }], "id" : "00000000-0000-0000-0000-0000000000A2", "name" : "Ben" }"#)
    let answer = try stats(StatsCommand(syncUp: "eng"), json: true, file: file, utcOffset: utcOffset)
    let figures = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    let attendees = try #require(figures["attendees"] as? [[String: Any]])
    #expect(attendees.map { $0["away"] as? Int } == [0, away])
    #expect(attendees.map { $0["absent"] as? Int } == [0, missed])
    let text = try stats(StatsCommand(syncUp: "eng"), file: file, utcOffset: utcOffset)
    #expect(
      text.hasSuffix(
        """
          ATTENDEE  ATTENDED  MISSED  AWAY  MEDIAN TURN     TOTAL           OVER SLOT
          Ana              3       0     0  2 min, 30 secs  7 min, 20 secs          1
          Ben              0       \(missed)     \(away)  2 min, 30 secs  7 min, 30 secs          0

        """), "\(text)")
    // Without time away, no AWAY column.
    #expect(!(try stats(StatsCommand(syncUp: "eng"))).contains("AWAY"))
  }

  /// The first lines of `stats eng --since 7d`: E3 and E2.
  static let lastSevenDays = """
    Eng  00000000
      Meetings     2 held, 2 with timings
      Planned      5 min
      Median       4 min, 55 secs
      Mean         4 min, 55 secs
      Longest      5 min, 10 secs
      Ran over     1
      Ended early  0
      Recent       .@  oldest first

    """

  @Test func sinceSevenDaysCountsBackFromTheDateDependency() throws {
    #expect(
      try stats(StatsCommand(syncUp: "eng", since: .ago(seconds: 7 * 86_400)))
        == Self.lastSevenDays + """

          ATTENDEE  ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT
          Ana              2       0  2 min, 25 secs  4 min, 50 secs          1
          Ben              2       0  2 min, 30 secs  5 min                   0

        """)
  }

  /// Today starts at local midnight, which lies between 10:00 and 12:00 UTC on 12 November
  /// in every time zone at 12:30 UTC: only the meeting at 12:10 is today's.
  @Test func sinceTodayCountsFromTheDateDependencysMidnight() throws {
    let answer = try stats(StatsCommand(since: .relativeDay(0)), json: true)
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String: Any]])
    #expect(stats.count == 1)
    #expect(stats.first?["meetings"] as? Int == 1)
    let duration = stats.first?["duration"] as? [String: Any]
    #expect(duration?["max"] as? Int == 310)
    #expect(duration?["overran"] as? Int == 1)
  }

  @Test func withoutSinceEveryMeetingCounts() throws {
    let answer = try stats(StatsCommand(syncUp: "eng"), json: true)
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    #expect(stats["meetings"] as? Int == 3)
  }
}
