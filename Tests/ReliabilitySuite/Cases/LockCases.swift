#if os(Linux)
import ChildProcessSupport
import Glibc

/// A data file whose lock another process keeps: changes give up with the documented status,
/// reads are not held up.
enum LockCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("lock-held-too-long", lockHeldTooLong)]
  }

  /// The suite holds the data file's lock (`flock` on the `.sync-ups.json.lock` sidecar) while
  /// `add` runs: `list` still answers (were it to wait for the lock, it would give up as `add`
  /// does), and `add` gives up after one wait (10 s, not two) with exit 75, a message naming the
  /// file, and the data unchanged. Once the lock is released, `add` works.
  static func lockHeldTooLong(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    // Written by syncups itself: a file in other formatting makes the failed add wait twice
    // (its exit-time flush of the no-op change waits for the lock again), a known issue.
    let importFile = syncups.workDirectory + "/import.json"
    try Files.write(
      Fixtures.dataset(count: 2, meetings: 1, random: &context.random).document.encoded(), to: importFile)
    try syncups.succeed("import", importFile)
    let lockPath = syncups.dataDirectory + "/.sync-ups.json.lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw CaseFailure("cannot open '\(lockPath)': \(systemError())") }
    defer { close(fd) }
    guard flock(fd, LOCK_EX) == 0 else { throw CaseFailure("cannot lock '\(lockPath)': \(systemError())") }
    let before = TreeSnapshot.take(of: syncups.root, identities: true)

    let adding = try ChildProcess.spawn(syncups.invocation(["add", "--title", "Blocked"], timeout: 60))
    let listed = try syncups.run("list", "--json")
    try require(listed.status == 0, "list while the lock is held: \(listed.summary)")
    let outcome = ChildProcess.collect([adding])[0]
    let what = "add while the lock is held"
    context.note("list took \(listed.elapsed) s, add gave up after \(outcome.elapsed) s")
    try require(
      outcome.status == 75, "\(what): \(outcome.summary), expected exit 75: \(visible(outcome.stderr))")
    try require(
      (8..<20).contains(outcome.elapsed), "\(what) gave up after \(Int(outcome.elapsed)) s, expected about 10"
    )
    try BadDataCases.requireMessage(
      outcome, names: syncups.dataFile, problem: "locked by another process", what)
    let after = TreeSnapshot.take(of: syncups.root, identities: true)
    try require(after == before, "\(what) changed the disk: \(before.changes(in: after))")

    flock(fd, LOCK_UN)
    try syncups.succeed("add", "--title", "Unblocked")
    try require(try syncups.titles().last == "Unblocked", "add after the lock was released is missing")
  }
}

#endif
