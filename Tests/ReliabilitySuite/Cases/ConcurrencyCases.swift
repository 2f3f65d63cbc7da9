#if os(Linux)
import ChildProcessSupport

/// Many processes changing one data file at once: none may lose another's change.
enum ConcurrencyCases {
  static var all: [ReliabilityCase] {
    [
      ReliabilityCase("concurrent-adds", concurrentAdds),
      ReliabilityCase("concurrent-edits", concurrentEdits),
      ReliabilityCase("concurrent-mixed", concurrentMixed),
    ]
  }

  /// 20 sync-ups with a meeting each, then at once: 8 adds, 6 renames, 4 deletes, 4 meeting
  /// deletes, 2 imports (one per format) on the data file, and 4 `config set`s of different
  /// settings on the settings file. Every change is present, in the expected order.
  static func concurrentMixed(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    var syncUps: [JSONValue] = []
    for index in 1...20 {
      let meeting = (
        id: context.random.uuid(), meeting: Fixtures.MeetingSpec(date: 1_770_000_000, transcript: "")
      )
      syncUps.append(
        Fixtures.syncUp(
          id: context.random.uuid(), title: "Team \(index)", attendees: [(context.random.uuid(), "Blob")],
          meetings: [meeting]))
    }
    try syncups.writeData(.array(syncUps))
    var imports: [String] = []
    var importedTitles: [[String]] = []
    for (offset, appFormat) in [false, true].enumerated() {
      let (document, titles) = Fixtures.dataset(
        count: 2, meetings: 1, titlePrefix: "Imported \(offset + 1)", appFormat: appFormat,
        random: &context.random)
      let path = syncups.workDirectory + "/import-\(offset + 1).json"
      try Files.write(document.encoded(), to: path)
      imports.append(path)
      importedTitles.append(titles)
    }
    var commands: [[String]] = []
    commands += (1...8).map { ["add", "--title", "Added \($0)"] }
    commands += (1...6).map { ["edit", "Team \($0)", "--title", "Renamed \($0)"] }
    commands += (7...10).map { ["delete", "Team \($0)", "--yes"] }
    commands += (11...14).map { ["meeting", "delete", "Team \($0)", "1", "--yes"] }
    commands += imports.map { ["import", $0] }
    commands += [
      ["config", "set", "bell", "off"], ["config", "set", "color", "never"],
      ["config", "set", "default-duration", "12m"], ["config", "set", "default-theme", "teal"],
    ]
    let outcomes = try ChildProcess.runConcurrently(commands.map { syncups.invocation(["-q"] + $0) })
    try requireAllSucceeded(outcomes, "command")

    let list = try syncups.listJSON()
    let titles = list.map { $0["title"] as? String ?? "?" }
    let kept = (1...20).filter { !(7...10).contains($0) }.map { $0 <= 6 ? "Renamed \($0)" : "Team \($0)" }
    try require(
      Array(titles.prefix(kept.count)) == kept, "the sync-ups there before are \(titles.prefix(kept.count))")
    let added = Set(titles.dropFirst(kept.count))
    let expectedAdded = Set((1...8).map { "Added \($0)" } + importedTitles.joined())
    try require(
      added == expectedAdded && titles.count == kept.count + expectedAdded.count,
      "added: missing \(expectedAdded.subtracting(added).sorted()), unexpected \(added.subtracting(expectedAdded).sorted())"
    )
    let emptied = Set((11...14).map { "Team \($0)" })
    for object in list where emptied.contains(object["title"] as? String ?? "") {
      let title = object["title"] as? String ?? "?"
      let meetings = (object["meetings"] as? [Any])?.count ?? -1
      try require(meetings == 0, "\(title) still has \(meetings) meetings after its meeting delete")
    }
    let config = try syncups.succeed("config", "list", "--json")
    let settings = parseJSON(config.stdout) as? [String: Any] ?? [:]
    try require(
      settings["bell"] as? Bool == false && settings["color"] as? String == "never"
        && settings["default-duration"] as? Int == 720 && settings["default-theme"] as? String == "teal",
      "settings after 4 concurrent config sets: \(visible(config.stdout, limit: 200))")
    try requireValidFileAndNoLeftovers(syncups.dataFile)
  }

  /// 50 `add`s started at once on one file (named by `SYNCUPS_FILE`): all 50 are listed, once
  /// each, and the file is valid JSON with nothing left behind.
  static func concurrentAdds(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let file = syncups.root + "/shared/sync-ups.json"
    let environment = ["SYNCUPS_FILE": file]
    let titles = (1...50).map { "Concurrent \($0)" }
    let outcomes = try ChildProcess.runConcurrently(
      titles.map {
        syncups.invocation(
          [
            "-q", "add", "--title", $0, "--attendee", "Blob", "--duration",
            "\(Int.random(in: 1...30, using: &context.random))m",
          ],
          environment: environment)
      })
    try requireAllSucceeded(outcomes, "add")
    let listed = try syncups.titles(arguments: ["--file", file])
    try require(listed.count == 50, "\(listed.count) sync-ups listed after 50 adds")
    try require(
      Set(listed) == Set(titles),
      "missing after concurrent adds: \(Set(titles).subtracting(listed).sorted().prefix(5))")
    try requireValidFileAndNoLeftovers(file)
  }

  /// 20 sync-ups, then 20 concurrent `edit`s, one per sync-up (title, length and a new
  /// attendee): every edit is present and the order is kept.
  static func concurrentEdits(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let file = syncups.root + "/edits.json"
    var ids: [String] = []
    var syncUps: [JSONValue] = []
    for index in 1...20 {
      let id = context.random.uuid()
      ids.append(id)
      syncUps.append(
        Fixtures.syncUp(id: id, title: "Before \(index)", attendees: [(context.random.uuid(), "Blob")]))
    }
    try Files.write(JSONValue.array(syncUps).encoded(), to: file)
    let outcomes = try ChildProcess.runConcurrently(
      ids.enumerated().map { offset, id in
        syncups.invocation([
          "--file", file, "-q", "edit", id, "--title", "After \(offset + 1)", "--duration", "\(offset + 1)m",
          "--add-attendee", "Editor \(offset + 1)",
        ])
      })
    try requireAllSucceeded(outcomes, "edit")
    let list = try syncups.listJSON(arguments: ["--file", file])
    try require(list.count == 20, "\(list.count) sync-ups listed after 20 edits of 20")
    for (offset, object) in list.enumerated() {
      let title = object["title"] as? String ?? "?"
      try require(object["id"] as? String == ids[offset], "the order changed: \(title) at \(offset + 1)")
      try require(title == "After \(offset + 1)", "edit \(offset + 1) lost its title: '\(title)'")
      try require(object["duration"] as? Int == (offset + 1) * 60, "edit \(offset + 1) lost its duration")
      let names = (object["attendees"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
      try require(names == ["Blob", "Editor \(offset + 1)"], "edit \(offset + 1) has attendees \(names)")
    }
    try requireValidFileAndNoLeftovers(file)
  }

  /// Fails with the first outcome that did not exit 0.
  static func requireAllSucceeded(_ outcomes: [Outcome], _ command: String) throws {
    let failures = outcomes.enumerated().filter { $0.element.status != 0 }
    guard let (index, first) = failures.first else { return }
    throw CaseFailure(
      "\(failures.count) of \(outcomes.count) concurrent \(command)s failed; #\(index + 1): \(first.summary): "
        + visible(Array(first.firstErrorLine.utf8)))
  }

  /// The file parses as a JSON array, and no temporary file is left next to it.
  static func requireValidFileAndNoLeftovers(_ file: String) throws {
    guard let bytes = Files.read(file), parseJSON(bytes) is [Any] else {
      throw CaseFailure("'\(file)' is not a JSON array")
    }
    let leftovers = Files.entries(of: Files.directory(of: file)).filter { $0.contains(".tmp") }
    try require(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }
}

#endif
