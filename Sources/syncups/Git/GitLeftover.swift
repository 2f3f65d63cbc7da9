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

/// What plain git can leave in the data file that no command can read, found without running
/// git: what a failed load says to do about it (``CommandContext/loadSyncUps(recovered:)``).
enum GitLeftover: Equatable {
  /// git stopped a merge of the data file halfway (`MERGE_HEAD`, or conflict markers with a
  /// merge, stash or cherry-pick under way): `sync` finishes it.
  case unfinishedMerge
  /// The file holds conflict markers that were committed: `sync` repairs it.
  case committedConflictMarkers

  /// What git left in `dataFile`, when it does not decode; nil when git left nothing there.
  static func find(in dataFile: String) -> GitLeftover? {
    if let top = GitWorkTree.top(holding: dataFile),
      currentFileSystem.exists(top + "/.git/MERGE_HEAD")
    {
      return .unfinishedMerge
    }
    guard let data = (try? currentFileSystem.read(dataFile))?.data,
      ConflictMarkers(String(decoding: data, as: UTF8.self)) != nil
    else { return nil }
    return .committedConflictMarkers
  }

  /// The advice a failure to decode the data file ends with.
  var advice: String {
    switch self {
    case .unfinishedMerge:
      "git left a merge of it unfinished (git's conflict markers): run 'syncups sync' to "
        + "finish the merge"
    case .committedConflictMarkers:
      "it holds git's conflict markers: run 'syncups sync' to repair it"
    }
  }
}

/// The two sides of a text holding git's conflict markers (`<<<<<<<`, `|||||||`, `=======`,
/// `>>>>>>>`, each at the start of a line): the text with every conflict resolved to the
/// first side, and with every conflict resolved to the second.
///
/// ```swift
/// ConflictMarkers("[\n<<<<<<< HEAD\n1\n=======\n2\n>>>>>>> b\n]\n")
/// // ours: "[\n1\n]\n", theirs: "[\n2\n]\n"
/// ```
struct ConflictMarkers: Equatable {
  var ours: String
  var theirs: String

  init(ours: String, theirs: String) {
    self.ours = ours
    self.theirs = theirs
  }

  /// Nil when `text` holds no complete conflict.
  init?(_ text: String) {
    enum Part { case common, ours, base, theirs }
    var part = Part.common
    var ours = ""
    var theirs = ""
    var conflicts = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      switch part {
      case .common where line.hasPrefix("<<<<<<<"): part = .ours
      case .ours where line.hasPrefix("|||||||"): part = .base
      case .ours where line == "=======", .base where line == "=======": part = .theirs
      case .theirs where line.hasPrefix(">>>>>>>"):
        part = .common
        conflicts += 1
      case .common:
        ours += line + "\n"
        theirs += line + "\n"
      case .ours: ours += line + "\n"
      case .theirs: theirs += line + "\n"
      case .base: break
      }
    }
    guard conflicts > 0, part == .common else { return nil }
    self.ours = ours
    self.theirs = theirs
  }
}
