#if os(Linux)
/// A disk that fills up during a save: the command fails clearly and the old file survives.
enum FullDiskCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("full-disk", fullDisk)]
  }

  /// Every mutating command under an `RLIMIT_FSIZE` too small for the new file (16 bytes, and
  /// half the old file's size, so the write fails part-way), with `SIGXFSZ` at its default
  /// action, as `ulimit -f` in a shell leaves it (syncups ignores it itself, so that the write
  /// fails with `EFBIG` rather than killing it): exit 1 (an I/O error), `Error: cannot write
  /// '<file>': File too large`, the old data and settings files intact byte for byte, and no
  /// temporary file left in the directory.
  static func fullDisk(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let (document, titles) = Fixtures.dataset(count: 20, meetings: 3, random: &context.random)
    try syncups.writeData(document)
    guard case .array(let elements) = document,
      let withMeetings = zip(elements, titles).first(where: { element, _ in
        if case .array(let meetings)? = element["meetings"] { !meetings.isEmpty } else { false }
      })?.1
    else { throw CaseFailure("the generated data has no meetings") }
    try syncups.succeed("config", "set", "bell", "off")
    let importFile = syncups.workDirectory + "/import.json"
    try Files.write(
      Fixtures.dataset(count: 2, meetings: 1, titlePrefix: "Imported", random: &context.random).document
        .encoded(),
      to: importFile)
    let commands: [(arguments: [String], file: String)] = [
      (["add", "--title", "New", "--attendee", "Blob"], syncups.dataFile),
      (["edit", "Team 1", "--title", "Renamed"], syncups.dataFile),
      (["edit", "Team 2", "--add-attendee", "Newcomer", "--duration", "45m"], syncups.dataFile),
      (["delete", "Team 3", "--yes"], syncups.dataFile),
      (["import", importFile], syncups.dataFile),
      (["meeting", "delete", withMeetings, "1"], syncups.dataFile),
      (["config", "set", "default-duration", "20m"], syncups.configFile),
      (["config", "unset", "bell"], syncups.configFile),
    ]
    let before = TreeSnapshot.take(of: syncups.root, identities: true, ignoringLocks: true)
    for (arguments, file) in commands {
      let half = UInt64(Files.read(file)?.count ?? 0) / 2
      for limit in [16, half] {
        let what = "syncups \(arguments.joined(separator: " ")) (files limited to \(limit) bytes)"
        syncups.launch = Launcher.Settings(fileSizeLimit: limit)
        let outcome = try syncups.run(arguments)
        syncups.launch = nil
        try require(
          outcome.status != Launcher.failureStatus, "\(what): the launcher failed: \(outcome.firstErrorLine)")
        try require(
          outcome.status == 1, "\(what): \(outcome.summary), expected exit 1: \(visible(outcome.stderr))")
        try BadDataCases.requireMessage(outcome, names: file, problem: "File too large", what)
        let after = TreeSnapshot.take(of: syncups.root, identities: true, ignoringLocks: true)
        try require(after == before, "\(what) changed the disk: \(before.changes(in: after))")
      }
    }
    // And without the limit the same commands work, so the failures above were the disk's.
    try syncups.succeed("add", "--title", "New")
  }
}

#endif
