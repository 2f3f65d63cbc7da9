#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// A conflict the merge driver resolved on its own, in the one shape every part of `sync`
/// uses: the sync-up it was in, what conflicted, whose version was kept, and the driver's
/// message. The driver appends each as a line of `$SYNCUPS_MERGE_REPORT` (``reportLine``);
/// `sync` reads those lines (``reported(in:)``), prints them (human and `--json`, ``json``),
/// and records each in the merge commit (``trailer``), naming the two people whose changes
/// met, so that every teammate who receives the commit hears of it (``told(to:)``), not only
/// the one whose sync merged:
///
/// ```
/// Merge sync-ups from origin/main
///
/// Syncups-Conflict: {"kept":"ours","message":"Design: changed here but deleted there; kept it",…,"ours":"Ben","theirs":"Ana"}
/// ```
///
/// The trailer and `sync --json` are read by teammates' syncups of other versions: keys are
/// only ever added, and each one is optional when read.
package struct ConflictRecord: Equatable {
  /// The record's keys, in the order syncups(1) lists them. Its field list is made from this
  /// (`ManPageReference.mergeConflictFields`), so a key cannot go undocumented.
  package enum Field: String, CaseIterable, CodingKey {
    case syncUp, path, kept, message, ours, theirs

    /// The keys the driver writes; ``ours`` and ``theirs`` are added by the merge commit.
    package static let written: [Field] = allCases.filter { $0 != .ours && $0 != .theirs }
  }

  /// The sync-up, by id and title (the title as both sides knew it, else as merged).
  struct SyncUpName: Decodable, Equatable {
    var id: String
    var title: String
  }

  var syncUp: SyncUpName
  /// What conflicted (``SyncUpsMergeConflict/path``): empty for the whole sync-up.
  var path: String?
  /// `ours` or `theirs`.
  var kept: String?
  /// The driver's words, where here is the side that merged (ours) and there the other.
  var message: String
  /// Who merged, and whose change they merged (the last author of the data file on the
  /// other side), as the merge commit records them; nil in the driver's own report.
  var ours: String?
  var theirs: String?

  /// The key of the lines a merge commit records its conflicts in.
  static let trailerKey = "Syncups-Conflict"

  init(
    syncUp: SyncUpName, path: String?, kept: String?, message: String, ours: String? = nil,
    theirs: String? = nil
  ) {
    self.syncUp = syncUp
    self.path = path
    self.kept = kept
    self.message = message
    self.ours = ours
    self.theirs = theirs
  }

  /// A conflict as the merge resolved it.
  init(_ conflict: SyncUpsMergeConflict) {
    self.init(
      syncUp: SyncUpName(id: conflict.syncUpID.uuidString, title: conflict.syncUpTitle),
      path: conflict.path, kept: conflict.kept.rawValue, message: conflict.message)
  }

  /// The record as an object: `syncUp` (`id`, `title`), `path`, `kept` and `message`, and
  /// `ours` and `theirs` once a merge commit names them.
  var json: JSONOutput {
    var fields: [String: JSONOutput] = [
      Field.syncUp.rawValue: .object(["id": .string(syncUp.id), "title": .string(syncUp.title)]),
      Field.message.rawValue: .string(message),
    ]
    for (field, value) in [(Field.path, path), (.kept, kept), (.ours, ours), (.theirs, theirs)] {
      if let value { fields[field.rawValue] = .string(value) }
    }
    return .object(fields)
  }

  /// The record as one line of `$SYNCUPS_MERGE_REPORT`, newline included.
  var reportLine: String { json.text(pretty: false) }

  /// The line of the merge commit's message that records the conflict.
  var trailer: String {
    Self.trailerKey + ": " + String(reportLine.trimmingSuffix("\n"))
  }

  /// The records in `text`, one JSON object a line (``reportLine``); lines that are not one
  /// are skipped.
  static func reported(in text: Substring) -> [ConflictRecord] {
    let decoder = JSONDecoder()
    return text.split(separator: "\n").compactMap {
      try? decoder.decode(ConflictRecord.self, from: Data($0.utf8))
    }
  }

  /// The conflicts recorded in a commit message (``trailer``).
  static func recorded(in message: Substring) -> [ConflictRecord] {
    let prefix = trailerKey + ": "
    let lines = message.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    return reported(in: Substring(lines.map { $0.dropFirst(prefix.count) }.joined(separator: "\n")))
  }

  /// The conflict as told to `person`, who received the merge commit: the sides named by
  /// their people, `here` for `person`'s own: `conflict merged by Ben: Engineering: title
  /// changed to 'Eng' by Ben at Sat 28 Nov 2026, 09:30 and 'Core' here at Sat 28 Nov 2026,
  /// 09:00; kept 'Eng' (made later)`. A sync-up kept because one
  /// side changed what the other deleted reads `kept 'Design': deleted here, changed by Ben`.
  /// Times read as `person`'s local times (``localTimes(in:utcOffset:)``).
  func told(
    to person: String, utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
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
      .replacing(" here at ", with: " \(merger) at ")
      .replacing(" here but ", with: " \(merger) but ").replacing(" there;", with: " \(other);")
      .replacing(" there at ", with: " \(other) at ")
    return "conflict merged \(merger): " + Self.localTimes(in: text, utcOffset: utcOffset)
  }

  /// The driver's message for the person who merged: as written, its times read as local
  /// times (``localTimes(in:utcOffset:)``).
  func readable(utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset) -> String {
    Self.localTimes(in: message, utcOffset: utcOffset)
  }

  /// `text` with each UTC time in it as the driver writes them (`2026-11-27T09:27:00Z`, which
  /// reads the same on every teammate's machine, in every time zone) as a local time for
  /// people, `utcOffset(time)` seconds east of UTC: `Fri 27 Nov 2026, 10:27`. When two
  /// different times in it fall in one minute (two updates written a few seconds apart), each
  /// time has its seconds too, `10:27:05`, so that the one kept can be told.
  static func localTimes(in text: String, utcOffset: (Date) -> Int) -> String {
    var times: [(range: Range<String.Index>, time: Date)] = []
    var index = text.startIndex
    while index < text.endIndex {
      if let end = text.index(index, offsetBy: 20, limitedBy: text.endIndex),
        let time = utcTime(text[index..<end])
      {
        times.append((index..<end, time))
        index = end
      } else {
        index = text.index(after: index)
      }
    }
    let seconds = times.map { Int($0.time.timeIntervalSince1970) }
    let sameMinute = Dictionary(grouping: Set(seconds), by: { $0 / 60 }).values
      .contains { $0.count > 1 }
    var output = ""
    index = text.startIndex
    for (range, time) in times {
      output += text[index..<range.lowerBound]
      output += DateText.meeting(time, utcOffset: utcOffset(time))
      if sameMinute {
        let second = Int(time.timeIntervalSince1970) % 60
        output += second < 10 ? ":0\(second)" : ":\(second)"
      }
      index = range.upperBound
    }
    return output + text[index...]
  }

  /// The time `2026-11-27T09:27:00Z` names, or nil for any other text.
  private static func utcTime(_ text: Substring) -> Date? {
    let characters = Array(text)
    guard characters.count == 20, characters[10] == "T", characters[13] == ":",
      characters[16] == ":", characters[19] == "Z", let day = CalendarDay(text.prefix(10))
    else { return nil }
    func number(_ at: Int) -> Int? {
      guard characters[at].isASCII, characters[at + 1].isASCII else { return nil }
      return Int(String(characters[at...at + 1]))
    }
    guard let hour = number(11), let minute = number(14), let second = number(17),
      hour < 24, minute < 60, second < 60
    else { return nil }
    return Date(
      timeIntervalSince1970: Double(day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second))
  }
}

extension ConflictRecord: Decodable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Field.self)
    self.init(
      syncUp: try container.decode(SyncUpName.self, forKey: .syncUp),
      path: try container.decodeIfPresent(String.self, forKey: .path),
      kept: try container.decodeIfPresent(String.self, forKey: .kept),
      message: try container.decode(String.self, forKey: .message),
      ours: try container.decodeIfPresent(String.self, forKey: .ours),
      theirs: try container.decodeIfPresent(String.self, forKey: .theirs))
  }
}
