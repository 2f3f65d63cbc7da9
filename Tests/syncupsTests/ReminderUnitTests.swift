import Foundation
import SyncUpsCore
import Testing

@testable import syncups

/// A reminder's unit files and crontab line, for paths and titles that systemd, the shell and
/// cron would otherwise read as something else.
@Suite("Reminder units")
struct ReminderUnitTests {
  static func unit(title: String, program: String, dataFile: String, before: Int = 300) -> ReminderUnit {
    ReminderUnit(
      syncUpID: UUID(uuidString: "5E6B1A52-3C0D-4F7E-9A61-0C1D2E3F4A5B")!, title: title,
      times: ReminderTimes(weekdays: [1], monthDays: .any, hour: 9, minute: 25, zone: "UTC"),
      made: .init(rule: "mon 09:30", zone: "UTC", before: before), program: program,
      dataFile: dataFile)
  }

  @Test func wordsWithSpacesQuotesPercentAndDollarAreQuotedForSystemd() {
    let unit = Self.unit(
      title: "100% Eng\nteam", program: "/opt/sync ups/syncups", dataFile: "/home/a/$x \"q\".json")
    #expect(unit.serviceText.contains("Description=syncups: remind of 100%% Eng team's meeting\n"))
    #expect(
      unit.serviceText.contains(
        #"ExecStart="/opt/sync ups/syncups" --file "/home/a/$$x \"q\".json" remind fire "#
          + "5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b --before 5m\n"))
  }

  @Test func theCrontabLineQuotesForTheShellAndEscapesPercent() {
    let unit = Self.unit(
      title: "Eng", program: "/usr/bin/syncups", dataFile: "/home/a/it's 100%.json", before: 0)
    #expect(
      unit.crontabLine
        == #"25 9 * * 1 /usr/bin/syncups --file '/home/a/it'\''s 100\%.json' remind fire "#
        + "5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b --before 0")
  }

  @Test func whatATimerWasMadeFromIsReadBack() {
    let unit = Self.unit(title: "Eng", program: "/usr/bin/syncups", dataFile: "/d.json")
    let read = ReminderUnit.made(fromTimer: unit.timerText)
    #expect(read?.syncUp == unit.syncUpID)
    #expect(read?.made == unit.made)
    #expect(ReminderUnit.made(fromTimer: "[Timer]\nOnCalendar=daily\n") == nil)
  }
}
