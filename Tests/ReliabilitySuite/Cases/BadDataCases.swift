#if os(Linux)
import ChildProcessSupport
import Glibc

/// A data file that cannot be read or decoded: every command fails with the documented status
/// and a message naming the file and the problem, and nothing on disk changes.
enum BadDataCases {
  static var all: [ReliabilityCase] {
    [
      // An empty file holds nothing yet; one holding only a line break is not JSON.
      badData("bad-data-blank", problem: "cannot decode") { syncups in
        try syncups.writeData([0x0A])
      },
      badData("bad-data-truncated", problem: "cannot decode") { syncups in
        let bytes = validDocument(syncups).encoded()
        try syncups.writeData(Array(bytes.prefix(bytes.count * 2 / 3)))
      },
      badData("bad-data-invalid-utf8", problem: "cannot decode") { syncups in
        // The first title holds bytes that are not UTF-8: FF, a lone continuation byte and an
        // encoded surrogate.
        guard case .array(var elements) = validDocument(syncups) else { return }
        let title = [0x22] + Array("Team ".utf8) + [0xFF, 0x80, 0xED, 0xA0, 0x80] + Array("1\"".utf8)
        elements[0] = elements[0].setting("title", to: .raw(title))
        try syncups.writeData(.array(elements))
      },
      badData("bad-data-wrong-types", problem: "cannot decode") { syncups in
        try syncups.writeData(
          .array([
            Fixtures.syncUp(id: "00000000-0000-0000-0000-000000000001", title: "Team 1", attendees: []),
            .object([
              ("attendees", .string("Blob")), ("duration", .string("5m")), ("id", .int(2)),
              ("meetings", .object([])), ("theme", .bool(true)), ("title", .number("3")),
            ]),
          ]))
      },
      badData("bad-data-duplicate-ids", problem: "duplicate sync-up id") { syncups in
        let id = "00000000-0000-0000-0000-00000000000A"
        try syncups.writeData(
          .array([
            Fixtures.syncUp(
              id: id, title: "Team 1", attendees: [("00000000-0000-0000-0000-000000000001", "Blob")]),
            Fixtures.syncUp(
              id: id, title: "Team 2", attendees: [("00000000-0000-0000-0000-000000000002", "Ana")]),
          ]))
      },
      badData("bad-data-directory", problem: "directory") { syncups in
        try Files.makeDirectory(syncups.dataFile)
        try Files.write("{}", to: syncups.dataFile + "/inside.json")
      },
      badData("bad-data-unreadable", problem: "Permission denied", unprivileged: true) { syncups in
        try syncups.writeData(validDocument(syncups))
        chmod(syncups.dataFile, 0)
      },
      badData("bad-data-dangling-symlink", problem: "does not exist") { syncups in
        try Files.makeDirectory(syncups.dataDirectory)
        symlink(syncups.root + "/moved-away/sync-ups.json", syncups.dataFile)
      },
      ReliabilityCase("bad-data-read-only-directory", readOnlyDirectory),
      ReliabilityCase("bad-data-read-only-file", readOnlyFile),
    ]
  }

  /// Reads and writes, each with the data file at its default place; `{}` marks where the
  /// name of a sync-up goes.
  static let readCommands: [[String]] = [
    ["list"], ["list", "--json"], ["show", "Team 1"], ["show", "--json", "Team 1"], ["meetings", "Team 1"],
    ["meeting", "show", "Team 1", "1"], ["export"], ["stats"], ["export", "--format", "app"],
    ["meeting", "show", "Team 1", "1", "--format", "markdown"],
  ]
  static let writeCommands: [[String]] = [
    ["add", "--title", "New"], ["edit", "Team 1", "--title", "Renamed"],
    ["edit", "Team 1", "--add-attendee", "Ana"],
    ["delete", "Team 1", "--yes"], ["meeting", "delete", "Team 1", "1", "--yes"],
    ["import", "IMPORT"],
  ]

  /// Two good sync-ups with a meeting each.
  static func validDocument(_ syncups: Syncups) -> JSONValue {
    var random = SplitMix64(seed: 7)
    return Fixtures.dataset(count: 2, meetings: 1, random: &random).document
  }

  /// A case that sets up a bad data file and checks every command against it: exit 65, an
  /// `Error:` line naming the file and containing `problem`, the scratch tree untouched (not
  /// even rewritten with the same bytes). The same is checked with the file named by `--file`
  /// and by `SYNCUPS_FILE`. With `unprivileged`, a root run uses another user (see
  /// ``Syncups/runUnprivilegedIfRoot()``).
  static func badData(
    _ name: String, problem: String, unprivileged: Bool = false, setUp: @escaping (Syncups) throws -> Void
  ) -> ReliabilityCase {
    ReliabilityCase(name) { context in
      let syncups = try context.makeSyncups()
      let importFile = try writeImportFile(syncups)
      try setUp(syncups)
      if unprivileged { try syncups.runUnprivilegedIfRoot() }
      let before = TreeSnapshot.take(of: syncups.root, identities: true)
      var runs: [(arguments: [String], environment: [String: String])] = []
      for command in readCommands + writeCommands {
        runs.append((command.map { $0 == "IMPORT" ? importFile : $0 }, [:]))
      }
      runs.append((["--file", syncups.dataFile, "list"], [:]))
      runs.append((["add", "--title", "Other"], ["SYNCUPS_FILE": syncups.dataFile]))
      for (arguments, environment) in runs {
        let outcome = try syncups.run(arguments, environment: environment)
        let what = "syncups \(arguments.joined(separator: " "))"
        try require(
          outcome.status == 65, "\(what): \(outcome.summary), expected exit 65: \(visible(outcome.stderr))")
        try requireMessage(outcome, names: syncups.dataFile, problem: problem, what)
        let after = TreeSnapshot.take(of: syncups.root, identities: true)
        try require(after == before, "\(what) changed the disk: \(before.changes(in: after))")
      }
    }
  }

  /// A good data file in a directory the user may not write: reads work; every write fails
  /// with exit 1 (an I/O error), a message naming the file, and nothing changed.
  static func readOnlyDirectory(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let importFile = try writeImportFile(syncups)
    try syncups.writeData(validDocument(syncups))
    try syncups.runUnprivilegedIfRoot()
    chmod(syncups.dataDirectory, 0o500)
    try requireReadsWorkAndWritesFail(
      syncups, importing: importFile, problem: "Permission denied", ignoringLocks: false)
  }

  /// A good data file the user made read-only (`chmod 444`) in a writable directory: reads
  /// work; every write fails with exit 1, a message naming the file and saying it is read-only,
  /// and the file left as it is (the same inode, bytes and mode). Run as whoever runs the
  /// suite, root included, whom the permission bits alone would not stop.
  static func readOnlyFile(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let importFile = try writeImportFile(syncups)
    try syncups.writeData(validDocument(syncups))
    chmod(syncups.dataFile, 0o444)
    try requireReadsWorkAndWritesFail(
      syncups, importing: importFile, problem: "the file is read-only", ignoringLocks: true)
  }

  /// Every read command succeeds; every write command fails with exit 1 and a message naming
  /// the data file and `problem`, and leaves the disk as it was (lock files aside when
  /// `ignoringLocks`, since taking the lock may create one).
  private static func requireReadsWorkAndWritesFail(
    _ syncups: Syncups, importing importFile: String, problem: String, ignoringLocks: Bool
  ) throws {
    let before = TreeSnapshot.take(of: syncups.root, identities: true, ignoringLocks: ignoringLocks)
    for command in readCommands {
      let outcome = try syncups.run(command)
      try require(
        outcome.status == 0,
        "syncups \(command.joined(separator: " ")): \(outcome.summary): \(visible(outcome.stderr))")
    }
    for command in writeCommands {
      let arguments = command.map { $0 == "IMPORT" ? importFile : $0 }
      let what = "syncups \(arguments.joined(separator: " "))"
      let outcome = try syncups.run(arguments)
      try require(
        outcome.status == 1, "\(what): \(outcome.summary), expected exit 1: \(visible(outcome.stderr))")
      try requireMessage(outcome, names: syncups.dataFile, problem: problem, what)
      let after = TreeSnapshot.take(of: syncups.root, identities: true, ignoringLocks: ignoringLocks)
      try require(after == before, "\(what) changed the disk: \(before.changes(in: after))")
    }
  }

  /// An import file of one new sync-up, in the working directory.
  static func writeImportFile(_ syncups: Syncups) throws -> String {
    let path = syncups.workDirectory + "/import.json"
    var random = SplitMix64(seed: 11)
    try Files.write(
      Fixtures.dataset(count: 1, meetings: 0, titlePrefix: "Imported", random: &random).document.encoded(),
      to: path)
    return path
  }

  /// Standard error is one `Error:` line naming `file` and saying `problem`.
  static func requireMessage(_ outcome: Outcome, names file: String, problem: String, _ what: String) throws {
    if let shape = OutputChecks.errorShapeProblem(outcome) { throw CaseFailure("\(what): \(shape)") }
    let line = outcome.firstErrorLine
    try require(
      line.contains("'\(file)'"), "\(what): the message does not name the file: \(visible(Array(line.utf8)))")
    try require(
      line.contains(problem), "\(what): the message does not say '\(problem)': \(visible(Array(line.utf8)))")
  }
}

#endif
