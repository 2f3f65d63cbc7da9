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
    guard let top = GitWorkTree.top(holding: dataFile) else { return false }
    let gitDirectory = SyncJournal(gitDirectory: top + "/.git")
    return [gitDirectory.path, top + "/.git/MERGE_HEAD"].contains { currentFileSystem.exists($0) }
  }

  /// Records that a sync runs, or the merge it is doing.
  func record(merging merge: (ours: String, theirs: String)? = nil) throws(CommandFailure) {
    let text = merge.map { "merge \($0.ours) \($0.theirs)\n" } ?? ""
    do throws(FileSystemError) {
      // Not flushed: the journal tells of a sync killed, not of the machine losing power.
      _ = try currentFileSystem.write(Data(text.utf8), to: path, durably: false)
    } catch {
      throw CommandFailure("cannot write '\(sanitize(path))': \(error.reason)")
    }
  }

  /// Ends the journal: the sync finished, or failed in a way it cleaned up after.
  func remove() { try? currentFileSystem.removeFile(path) }

  /// What the journal of a sync that died says: nil when there is none (the last sync ended);
  /// the two commits of the merge it was doing, if it was merging.
  func read() -> (found: Bool, merge: (ours: String, theirs: String)?) {
    guard let data = (try? currentFileSystem.read(path))?.data else { return (false, nil) }
    let text = String(decoding: data, as: UTF8.self)
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count == 3, words[0] == "merge" else { return (true, nil) }
    return (true, (words[1], words[2]))
  }
}
