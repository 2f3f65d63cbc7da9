import SharedState
import SyncUpsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A meeting as a Markdown page (`meeting show --format markdown`, and each meeting of
/// `export --format markdown`), to paste into chat or a wiki.
///
/// ```markdown
/// # Engineering — Mon 9 Feb 2026, 09:15
///
/// **Attendees:** Blob, ~~Blob Jr~~ (absent), Blob Sr
///
/// ## Blob
///
/// Spoke for 1 min, 10 secs of a 1 min slot (10 secs over).
///
/// - shipped the release
///
/// ## Blob Sr
///
/// Spoke for 50 secs of a 1 min slot.
///
/// No notes.
///
/// **Total:** 2 min of 3 min planned, ended early.
/// ```
///
/// A meeting of a schedule says when it started against its scheduled start, and one with a
/// facilitator who ran it, after the attendees: `**Started:** 09:35, 5 min late for 09:30.
/// **Facilitator:** Ana.` The items raised and resolved in the meeting follow the notes, under `Items raised` and
/// `Items resolved`, when there are any.
///
/// A transcript line `Name: text` is a note of the person of that name (one of the meeting's
/// attendees or speakers; of the sync-up's attendees for a meeting saved without a record);
/// other lines are listed under "Other notes". A meeting with a record has a section for each
/// speaker, in speaking order, with the time spoken against the slot, then one for anyone else
/// with notes; one without a record (saved before meetings were timed, or imported) says its
/// attendees were not recorded, as `meeting show` does, and has a section for each of the
/// sync-up's attendees who has notes, without times. The notes of a name several speakers
/// share are listed once, under the first of them. All user text is escaped
/// (``MarkdownText``).
enum MeetingMarkdownRenderer {
  /// The page, ending in a newline. At `level` 1 the heading is `# Title — date`; deeper, as
  /// under a sync-up's own heading in an export, it is the date alone, and every heading
  /// moves down as many levels. Dates are shown `utcOffset(date)` seconds east of UTC.
  static func render(
    _ meeting: Meeting, of syncUp: SyncUp, level: Int = 1,
    utcOffset: (Date) -> Int = DependencyValues.currentValues.utcOffset
  ) -> String {
    let date = DateText.meeting(meeting.date, utcOffset: utcOffset(meeting.date))
    let heading = level == 1 ? title(syncUp) + " — " + date : date
    var blocks = [String(repeating: "#", count: level) + " " + heading]
    blocks.append("**Attendees:** " + attendeeList(meeting))
    var held: [String] = []
    if let start = MeetingStart.text(of: meeting, utcOffset: utcOffset) {
      held.append("**Started:** " + start + ".")
    }
    if let facilitator = meeting.facilitator {
      held.append("**Facilitator:** " + name(facilitator.name) + ".")
    }
    if !held.isEmpty { blocks.append(held.joined(separator: " ")) }

    let notes = Notes(meeting.transcript, names: knownNames(meeting, of: syncUp))
    let speakers = speakers(meeting, of: syncUp, notes: notes)
    let sectionMark = String(repeating: "#", count: level + 1) + " "
    var listed: Set<String> = []
    for speaker in speakers {
      blocks.append(sectionMark + name(speaker.name))
      if let seconds = speaker.seconds, let slot = speaker.slot {
        let over = seconds > slot ? " (\(DurationText.human(seconds - slot)) over)" : ""
        blocks.append(
          "Spoke for \(DurationText.human(seconds)) of a \(DurationText.human(slot)) slot\(over).")
      }
      let own = notes.byName[speaker.name] ?? []
      if own.isEmpty {
        blocks.append("No notes.")
      } else if listed.insert(speaker.name).inserted {
        blocks.append(list(own))
      } else {
        // Speakers who share a name: their transcript lines cannot be told apart.
        blocks.append(
          "Notes: under the first \(name(speaker.name)) above (the transcript names them alike).")
      }
    }
    if !notes.unattributed.isEmpty {
      blocks.append(sectionMark + "Other notes")
      blocks.append(list(notes.unattributed))
    } else if speakers.isEmpty {
      blocks.append("No notes were taken.")
    }

    let items = MeetingItems(meeting, of: syncUp)
    if !items.raised.isEmpty {
      blocks.append(sectionMark + "Items raised")
      blocks.append(itemList(items.raised, of: syncUp, resolutions: false))
    }
    if !items.resolved.isEmpty {
      blocks.append(sectionMark + "Items resolved")
      blocks.append(itemList(items.resolved, of: syncUp, resolutions: true))
    }

    if let duration = meeting.duration {
      let planned = meeting.plannedDuration ?? syncUp.duration
      var total =
        "**Total:** \(DurationText.human(duration)) of \(DurationText.human(planned)) planned"
      if duration > planned { total += " (\(DurationText.human(duration - planned)) over)" }
      if meeting.endedEarly == true { total += ", ended early" }
      blocks.append(total + ".")
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The sync-up's title escaped, or the placeholder for an empty one.
  static func title(_ syncUp: SyncUp) -> String {
    syncUp.title.isBlank ? SyncUp.untitled : MarkdownText.escape(syncUp.title)
  }

  /// A person's name escaped, or the placeholder for a blank one.
  static func name(_ name: String) -> String {
    name.isBlank ? UserText.unnamed : MarkdownText.escape(name)
  }

  /// Everyone on the meeting in calling order, absent people struck through and marked;
  /// "Not recorded." for a meeting without a record (who came is not known: today's
  /// attendees may not be those of then).
  private static func attendeeList(_ meeting: Meeting) -> String {
    guard let attendees = meeting.attendees else { return "Not recorded." }
    return attendees.map { $0.absent ? "~~\(name($0.name))~~ (absent)" : name($0.name) }
      .joined(separator: ", ")
  }

  /// The names a transcript line may start with.
  private static func knownNames(_ meeting: Meeting, of syncUp: SyncUp) -> [String] {
    guard meeting.attendees != nil || meeting.turns != nil else {
      return syncUp.attendees.map(\.name)
    }
    return (meeting.turns ?? []).map(\.name) + (meeting.attendees ?? []).map(\.name)
  }

  /// One section of the page: a person, with the time they spoke when it was recorded.
  private struct Speaker {
    var name: String
    var seconds: Int?
    var slot: Int?
  }

  /// The sections: each speaker's turns together, in speaking order, then anyone else with
  /// notes in the order of ``knownNames(_:of:)``.
  private static func speakers(_ meeting: Meeting, of syncUp: SyncUp, notes: Notes) -> [Speaker] {
    var speakers: [Speaker] = []
    var positions: [UUID: Int] = [:]
    for turn in meeting.turns ?? [] {
      if let position = positions[turn.attendee] {
        speakers[position].seconds! += turn.seconds
        speakers[position].slot! += turn.slot
      } else {
        positions[turn.attendee] = speakers.count
        speakers.append(Speaker(name: turn.name, seconds: turn.seconds, slot: turn.slot))
      }
    }
    var named = Set(speakers.map(\.name))
    for name in knownNames(meeting, of: syncUp) where notes.byName[name] != nil {
      if named.insert(name).inserted { speakers.append(Speaker(name: name)) }
    }
    return speakers
  }

  /// A transcript's notes, sorted by who took them.
  private struct Notes {
    /// The text of each person's notes, by name, in transcript order.
    var byName: [String: [String]] = [:]
    /// Whole lines that start with no known name.
    var unattributed: [String] = []

    init(_ transcript: String, names: [String]) {
      // Longest first, so that "Blob Jr: …" is not taken for a note of "Blob".
      let prefixes = Set(names.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        .map { ($0, $0 + ":") }
      // Split at line feeds by scalar: "\r\n" is one Character, and a line may end in either.
      for scalars in transcript.unicodeScalars.split(separator: "\n") {
        let content = scalars.last == "\r" ? scalars.dropLast() : scalars
        let line = String(String.UnicodeScalarView(content))
        guard !line.isBlank else { continue }
        if let (name, prefix) = prefixes.first(where: { line.hasPrefix($0.1) }) {
          let note = String(line.dropFirst(prefix.count))
          if !note.isBlank { byName[name, default: []].append(note) }
        } else {
          unattributed.append(line)
        }
      }
    }
  }

  /// A bulleted list of items: `- **Blocker** (Ana): text`, the owner left out for an item
  /// nobody owns; with `age` (an item's, in working days) the age after
  /// the owner (`(Ana), 3 days: text`), and with `resolutions` ` — resolution` when there is
  /// one. Escaped.
  static func itemList(
    _ items: [Item], of syncUp: SyncUp, resolutions: Bool, age: ((Item) -> Int)? = nil
  ) -> String {
    items.map { item in
      "- " + itemLine(
        item, of: syncUp, resolution: resolutions, age: age.map { Item.daysText($0(item)) })
    }.joined(separator: "\n")
  }

  /// One item as a list shows it, without the bullet: `**Blocker** (Blob), 2 days: text`, with
  /// `age` after the owner when given, and ` — resolution` with `resolution`.
  static func itemLine(_ item: Item, of syncUp: SyncUp, resolution: Bool, age: String?)
    -> String
  {
    var line = "**" + item.kind.label + "**"
    if let owner = syncUp.ownerName(of: item) { line += " (" + name(owner) + ")" }
    if let age { line += ", " + age }
    line += ": " + MarkdownText.escape(item.text)
    if resolution, let text = item.resolution, !text.isBlank {
      line += " — " + MarkdownText.escape(text)
    }
    return line
  }

  /// A bulleted list of notes, escaped.
  private static func list(_ notes: [String]) -> String {
    notes.map { "- " + MarkdownText.escape($0) }.joined(separator: "\n")
  }
}
