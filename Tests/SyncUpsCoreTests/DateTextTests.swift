import Foundation
import SyncUpsCore
import Testing

@Suite("Dates")
struct DateTextTests {
  @Test(arguments: [
    (1_770_628_500.0, 0, "Mon 9 Feb 2026, 09:15"),
    (1_770_628_500.999, 0, "Mon 9 Feb 2026, 09:15"),
    (1_770_628_500.0, 3600, "Mon 9 Feb 2026, 10:15"),
    (1_770_628_500.0, 19_800, "Mon 9 Feb 2026, 14:45"),
    (1_770_628_500.0, -36_000, "Sun 8 Feb 2026, 23:15"),
    (1_709_249_400.0, 0, "Thu 29 Feb 2024, 23:30"),
    (1_709_249_400.0, 1800, "Fri 1 Mar 2024, 00:00"),
    (1_798_759_800.0, 3600, "Fri 1 Jan 2027, 00:30"),
    (0.0, 0, "Thu 1 Jan 1970, 00:00"),
    (-1.0, 0, "Wed 31 Dec 1969, 23:59"),
  ])
  func meetingDate(seconds: Double, offset: Int, expected: String) {
    #expect(DateText.meeting(Date(timeIntervalSince1970: seconds), utcOffset: offset) == expected)
  }

  @Test(arguments: [
    (1_769_850_900.0, "2026-01-31T09:15:00Z"),
    (1_769_850_900.75, "2026-01-31T09:15:00Z"),
    (1_709_249_400.0, "2024-02-29T23:30:00Z"),
    (0.0, "1970-01-01T00:00:00Z"),
    (-1.0, "1969-12-31T23:59:59Z"),
  ])
  func iso8601(seconds: Double, expected: String) {
    #expect(DateText.iso8601(Date(timeIntervalSince1970: seconds)) == expected)
  }

  /// Our calendar arithmetic agrees with Foundation's from 1900 to 2100.
  @Test func agreesWithFoundationCalendar() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    for seconds in stride(from: -2_208_988_800, to: 4_102_444_800, by: 7_919 * 3_607) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      let parts = calendar.dateComponents(
        [.year, .month, .day, .weekday, .hour, .minute, .second], from: date)
      let expected =
        "\(weekdays[parts.weekday! - 1]) \(parts.day!) \(months[parts.month! - 1]) "
        + "\(parts.year!), " + String(format: "%02d:%02d", parts.hour!, parts.minute!)
      #expect(DateText.meeting(date, utcOffset: 0) == expected)
      let iso = String(
        format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!,
        parts.hour!, parts.minute!, parts.second!)
      #expect(DateText.iso8601(date) == iso)
    }
  }

  @Test func localOffsetIsTheTimeZones() {
    for seconds in [1_770_628_500.0, 1_783_000_000] {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(DateText.localUTCOffset(at: date) == TimeZone.current.secondsFromGMT(for: date))
    }
  }
}
