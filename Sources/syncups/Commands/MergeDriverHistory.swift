#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// Where `merge-driver` finds the last version of a sync-up that both sides of a merge had in
/// common when the base lacks it (see ``SyncUpsMerge``): in the history of the git repository
/// it runs in, which git runs it at the top of.
///
/// ```swift
/// MergeDriverHistory.lastCommonVersions(
///   of: [engineering.id], path: "sync-ups.json", environment: environment)
/// // [Engineering as it was before it was deleted]
/// ```
///
/// The merge bases are those of `HEAD` and the commit being merged, which `git merge` names in
/// `GITHEAD_<commit>` while it runs its drivers (`MERGE_HEAD` is written only afterwards, but
/// is read too). From them it walks back the data file's versions, newest first, and takes
/// each sync-up from the newest version that holds it. Anything it cannot find (no merge in
/// progress, as for a cherry-pick; git missing or failing; a sync-up never in the common
/// history) is left out, and the merge goes on without it.
struct MergeDriverHistory {
  let git: Git
  /// The data file's path from the top of the work tree (git's `%P`).
  let path: String
  /// The commit being merged into `HEAD`.
  let theirs: String

  /// How many commits one `git grep` searches.
  private static let commitsPerSearch = 200

  /// The last common version of each of `ids` for the merge of the data file at `path` (nil:
  /// git did not say, so there is nothing to look in).
  static func lastCommonVersions(
    of ids: [SyncUp.ID], path: String?, environment: [String: String]
  ) -> IdentifiedArrayOf<SyncUp> {
    guard !ids.isEmpty, let path, let history = Self(path: path, environment: environment)
    else { return [] }
    return history.lastCommonVersions(of: ids)
  }

  /// Nil when git is missing or no merge of a commit is in progress.
  init?(path: String, environment: [String: String]) {
    guard let git = try? Git(directory: ".", environment: environment) else { return nil }
    let named = environment.keys.filter {
      $0.hasPrefix("GITHEAD_") && $0.dropFirst(8).allSatisfy(\.isHexDigit)
    }
    if named.count == 1, let commit = named.first?.dropFirst(8) {
      theirs = String(commit)
    } else if let commit = try? git.output(
      ["rev-parse", "-q", "--verify", "MERGE_HEAD^{commit}"], doing: "find the merge")
    {
      theirs = commit
    } else {
      return nil
    }
    self.git = git
    self.path = path
  }

  /// The newest version of each of `ids` in the history the two sides share; those it cannot
  /// find are missing.
  func lastCommonVersions(of ids: [SyncUp.ID]) -> IdentifiedArrayOf<SyncUp> {
    guard !ids.isEmpty, let bases = lines(["merge-base", "--all", "HEAD", theirs]),
      !bases.isEmpty, let commits = lines(["rev-list"] + bases + ["--", literalPath])
    else { return [] }
    var missing = ids
    var found: IdentifiedArrayOf<SyncUp> = []
    var start = commits.startIndex
    while !missing.isEmpty, start < commits.endIndex {
      let batch = commits[start..<min(start + Self.commitsPerSearch, commits.endIndex)]
      start = batch.endIndex
      // The versions that mention an id anywhere: only those are worth decoding.
      let patterns = missing.flatMap { ["-e", $0.uuidString] }
      guard
        let hits = lines(["grep", "-l", "-i", "-F"] + patterns + Array(batch) + ["--", literalPath])
      else { continue }
      let matching = Set(hits.map { String($0.prefix { $0 != ":" }) })
      for commit in batch where matching.contains(commit) && !missing.isEmpty {
        guard
          let text = try? git.output(["cat-file", "blob", "\(commit):\(path)"], doing: "read"),
          let version = try? SyncUpsFile.decodeAnyFormat(Data(text.utf8)).syncUps
        else { continue }
        for id in missing { if let syncUp = version[id: id] { found.append(syncUp) } }
        missing.removeAll { found[id: $0] != nil }
      }
    }
    return found
  }

  /// The path as a pathspec that matches it alone, whatever characters it holds.
  private var literalPath: String { ":(literal)" + path }

  /// git's output as lines; nil when git fails (`git grep` fails when nothing matches).
  private func lines(_ arguments: [String]) -> [String]? {
    guard let result = try? git.run(arguments), result.status == 0 else { return nil }
    return result.output.split(separator: "\n").map(String.init)
  }
}
