#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// The sync-up shapes of ``JSONOutput`` (see `JSONOutput+Models.swift`), written straight from
/// the models without building a ``JSONOutput`` tree: the same bytes, for `list --json` on a
/// large file without holding the whole document.
extension JSONTextWriter {
  /// Writes the array of `syncUps`, as ``JSONOutput/syncUps(_:)``.
  mutating func syncUps(_ syncUps: [SyncUp]) {
    beginArray()
    for syncUp in syncUps { self.syncUp(syncUp) }
    endArray()
  }

  /// Writes a sync-up object, as ``JSONOutput/syncUp(_:)``.
  mutating func syncUp(_ syncUp: SyncUp) {
    beginObject()
    key("attendees")
    beginArray()
    for attendee in syncUp.attendees.elements { self.attendee(attendee) }
    endArray()
    key("duration")
    int(syncUp.duration)
    key("durationPerAttendee")
    double(Double(syncUp.duration) / Double(max(syncUp.attendees.count, 1)))
    key("id")
    uuid(syncUp.id)
    key("meetings")
    meetings(syncUp.meetings.elements)
    key("theme")
    string(syncUp.theme.rawValue)
    key("title")
    string(syncUp.title)
    endObject()
  }

  /// Writes an attendee object, as ``JSONOutput/attendee(_:)``.
  mutating func attendee(_ attendee: Attendee) {
    beginObject()
    key("id")
    uuid(attendee.id)
    key("name")
    string(attendee.name)
    endObject()
  }

  /// Writes an array of meeting objects, as ``JSONOutput/meetings(_:)``.
  mutating func meetings(_ meetings: [Meeting]) {
    beginArray()
    for meeting in meetings { self.meeting(meeting) }
    endArray()
  }

  /// Writes a meeting object, as ``JSONOutput/meeting(_:)``.
  mutating func meeting(_ meeting: Meeting) {
    beginObject()
    key("date")
    plainString { DateText.appendISO8601(meeting.date, to: &$0) }
    key("id")
    uuid(meeting.id)
    key("transcript")
    string(meeting.transcript)
    endObject()
  }

  /// Writes a UUID as its upper-case `uuidString`.
  mutating func uuid(_ id: UUID) {
    plainString { bytes in
      let digits: StaticString = "0123456789ABCDEF"
      withUnsafeBytes(of: id.uuid) { uuid in
        for (index, byte) in uuid.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            bytes.append(UInt8(ascii: "-"))
          }
          bytes.append(digits.utf8Start[Int(byte >> 4)])
          bytes.append(digits.utf8Start[Int(byte & 0x0F)])
        }
      }
    }
  }
}
