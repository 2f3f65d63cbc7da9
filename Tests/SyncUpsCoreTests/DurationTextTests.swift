import SyncUpsCore
import Testing

@Suite("Durations")
struct DurationTextTests {
  @Test(arguments: [
    (0, "0 secs"), (1, "1 sec"), (2, "2 secs"), (30, "30 secs"), (59, "59 secs"),
    (60, "1 min"), (61, "1 min, 1 sec"), (90, "1 min, 30 secs"), (300, "5 min"),
    (3599, "59 min, 59 secs"), (3600, "1 hr"), (3601, "1 hr, 1 sec"), (3900, "1 hr, 5 min"),
    (7265, "2 hrs, 1 min, 5 secs"), (86_400, "24 hrs"), (-5, "0 secs"),
  ])
  func human(seconds: Int, expected: String) {
    #expect(DurationText.human(seconds) == expected)
  }

  @Test(arguments: [
    (45...45, "45 secs"), (1...2, "1 to 2 secs"), (42...43, "42 to 43 secs"),
    (59...60, "59 secs to 1 min"), (302...303, "5 min, 2 secs to 5 min, 3 secs"),
  ])
  func humanRange(range: ClosedRange<Int>, expected: String) {
    #expect(DurationText.human(range) == expected)
  }

  @Test(arguments: [
    (0, "0s"), (1, "1s"), (45, "45s"), (60, "1m"), (90, "1m30s"), (300, "5m"), (3600, "1h"),
    (3615, "1h15s"), (3900, "1h5m"), (3661, "1h1m1s"), (86_400, "24h"),
  ])
  func compact(seconds: Int, expected: String) {
    #expect(DurationText.compact(seconds) == expected)
  }

  @Test(arguments: [
    (0, "0:00"), (5, "0:05"), (75, "1:15"), (600, "10:00"), (3599, "59:59"),
    (3600, "1:00:00"), (3725, "1:02:05"), (-3, "0:00"),
  ])
  func clock(seconds: Int, expected: String) {
    #expect(DurationText.clock(seconds) == expected)
  }
}
