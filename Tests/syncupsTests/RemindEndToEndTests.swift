import ChildProcessSupport
import Foundation
import Testing

/// `remind install|status|uninstall|fire` run as the program, on a machine without a systemd
/// user manager (a `systemctl` on `PATH` that cannot reach one) and with a stand-in for one
/// that records what it is asked.
@Suite("Reminders end to end")
struct RemindEndToEndTests {
  static let engID = "5E6B1A52-3C0D-4F7E-9A61-0C1D2E3F4A5B"
  static let designID = "00000000-0000-4000-8000-00000000000D"
  static let anaID = "00000000-0000-4000-8000-00000000000A"

  /// Eng, weekdays at 09:30 in Berlin; Design, the last Friday of each month at 16:00 in New
  /// York; Lunch, without a schedule.
  static func team() -> [CalendarFixtures.SyncUp] {
    [
      CalendarFixtures.SyncUp(
        id: engID, title: "Eng", attendees: [(anaID, "Ana", [])],
        schedule: CalendarFixtures.schedule(
          rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR at 09:30", zone: "Europe/Berlin",
          from: "2026-11-02")),
      CalendarFixtures.SyncUp(
        id: designID, title: "Design",
        schedule: CalendarFixtures.schedule(
          rule: "FREQ=MONTHLY;BYDAY=-1FR at 16:00", zone: "America/New_York", from: "2026-11-02")),
      CalendarFixtures.SyncUp(id: "00000000-0000-4000-8000-00000000000E", title: "Lunch"),
    ]
  }

  /// A scratch home with `syncUps`, and a `bin` directory first on `PATH` holding a
  /// `systemctl` that exits with `systemctl` (1: no manager), recording its arguments.
  static func home(
    _ syncUps: [CalendarFixtures.SyncUp], systemctl status: Int = 1
  ) throws -> (SyncUpsRun, [String: String]) {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(CalendarFixtures.dataFile(syncUps))
    let bin = syncups.home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try """
      #!/bin/sh
      echo "$*" >> '\(syncups.home.path)/systemctl.log'
      [ \(status) = 0 ] || echo 'Failed to connect to bus: No medium found' >&2
      exit \(status)

      """.write(toFile: bin + "/systemctl", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/systemctl")
    return (syncups, ["PATH": bin + ":/usr/bin:/bin"])
  }

  static func read(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func installWithoutAUserManagerWritesTheUnitsAndPrintsTheCrontabLines() throws {
    let (syncups, environment) = try Self.home(Self.team())
    let installed = try syncups.run(["remind", "install", "--before", "10m"], environment: environment)
    #expect(installed.status == 0)
    let units = syncups.home.path + "/config/systemd/user/"
    let eng = "syncups-remind-5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b"
    let design = "syncups-remind-00000000-0000-4000-8000-00000000000d"
    let program = SyncUpsRun.binary
    #expect(
      installed.output == """
        20 9 * * 1,2,3,4,5 \(program) --file \(syncups.dataFile) remind fire \
        5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b --before 10m
        50 15 * * 5 \(program) --file \(syncups.dataFile) remind fire \
        00000000-0000-4000-8000-00000000000d --before 10m

        """)
    #expect(
      installed.error == """
        Reminder of 'Eng' 10 min before its meetings: Mon,Tue,Wed,Thu,Fri *-*-* 09:20:00 \
        Europe/Berlin (\(eng).timer).
        Reminder of 'Design' 10 min before its meetings: Fri *-*~07/1 15:50:00 \
        America/New_York (\(design).timer).
        No systemd user manager is running here ('systemctl --user' cannot reach one): the \
        timers are written in '\(units.dropLast())' and start with 'systemctl --user enable \
        --now <timer>' where one runs. Or add these lines to your crontab ('crontab -e'):
        cron reads the times in the system's zone: a schedule in another zone needs them moved \
        by hand.

        """)
    #expect(
      Self.read(units + eng + ".timer") == """
        [Unit]
        Description=syncups: a reminder of Eng's meeting

        [Timer]
        OnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 09:20:00 Europe/Berlin
        Persistent=false
        AccuracySec=1s

        [Install]
        WantedBy=timers.target

        [X-SyncUps]
        SyncUp=5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b
        Rule=weekdays 09:30
        Zone=Europe/Berlin
        Before=600

        """)
    #expect(
      Self.read(units + eng + ".service") == """
        [Unit]
        Description=syncups: remind of Eng's meeting

        [Service]
        Type=oneshot
        ExecStart=\(program) --file \(syncups.dataFile) remind fire \
        5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b --before 10m

        """)
    #expect(Self.read(units + design + ".timer")?.contains("Rule=monthly on last fri 16:00\n") == true)
    // Only asked whether a manager runs.
    #expect(Self.read(syncups.home.path + "/systemctl.log") == "--user show --property=Version\n")
  }

  @Test func installWithAUserManagerEnablesTheTimer() throws {
    let (syncups, environment) = try Self.home(Self.team(), systemctl: 0)
    let installed = try syncups.run(["remind", "install", "eng", "--json"], environment: environment)
    #expect(installed.status == 0)
    let eng = "syncups-remind-5e6b1a52-3c0d-4f7e-9a61-0c1d2e3f4a5b"
    let units = syncups.home.path + "/config/systemd/user/"
    let objects = try #require(try syncups.json(installed) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects[0]["timer"] as? String == units + eng + ".timer")
    #expect(objects[0]["service"] as? String == units + eng + ".service")
    #expect(objects[0]["onCalendar"] as? String == "Mon,Tue,Wed,Thu,Fri *-*-* 09:25:00 Europe/Berlin")
    #expect(objects[0]["enabled"] as? Bool == true)
    #expect((objects[0]["syncUp"] as? [String: Any])?["title"] as? String == "Eng")
    #expect(
      Self.read(syncups.home.path + "/systemctl.log") == """
        --user show --property=Version
        --user daemon-reload
        --user enable --now \(eng).timer

        """)
    let removed = try syncups.run(["remind", "uninstall"], environment: environment)
    #expect(removed.status == 0)
    #expect(removed.error == "Removed 1 reminder.\n")
    #expect(!FileManager.default.fileExists(atPath: units + eng + ".timer"))
    #expect(!FileManager.default.fileExists(atPath: units + eng + ".service"))
    #expect(
      Self.read(syncups.home.path + "/systemctl.log")?.hasSuffix(
        "--user disable --now \(eng).timer\n--user daemon-reload\n") == true)
  }

  @Test func badInputChangesNothing() throws {
    let (syncups, environment) = try Self.home(Self.team())
    let unscheduled = try syncups.run(["remind", "install", "lunch"], environment: environment)
    #expect(unscheduled.status == 1)
    #expect(
      unscheduled.error
        == "Error: 'Lunch' has no schedule: give it one with 'syncups schedule set'\n")
    let seconds = try syncups.run(["remind", "install", "--before", "90s"], environment: environment)
    #expect(seconds.status == 64)
    #expect(seconds.error.hasPrefix("Error: '--before' takes whole minutes, such as 5m or 1h, not '90s'\n"))
    let bad = try syncups.run(["remind", "install", "--before", "soon"], environment: environment)
    #expect(bad.status == 64)
    #expect(!FileManager.default.fileExists(atPath: syncups.home.path + "/config/systemd"))
    let none = try syncups.run(["remind", "uninstall", "eng"], environment: environment)
    #expect(none.status == 1)
    #expect(none.error == "Error: 'Eng' has no reminder installed\n")
  }

  @Test func statusTellsTheRemindersWhoseRuleChanged() throws {
    let (syncups, environment) = try Self.home(Self.team())
    #expect(try syncups.run(["remind", "install"], environment: environment).status == 0)
    let current = try syncups.run(["remind", "status", "--json"], environment: environment)
    #expect(current.status == 0)
    let before = try #require(try syncups.json(current) as? [[String: Any]])
    #expect(before.map { $0["state"] as? String } == ["current", "current"])
    #expect(before.map { $0["rule"] as? String } == ["monthly on last fri 16:00", "weekdays 09:30"])
    #expect(before.map { $0["before"] as? Int } == [300, 300])
    // The next reminder of a weekday meeting at 09:30 in Berlin is at 09:25 there.
    let next = try #require(before[1]["next"] as? String)
    #expect(next.hasSuffix("T09:25:00+01:00") || next.hasSuffix("T09:25:00+02:00"))

    // A sync brings another rule for Eng and takes Design away.
    var team = Self.team()
    team[0].schedule = CalendarFixtures.schedule(
      rule: "FREQ=WEEKLY;BYDAY=MO,TH at 10:00", zone: "Europe/Berlin", from: "2026-11-02",
      revision: 2)
    team.remove(at: 1)
    try syncups.writeDataFile(CalendarFixtures.dataFile(team))
    let stale = try syncups.run(["remind", "status"], environment: environment)
    #expect(stale.status == 1)
    let lines = stale.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("SYNC-UP   BEFORE  NEXT"))
    #expect(lines[1].hasPrefix("00000000  5 min   -"))
    #expect(lines[1].hasSuffix("sync-up deleted: 'syncups remind uninstall' removes it"))
    #expect(lines[2].hasPrefix("Eng       5 min   "))
    #expect(lines[2].hasSuffix("rule changed: run 'syncups remind install' again"))

    #expect(try syncups.run(["remind", "install", "eng"], environment: environment).status == 0)
    #expect(try syncups.run(["remind", "uninstall", "00000000-0000-4000-8000-00000000000d"], environment: environment).status == 0)
    let again = try syncups.run(["remind", "status", "--json"], environment: environment)
    #expect(again.status == 0)
    let after = try #require(try syncups.json(again) as? [[String: Any]])
    #expect(after.map { $0["rule"] as? String } == ["mon,thu 10:00"])
    #expect(after.map { $0["state"] as? String } == ["current"])
  }

  /// The calendar events systemd is given, accepted by `systemd-analyze calendar`.
  @Test(
    .enabled(
      if: ExternalProgram.path("systemd-analyze") != nil,
      "systemd-analyze is not installed: skipping"))
  func systemdAcceptsEveryOnCalendar() throws {
    let rules = [
      "FREQ=DAILY at 00:02", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR at 09:30",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO at 15:00", "FREQ=MONTHLY;BYDAY=1MO at 10:00",
      "FREQ=MONTHLY;BYDAY=-1FR at 16:00", "FREQ=MONTHLY;BYMONTHDAY=15 at 10:00",
      "FREQ=MONTHLY;BYMONTHDAY=-1 at 10:00", "FREQ=MONTHLY;BYDAY=1MO at 00:01",
      "FREQ=MONTHLY;BYMONTHDAY=1 at 00:00",
    ]
    let syncUps = rules.enumerated().map { index, rule in
      CalendarFixtures.SyncUp(
        id: "00000000-0000-4000-8000-0000000001\(10 + index)", title: "S\(index)",
        schedule: CalendarFixtures.schedule(rule: rule, zone: "Europe/Berlin", from: "2026-11-02"))
    }
    let (syncups, environment) = try Self.home(syncUps)
    let installed = try syncups.run(["remind", "install", "--json"], environment: environment)
    #expect(installed.status == 0)
    let expressions = try #require(try syncups.json(installed) as? [[String: Any]])
      .compactMap { $0["onCalendar"] as? String }
    #expect(
      expressions == [
        "*-*-* 23:57:00 Europe/Berlin", "Mon,Tue,Wed,Thu,Fri *-*-* 09:25:00 Europe/Berlin",
        "Tue,Thu *-*-* 14:55:00 Europe/Berlin", "Mon *-*-01..07 09:55:00 Europe/Berlin",
        "Fri *-*~07/1 15:55:00 Europe/Berlin", "*-*-15 09:55:00 Europe/Berlin",
        "*-*~01 09:55:00 Europe/Berlin", "Sun *-*-* 23:56:00 Europe/Berlin",
        "*-*-* 23:55:00 Europe/Berlin",
      ])
    for expression in expressions {
      let checked = try ExternalProgram.run("systemd-analyze", ["calendar", expression])
      #expect(checked.status == 0, "\(expression): \(checked.standardError)")
    }
  }

  /// Daily at the minute five minutes from now (UTC), from yesterday: the meeting a reminder
  /// woken now is about, with Ana (the me setting) away on `awayDay`, and `skips`.
  static func dueNow(skips: [String] = [], awayDay: String? = nil) -> (
    [CalendarFixtures.SyncUp], meeting: Date
  ) {
    let now = Date()
    let meeting = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 + 300) / 60).rounded(.down) * 60)
    let away = awayDay.map { [(from: $0, to: $0)] } ?? []
    return (
      [
        CalendarFixtures.SyncUp(
          id: engID, title: "Eng", attendees: [(anaID, "Ana", away)],
          schedule: CalendarFixtures.schedule(
            rule: "FREQ=DAILY at \(CalendarFixtures.time(of: meeting))", zone: "UTC",
            from: CalendarFixtures.day(-1, from: meeting), skips: skips))
      ], meeting
    )
  }

  @Test func fireDryRunSaysWhatItWouldDoAndWhy() throws {
    let (normal, meeting) = Self.dueNow()
    let (syncups, environment) = try Self.home(normal)
    _ = try syncups.run(["config", "set", "me", "ana"], environment: environment)
    let day = CalendarFixtures.day(of: meeting)
    let json = try syncups.run(["remind", "fire", "eng", "--dry-run", "--json"], environment: environment)
    #expect(json.status == 0)
    let object = try #require(try syncups.json(json) as? [String: Any])
    #expect(object["remind"] as? Bool == true)
    #expect(object["reason"] is NSNull)
    #expect(object["meeting"] as? String == "\(day)T\(CalendarFixtures.time(of: meeting)):00+00:00")
    let text = try syncups.run(["remind", "fire", "eng", "--dry-run"], environment: environment)
    #expect(text.output.hasPrefix("Would remind of Eng's meeting at "))
    #expect(text.output.contains(", \(CalendarFixtures.time(of: meeting)) UTC, in "))

    // The day skipped.
    try syncups.writeDataFile(CalendarFixtures.dataFile(Self.dueNow(skips: [day]).0))
    let skipped = try syncups.run(["remind", "fire", "eng", "--dry-run", "--json"], environment: environment)
    let skippedObject = try #require(try syncups.json(skipped) as? [String: Any])
    #expect(skippedObject["remind"] as? Bool == false)
    #expect(skippedObject["reason"] as? String == "skipped")
    let skippedText = try syncups.run(["remind", "fire", "eng", "--dry-run"], environment: environment)
    #expect(skippedText.output.hasPrefix("Would stay silent: Eng's meeting at "))
    #expect(skippedText.output.hasSuffix(" UTC is skipped.\n"))

    // Ana, who the me setting says the user is, away that day.
    try syncups.writeDataFile(CalendarFixtures.dataFile(Self.dueNow(awayDay: day).0))
    let away = try syncups.run(["remind", "fire", "eng", "--dry-run", "--json"], environment: environment)
    #expect((try syncups.json(away) as? [String: Any])?["reason"] as? String == "away")
    let awayText = try syncups.run(["remind", "fire", "eng", "--dry-run"], environment: environment)
    #expect(awayText.output.hasPrefix("Would stay silent: you (the me setting) are away on the day of Eng's meeting at "))

    // Half an hour ahead, no meeting is due.
    let early = try syncups.run(
      ["remind", "fire", "eng", "--dry-run", "--json", "--before", "35m"], environment: environment)
    #expect((try syncups.json(early) as? [String: Any])?["reason"] as? String == "none-due")
  }

  @Test func fireRunsTheReminderHookAndSaysOneLine() throws {
    let (team, meeting) = Self.dueNow()
    let (syncups, environment) = try Self.home(team)
    let record = syncups.home.path + "/reminder.json"
    let hook = syncups.home.path + "/config/syncups/hooks/reminder"
    try FileManager.default.createDirectory(
      atPath: (hook as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "#!/bin/sh\ncat > '\(record)'\n".write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    let fired = try syncups.run(["remind", "fire", "eng"], environment: environment)
    #expect(fired.status == 0)
    #expect(fired.output == "")
    let time = CalendarFixtures.time(of: meeting)
    #expect(fired.error.hasPrefix("Eng: meeting at "))
    #expect(fired.error.contains(", \(time) UTC, in "))
    #expect(fired.error.hasSuffix(".\n") && fired.error.split(separator: "\n").count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record)))
        as? [String: Any])
    #expect(object["start"] as? String == "\(CalendarFixtures.day(of: meeting))T\(time):00+00:00")
    #expect(object["zone"] as? String == "UTC")
    #expect((object["syncUp"] as? [String: Any])?["id"] as? String == Self.engID)
    let seconds = try #require(object["in"] as? Int)
    #expect(seconds > 0 && seconds <= 300)

    // Silent on a day skipped: no hook, no line.
    try FileManager.default.removeItem(atPath: record)
    try syncups.writeDataFile(
      CalendarFixtures.dataFile(Self.dueNow(skips: [CalendarFixtures.day(of: meeting)]).0))
    let silent = try syncups.run(["remind", "fire", "eng"], environment: environment)
    #expect(silent.status == 0)
    #expect(silent.output == "" && silent.error == "")
    #expect(!FileManager.default.fileExists(atPath: record))
  }
}
