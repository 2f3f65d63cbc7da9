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
  /// What putting right a killed sync did (``recover(_:)``).
  struct Recovery {
    /// What it did, one line for each thing, for people.
    var done: [String] = []
    /// The conflicts of the merge the killed sync had committed, recorded in it now.
    var conflicts: [ConflictRecord] = []
    /// What merges made by older rules it had received dropped, put back now
    /// (``repairOlderMerges(from:to:)``).
    var repairs: [OlderMergeRepair] = []
  }

  /// Puts right what a sync that was killed left behind, before anything else runs. Nothing
  /// stored is lost: a merge git had not committed is undone, and what was in the working file
  /// is kept as local work without the team's changes, which the sync then merges again
  /// properly; a merge git had committed keeps its conflicts, worked out again from its two
  /// sides when the kill came before they were recorded in it, and what merges made by older
  /// rules that it brought in had dropped is put back (``repairOlderMerges(from:to:)``).
  ///
  /// - Throws: when git cannot undo the merge (the user's own changes to other files stand in
  ///   the way), with git's reason.
  func recover(_ journal: SyncJournal) throws(CommandFailure) -> Recovery {
    let (found, merge) = journal.read()
    guard found else { return Recovery() }
    var recovered: [String] = []
    let locks = removeLocks(in: journal.gitDirectory)
    if !locks.isEmpty {
      recovered.append(
        "removed " + locks.map { "'\(sanitize($0))'" }.joined(separator: ", ")
          + ", left by a sync that was killed")
    }
    for scratch in ["syncups-merge-report", "syncups-merge-base", "syncups-merge-ours", "syncups-merge-theirs"] {
      try? currentFileSystem.removeFile(journal.gitDirectory + "/" + scratch)
    }
    if let top = try topLevel() {
      let removed = removeMergeTemporaries(in: top) + removeMergeTemporaries(in: directory)
      if removed > 0 {
        recovered.append(
          "removed \(removed == 1 ? "a temporary file" : "\(removed) temporary files") of the "
            + "merge it was doing")
      }
    }
    if merge == nil, currentFileSystem.exists(dataFilePath), (try? currentSyncUps()) == nil,
      try unmergedStages().isEmpty, let head = try declaredSyncUps(at: "HEAD")
    {
      // (A file git left in a merge it did not finish is healed from the index instead.)
      // Killed restoring the file from the last commit (git writes it in place).
      try writeSyncUps(head.syncUps, declaration: head.declaration)
      recovered.append("restored '\(sanitize(name))' it had left cut short")
    }
    if let merge {
      if try resolve("HEAD") == merge.ours {
        try undoMerge(ours: merge.ours, theirs: merge.theirs)
        recovered.append("undid the merge it had not finished; it is done again now")
      } else {
        if try resolve("MERGE_HEAD") != nil {
          // git made the merge commit and was killed before it tidied up after it.
          try git.output(["merge", "--quit"], doing: "finish the merge a killed sync had made")
          recovered.append("finished the merge it had made")
        }
        let conflicts = try recordConflicts(ofKilledMerge: merge)
        if !conflicts.isEmpty { recovered.append("recorded the conflicts of the merge it had made") }
        // Repairing again what was repaired already changes nothing.
        let repairs =
          (try? currentSyncUps()) == nil
          ? [] : try repairOlderMerges(from: merge.ours, to: merge.theirs)
        if !repairs.isEmpty {
          recovered.append("restored what an older syncups's merge it had received dropped")
        }
        return Recovery(done: recovered, conflicts: conflicts, repairs: repairs)
      }
    }
    return Recovery(done: recovered)
  }

  /// Records in the merge commit a killed sync made (`HEAD`, of `merge`'s two commits) the
  /// conflicts its merge resolved, when the kill came before they were: they are worked out
  /// again from its two sides, as the merge driver worked them out. The conflicts recorded;
  /// none when `HEAD` is another commit or records them already.
  private func recordConflicts(ofKilledMerge merge: (ours: String, theirs: String))
    throws(CommandFailure) -> [ConflictRecord]
  {
    let head = try git.output(
      ["log", "-1", "--format=%P%x00%B", "HEAD"], doing: "read the merge a killed sync had made")
    let parts = head.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].split(separator: " ") == [Substring(merge.ours), Substring(merge.theirs)],
      ConflictRecord.recorded(in: parts[1]).isEmpty
    else { return [] }
    let conflicts = try remerge(ours: merge.ours, theirs: merge.theirs).conflicts
    guard !conflicts.isEmpty else { return [] }
    let subject = String(parts[1].prefix { $0 != "\n" })
    return try record(
      conflicts.map(ConflictRecord.init), inMergeOf: merge.ours, and: merge.theirs, message: subject)
  }

  /// Replaces the data file with `syncUps`, atomically, in the format `declaration` names.
  func writeSyncUps(
    _ syncUps: IdentifiedArrayOf<SyncUp>, declaration: SyncUpsFile.Declaration
  ) throws(CommandFailure) {
    let data: Data
    do {
      data = try SyncUpsFile.encode(syncUps, declaration: declaration)
    } catch {
      throw CommandFailure("cannot write '\(sanitize(dataFilePath))': \(sanitize("\(error)"))")
    }
    try writeBytes(data, to: dataFilePath)
  }

  /// Removes the lock files git leaves when it is killed holding them (`index.lock`,
  /// `HEAD.lock`, a branch's, `next-index-*.lock`…) anywhere in the git directory but its
  /// objects; their paths.
  private func removeLocks(in gitDirectory: String) -> [String] {
    var removed: [String] = []
    func visit(_ directory: String) {
      guard let names = try? currentFileSystem.contentsOfDirectory(directory) else { return }
      for name in names.sorted() {
        let path = directory + "/" + name
        guard let entry = try? currentFileSystem.entry(path) else { continue }
        if entry.kind == .directory {
          if name != "objects" { visit(path) }
        } else if name.hasSuffix(".lock"), (try? currentFileSystem.removeFile(path)) != nil {
          removed.append(path)
        }
      }
    }
    visit(gitDirectory)
    return removed
  }

  /// Undoes a merge of `theirs` into `ours` (still `HEAD`) that git did not commit: the index,
  /// the merge state and the other files go back to `HEAD`, and the data file holds what it
  /// held less the merge's changes. Anything saved into it since (a command run after the kill)
  /// is kept.
  private func undoMerge(ours: String, theirs: String) throws(CommandFailure) {
    if let (head, declaration) = try declaredSyncUps(at: ours) {
      let merged = try remerge(ours: ours, theirs: theirs).syncUps
      // git writes the file in place: killed in the middle, it leaves it missing or cut short,
      // and a command run since saw no sync-ups. That file is `head`, plus what was added to it.
      var working = (try? currentSyncUps()) ?? []
      if !head.isEmpty, !working.contains(where: { head.contains(id: $0.id) || merged.contains(id: $0.id) }) {
        let added = working
        working = head
        working.append(contentsOf: added)
      }
      // What the file holds now, less what the merge changed: `head` plus later local work.
      let local = SyncUpsMerge.merge(base: merged, ours: head, theirs: working, sides: .newer(.theirs))
      try writeSyncUps(local.syncUps, declaration: declaration)
    }
    let undo = "undo the merge a killed sync had not finished"
    try git.output(["reset", "-q", "--", name], doing: undo)
    try git.output(["reset", "-q", "--merge"], doing: undo)
  }

  /// Removes the temporary files of a merge that was killed from `directory` (the working
  /// tree's top, or the data file's directory): git's (`.merge_file_XXXXXX`), and those of the
  /// files written atomically in it (`.<name>.tmp-*`: the merge driver's result, the data
  /// file). How many.
  private func removeMergeTemporaries(in directory: String) -> Int {
    guard let names = try? currentFileSystem.contentsOfDirectory(directory) else { return 0 }
    var removed = 0
    for name in names
    where name.hasPrefix(".merge_file_") || (name.hasPrefix("..merge_file_") && name.contains(".tmp-"))
      || name.hasPrefix(".\(self.name).tmp-")
    {
      if (try? currentFileSystem.removeFile(directory + "/" + name)) != nil { removed += 1 }
    }
    return removed
  }
}
