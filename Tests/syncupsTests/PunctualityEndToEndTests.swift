import Foundation
import Testing

/// `stats` and `stats --trend` on the built binary over meetings that record the scheduled
/// meeting they were held for (`scheduled`): starts on time, late and the median lateness.
@Suite("Punctuality end to end")
struct PunctualityEndToEndTests {
  static func id(_ suffix: String) -> String {
    "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
  }

  /// Days since 1970 of today in UTC: the meetings are in the days before it, so that the
  /// trend's weeks (counted back from today) hold them.
  static let today = Int(Date().timeIntervalSince1970) / 86_400

  static func iso(day: Int, seconds: Int) -> String {
    ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(day * 86_400 + seconds)))
  }

  /// A meeting `daysAgo` days before today, scheduled at 09:00 and begun `late` seconds after
  /// it (before it when negative); one that records no scheduled meeting when `late` is nil.
  static func meeting(_ number: Int, daysAgo: Int, late: Int?) -> String {
    let day = today - daysAgo
    let started = iso(day: day, seconds: 9 * 3600 + (late ?? 0))
    let scheduled = late.map { _ in #""scheduled" : "\#(iso(day: day, seconds: 9 * 3600))", "# } ?? ""
    return """
      { "date" : "\(iso(day: day, seconds: 9 * 3600 + (late ?? 0) + 300))",
        "id" : "\(id("E\(number)"))", \(scheduled)"started" : "\(started)", "transcript" : "" }
      """
  }

  /// Eng: seven meetings, newest first. Begun 3:00, 10:00 and 4:10 late; exactly 2:00 after,
  /// 2:00 early and 0:30 after (on time); the newest records no scheduled meeting.
  static let file = """
    [
      {
        "attendees" : [],
        "duration" : 300,
        "id" : "\(id("D0"))",
        "meetings" : [
          \(meeting(7, daysAgo: 1, late: nil)),
          \(meeting(6, daysAgo: 2, late: 180)),
          \(meeting(5, daysAgo: 3, late: 600)),
          \(meeting(4, daysAgo: 4, late: 250)),
          \(meeting(3, daysAgo: 5, late: 120)),
          \(meeting(2, daysAgo: 6, late: -120)),
          \(meeting(1, daysAgo: 7, late: 30))
        ],
        "theme" : "sky",
        "title" : "Eng"
      },
      {
        "attendees" : [],
        "duration" : 300,
        "id" : "\(id("D1"))",
        "meetings" : [\(meeting(8, daysAgo: 1, late: nil))],
        "theme" : "sky",
        "title" : "Ops"
      }
    ]
    """

  @Test func statsCountTheStartsOnTimeAndLateWithTheMedianLateness() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.file)

    let text = try syncups("stats", "eng")
    #expect(text.status == 0, "\(text.error)")
    #expect(
      text.output == """
        Eng  00000000
          Meetings     7 held, 0 with timings
          Starts       3 on time, 3 late, median 4:10 late

          7 meetings without timings are left out of the figures.

        """)

    let markdown = try syncups("stats", "eng", "--format", "markdown")
    #expect(markdown.output.contains("\n- **Starts:** 3 on time, 3 late, median 4:10 late\n"))

    let json = try syncups("stats", "eng", "--json")
    let object = try #require(try syncups.json(json) as? [String: Any])
    #expect(
      object["starts"] as? NSDictionary
        == ["onTime": 3, "late": 3, "medianLateness": 250] as NSDictionary)

    // The newest three: one without a scheduled meeting, 3:00 and 10:00 late.
    let last = try syncups("stats", "eng", "--last", "3", "--json")
    let lastObject = try #require(try syncups.json(last) as? [String: Any])
    #expect(
      lastObject["starts"] as? NSDictionary
        == ["onTime": 0, "late": 2, "medianLateness": 390] as NSDictionary)

    // A sync-up whose meetings record no scheduled meeting shows no starts.
    let ops = try syncups("stats", "ops")
    #expect(!ops.output.contains("Starts"))
    let opsObject = try #require(try syncups.json(try syncups("stats", "ops", "--json")) as? [String: Any])
    #expect(opsObject["starts"] == nil)
  }

  @Test func theTrendCountsTheSameStarts() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.file)
    let trend = try syncups("stats", "eng", "--trend", "--weeks", "3", "--json")
    #expect(trend.status == 0, "\(trend.error)")
    let object = try #require(try syncups.json(trend) as? [String: Any])
    let weeks = try #require(object["weeks"] as? [[String: Any]])
    #expect(weeks.compactMap { $0["scheduled"] as? Int }.reduce(0, +) == 6)
    #expect(weeks.compactMap { $0["onTime"] as? Int }.reduce(0, +) == 3)
    #expect(weeks.compactMap { $0["late"] as? Int }.reduce(0, +) == 3)
  }
}
