#if os(Linux)
/// Many processes changing one data file at once: none may lose another's change.
enum ConcurrencyCases {
  static var all: [ReliabilityCase] {
    [
      ReliabilityCase("concurrent-adds", concurrentAdds),
      ReliabilityCase("concurrent-edits", concurrentEdits),
    ]
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
