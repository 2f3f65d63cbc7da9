#if os(Linux)
import ChildProcessSupport
import Glibc
/// A disk that fills up during a save: the command fails clearly and the old file survives.
enum FullDiskCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("full-disk", fullDisk), ReliabilityCase("full-disk-no-space", noSpace)]
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
      (["meeting", "delete", withMeetings, "1", "--yes"], syncups.dataFile),
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

  /// A disk that is really full (ENOSPC): each mutating command runs in a mount namespace of
  /// its own where the data directory is a small tmpfs holding a copy of it, filled up. Exit 1,
  /// `Error: cannot write '<file>': No space left on device`, the data file's bytes as they
  /// were and no temporary file beside it. Needs root and unshare(1), else it is skipped.
  static func noSpace(_ context: CaseContext) throws {
    let unshare = "/usr/bin/unshare"
    guard geteuid() == 0, access(unshare, X_OK) == 0 else {
      throw CaseSkip(reason: "needs root and \(unshare) to mount a full file system")
    }
    let syncups = try context.makeSyncups()
    let (document, _) = Fixtures.dataset(count: 20, meetings: 3, random: &context.random)
    try syncups.writeData(document)
    try syncups.succeed("config", "set", "bell", "off")  // the lock file exists, as usual
    let before = syncups.dataBytes
    let after = syncups.root + "/after"
    // $1 the data directory, $2 where to copy it afterwards, then the command. The directory
    // is copied onto a 64 KiB tmpfs mounted over it, the rest of which a filler takes.
    let script = """
      set -e
      dir=$1 after=$2; shift 2
      saved=$(mktemp -d)
      cp -a "$dir/." "$saved/"
      mount -t tmpfs -o size=64k,mode=0700 tmpfs "$dir"
      cp -a "$saved/." "$dir/"
      dd if=/dev/zero of="$dir/.filler" bs=1k 2>/dev/null || true
      set +e
      "$@"
      status=$?
      mkdir "$after" && cp -a "$dir/." "$after/" 2>/dev/null
      rm -rf "$saved"
      exit $status
      """
    for arguments in [["add", "--title", "New", "--attendee", "Blob"], ["edit", "Team 1", "--title", "Renamed"]] {
      let what = "syncups \(arguments.joined(separator: " ")) (on a full disk)"
      var invocation = syncups.invocation(arguments)
      invocation.arguments =
        [["-m", "--propagation", "private", "/bin/sh", "-c", script, "sh"], [syncups.dataDirectory, after],
         [invocation.program], arguments].joined().map { Array($0.utf8) }
      invocation.program = unshare
      let outcome = try ChildProcess.run(invocation)
      defer { Files.remove(after) }
      guard Files.read(after + "/.filler") != nil else {
        throw CaseSkip(reason: "cannot mount a tmpfs here: \(outcome.firstErrorLine.replacingControls())")
      }
      try require(
        outcome.status == 1, "\(what): \(outcome.summary), expected exit 1: \(visible(outcome.stderr))")
      try BadDataCases.requireMessage(outcome, names: syncups.dataFile, problem: "No space left on device", what)
      try require(Files.read(after + "/sync-ups.json") == before, "\(what) changed the data file")
      let entries = Files.entries(of: after).sorted()
      try require(
        entries == [".filler", ".sync-ups.json.lock", "sync-ups.json"],
        "\(what) left \(entries) in the data directory")
    }
    try require(syncups.dataBytes == before, "the data file outside the namespace changed")
  }
}

#endif
