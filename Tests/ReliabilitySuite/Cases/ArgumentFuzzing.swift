#if os(Linux)
import ChildProcessSupport

/// Thousands of generated command lines: syncups never crashes, exits only with documented
/// statuses, explains every failure in the documented shape, and changes nothing when it fails.
enum ArgumentFuzzing {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("argument-fuzzing", fuzzArguments)]
  }

  static let vectors = 2_000

  /// The scratch files the vectors refer to (relative to the working directory).
  enum Fixture {
    static let importOurs = "import-ours.json"
    static let importApp = "import-app.json"
    static let importBad = "import-bad.json"
    static let otherData = "other.json"
    static let corruptData = "corrupt.json"
    static let directory = "a-directory"
  }

  /// 2,000 argument vectors (see ``Generator``) against a data file with a few sync-ups and
  /// meetings, standard input `/dev/null`. For each: not killed by a signal and not hung; an
  /// exit status from the documented set; on failure, standard error in the documented shape
  /// (see ``OutputChecks/errorShapeProblem(_:)``) and the scratch tree unchanged (lock
  /// sidecars aside); without `--color always`, no ESC on standard output. After a successful
  /// change the tree is put back, so every vector starts from the same data.
  static func fuzzArguments(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let generator = try setUp(syncups, random: &context.random)
    let baseline = TreeSnapshot.take(of: syncups.root, ignoringLocks: true)
    var firstFailure: String?
    var failureCount = 0
    var statuses: [Int32: Int] = [:]
    for number in 1...vectors {
      let (arguments, command) = generator.vector(&context.random)
      let outcome = try ChildProcess.run(syncups.invocation(arguments, timeout: 20))
      statuses[outcome.status ?? -1, default: 0] += 1
      let after = TreeSnapshot.take(of: syncups.root, ignoringLocks: true)
      let changes = baseline.changes(in: after)
      if let problem = problem(outcome, arguments: arguments, command: command, changes: changes) {
        failureCount += 1
        context.note("#\(number) \(visible(arguments: arguments).clipped(300)): \(problem)")
        if firstFailure == nil {
          firstFailure = "#\(number) \(visible(arguments: arguments).clipped(160)): \(problem)"
        }
      }
      if after != baseline { try baseline.restore(at: syncups.root) }
    }
    context.note(
      "exit statuses: \(statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))"
    )
    if failureCount > 0 {
      throw CaseFailure(
        "\(failureCount) of \(vectors) vectors failed (--verbose lists them); first: \(firstFailure ?? "")")
    }
    // A fuzzer that only ever hits usage errors tests little: make sure commands also ran.
    try require(
      statuses[0, default: 0] >= vectors / 20,
      "only \(statuses[0, default: 0]) vectors succeeded: \(statuses)")
    try require(statuses[1, default: 0] > 0, "no vector reached a runtime failure: \(statuses)")
  }

  /// What is wrong with one run, or nil.
  static func problem(_ outcome: Outcome, arguments: [[UInt8]], command: [String], changes: String) -> String?
  {
    if outcome.timedOut { return "hung (killed after \(Int(outcome.elapsed)) s)" }
    if let signal = outcome.signal {
      return "killed by signal \(signal): \(visible(outcome.stderr, limit: 80))"
    }
    let status = outcome.status ?? -1
    guard OutputChecks.documentedStatuses.contains(status) else {
      return "undocumented exit status \(status): \(visible(outcome.stderr, limit: 80))"
    }
    // Option values are read in any case: `--color ALWAYS` asks for colour too.
    let wantsColor = arguments.contains {
      String(decoding: $0, as: UTF8.self).lowercased().hasSuffix("always")
    }
    if !wantsColor, outcome.stdout.contains(0x1B) {
      return "ESC on stdout without --color always: \(visible(outcome.stdout, limit: 80))"
    }
    if status == 0 && !changes.isEmpty && Generator.readOnlyCommands.contains(command) {
      return
        "the read-only command '\(command.joined(separator: " "))' changed the files: \(changes.clipped(100))"
    }
    guard status != 0 else { return nil }
    let traced = arguments.contains(Array("--trace".utf8))
    if let shape = OutputChecks.errorShapeProblem(outcome, traced: traced) { return shape }
    if !changes.isEmpty { return "exit \(status) but the files changed: \(changes.clipped(100))" }
    return nil
  }

  /// Writes the data file (four sync-ups, meetings, an ambiguous prefix, a non-ASCII title),
  /// a settings file, and the files vectors may name; returns a generator that knows them.
  static func setUp(_ syncups: Syncups, random: inout SplitMix64) throws -> Generator {
    var ids: [String] = []
    var meetingIDs: [String] = []
    func id() -> String {
      let value = random.uuid()
      ids.append(value)
      return value
    }
    func meeting(_ date: Int, _ transcript: String) -> (id: String, meeting: Fixtures.MeetingSpec) {
      let value = random.uuid()
      meetingIDs.append(value)
      return (value, Fixtures.MeetingSpec(date: date, transcript: transcript))
    }
    let document = JSONValue.array([
      Fixtures.syncUp(
        id: id(), title: "Engineering", attendees: [(id(), "Blob"), (id(), "Blob Jr"), (id(), "Blob Sr")],
        duration: 600, theme: "teal",
        meetings: [meeting(1_770_628_500, "Blob: shipped it\nBlob Jr: docs"), meeting(1_770_399_630, "")]),
      Fixtures.syncUp(
        id: id(), title: "Design", attendees: [(id(), "Ana")],
        meetings: [meeting(1_760_000_000, "Ana: mocks")]),
      Fixtures.syncUp(
        id: id(), title: "Design Review", attendees: [(id(), "Ben"), (id(), "Ana")], duration: 1_800),
      Fixtures.syncUp(id: id(), title: "Ünïcödé ☕ 日本", attendees: [(id(), "Zoë")], theme: "navy"),
    ])
    try syncups.writeData(document)
    try syncups.succeed("config", "set", "default-duration", "10m")
    try syncups.succeed("add", "--title", "Scratch")  // creates the lock sidecar once
    try syncups.succeed("delete", "Scratch", "--yes")
    try syncups.writeData(document)
    let work = syncups.workDirectory
    try Files.write(
      Fixtures.dataset(count: 2, meetings: 1, titlePrefix: "Imported", random: &random).document.encoded(),
      to: work + "/" + Fixture.importOurs)
    try Files.write(
      Fixtures.dataset(count: 1, meetings: 2, titlePrefix: "App", appFormat: true, random: &random).document
        .encoded(),
      to: work + "/" + Fixture.importApp)
    try Files.write(#"[{"title": 3}]"#, to: work + "/" + Fixture.importBad)
    try Files.write(
      Fixtures.dataset(count: 1, meetings: 0, titlePrefix: "Other", random: &random).document.encoded(),
      to: work + "/" + Fixture.otherData)
    try Files.write("[{", to: work + "/" + Fixture.corruptData)
    try Files.makeDirectory(work + "/" + Fixture.directory)
    return Generator(dataFile: syncups.dataFile, ids: ids, meetingIDs: meetingIDs)
  }

  /// Draws argument vectors: known and unknown commands, options in every spelling, missing
  /// and extra values, and values that are huge, empty, non-ASCII, control characters, invalid
  /// UTF-8 or very long. It never names `start` (a meeting would wait for its timer) and only
  /// gives `--file` paths inside the scratch directory.
  struct Generator {
    let dataFile: String
    let ids: [String]
    let meetingIDs: [String]

    /// What an option or argument takes.
    enum Kind {
      case syncUp, meeting, title, name, duration, theme, rename, configKey, configValue, color, shell,
        helpTopic, importPath, filePath, completionKind, meetingCount, since, meetingFormat,
        exportFormat, none
    }

    /// A command path, the positional arguments and the options it takes.
    typealias CommandShape = (path: [String], arguments: [Kind], options: [(String, Kind)])

    /// Known command paths, with the positional arguments and options each takes.
    static let commands: [CommandShape] = [
      (["list"], [], []),
      (["show"], [.syncUp], []),
      (
        ["add"], [],
        [("--title", .title), ("--attendee", .name), ("--duration", .duration), ("--theme", .theme)]
      ),
      (
        ["edit"], [.syncUp],
        [
          ("--title", .title), ("--duration", .duration), ("--theme", .theme), ("--add-attendee", .name),
          ("--remove-attendee", .name), ("--rename-attendee", .rename),
        ]
      ),
      (["delete"], [.syncUp], [("--yes", .none), ("-y", .none)]),
      (["meetings"], [.syncUp], []),
      (["meeting"], [], []),
      (["meeting", "show"], [.syncUp, .meeting], [("--format", .meetingFormat)]),
      (["meeting", "delete"], [.syncUp, .meeting], [("--yes", .none), ("-y", .none)]),
      (["stats"], [.syncUp], [("--last", .meetingCount), ("--since", .since)]),
      (["themes"], [], []),
      (["config"], [], []),
      (["config", "list"], [], []),
      (["config", "get"], [.configKey], []),
      (["config", "set"], [.configKey, .configValue], []),
      (["config", "unset"], [.configKey], []),
      (["import"], [.importPath], []),
      (["export"], [], [("--format", .exportFormat)]),
      (["completions"], [.shell], []),
      (["help"], [.helpTopic], []),
      (["__complete"], [.completionKind, .syncUp], []),
      ([], [], []),
    ]

    static let globalOptions: [(String, Kind)] = [
      ("--file", .filePath), ("--json", .none), ("--color", .color), ("--quiet", .none), ("-q", .none),
      ("--trace", .none), ("--help", .none), ("-h", .none), ("--version", .none),
    ]

    static let unknownOptions = [
      "--titel", "--TITLE", "--title-x", "---title", "--", "-", "--=x", "-=", "--json=1", "--yes=no", "-1",
      "-qy", "-yq", "-qx", "-x", "-qj", "--col", "--no-color", "-tDesign", "--attendee=", "--durration",
    ]

    static let unknownCommands = [
      "lsit", "ad", "delte", "shwo", "meeting-show", "config-set", "LIST", "List", "themes2", "exprot",
      "imprt",
      "help2", "completion", "version", "", " ", "-", "--",
    ]

    /// One argument vector.
    /// The commands that never change a file, when they succeed.
    static let readOnlyCommands: Set<[String]> = [
      ["list"], ["show"], ["meetings"], ["meeting"], ["meeting", "show"], ["stats"], ["themes"],
      ["config"],
      ["config", "list"], ["config", "get"], ["export"], ["completions"], ["help"], ["__complete"], [],
    ]

    /// One argument vector, and the command path it was drawn for (a vector that succeeds ran
    /// that command: an unknown one fails).
    func vector(_ random: inout SplitMix64) -> (words: [[UInt8]], command: [String]) {
      var words: [[UInt8]] = []
      func add(_ text: String) { words.append(Array(text.utf8)) }
      let command: CommandShape =
        random.chance(0.85) ? random.pick(Self.commands) : ([random.pick(Self.unknownCommands)], [], [])
      var options: [(String, Kind)] = []
      for _ in 0..<random.int(0...3) {
        options.append(
          random.chance(0.7) && !command.options.isEmpty
            ? random.pick(command.options) : random.pick(Self.globalOptions))
      }
      if random.chance(0.15) { options.append((random.pick(Self.unknownOptions), .none)) }
      // Global options may come before the command.
      for option in options where random.chance(0.2) { addOption(option, to: &words, &random) }
      command.path.forEach(add)
      var positionals = command.arguments
      if random.chance(0.15) && !positionals.isEmpty { positionals.removeLast() }  // missing
      if random.chance(0.1) { positionals.append(random.pick([Kind.title, .syncUp, .meeting])) }  // extra
      for kind in positionals { words.append(value(kind, &random)) }
      for option in options where random.chance(0.8) { addOption(option, to: &words, &random) }
      if command.path == ["add"] && random.chance(0.7) { addOption(("--title", .title), to: &words, &random) }
      if random.chance(0.05) { words.insert(Array("--".utf8), at: random.int(0...words.count)) }
      if random.chance(0.05) { words.append(value(random.pick([Kind.title, .name]), &random)) }
      return (sanitized(words), command.path)
    }

    private func addOption(_ option: (String, Kind), to words: inout [[UInt8]], _ random: inout SplitMix64) {
      let (name, kind) = option
      if kind == .none {
        words.append(Array(name.utf8))
      } else if random.chance(0.1) {
        words.append(Array(name.utf8))  // missing value
      } else if random.chance(0.2) && name.hasPrefix("--") {
        words.append(Array((name + "=").utf8) + value(kind, &random))
      } else {
        words.append(Array(name.utf8))
        words.append(value(kind, &random))
      }
    }

    /// No `start` (a meeting would run its timer out), and `--file` only inside the scratch
    /// directory.
    private func sanitized(_ words: [[UInt8]]) -> [[UInt8]] {
      var result = words.map { $0 == Array("start".utf8) ? Array("stop".utf8) : $0 }
      for index in result.indices {
        if result[index] == Array("--file".utf8), index + 1 < result.count {
          result[index + 1] = safeFile(result[index + 1])
        } else if result[index].starts(with: Array("--file=".utf8)) {
          result[index] = Array("--file=".utf8) + safeFile(Array(result[index].dropFirst(7)))
        }
      }
      return result
    }

    private func safeFile(_ word: [UInt8]) -> [UInt8] {
      let text = String(decoding: word, as: UTF8.self)
      let safe = [
        dataFile, Fixture.otherData, Fixture.corruptData, Fixture.directory, "new.json", Fixture.importBad,
        "",
      ]
      return safe.contains(text) || word.starts(with: Array("-".utf8))
        ? word : Array(safe[word.count % safe.count].utf8)
    }

    /// A value for `kind`: usually a plausible one, sometimes anything.
    func value(_ kind: Kind, _ random: inout SplitMix64) -> [UInt8] {
      if random.chance(0.12) { return Self.anything(&random) }
      let text: String
      switch kind {
      case .syncUp:
        let id = random.pick(ids)
        text = random.pick([
          "Engineering", "eng", "ENG", "Design", "des", "Design Review", "design r", "d", "Ünï",
          "ünïcödé ☕ 日本", "",
          String(id.prefix(4)), String(id.prefix(8)), id, id.lowercased(), "0000", "zzzz", "Nope",
          "Engineerign",
        ])
      case .meeting:
        let id = random.pick(meetingIDs)
        text = random.pick([
          "1", "2", "3", "0", "-1", "01", "+1", "99999999999999999999999", String(id.prefix(4)), id, "abcd",
          "",
        ])
      case .title, .name:
        text = random.pick(["Standup", "Blob", "Blob Jr", "Ana", "  ", "", "Zoë", "👩‍👩‍👧 Team", "Design"])
      case .duration:
        text = random.pick([
          "5m", "90s", "1m30s", "1h", "1h30m", "5", "0", "24h", "25h", "86400s", "86401s", "1s", "0s", "-5",
          "1.5",
          "5m5m", "m", "h", "999999999999999999999", "1e3", " 5m", "", "9223372036854775807", "1440", "1441",
        ])
      case .theme:
        text = random.pick(Fixtures.themes + ["TEAL", "Teal", "nope", "", "tea", "bubble gum"])
      case .rename:
        text = random.pick([
          "Blob=Bob", "Blob Jr=Blob", "=x", "x=", "noequals", "blob sr=", "Ana=Ana", "Blob==B",
        ])
      case .configKey:
        text = random.pick([
          "bell", "color", "default-duration", "default-theme", "colour", "BELL", "", "bel",
        ])
      case .configValue:
        text = random.pick([
          "on", "off", "true", "no", "1", "auto", "always", "never", "5m", "teal", "loud", "", "0",
        ])
      case .color:
        text = random.pick(["auto", "always", "never", "sometimes", "", "ALWAYS"])
      case .shell:
        text = random.pick(["bash", "zsh", "fish", "tcsh", ""])
      case .helpTopic:
        text = random.pick([
          "add", "edit", "meeting", "meeting show", "config", "config set", "nope", "help", "",
        ])
      case .importPath:
        text = random.pick([
          Fixture.importOurs, Fixture.importApp, Fixture.importBad, "-", "missing.json", Fixture.directory,
          ".",
        ])
      case .filePath:
        text = random.pick([dataFile, Fixture.otherData, Fixture.corruptData, Fixture.directory, "new.json"])
      case .completionKind:
        text = random.pick(["syncups", "meetings", "themes", ""])
      case .meetingCount:
        text = random.pick(["1", "3", "0", "-2", "+1", "x", "", "99999999999999999999999"])
      case .since:
        text = random.pick([
          "2026-11-01", "2009-02-13", "7d", "12h", "4w", "0d", "3y", "2026-02-30", "", "1",
          "9223372036854775807w",
        ])
      case .meetingFormat:
        text = random.pick(["text", "markdown", "Markdown", "html", ""])
      case .exportFormat:
        text = random.pick(["json", "app", "markdown", "yaml", ""])
      case .none:
        text = "x"
      }
      return Array(text.utf8)
    }

    /// Anything at all: control characters, escape sequences, odd Unicode, invalid UTF-8,
    /// huge numbers, very long words (never a NUL, which `argv` cannot carry, and never a
    /// slash, so it cannot name a path outside the scratch directory).
    static func anything(_ random: inout SplitMix64) -> [UInt8] {
      let pieces: [[UInt8]] = [
        Array("\u{1B}[2J\u{1B}[H".utf8), Array("\u{1B}]0;pwned\u{07}".utf8), Array("\u{9B}31m".utf8),
        Array("line\nbreak".utf8), Array("tab\there".utf8), Array("cr\rhere".utf8), Array("\u{7F}".utf8),
        Array("\u{202E}evil".utf8), Array("\u{2028}".utf8), Array("👩‍👩‍👧".utf8), Array("é".utf8),
        Array("日本語".utf8), Array("\u{200B}".utf8), [0xFF], [0xC3], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80],
        Array("184467440737095516161844674407370955161".utf8), Array("-0".utf8), Array("NaN".utf8),
        Array("1e309".utf8), Array("0x10".utf8), Array("%s%n".utf8), Array("$(id)".utf8), Array("'\"".utf8),
        Array("=".utf8), Array("-".utf8), Array("--".utf8), Array(" ".utf8),
      ]
      var word: [UInt8] = []
      for _ in 0..<random.int(1...4) { word += random.pick(pieces) }
      if random.chance(0.08) {
        let unit = random.pick([Array("a".utf8), Array("☕".utf8), Array("\u{1B}".utf8), [0xFF]])
        for _ in 0..<random.pick([1_000, 10_000, 30_000]) { word += unit }  // argv words stay under 128 KiB
      }
      return word
    }
  }
}

#endif
