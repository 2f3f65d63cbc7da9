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

  /// What `stats` prints for `command`, with `--json` when `json`, at 12:30 UTC on
  /// 12 November 2026, uncoloured.
  func stats(_ command: StatsCommand, json: Bool = false) throws -> String {
    try withDependencies {
      $0.defaultFileStorage = InMemoryFileSystem(files: [Self.path: Data(Self.file.utf8)])
      $0.syncUpsFileURL = URL(filePath: Self.path)
      $0.date = .constant(Date(timeIntervalSince1970: 1_794_486_600))
    } operation: {
      let context = CommandContext(
        options: GlobalOptions(file: Self.path, json: json, color: .never),
        environment: ["HOME": "/nonexistent"])
      return try command.answer(from: context.readSyncUps(), in: context)
    }
  }

  @Test func sinceSevenDaysCountsBackFromTheDateDependency() throws {
    #expect(
      try stats(StatsCommand(syncUp: "eng", since: .ago(seconds: 7 * 86_400))) == """
        Eng  00000000
          Meetings     2 held, 2 with timings
          Planned      5 min
          Median       4 min, 55 secs
          Mean         4 min, 55 secs
          Longest      5 min, 10 secs
          Ran over     1
          Ended early  0
          Recent       .@  oldest first

          ATTENDEE  ATTENDED  MISSED  MEDIAN TURN     TOTAL           OVER SLOT
          Ana              2       0  2 min, 25 secs  4 min, 50 secs          1
          Ben              2       0  2 min, 30 secs  5 min                   0

        """)
  }

  /// Today starts at local midnight, which lies between 10:00 and 12:00 UTC on 12 November
  /// in every time zone at 12:30 UTC: only the meeting at 12:10 is today's.
  @Test func sinceTodayCountsFromTheDateDependencysMidnight() throws {
    let answer = try stats(StatsCommand(since: .daysBack(0)), json: true)
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
