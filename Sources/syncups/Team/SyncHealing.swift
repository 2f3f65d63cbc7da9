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

extension SyncRepository {
  /// What `sync` put right of what plain git left in the data file, before it syncs.
  struct Healing {
    /// What it did, for people (one of `sync`'s `recovered` lines).
    var done: String
    /// The sync-ups before: what the team's arrived changes are told from.
    var before: IdentifiedArrayOf<SyncUp>
    /// The conflicts the merge resolved, recorded in its commit.
    var conflicts: [ConflictRecord]
    /// The commit made, if one was: its subject.
    var committed: String?
  }

  /// Puts right what plain git left in the data file, the data file's lock held and what a
  /// killed sync left already put right (``recover(_:)``); nil when there is nothing to heal.
  ///
  /// - A merge git left unfinished (a `git pull` without the merge driver: unmerged index
  ///   entries, `MERGE_HEAD`) is finished: the three versions git keeps (`:1:` the common one,
  ///   `:2:` ours, `:3:` theirs; a missing one holds no sync-ups) are merged by the merge
  ///   driver, by id, and the merge is committed with its conflicts recorded, as `sync`'s
  ///   merges are. Without `MERGE_HEAD` (a stash or a cherry-pick) the merge is staged, and
  ///   `sync` commits it as local work.
  /// - A data file committed so that it does not decode (conflict markers, a hand edit) is
  ///   repaired from the last commit whose file decodes, with what both sides of conflict
  ///   markers hold merged into it when each side decodes; the repair is committed.
  ///
  /// Each step can be killed: the index keeps git's versions until the merge is staged, the
  /// file is replaced atomically, and a merge staged but not committed is committed next time.
  ///
  /// `decodes` says whether the data file decodes as it is, as the caller found it: the file
  /// is read once for both.
  func heal(gitDirectory: String, decodes: Bool) throws(CommandFailure) -> Healing? {
    // Found without running git on the usual sync: no merge under way, and a file that decodes.
    let underWay = ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"].contains {
      currentFileSystem.exists(gitDirectory + "/" + $0)
    }
    guard underWay || !decodes else { return nil }
    let stages = try unmergedStages()
    let mergeHead = try resolve("MERGE_HEAD")
    if !stages.isEmpty || mergeHead != nil {
      return try finishMerge(
        stages: stages, mergeHead: mergeHead, gitDirectory: gitDirectory, decodes: decodes)
    }
    guard currentFileSystem.exists(dataFilePath), !decodes, try !dataFileChanged()
    else { return nil }
    return try repairCommittedFile()
  }

  /// The index entries of the data file a merge left unmerged: each stage's blob, by stage.
  func unmergedStages() throws(CommandFailure) -> [Int: String] {
    let listed = try git.output(
      ["ls-files", "-u", "-z", "--", name], doing: "read the repository's index")
    var stages: [Int: String] = [:]
    for entry in listed.split(separator: "\0") {
      let fields = entry.prefix { $0 != "\t" }.split(separator: " ")
      if fields.count == 3, let stage = Int(fields[2]) { stages[stage] = String(fields[1]) }
    }
    return stages
  }

  /// Finishes a merge git left unfinished (``heal(gitDirectory:decodes:)``); `decodes` says
  /// whether the data file decodes as it is.
  private func finishMerge(
    stages: [Int: String], mergeHead: String?, gitDirectory: String, decodes: Bool
  ) throws(CommandFailure) -> Healing {
    let head = try resolve("HEAD")
    let before = try head.flatMap { head throws(CommandFailure) in try syncUps(at: head) } ?? []
    var conflicts: [ConflictRecord] = []
    if !stages.isEmpty || !decodes {
      var versions: [String] = []
      for stage in 1...3 {
        if !stages.isEmpty {
          versions.append(
            try stages[stage].map { blob throws(CommandFailure) in
              try git.run(["cat-file", "blob", blob]).output
            } ?? "[]\n")
        } else if let head, let mergeHead {
          // Staged with its markers: merge the two commits again.
          let base = try git.run(["merge-base", head, mergeHead])
          let revision = [String(base.output.dropLast()), head, mergeHead][stage - 1]
          let version = try git.run(["show", "\(revision):\(revisionPath)"])
          versions.append(version.status == 0 && (stage > 1 || base.status == 0) ? version.output : "[]\n")
        }
      }
      conflicts = try mergeVersions(
        versions, mergeHead: mergeHead, head: head, gitDirectory: gitDirectory)
      try git.output(["add", "--", name], doing: "stage '\(sanitize(name))'")
    }
    var committed: String?
    if let mergeHead {
      let subject = "Merge sync-ups git left unfinished"
      try git.output(
        try git.identityFallbacks() + ["commit", "-q", "--no-verify"]
          + Self.commitMessage(subject),
        doing: "finish the merge git left unfinished")
      committed = subject
      if let head, !conflicts.isEmpty {
        conflicts = try record(conflicts, inMergeOf: head, and: mergeHead, message: subject)
      }
    }
    return Healing(
      done: "finished the merge of '\(sanitize(name))' git had left unfinished",
      before: before, conflicts: conflicts, committed: committed)
  }

  /// Merges `versions` (base, ours, theirs) with the merge driver into the data file; the
  /// conflicts it resolved.
  private func mergeVersions(
    _ versions: [String], mergeHead: String?, head: String?, gitDirectory: String
  ) throws(CommandFailure) -> [ConflictRecord] {
    let paths = ["base", "ours", "theirs"].map { gitDirectory + "/syncups-merge-" + $0 }
    let reportPath = gitDirectory + "/syncups-merge-report"
    defer { for path in paths + [reportPath] { unlink(path) } }
    for (path, text) in zip(paths, versions) { try writeBytes(Data(text.utf8), to: path) }
    var sides = MergeSides.newer(.ours)
    if let head, let mergeHead { sides = try committedSides(ours: head, theirs: mergeHead) }
    let top = try requireRepository()
    let driver = try runMergeDriver(
      paths,
      historyPath: (String(dataFilePath.dropFirst(top.count + 1)), top, gitDirectory),
      environment: MergeDriverCommand.environment(for: sides).merging(
        [MergeDriverCommand.reportVariable: reportPath], uniquingKeysWith: { $1 }))
    guard driver.status == 0 else {
      throw CommandFailure(
        "cannot finish the merge of '\(sanitize(name))' git left unfinished: "
          + "\(driverComplaint(try refusal(in: reportPath), driver)); nothing was changed",
        status: .dataError)
    }
    let conflicts = try conflicts(in: reportPath)
    try writeBytes(Data(try readText(paths[1]).map { Array($0.utf8) } ?? []), to: dataFilePath)
    return conflicts
  }

  /// How many commits back a repair looks for a version of the data file that decodes.
  private static let repairDepth = 200

  /// Repairs a data file committed so that it does not decode (``heal(gitDirectory:decodes:)``).
  ///
  /// - Throws: a data error naming the commit that broke it when no commit within
  ///   ``repairDepth`` holds a version that decodes.
  private func repairCommittedFile() throws(CommandFailure) -> Healing {
    let broken = try lastChange(of: "HEAD")
    let text = try readText(dataFilePath) ?? ""
    let reason = undecodableReason(text)
    let commits = try git.output(
      ["log", "--format=%H", "-n", "\(Self.repairDepth)", "HEAD", "--", name],
      doing: "read the history of '\(sanitize(name))'"
    ).split(separator: "\n").map(String.init)
    var good: (commit: String, syncUps: IdentifiedArrayOf<SyncUp>)?
    var declaration = SyncUpsFile.Declaration.formatOne
    for commit in commits {
      if let version = try declaredSyncUps(at: commit) {
        good = (commit, version.syncUps)
        declaration = version.declaration
        break
      }
    }
    guard let good else {
      throw CommandFailure(
        "cannot decode '\(sanitize(dataFilePath))' (\(reason)), as commit "
          + "\(broken?.commit ?? "HEAD") by \(sanitize(broken?.author ?? "someone")) left it, and "
          + "no earlier commit holds a version that decodes: restore it from a backup "
          + "('syncups import')", status: .dataError)
    }
    var repaired = good.syncUps
    var how = "as commit \(good.commit.prefix(7)) had it"
    let parents = try git.output(
      ["rev-list", "--parents", "-n", "1", broken?.commit ?? "HEAD"], doing: "read the history"
    ).split(separator: " ").dropFirst().map(String.init)
    if parents.count == 2, try syncUps(at: parents[0]) != nil, try syncUps(at: parents[1]) != nil {
      // A merge committed with its conflict markers: merged again, by id.
      repaired = try remerge(ours: parents[0], theirs: parents[1]).syncUps
      how = "merging again, by id, the two versions its merge joined"
    } else if let sides = ConflictMarkers(text),
      let ours = try? SyncUpsFile.decodeAnyFormat(Data(sides.ours.utf8)).syncUps,
      let theirs = try? SyncUpsFile.decodeAnyFormat(Data(sides.theirs.utf8)).syncUps
    {
      repaired = SyncUpsMerge.merge(base: good.syncUps, ours: ours, theirs: theirs, sides: .newer(.theirs))
        .syncUps
      how = "merging both sides of its conflict markers"
    }
    try writeSyncUps(repaired, declaration: declaration)
    let culprit = broken.map { "commit \($0.commit) by \(sanitize($0.author))" } ?? "a commit"
    let subject = "Repair \(name), left undecodable by \(culprit)"
    try commit([name], message: Self.commitMessage(subject))
    return Healing(
      done: "repaired '\(sanitize(name))', which \(culprit) left undecodable (\(reason)), \(how)",
      before: good.syncUps, conflicts: [], committed: subject)
  }

  /// Why `text` is not a data file, as the merge driver says it.
  func undecodableReason(_ text: String) -> String {
    do {
      _ = try SyncUpsFile.decodeAnyFormat(Data(text.utf8))
      return "it decodes"
    } catch {
      return sanitize(readableDescription(of: error))
    }
  }

  /// The last commit up to `revision` that changed the data file, short, and its author
  /// (`Name <email>`); nil when there is none.
  func lastChange(of revision: String) throws(CommandFailure) -> (commit: String, author: String)? {
    let made = try git.run(["log", "-1", "--format=%h%x09%an <%ae>", revision, "--", name])
    let fields = made.output.dropLast().split(separator: "\t", maxSplits: 1).map(String.init)
    guard made.status == 0, fields.count == 2 else { return nil }
    return (fields[0], fields[1])
  }

  /// The reason the data file as `revision` holds it does not decode; nil when it decodes, is
  /// empty or is not there.
  func undecodableVersion(at revision: String) throws(CommandFailure) -> String? {
    let shown = try git.run(["show", "\(revision):\(revisionPath)"])
    guard shown.status == 0, !shown.output.allSatisfy(\.isWhitespace) else { return nil }
    do {
      _ = try SyncUpsFile.decodeAnyFormat(Data(shown.output.utf8))
      return nil
    } catch {
      return sanitize(readableDescription(of: error))
    }
  }
}
