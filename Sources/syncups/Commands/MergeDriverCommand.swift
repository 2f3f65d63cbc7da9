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
import Dispatch
import SharedState
import SyncUpsCore

/// `syncups merge-driver BASE OURS THEIRS`: git's merge driver for the data file (`%O %A %B`).
extension CommandContext {
  /// The variable that names the side whose changes are newer: `ours` or `theirs`.
  package nonisolated static let mergeNewerVariable = "SYNCUPS_MERGE_NEWER"
  /// The variable that names a file to append each conflict to, as a line of JSON.
  package nonisolated static let mergeReportVariable = "SYNCUPS_MERGE_REPORT"

  /// Merges the three versions of the data file by id (``SyncUpsMerge``) and writes the result
  /// over `ours`, atomically and keeping its mode, in our format. Conflicts are resolved on
  /// their own, so git never sees one: each is reported on standard error (and appended to
  /// `$SYNCUPS_MERGE_REPORT`). A side that is not a data file fails the merge with status 65
  /// before anything is written, so git reports the merge as failed and `ours` is untouched.
  ///
  /// `path`, the data file's path in the repository (git's `%P`), lets it look in the
  /// repository's history for sync-ups both sides keep that the base lacks
  /// (``MergeDriverHistory``).
  func mergeDriver(base: String, ours: String, theirs: String, path: String? = nil) throws {
    // A merge whose git was killed (with the sync that started it) is not finished alone.
    Subprocess.dieWithParent()
    let newer = try mergeNewerSide()
    let sides = try Self.readMergeSides([
      MergeSideFile(path: base, role: "base", missingIsEmpty: true),
      MergeSideFile(path: ours, role: "ours", missingIsEmpty: false),
      MergeSideFile(path: theirs, role: "theirs", missingIsEmpty: false),
    ])
    let earlier = MergeDriverHistory.lastCommonVersions(
      of: SyncUpsMerge.withoutCommonBase(base: sides[0], ours: sides[1], theirs: sides[2]),
      path: path, environment: environment)
    let result = SyncUpsMerge.merge(
      base: sides[0], ours: sides[1], theirs: sides[2], newer: newer, earlier: earlier)
    let data: Data
    do {
      data = try SyncUpsFile.encode(result.syncUps)
    } catch {
      throw CommandFailure(
        "cannot write the merge of '\(sanitize(ours))': \(readableDescription(of: error))",
        status: .dataError)
    }
    if let report = environment[Self.mergeReportVariable], !report.isEmpty {
      try appendMergeReport(result.conflicts, to: report)
    }
    do {
      // Git reads the result back at once and stores it itself: waiting for the disk would
      // only slow the merge down.
      _ = try LiveFileSystem.shared.write(data, to: ours, durably: false)
    } catch {
      throw CommandFailure(sanitize("\(error)"))
    }
    for conflict in result.conflicts {
      say("syncups: conflict: \(sanitize(conflict.message))")
    }
  }

  /// The side `$SYNCUPS_MERGE_NEWER` names; nil when it is unset or empty.
  private func mergeNewerSide() throws -> MergeSide? {
    guard let text = environment[Self.mergeNewerVariable], !text.isEmpty else { return nil }
    guard let side = MergeSide(rawValue: text) else {
      throw CommandFailure(
        "\(Self.mergeNewerVariable) must be ours or theirs, not '\(sanitize(text))'",
        status: .usage)
    }
    return side
  }

  /// The sync-ups in each of `files`, read at the same time (decoding a large file is most of
  /// the driver's work, and there are three). A failure is that of the first file that fails,
  /// in the order given.
  private nonisolated static func readMergeSides(
    _ files: [MergeSideFile]
  ) throws -> [IdentifiedArrayOf<SyncUp>] {
    let slots = files.map { _ in MergeSideSlot() }
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      slots[index].result = Result { try readMergeSide(files[index]) }
    }
    return try slots.map { try $0.result!.get() }
  }

  /// The sync-ups in one version of the data file, in our format or the SyncUps app's. A
  /// missing or blank base means no sync-ups (git passes an empty file for a file added on
  /// both sides).
  private nonisolated static func readMergeSide(
    _ file: MergeSideFile
  ) throws -> IdentifiedArrayOf<SyncUp> {
    let name = "the \(file.role) version '\(sanitize(file.path))'"
    do {
      // Ours read as it streams in, the usual case; anything else is read again whole.
      guard
        let syncUps = try LiveFileSystem.shared.read(file.path, through: SyncUpsFile.decode(from:))
      else {
        guard file.missingIsEmpty else { throw CommandFailure("cannot read \(name): no such file") }
        return []
      }
      return syncUps.result
    } catch let error as FileSystemError {
      throw readFailure(error, name: name)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      // Not our format as it stands: the SyncUps app's, a blank base, or not a data file.
    }
    do {
      let data = try LiveFileSystem.shared.read(file.path)?.data ?? Data()
      if file.missingIsEmpty && data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        return []
      }
      return try SyncUpsFile.decodeAnyFormat(data).syncUps
    } catch let error as FileSystemError {
      throw readFailure(error, name: name)
    } catch {
      throw CommandFailure(
        "\(name) is not a valid data file: \(sanitize(readableDescription(of: error)))",
        status: .dataError)
    }
  }

  /// The failure to report when `name`, one of the versions, cannot be read: status 1.
  private nonisolated static func readFailure(
    _ error: FileSystemError, name: String
  ) -> CommandFailure {
    CommandFailure("cannot read \(name): \(sanitize(error.reason))")
  }

  /// Appends each conflict to `path` as one line of JSON (``JSONOutput/mergeConflict(_:)``),
  /// creating the file (mode 0600) when there is none.
  private func appendMergeReport(_ conflicts: [SyncUpsMergeConflict], to path: String) throws {
    let text = conflicts.map { JSONOutput.mergeConflict($0).text(pretty: false) }.joined()
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw reportFailure(path) }
    defer { close(fd) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw reportFailure(path) }
      bytes = bytes.dropFirst(written)
    }
  }

  private func reportFailure(_ path: String) -> CommandFailure {
    CommandFailure(
      "cannot write the conflict report '\(sanitize(path))' (\(Self.mergeReportVariable)): "
        + String(cString: strerror(errno)))
  }
}

/// One of the files `merge-driver` merges.
private struct MergeSideFile: Sendable {
  var path: String
  /// `base`, `ours` or `theirs`, for messages.
  var role: String
  var missingIsEmpty: Bool
}

/// Where one of the concurrent reads of ``CommandContext/readMergeSides(_:)`` leaves its result:
/// written by that read alone, and read only once every read has finished.
private final class MergeSideSlot: @unchecked Sendable {
  var result: Result<IdentifiedArrayOf<SyncUp>, any Error>?
}
