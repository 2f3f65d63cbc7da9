#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// A conflict the merge driver resolved on its own and reported (`SYNCUPS_MERGE_REPORT`): the
/// sync-up it was in, what conflicted, whose version was kept, and the driver's message.
///
/// The merge commit records each one (``trailer``), naming the two people whose changes met,
/// so that every teammate who receives the commit hears of it (``told(to:)``), not only the
/// one whose sync merged:
///
/// ```
/// Merge sync-ups from origin/main
///
/// Syncups-Conflict: {"kept":"ours","message":"Design: changed here but deleted there; kept it",…,"ours":"Ben","theirs":"Ana"}
/// ```
struct SyncConflict: Decodable, Equatable {
  struct SyncUpName: Decodable, Equatable {
    var id: String
    var title: String
  }

  var syncUp: SyncUpName
  var path: String?
  var kept: String?
  /// The driver's words, where here is the side that merged (ours) and there the other.
  var message: String
  /// Who merged, and whose change they merged (the last author of the data file on the
  /// other side), as the merge commit records them; nil in the driver's own report.
  var ours: String?
  var theirs: String?

  /// The key of the lines a merge commit records its conflicts in.
  static let trailerKey = "Syncups-Conflict"

  var json: JSONOutput {
    var fields: [String: JSONOutput] = [
      "syncUp": .object(["id": .string(syncUp.id), "title": .string(syncUp.title)]),
      "message": .string(message),
    ]
    if let path { fields["path"] = .string(path) }
    if let kept { fields["kept"] = .string(kept) }
    if let ours { fields["ours"] = .string(ours) }
    if let theirs { fields["theirs"] = .string(theirs) }
    return .object(fields)
  }

  /// The line of the merge commit's message that records the conflict.
  var trailer: String {
    Self.trailerKey + ": " + String(json.text(pretty: false).trimmingSuffix("\n"))
  }

  /// The conflicts recorded in a commit message.
  static func recorded(in message: Substring) -> [SyncConflict] {
    let decoder = JSONDecoder()
    let prefix = trailerKey + ": "
    return message.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(prefix) else { return nil }
      return try? decoder.decode(SyncConflict.self, from: Data(line.dropFirst(prefix.count).utf8))
    }
  }

  /// The conflict as told to `person`, who received the merge commit: the sides named by
  /// their people, `here` for `person`'s own: `conflict merged by Ben: Engineering: title
  /// changed to 'Eng' by Ben and 'Core' here; kept 'Eng' (newer)`. A sync-up kept because one side changed what
  /// the other deleted reads `kept 'Design': deleted here, changed by Ben`.
  func told(to person: String) -> String {
    func side(_ name: String?) -> String {
      guard let name else { return "by a teammate" }
      return name == person ? "here" : "by \(name)"
    }
    let merger = side(ours)
    let other = side(theirs)
    if path == "" {
      let (deleter, changer) = kept == "theirs" ? (merger, other) : (other, merger)
      let title = syncUp.title.isBlank ? SyncUp.untitled : "'\(syncUp.title)'"
      return "kept \(title): deleted \(deleter), changed \(changer)"
    }
    let text = message.replacing(" here and ", with: " \(merger) and ")
      .replacing(" here but ", with: " \(merger) but ").replacing(" there;", with: " \(other);")
    return "conflict merged \(merger): \(text)"
  }
}
