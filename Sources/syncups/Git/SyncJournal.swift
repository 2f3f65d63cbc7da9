#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState
import SyncUpsCore

/// What a sync is doing, kept in the git directory (`syncups-sync`) from its start to its end,
/// so that the next sync knows what a killed one left behind. `sync` holds the data file's
/// lock for its whole run, so a journal found by a sync that has just taken the lock is always
/// that of a sync that died: its git state is left over, never in use.
///
/// The journal is empty while the sync commits, fetches and pushes, and names the two commits
/// while it merges (`merge <ours> <theirs>`): git writes the merged data file and index before
/// it makes the merge commit, so a sync killed in between leaves the team's changes in the
/// working file, where they must not be taken for local work.
struct SyncJournal {
  /// The repository's git directory (`.git`, absolute).
  let gitDirectory: String
  var path: String { gitDirectory + "/syncups-sync" }

  /// Whether the repository holding `dataFile` shows a sync that was killed (its journal, or
  /// a merge it left unfinished), found without running git: the next sync puts right a data
  /// file that sync left cut short. A `.git` file (a linked work tree) is not followed.
  static func interruptedSync(holding dataFile: String) -> Bool {
    let slash = dataFile.lastIndex(of: "/") ?? dataFile.startIndex
    let directory = slash == dataFile.startIndex ? "/" : String(dataFile[..<slash])
    guard let top = Git.directoryHolder(from: directory) else { return false }
    let gitDirectory = SyncJournal(gitDirectory: top + "/.git")
    return access(gitDirectory.path, F_OK) == 0 || access(top + "/.git/MERGE_HEAD", F_OK) == 0
  }

  /// Records that a sync runs, or the merge it is doing.
  func record(merging merge: (ours: String, theirs: String)? = nil) throws(CommandFailure) {
    let text = merge.map { "merge \($0.ours) \($0.theirs)\n" } ?? ""
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CommandFailure("cannot write '\(sanitize(path))': \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard bytes.isEmpty || write(fd, bytes, bytes.count) == bytes.count else {
      throw CommandFailure("cannot write '\(sanitize(path))': \(String(cString: strerror(errno)))")
    }
  }

  /// Ends the journal: the sync finished, or failed in a way it cleaned up after.
  func remove() { unlink(path) }

  /// What the journal of a sync that died says: nil when there is none (the last sync ended);
  /// the two commits of the merge it was doing, if it was merging.
  func read() -> (found: Bool, merge: (ours: String, theirs: String)?) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return (false, nil) }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count == 3, words[0] == "merge" else { return (true, nil) }
    return (true, (words[1], words[2]))
  }
}
