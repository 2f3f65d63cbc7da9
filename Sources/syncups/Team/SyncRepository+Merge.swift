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
  /// The conflicts of a merge: those this one resolved, and those the commits it brought in
  /// record (resolved by a teammate's sync, see ``ConflictRecord``).
  struct MergeConflicts {
    var resolved: [ConflictRecord] = []
    var received: [ConflictRecord] = []
    /// Who is syncing here, to tell them ``received`` (``ConflictRecord/told(to:)``): the
    /// name commits are made by; empty when nothing was received.
    var person = ""
    /// What merges made by older rules that arrived had dropped, put back
    /// (``repairOlderMerges(from:to:)``).
    var repairs: [OlderMergeRepair] = []
  }

  /// Merges the fetched remote branch into the current one with the merge driver, telling it
  /// which side changed last, and returns the conflicts it resolved, recorded in the merge
  /// commit, and those recorded in the commits it brought in; then repairs what merges made
  /// by older rules that it brought in had dropped (``repairOlderMerges(from:to:)``). Nothing to merge (the
  /// remote branch is already in `HEAD`) returns at once; a branch that is only behind is
  /// fast-forwarded. Histories with no common commit (two people who each ran `sync init`)
  /// are merged from an empty list, so that both keep every sync-up.
  ///
  /// - Throws: when the merge cannot be completed, after aborting it, so that the repository
  ///   and the data file are as they were: a data error (65) when the data file could not be
  ///   merged (one side is not a valid data file), else a runtime failure.
  func merge(_ upstream: Upstream, journal: SyncJournal) throws(CommandFailure) -> MergeConflicts {
    let tracking = upstream.trackingRef
    guard try !isAncestor(tracking, of: "HEAD") else { return MergeConflicts() }
    let gitDirectory = journal.gitDirectory
    let reportPath = gitDirectory + "/syncups-merge-report"
    unlink(reportPath)
    defer { unlink(reportPath) }
    guard let head = try resolve("HEAD"), let theirs = try resolve(tracking) else {
      return MergeConflicts()
    }
    // A teammate's file that needs a newer syncups is neither merged nor fast-forwarded onto.
    if let refusal = try newerDataFileRefusal(at: theirs) {
      throw CommandFailure(
        "\(refusal): the sync-ups from \(upstream.display) were not merged, and your changes are "
          + "committed locally; upgrade syncups and run 'syncups sync' again", status: .dataError)
    }
    let received = try conflictsRecorded(from: head, to: theirs)
    let person = received.isEmpty ? "" : try authorName()
    // A fast-forward runs no merge driver: a teammate's file that does not decode would
    // simply replace this one. It is refused as the driver refuses it, keeping the file here.
    if try isAncestor(head, of: theirs), let reason = try undecodableVersion(at: theirs),
      let broken = try lastChange(of: theirs)
    {
      throw invalidRemoteVersion(
        doing: "merge the sync-ups from \(upstream.display)", commit: broken.commit,
        author: broken.author, reason: reason, kept: "your file was kept as it is")
    }
    let environment = MergeDriverCommand.environment(
      for: try committedSides(ours: head, theirs: theirs)
    ).merging([MergeDriverCommand.reportVariable: reportPath], uniquingKeysWith: { $1 })
    try journal.record(merging: (head, theirs))
    defer { try? journal.record() }
    let message = "Merge sync-ups from \(upstream.display)"
    if try git.succeeds(["merge-base", "HEAD", tracking]) {
      let result = try git.run(
        try git.identityFallbacks() + ["merge", "-q", "--no-edit"] + Self.commitMessage(message) + [theirs],
        environment: environment)
      if result.status != 0 {
        throw try abortedMerge(
          upstream, result, refusal: refusal(in: reportPath), ours: head, theirs: theirs)
      }
    } else {
      try mergeUnrelated(
        upstream, message: message, scratch: gitDirectory, report: reportPath,
        environment: environment)
    }
    var resolved = try conflicts(in: reportPath)
    if !resolved.isEmpty {
      resolved = try record(resolved, inMergeOf: head, and: theirs, message: message)
    }
    let repairs = try repairOlderMerges(from: head, to: theirs)
    return MergeConflicts(resolved: resolved, received: received, person: person, repairs: repairs)
  }

  /// Whether `ancestor` is `descendant` or one of its ancestors.
  func isAncestor(_ ancestor: String, of descendant: String) throws(CommandFailure) -> Bool {
    try git.succeeds(["merge-base", "--is-ancestor", ancestor, descendant])
  }

  /// Adds `conflicts` to the merge commit just made (`HEAD`, not yet pushed), naming who
  /// merged and whose change they merged; returns them so named.
  func record(
    _ conflicts: [ConflictRecord], inMergeOf ours: String, and theirs: String, message: String
  ) throws(CommandFailure) -> [ConflictRecord] {
    let merger = try authorName()
    let other = try git.output(
      ["log", "-1", "--format=%an", "\(ours)..\(theirs)", "--", name], doing: "read who changed "
        + "'\(sanitize(name))'")
    let named = conflicts.map {
      var conflict = $0
      conflict.ours = merger
      conflict.theirs = other.isEmpty ? nil : other
      return conflict
    }
    try git.output(
      try git.identityFallbacks()
        + [
          "commit", "-q", "--amend", "--only", "--no-verify",
        ] + Self.commitMessage(message, trailers: named.map(\.trailer)),
      doing: "record the conflicts in the merge commit")
    return named
  }

  /// The conflicts recorded in the merge commits `theirs` has and `ours` lacks.
  private func conflictsRecorded(from ours: String, to theirs: String) throws(CommandFailure)
    -> [ConflictRecord]
  {
    let messages = try git.output(
      ["log", "--merges", "--grep=^\(ConflictRecord.trailerKey): ", "--format=%B%x00", "\(ours)..\(theirs)"],
      doing: "read the merges that arrived")
    return messages.split(separator: "\0").flatMap(ConflictRecord.recorded(in:))
  }

  /// The name commits made here are made by (git's configuration, the environment, else the
  /// fallback identity): how the merge commit names who merged, and how ``ConflictRecord``
  /// knows a person's own side.
  func authorName() throws(CommandFailure) -> String {
    let ident = try git.output(
      try git.identityFallbacks() + ["var", "GIT_AUTHOR_IDENT"], doing: "read your git identity")
    return String(ident.prefix { $0 != "<" }.dropLast())
  }

  /// Merges the data file of `theirs` into that of `ours` again, in process, with this
  /// version's rules, as the merge driver merges it in a `git merge` of the two: from their
  /// merge base (no sync-ups when they have none), against the last version both had in common
  /// of a sync-up both kept that the base lacks, the change made later winning conflicts (dated by the commits when it has no time of its
  /// own).
  /// A commit without a data file that decodes holds no sync-ups.
  func remerge(ours: String, theirs: String) throws(CommandFailure) -> SyncUpsMergeResult {
    let base = try git.run(["merge-base", ours, theirs])
    let common = base.status == 0 ? try syncUps(at: String(base.output.dropLast())) ?? [] : []
    let (ourSyncUps, theirSyncUps) = (try syncUps(at: ours) ?? [], try syncUps(at: theirs) ?? [])
    let withoutBase = SyncUpsMerge.withoutCommonBase(
      base: common, ours: ourSyncUps, theirs: theirSyncUps)
    var earlier: IdentifiedArrayOf<SyncUp> = []
    if !withoutBase.isEmpty, let top = try topLevel() {
      let history = MergeDriverHistory(
        git: try Git(directory: top, environment: git.environment),
        path: String(dataFilePath.dropFirst(top.count + 1)), ours: ours, theirs: theirs)
      earlier = history.lastCommonVersions(of: withoutBase)
    }
    return SyncUpsMerge.merge(
      base: common, ours: ourSyncUps, theirs: theirSyncUps,
      sides: try committedSides(ours: ours, theirs: theirs), earlier: earlier)
  }

  /// When each side's last commit was made, which dates the changes that carry no time of
  /// their own; the later one wins ties, ours when both are of the same second.
  func committedSides(ours: String, theirs: String) throws(CommandFailure) -> MergeSides {
    func time(_ ref: String) throws(CommandFailure) -> Date {
      Date(timeIntervalSince1970: Double(try commitTime(ref)))
    }
    return .committed(ours: try time(ours), theirs: try time(theirs))
  }

  /// The commit time of `ref`, in seconds since 1970.
  func commitTime(_ ref: String) throws(CommandFailure) -> Int {
    Int(try git.output(["log", "-1", "--format=%ct", ref], doing: "read the time of \(ref)")) ?? 0
  }

  /// Aborts a merge that stopped, and says why it failed: the driver's `refusal` when it
  /// refused the data file.
  private func abortedMerge(
    _ upstream: Upstream, _ result: Subprocess.Result, refusal: MergeRefusal?, ours: String,
    theirs: String
  ) throws(CommandFailure) -> CommandFailure {
    let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U", "--", name]).output
    if try resolve("MERGE_HEAD") != nil {
      _ = try git.run(["merge", "--abort"])
    }
    let doing = "merge the sync-ups from \(upstream.display)"
    guard unmerged.isEmpty else {
      let complaint = driverComplaint(refusal, result)
      if let refusal, let invalid = try invalidVersion(refusal, ours: ours, theirs: theirs) {
        return invalidRemoteVersion(
          doing: doing, commit: invalid.commit, author: invalid.author, reason: invalid.reason,
          kept: "the merge was aborted, and your changes are committed locally")
      }
      return CommandFailure(
        "cannot \(doing): the merge driver could not merge '\(sanitize(name))' "
          + "(\(complaint)); the merge was aborted, and your changes are committed locally",
        status: .dataError)
    }
    var failure = git.failure(doing, result)
    failure.message += "; the merge was aborted, and your changes are committed locally"
    return failure
  }

  /// The failure of a merge the remote's data file, as `commit` by `author` left it, stopped:
  /// what is wrong with it, what was `kept`, and how the team recovers.
  private func invalidRemoteVersion(
    doing: String, commit: String, author: String, reason: String, kept: String
  ) -> CommandFailure {
    CommandFailure(
      "cannot \(doing): '\(sanitize(name))' as commit \(commit) by \(sanitize(author)) left it "
        + "is not a valid data file (\(reason)); \(kept). To recover, revert \(commit) on the "
        + "remote ('git revert \(commit)' in a clone of it, then push) and run 'syncups sync' "
        + "again", status: .dataError)
  }

  /// The commit that made the version of the data file the driver found invalid (the driver
  /// names the version by its side, which means nothing to people), its author and the
  /// driver's reason; nil when the refusal is of something else.
  private func invalidVersion(_ refusal: MergeRefusal, ours: String, theirs: String)
    throws(CommandFailure) -> (commit: String, author: String, reason: String)?
  {
    guard refusal.kind == .invalid, let side = refusal.side else { return nil }
    let revision: String
    switch side {
    case "theirs": revision = theirs
    case "ours": revision = ours
    default:
      let base = try git.run(["merge-base", ours, theirs])
      guard base.status == 0 else { return nil }
      revision = String(base.output.dropLast())
    }
    guard let made = try lastChange(of: revision) else { return nil }
    return (made.commit, made.author, refusal.reason)
  }

  /// Merges a branch with no commit in common: the driver merges the two data files from an
  /// empty list, files only the remote has come in, and the rest stays as it is here. The
  /// merge commit has both branches as parents, so later syncs have a common base.
  private func mergeUnrelated(
    _ upstream: Upstream, message: String, scratch: String, report: String,
    environment: [String: String]
  ) throws(CommandFailure) {
    let tracking = upstream.trackingRef
    let theirs = try git.run(["show", "\(tracking):\(revisionPath)"])
    let ours = try readText(dataFilePath) ?? "[]\n"
    let paths = ["base", "ours", "theirs"].map { scratch + "/syncups-merge-" + $0 }
    defer { for path in paths { unlink(path) } }
    for (path, text) in zip(paths, ["[]\n", ours, theirs.status == 0 ? theirs.output : "[]\n"]) {
      try writeBytes(Data(text.utf8), to: path)
    }
    let driver = try runMergeDriver(paths, environment: environment)
    guard driver.status == 0 else {
      throw CommandFailure(
        "cannot merge the sync-ups from \(upstream.display): the merge driver could not merge "
          + "'\(sanitize(name))' (\(driverComplaint(try refusal(in: report), driver))); nothing "
          + "was merged, and "
          + "your changes are committed locally", status: .dataError)
    }
    let identity = try git.identityFallbacks()
    let started = try git.run(
      identity
        + ["merge", "-q", "--no-commit", "--allow-unrelated-histories", "-s", "ours", tracking])
    guard started.status == 0 else {
      throw git.failure("merge the sync-ups from \(upstream.display)", started)
    }
    do {
      let onlyTheirs = try git.output(
        ["diff", "--name-only", "--no-renames", "--diff-filter=A", "HEAD", tracking],
        doing: "compare the branches"
      ).split(separator: "\n").map { ":(top,literal)" + $0 }
      if !onlyTheirs.isEmpty {
        try git.output(["checkout", tracking, "--"] + onlyTheirs, doing: "take the remote's files")
      }
      try writeBytes(Data(try readText(paths[1]).map { Array($0.utf8) } ?? []), to: dataFilePath)
      try git.output(["add", "--", name], doing: "stage '\(sanitize(name))'")
      try git.output(
        identity + ["commit", "-q", "--no-verify"] + Self.commitMessage(message),
        doing: "commit the merge")
    } catch {
      _ = try? git.run(["merge", "--abort"])
      throw error
    }
  }

  /// Runs the merge driver on the files at `paths` (base, ours, theirs), as git runs it: the
  /// merge is written over ours. With `historyPath`, the data file's path from the top of the
  /// work tree, it looks in the repository's history as it does in a `git merge` (for a merge
  /// git left unfinished, ``MergeDriverHistory`` finds `MERGE_HEAD`).
  func runMergeDriver(
    _ paths: [String], historyPath: (path: String, top: String, gitDirectory: String)? = nil,
    environment: [String: String]
  ) throws(CommandFailure) -> Subprocess.Result {
    var environment = git.environment.merging(environment) { $1 }
    var arguments = [MergeDriverCommand.spec.name] + paths
    if let historyPath {
      arguments.append(historyPath.path)
      environment["GIT_DIR"] = historyPath.gitDirectory
      environment["GIT_WORK_TREE"] = historyPath.top
    }
    do {
      return try Subprocess.run(ThisExecutable.path, arguments, environment: environment)
    } catch {
      throw CommandFailure(error.message)
    }
  }

  /// The driver's own explanation: its `refusal`'s message. A driver of another syncups,
  /// which reports no refusal, is quoted from what the run wrote on standard error.
  func driverComplaint(_ refusal: MergeRefusal?, _ run: Subprocess.Result) -> String {
    if let refusal { return sanitize(refusal.message) }
    let lines = run.error.split(separator: "\n").filter {
      !$0.hasPrefix("CONFLICT") && !$0.hasPrefix("Auto-merging") && !$0.hasPrefix("Automatic merge")
        && !$0.hasPrefix("hint:")
    }
    let line = lines.first { $0.hasPrefix("Error:") } ?? lines.first ?? "no reason given"
    return sanitize(String(line.trimmingPrefix("Error: ")))
  }

  /// Why the driver refused the merge, from its report (``MergeRefusal``); nil when it wrote
  /// none.
  func refusal(in reportPath: String) throws(CommandFailure) -> MergeRefusal? {
    guard let text = try readText(reportPath) else { return nil }
    return MergeRefusal.reported(in: Substring(text))
  }

  /// The conflicts the driver reported, one JSON object per line.
  func conflicts(in reportPath: String) throws(CommandFailure) -> [ConflictRecord] {
    guard let text = try readText(reportPath) else { return [] }
    return ConflictRecord.reported(in: Substring(text))
  }
}
