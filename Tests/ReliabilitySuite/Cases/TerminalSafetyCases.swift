#if os(Linux)
import ChildProcessSupport

/// User text full of terminal controls (titles, attendee names, transcripts, and words on the
/// command line) never reaches the terminal raw.
enum TerminalSafetyCases {
  static var all: [ReliabilityCase] {
    [
      ReliabilityCase("terminal-safety-plain", plainOutput),
      ReliabilityCase("terminal-safety-color", colorOutput),
      ReliabilityCase("terminal-safety-json", jsonOutput),
      ReliabilityCase("terminal-safety-messages", messages),
      ReliabilityCase("terminal-safety-errors", errors),
    ]
  }

  /// Text a terminal would act on: CSI, OSC (ended by BEL and by ST), a hyperlink, DCS, a
  /// reset, the alternate screen, 8-bit C1 controls, BEL, backspaces, CR, tabs, DEL, NUL, bidi
  /// overrides and separators, a lone ESC, and SGR sequences that look like syncups's own.
  static let payloads = [
    "\u{1B}[2J\u{1B}[H", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;http://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\",
    "\u{9B}31m", "\u{9D}0;x\u{9C}", "\u{07}\u{08}\u{08}", "cr\rhere", "tab\t\u{0B}\u{0C}", "del\u{7F}",
    "\u{85}nel",
    "\u{00}nul", "\u{1B}P1$r\u{1B}\\", "\u{1B}c", "\u{1B}[?1049h", "\u{202E}evil", "line\u{2028}sep",
    "\u{1B}[31mred\u{1B}[0m", "\u{1B}", "\u{1B}[", "\u{1B}[38;2;1;2;3m",
  ]

  /// The data: one sync-up per payload (in its title, two attendee names and a two-meeting
  /// history whose transcripts hold every payload), plus one with a blank title and name.
  struct HostileData {
    var ids: [String] = []
    var meetingIDs: [String] = []
  }

  static func setUp(_ syncups: Syncups, _ random: inout SplitMix64) throws -> HostileData {
    var data = HostileData()
    var syncUps: [JSONValue] = []
    for (index, payload) in payloads.enumerated() {
      let id = random.uuid()
      data.ids.append(id)
      let meetings = (0..<2).map { offset in
        let meetingID = random.uuid()
        if offset == 0 { data.meetingIDs.append(meetingID) }
        return (
          id: meetingID,
          meeting: Fixtures.MeetingSpec(
            date: 1_770_000_000 - offset * 86_400,
            transcript: payloads.map { "Blob\(payload): \($0)" }.joined(separator: "\n"))
        )
      }
      syncUps.append(
        Fixtures.syncUp(
          id: id, title: "Evil \(index) \(payload)",
          attendees: [(random.uuid(), "Blob\(payload)"), (random.uuid(), payload + " Jr")],
          theme: Fixtures.themes[index % 16], meetings: meetings))
    }
    let blank = random.uuid()
    data.ids.append(blank)
    syncUps.append(Fixtures.syncUp(id: blank, title: "", attendees: [(random.uuid(), " ")]))
    try syncups.writeData(.array(syncUps))
    return data
  }

  /// Every human-output command over the hostile data.
  static func humanCommands(_ data: HostileData) -> [[String]] {
    var commands: [[String]] = [["list"], ["themes"], ["config", "list"], ["__complete", "syncups"]]
    for (index, id) in data.ids.enumerated() {
      commands.append(["show", id])
      if index < data.meetingIDs.count {
        commands.append(["meetings", id])
        commands.append(["meeting", "show", id, "1"])
        commands.append(["meeting", "show", id, String(data.meetingIDs[index].prefix(8))])
        commands.append(["__complete", "meetings", id])
        commands.append(["__complete", "attendees", id])
      }
    }
    return commands
  }

  /// The output to check for controls: `__complete meetings` ends each candidate with one tab
  /// before its description, as fish reads it; that tab is layout, not text, and is left out.
  static func text(of stdout: [UInt8], for command: [String]) -> [UInt8] {
    guard command.prefix(2) == ["__complete", "meetings"] else { return stdout }
    var result: [UInt8] = []
    var tabSeen = false
    for byte in stdout {
      if byte == 0x0A { tabSeen = false }
      if byte == 0x09 && !tabSeen {
        tabSeen = true
        result.append(0x20)
      } else {
        result.append(byte)
      }
    }
    return result
  }

  /// With `NO_COLOR=1`: no ESC or other control in any human output (stdout and stderr), and
  /// every command did print something.
  static func plainOutput(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let data = try setUp(syncups, &context.random)
    for command in humanCommands(data) {
      let outcome = try syncups.succeed(command, environment: ["NO_COLOR": "1"])
      try require(!outcome.stdout.isEmpty, "syncups \(command.joined(separator: " ")) printed nothing")
      try requireClean(
        text(of: outcome.stdout, for: command), "stdout of syncups \(command.joined(separator: " "))")
      try requireClean(outcome.stderr, "stderr of syncups \(command.joined(separator: " "))")
    }
  }

  /// With `--color always`, and with the `color` setting at `always`: every ESC on stdout
  /// starts one of syncups's own SGR sequences (the payloads that are not SGR-shaped would
  /// show otherwise; the SGR-shaped ones are caught by ``plainOutput(_:)``), and colour really
  /// was on.
  static func colorOutput(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let data = try setUp(syncups, &context.random)
    var colored = 0
    for command in humanCommands(data) {
      let outcome = try syncups.succeed(["--color", "always"] + command)
      if outcome.stdout.contains(0x1B) { colored += 1 }
      try requireClean(
        text(of: outcome.stdout, for: command),
        "stdout of syncups --color always \(command.joined(separator: " "))",
        allowingSGR: true)
      try requireClean(outcome.stderr, "stderr of syncups --color always \(command.joined(separator: " "))")
    }
    try require(colored > 0, "--color always coloured nothing")
    try syncups.succeed("config", "set", "color", "always")
    for command in [["list"], ["show", data.ids[0]], ["meeting", "show", data.ids[1], "1"]] {
      let outcome = try syncups.succeed(command)
      try require(outcome.stdout.contains(0x1B), "the color setting 'always' coloured nothing")
      try requireClean(
        outcome.stdout, "stdout of syncups \(command.joined(separator: " ")) (color always)",
        allowingSGR: true)
    }
  }

  /// `--json` and `export` output escape every character a terminal might act on (C0 controls,
  /// as JSON requires, and C1 controls, DEL, bidirectional formatting characters and the
  /// separators, as syncups's JSON writer does), so JSON printed to a terminal is as safe as
  /// human output.
  static func jsonOutput(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let data = try setUp(syncups, &context.random)
    var commands: [[String]] = [["list", "--json"], ["export"], ["config", "list", "--json"]]
    for id in data.ids.prefix(data.meetingIDs.count) {
      commands += [
        ["show", "--json", id], ["meetings", "--json", id], ["meeting", "show", "--json", id, "1"],
      ]
    }
    for command in commands {
      let outcome = try syncups.succeed(command)
      let what = "stdout of syncups \(command.joined(separator: " "))"
      try requireClean(outcome.stdout, what)
      try require(parseJSON(outcome.stdout) != nil, "\(what) is not JSON")
    }
  }

  /// Messages on stderr that quote user text: added, updated, deleted, skipped on import, an
  /// ambiguous reference listing its candidates, "Did you mean" suggestions.
  static func messages(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let data = try setUp(syncups, &context.random)
    let exported = try syncups.succeed("export")
    let hostile = payloads.joined()
    let runs: [(arguments: [String], input: Invocation.Input, status: Int32)] = [
      (["add", "--title", "New " + hostile, "--attendee", hostile], .null, 0),
      (["edit", data.ids[0], "--title", "Renamed " + hostile, "--add-attendee", hostile], .null, 0),
      (["edit", data.ids[1], "--remove-attendee", "Blob"], .null, 1),
      (["edit", data.ids[1], "--rename-attendee", "nobody=" + hostile], .null, 1),
      (["show", "Evil"], .null, 1),
      (["show", "evil 2 \u{1B}]0;pwned\u{07}x"], .null, 1),
      (["meeting", "show", data.ids[2], "Evil"], .null, 1),
      (["import", "-"], .bytes(exported.stdout), 0),
      (["delete", data.ids[3], "--yes"], .null, 0),
      (["meeting", "delete", data.ids[4], "1", "--yes"], .null, 0),
      (["delete", data.ids[5]], .null, 64),
    ]
    for run in runs {
      let outcome = try syncups.run(run.arguments, input: run.input, environment: ["NO_COLOR": "1"])
      let what = "syncups \(run.arguments.joined(separator: " ").replacingControls().clipped(50))"
      try require(
        outcome.status == run.status,
        "\(what): \(outcome.summary), expected exit \(run.status): \(visible(outcome.stderr))")
      try requireClean(outcome.stdout, "stdout of \(what)")
      if outcome.status != 0, let shape = OutputChecks.errorShapeProblem(outcome) {
        throw CaseFailure("\(what): \(shape)")
      }
      try requireClean(outcome.stderr, "stderr of \(what)")
    }
  }

  /// Words from the command line quoted in error messages: unknown commands and options,
  /// unexpected arguments, bad values, unknown references, and file names (of the data file
  /// and of an import): always one `Error:` line, never a raw control.
  static func errors(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    _ = try setUp(syncups, &context.random)
    let hostile = "x\u{1B}[2J\u{1B}]0;pwned\u{07}\ninjected\r\u{9B}31m"
    let corrupt = syncups.workDirectory + "/data \u{1B}[2J\nfile.json"
    try Files.write("[{", to: corrupt)
    let runs: [[String]] = [
      [hostile], ["list", hostile], ["--" + hostile], ["add", "--title", "T", "--" + hostile],
      ["-q" + hostile],
      ["add", "--title", "T", "--duration", hostile], ["add", "--title", "T", "--theme", hostile],
      ["edit", "Evil 1", "--rename-attendee", hostile], ["config", "set", "bell", hostile],
      ["config", "set", "color", hostile], ["config", "get", hostile], ["--color", hostile, "list"],
      ["help", hostile], ["completions", hostile], ["__complete", hostile], ["meeting", hostile],
      ["show", hostile], ["edit", hostile, "--title", "T"], ["meeting", "show", "Evil 1", hostile],
      ["edit", "Evil 1", "--remove-attendee", hostile], ["import", hostile + ".json"],
      ["--file", corrupt, "list"], ["--file", corrupt, "add", "--title", "T"],
    ]
    for arguments in runs {
      let outcome = try syncups.run(arguments)
      let what = "syncups \(arguments.joined(separator: " ").replacingControls().clipped(60))"
      try require(
        outcome.status != 0 && outcome.signal == nil, "\(what): \(outcome.summary), expected a failure")
      if let shape = OutputChecks.errorShapeProblem(outcome) { throw CaseFailure("\(what): \(shape)") }
    }
  }

  /// Fails when `bytes` hold a raw terminal control (see ``OutputChecks/rawControl(in:allowingSGR:)``).
  static func requireClean(_ bytes: [UInt8], _ what: String, allowingSGR: Bool = false) throws {
    if let control = OutputChecks.rawControl(in: bytes, allowingSGR: allowingSGR) {
      throw CaseFailure("\(what) has a \(control)")
    }
  }
}

#endif
