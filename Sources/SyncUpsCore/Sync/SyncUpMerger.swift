#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// Merges one sync-up that both sides changed, field by field, and collects the conflicts it
/// resolves (see ``SyncUpsMerge``).
struct SyncUpMerger {
  let syncUpID: UUID
  /// The title conflicts are reported under: the base's, else the merged one.
  let syncUpTitle: String
  let newer: MergeSide?
  private(set) var conflicts: [SyncUpsMergeConflict] = []

  /// The side whose value a conflict keeps.
  private var winner: MergeSide { newer ?? .ours }

  init(base: SyncUp?, ours: SyncUp, theirs: SyncUp, newer: MergeSide?) {
    syncUpID = ours.id
    syncUpTitle =
      base?.title
      ?? ThreeWayChange(base: nil, ours: ours.title, theirs: theirs.title)
      .value(preferring: newer ?? .ours)
    self.newer = newer
  }

  mutating func merge(base: SyncUp?, ours: SyncUp, theirs: SyncUp) -> SyncUp {
    let title = field(
      "title", "title", base: base?.title, ours: ours.title, theirs: theirs.title,
      text: SyncUpsMerge.quoted)
    let duration = field(
      "duration", "duration", base: base?.duration, ours: ours.duration,
      theirs: theirs.duration, text: DurationText.compact)
    let theme = field(
      "theme", "theme", base: base?.theme, ours: ours.theme, theirs: theirs.theme,
      text: { $0.rawValue })
    let unknownKeys = self.unknownKeys(
      path: { $0 }, what: { "key '\($0)'" }, base: base?.unknownKeys,
      ours: ours.unknownKeys, theirs: theirs.unknownKeys)
    let attendees = IdentifiedArray.threeWayMerge(
      base: base?.attendees ?? [], ours: ours.attendees, theirs: theirs.attendees
    ) { base, ours, theirs in
      mergeAttendee(base: base, ours: ours, theirs: theirs)
    } keptChange: { kept, base, removedBy in
      record(
        "attendees.\(kept.id)", kept: removedBy.other,
        "attendee \(Self.nameText(base.name)) \(SyncUpsMerge.removal("removed", by: removedBy)); "
          + "kept it")
    }
    let meetings = IdentifiedArray.threeWayMerge(
      base: base?.meetings ?? [], ours: ours.meetings, theirs: theirs.meetings
    ) { base, ours, theirs in
      mergeMeeting(base: base, ours: ours, theirs: theirs)
    } keptChange: { kept, base, removedBy in
      record(
        "meetings.\(kept.id)", kept: removedBy.other,
        "the meeting of \(DateText.iso8601(base.date)) "
          + "\(SyncUpsMerge.removal("deleted", by: removedBy)); kept it")
    }
    return SyncUp(
      id: ours.id, attendees: attendees, duration: duration,
      meetings: Self.newestFirst(meetings), theme: theme, title: title,
      unknownKeys: unknownKeys)
  }

  private mutating func mergeAttendee(
    base: Attendee?, ours: Attendee, theirs: Attendee
  ) -> Attendee {
    let who = "attendee \(Self.nameText(base?.name ?? ours.name))"
    let path = "attendees.\(ours.id)"
    return Attendee(
      id: ours.id,
      name: field(
        path + ".name", "name of " + who, base: base?.name, ours: ours.name,
        theirs: theirs.name, text: Self.nameText),
      unknownKeys: unknownKeys(
        path: { "\(path).\($0)" }, what: { "key '\($0)' of \(who)" }, base: base?.unknownKeys,
        ours: ours.unknownKeys, theirs: theirs.unknownKeys))
  }

  private mutating func mergeMeeting(base: Meeting?, ours: Meeting, theirs: Meeting) -> Meeting {
    let which = "the meeting of \(DateText.iso8601(base?.date ?? ours.date))"
    let path = "meetings.\(ours.id)"
    func merged<Value: Equatable>(
      _ key: String, _ value: (Meeting) -> Value, text: (Value) -> String?
    ) -> Value {
      field(
        "\(path).\(key)", "\(key) of \(which)", base: base.map(value), ours: value(ours),
        theirs: value(theirs), text: text)
    }
    return Meeting(
      id: ours.id,
      date: merged("date", \.date, text: DateText.iso8601),
      transcript: merged("transcript", \.transcript, text: Self.excerpt),
      started: merged("started", \.started) { $0.map(DateText.iso8601) },
      duration: merged("duration", \.duration) { $0.map(DurationText.compact) },
      plannedDuration: merged("plannedDuration", \.plannedDuration) {
        $0.map(DurationText.compact)
      },
      endedEarly: merged("endedEarly", \.endedEarly) { $0.map { $0 ? "yes" : "no" } },
      attendees: merged("attendees", \.attendees) { $0.map { "a list of \($0.count)" } },
      turns: merged("turns", \.turns) { $0.map { "a list of \($0.count)" } },
      unknownKeys: unknownKeys(
        path: { "\(path).\($0)" }, what: { "key '\($0)' of \(which)" },
        base: base?.unknownKeys, ours: ours.unknownKeys, theirs: theirs.unknownKeys))
  }

  /// Merges the unknown keys of an object key by key, each like a field whose value may be
  /// absent.
  private mutating func unknownKeys(
    path: (String) -> String, what: (String) -> String, base: [String: UnknownJSON]?,
    ours: [String: UnknownJSON], theirs: [String: UnknownJSON]
  ) -> [String: UnknownJSON] {
    guard ours != theirs else { return ours }
    var keys = Set(ours.keys).union(theirs.keys)
    if let base { keys.formUnion(base.keys) }
    var merged: [String: UnknownJSON] = [:]
    for key in keys.sorted() {
      merged[key] = field(
        path(key), what(key), base: base.map { $0[key] }, ours: ours[key], theirs: theirs[key],
        text: { $0.map(Self.jsonText) })
    }
    return merged
  }

  /// Merges one value three-way; a conflict keeps the ``winner``'s value and is recorded.
  /// `text` shows a value in the message, nil for an absent one.
  private mutating func field<Value: Equatable>(
    _ path: String, _ what: String, base: Value?, ours: Value, theirs: Value,
    text: (Value) -> String?
  ) -> Value {
    let change = ThreeWayChange(base: base, ours: ours, theirs: theirs)
    let value = change.value(preferring: winner)
    guard case .conflict(let ourValue, let theirValue) = change else { return value }
    let changes =
      switch (text(ourValue), text(theirValue)) {
      case (let ours?, let theirs?): "changed to \(ours) here and \(theirs) there"
      case (let ours?, nil): "changed to \(ours) here and removed there"
      case (nil, let theirs?): "removed here and changed to \(theirs) there"
      case (nil, nil): "removed on both sides"
      }
    let kept = text(value).map { "kept \($0)" } ?? "kept it removed"
    record(path, kept: winner, "\(what) \(changes); \(kept) (\(newer == nil ? "ours" : "newer"))")
    return value
  }

  private mutating func record(_ path: String, kept: MergeSide, _ message: String) {
    conflicts.append(
      SyncUpsMergeConflict(
        syncUpID: syncUpID, syncUpTitle: syncUpTitle, path: path, kept: kept,
        message: "\(SyncUpsMerge.label(syncUpTitle)): \(message)"))
  }

  /// The meetings, newest first; meetings of the same date keep their order.
  private static func newestFirst(
    _ meetings: IdentifiedArrayOf<Meeting>
  ) -> IdentifiedArrayOf<Meeting> {
    let sorted = meetings.enumerated().sorted { first, second in
      first.element.date == second.element.date
        ? first.offset < second.offset : first.element.date > second.element.date
    }
    return IdentifiedArrayOf(uncheckedUniqueElements: sorted.map(\.element))
  }

  // MARK: - Values in messages

  private static func nameText(_ name: String) -> String {
    name.isEmpty ? "(blank)" : SyncUpsMerge.quoted(name)
  }

  /// A transcript's start, quoted on one line: enough to tell two versions apart.
  private static func excerpt(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " / ")
    return SyncUpsMerge.quoted(line.count > 40 ? String(line.prefix(40)) + "…" : line)
  }

  /// An unknown key's value as compact JSON.
  private static func jsonText(_ value: UnknownJSON) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}
