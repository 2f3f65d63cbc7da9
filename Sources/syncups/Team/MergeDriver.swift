#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch
import SharedState
import SyncUpsCore

/// `merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for the data file. It reads and
/// writes the three files git names, never the data file, so the data file's settings do not
/// apply.
package struct MergeDriverCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "merge-driver",
    abstract: "Merge three versions of the data file by id (a git merge driver).",
    discussion: """
      Git runs it as 'syncups merge-driver %O %A %B %P' to merge the data file: <base> is the \
      common ancestor, <ours> the version being merged into, <theirs> the version being \
      merged in, and <path> the data file's path in the repository. It merges them by id, \
      never line by line: a sync-up, attendee or meeting added on either side is kept; one \
      deleted on one side is deleted, unless the other side changed it, which keeps it; meetings are the union of both histories, newest first; \
      each field (title, duration, theme, an attendee's name, an item's text, owner and kind, \
      keys from newer versions) changed on one side takes that change; an attendee's git \
      identities merge as a set, keeping those either side added and dropping those either \
      side removed. A field changed on both sides to different values is a conflict, resolved \
      by keeping the change made later: each side's change is dated by its stamp in the \
      'changed' key when the side stamped it, else by when the side was committed \
      ($SYNCUPS_MERGE_TIMES: the two commit times, ours then theirs, in seconds since 1970, \
      separated by a space); equal or unknown times keep the newer side's value \
      ($SYNCUPS_MERGE_NEWER: ours or theirs; ours when unset). An item's resolution (when, in \
      which meeting, how, and when it was reopened) merges as one: a reopen against a \
      resolve, or two resolutions, is one conflict, and the act done later is kept. Either \
      way it is reported on stderr as 'syncups: conflict: <message>' and, when \
      $SYNCUPS_MERGE_REPORT names a file, appended to it as a line of JSON; a merge it \
      refuses is appended there too, as a line {"refusal": {kind, side, reason, message}}.

      A sync-up both sides keep that <base> lacks (each side kept it when merging a \
      teammate's delete) is merged against the last version both sides had in common: with \
      <path>, during a 'git merge', the newest version of the data file in the merge base's \
      history that holds it. So one teammate's rename and another's removed attendee both \
      survive a third's delete. Without one, each field that differs is a conflict.

      The result is written over <ours> in the data file's format, atomically and keeping its \
      mode, and the status is 0: git never sees a conflict, and the file never holds conflict \
      markers. When any version is of format 2, so is the result, requiring every feature \
      any of them requires. A missing or empty <base> holds no sync-ups. A side that is not a \
      data file (ours, or the SyncUps app's), or one that needs a newer syncups (a format or \
      a required feature this one does not know), fails with status 65 and leaves <ours> as \
      it was, so git reports that the merge failed. It never reads or changes the data file \
      in the work tree.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "base", help: "The common ancestor's version (git's %O).", completion: .file),
        \.base),
      .argument(
        ArgumentSpec(
          name: "ours", help: "Our version (git's %A); the merge is written here.",
          completion: .file),
        \.ours),
      .argument(
        ArgumentSpec(name: "theirs", help: "Their version (git's %B).", completion: .file),
        \.theirs),
      .argument(
        ArgumentSpec(
          name: "path",
          help: "The data file's path from the top of the repository (git's %P), to look in "
            + "its history.",
          isOptional: true),
        \.path, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec(
        "Merge the data file with it in a git repository:",
        "git config merge.syncups.driver 'syncups merge-driver %O %A %B %P'"),
      ExampleSpec(
        "Then tell git which file to merge with it:",
        "echo 'sync-ups.json merge=syncups' >> .gitattributes"),
    ]
  )

  var base = ""
  var ours = ""
  var theirs = ""
  var path: String?
  var touchesFiles: Bool { false }

  /// The variable that names the side whose changes are newer: `ours` or `theirs`.
  package nonisolated static let newerVariable = "SYNCUPS_MERGE_NEWER"
  /// The variable that says when each side was committed: `OURS THEIRS`, in seconds since
  /// 1970.
  package nonisolated static let timesVariable = "SYNCUPS_MERGE_TIMES"

  /// The variables that tell the driver about `sides` (``newerVariable``, ``timesVariable``).
  package nonisolated static func environment(for sides: MergeSides) -> [String: String] {
    var environment: [String: String] = [:]
    if let newer = sides.newer { environment[newerVariable] = newer.rawValue }
    if let ours = sides.ours, let theirs = sides.theirs {
      environment[timesVariable] =
        "\(Int(ours.timeIntervalSince1970)) \(Int(theirs.timeIntervalSince1970))"
    }
    return environment
  }
  /// The variable that names a file to append each conflict to, as a line of JSON.
  package nonisolated static let reportVariable = "SYNCUPS_MERGE_REPORT"

  @MainActor func run(in context: CommandContext) throws {
    // A merge whose git was killed (with the sync that started it) is not finished alone.
    Subprocess.dieWithParent()
    for conflict in try merge(environment: context.environment) {
      context.say("syncups: conflict: \(sanitize(conflict.readable()))")
    }
  }

  /// Merges the three versions of the data file by id (``SyncUpsMerge``) and writes the result
  /// over `ours`, atomically and keeping its mode, in our format, through the file-system
  /// dependency. Conflicts are resolved on their own, so git never sees one: each is appended
  /// to `$SYNCUPS_MERGE_REPORT` and returned, for standard error. A side that is not a data
  /// file fails the merge with status 65 before anything is written, so git reports the merge
  /// as failed and `ours` is untouched.
  ///
  /// `path`, the data file's path in the repository (git's `%P`), lets it look in the
  /// repository's history for sync-ups both sides keep that the base lacks
  /// (``MergeDriverHistory``).
  ///
  /// A merge it refuses is appended to the report as a ``MergeRefusal``, for `sync` to say
  /// which version was refused and why.
  func merge(environment: [String: String]) throws -> [ConflictRecord] {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    let report = environment[Self.reportVariable].flatMap { $0.isEmpty ? nil : $0 }
    do {
      return try merge(environment: environment, report: report, in: fileSystem)
    } catch {
      let message = (error as? CommandFailure)?.message ?? sanitize("\(error)")
      let refusal =
        (error as? MergeRefusal)
        ?? MergeRefusal(kind: .failed, side: nil, reason: message, message: message)
      if let report { try? append([refusal.reportLine], toReport: report, in: fileSystem) }
      throw error is MergeRefusal
        ? CommandFailure(refusal.message, status: .dataError) : error
    }
  }

  private func merge(
    environment: [String: String], report: String?, in fileSystem: any FileSystem
  ) throws -> [ConflictRecord] {
    let timing = try mergeSides(environment)
    let sides = try Self.readSides(
      [
        SideFile(path: base, role: "base", missingIsEmpty: true),
        SideFile(path: ours, role: "ours", missingIsEmpty: false),
        SideFile(path: theirs, role: "theirs", missingIsEmpty: false),
      ], in: fileSystem)
    // A version that requires what this syncups does not know is never merged: the merge
    // could drop or misread what it holds.
    for (role, side) in zip(["base", "ours", "theirs"], sides) {
      if let refusal = side.declaration.refusal {
        throw MergeRefusal(kind: .newer, side: role, reason: refusal, message: refusal)
      }
    }
    let declaration = SyncUpsFile.Declaration.merging(sides.map(\.declaration))
    let earlier = MergeDriverHistory.lastCommonVersions(
      of: SyncUpsMerge.withoutCommonBase(
        base: sides[0].syncUps, ours: sides[1].syncUps, theirs: sides[2].syncUps),
      path: path, environment: environment)
    let result = SyncUpsMerge.merge(
      base: sides[0].syncUps, ours: sides[1].syncUps, theirs: sides[2].syncUps, sides: timing,
      earlier: earlier)
    let data: Data
    do {
      data = try SyncUpsFile.encode(result.syncUps, declaration: declaration)
    } catch {
      throw CommandFailure(
        "cannot write the merge of '\(sanitize(ours))': \(readableDescription(of: error))",
        status: .dataError)
    }
    let conflicts = result.conflicts.map(ConflictRecord.init)
    if let report { try append(conflicts.map(\.reportLine), toReport: report, in: fileSystem) }
    do {
      // Git reads the result back at once and stores it itself: waiting for the disk would
      // only slow the merge down.
      _ = try Self.writeSoon(data, to: ours, in: fileSystem)
    } catch {
      throw CommandFailure(sanitize("\(error)"))
    }
    return conflicts
  }

  /// The sides as `$SYNCUPS_MERGE_NEWER` and `$SYNCUPS_MERGE_TIMES` describe them; each
  /// unset or empty one tells nothing.
  private func mergeSides(_ environment: [String: String]) throws -> MergeSides {
    var sides = MergeSides.newer(nil)
    if let text = environment[Self.newerVariable], !text.isEmpty {
      guard let side = MergeSide(rawValue: text) else {
        throw CommandFailure(
          "\(Self.newerVariable) must be ours or theirs, not '\(sanitize(text))'", status: .usage)
      }
      sides.newer = side
    }
    if let text = environment[Self.timesVariable], !text.isEmpty {
      let times = text.split(separator: " ", omittingEmptySubsequences: false).map { Int($0) }
      guard times.count == 2, let ours = times[0], let theirs = times[1] else {
        throw CommandFailure(
          "\(Self.timesVariable) must be two commit times in seconds since 1970, ours then "
            + "theirs, not '\(sanitize(text))'", status: .usage)
      }
      sides.ours = Date(timeIntervalSince1970: Double(ours))
      sides.theirs = Date(timeIntervalSince1970: Double(theirs))
    }
    return sides
  }

  /// Appends `lines` (each a line of JSON, ``ConflictRecord/reportLine`` or
  /// ``MergeRefusal/reportLine``) to the report at `path`, creating the file (mode 0600) when
  /// there is none.
  private func append(
    _ lines: [String], toReport path: String, in fileSystem: any FileSystem
  ) throws {
    do {
      let existing = try fileSystem.read(path)
      guard existing == nil || !lines.isEmpty else { return }
      let lines = Data(lines.joined().utf8)
      _ = try Self.writeSoon((existing?.data ?? Data()) + lines, to: path, in: fileSystem)
    } catch {
      throw CommandFailure(
        "cannot write the conflict report '\(sanitize(path))' (\(Self.reportVariable)): "
          + sanitize(error.reason))
    }
  }

  /// Replaces a file git or `sync` reads back at once: without waiting for the disk when the
  /// file system is the real one.
  private static func writeSoon(
    _ data: Data, to path: String, in fileSystem: any FileSystem
  ) throws(FileSystemError) -> FileFingerprint {
    try fileSystem.write(data, to: path, durably: false)
  }

  /// The sync-ups in each of `files` and what each declares, read at the same time (decoding
  /// a large file is most of the driver's work, and there are three). A failure is that of
  /// the first file that fails, in the order given.
  private static func readSides(
    _ files: [SideFile], in fileSystem: any FileSystem
  ) throws -> [DeclaredSyncUps] {
    let slots = files.map { _ in SideSlot() }
    // The reads run on other threads, which do not see this task's dependencies: each is
    // handed the file system.
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      slots[index].result = Result { try readSide(files[index], in: fileSystem) }
    }
    return try slots.map { try $0.result!.get() }
  }

  /// The sync-ups in one version of the data file, in our format (of any format number it
  /// declares) or the SyncUps app's, and what it declares. A missing or blank base means no
  /// sync-ups (git passes an empty file for a file added on both sides).
  private static func readSide(
    _ file: SideFile, in fileSystem: any FileSystem
  ) throws -> DeclaredSyncUps {
    let name = "the \(file.role) version '\(sanitize(file.path))'"
    do {
      // Ours read as it streams in, the usual case; anything else is read again whole.
      guard let read = try fileSystem.read(file.path, through: SyncUpsFile.decodeDeclared(from:))
      else {
        guard file.missingIsEmpty else { throw CommandFailure("cannot read \(name): no such file") }
        return ([], .formatOne)
      }
      return read.result
    } catch let error as FileSystemError {
      throw readFailure(error, name: name)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      // Not our format as it stands: the SyncUps app's, a blank base, or not a data file.
    }
    do {
      let data = try fileSystem.read(file.path)?.data ?? Data()
      if file.missingIsEmpty && data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        return ([], .formatOne)
      }
      return (try SyncUpsFile.decodeAnyFormat(data).syncUps, .formatOne)
    } catch let error as FileSystemError {
      throw readFailure(error, name: name)
    } catch let newer as SyncUpsFile.NeedsNewerVersion {
      throw MergeRefusal(
        kind: .newer, side: file.role, reason: newer.description, message: newer.description)
    } catch {
      let reason = sanitize(readableDescription(of: error))
      throw MergeRefusal(
        kind: .invalid, side: file.role, reason: reason,
        message: "\(name) is not a valid data file: \(reason)")
    }
  }

  /// The failure to report when `name`, one of the versions, cannot be read: status 1.
  private static func readFailure(_ error: FileSystemError, name: String) -> CommandFailure {
    CommandFailure("cannot read \(name): \(sanitize(error.reason))")
  }
}

/// One of the files `merge-driver` merges.
private struct SideFile: Sendable {
  var path: String
  /// `base`, `ours` or `theirs`, for messages.
  var role: String
  var missingIsEmpty: Bool
}

/// Where one of the concurrent reads of the merge driver leaves its result: written by that
/// read alone, and read only once every read has finished.
private final class SideSlot: @unchecked Sendable {
  var result: Result<DeclaredSyncUps, any Error>?
}

/// One version of the data file as the merge driver read it.
private typealias DeclaredSyncUps = (
  syncUps: IdentifiedArrayOf<SyncUp>, declaration: SyncUpsFile.Declaration
)

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
  /// The commit merged into: `HEAD` while git merges.
  var ours = "HEAD"
  /// The commit being merged into ``ours``.
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

  /// The history of a merge of `theirs` into `ours` made already (a merge `sync` examines
  /// again), read by `git`, which runs at the top of the work tree.
  init(git: Git, path: String, ours: String, theirs: String) {
    self.git = git
    self.path = path
    self.ours = ours
    self.theirs = theirs
  }

  /// Nil when git is missing or no merge of a commit is in progress.
  init?(path: String, environment: [String: String]) {
    guard let git = try? Git(directory: ".", environment: environment, keepsRepository: true)
    else { return nil }
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
    guard !ids.isEmpty, let bases = lines(["merge-base", "--all", ours, theirs]),
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
