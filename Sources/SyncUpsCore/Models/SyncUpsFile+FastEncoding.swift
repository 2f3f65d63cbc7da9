#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SyncUpsFile {
  /// Encodes sync-ups in our format, byte for byte as ``encoder()`` does, or returns `nil` when
  /// a meeting's date lies outside the years this writer handles (before the Gregorian calendar
  /// began on 1582-10-15, or after 9999), or when anything holds keys this version does not
  /// know; ``encodeWithJSONEncoder(_:)`` then writes the file.
  ///
  /// `JSONEncoder` with our settings writes two-space indentation, `"key" : value`, keys
  /// sorted, an empty array as `[`, a blank line and `]`, and no newline at the end. It escapes
  /// `"` and `\` and the C0 controls (`\b`, `\t`, `\n`, `\f`, `\r`, else `\u00xx`) and nothing
  /// else; dates are ISO 8601 in UTC with the fraction of a second dropped (rounded down).
  static func encodeFast(_ syncUps: IdentifiedArrayOf<SyncUp>) -> Data? {
    let elements = syncUps.elements
    var writer = SyncUpsWriter(capacity: SyncUpsWriter.estimatedSize(of: elements))
    do {
      try writer.writeFile(elements)
    } catch {
      return nil
    }
    return writer.data()
  }
}

/// The fast writer met a value it leaves to `JSONEncoder`.
struct UnsupportedByFastWriter: Error {}

/// Writes our file format as `JSONEncoder` would; see ``SyncUpsFile/encodeFast(_:)``.
struct SyncUpsWriter: ~Copyable {
  private var buffer: ByteBuffer

  /// Seconds since 2001 of the dates this writer handles, rounded down
  /// (``UTCSeconds/supportedRange``).
  private static let dateRange =
    Double(UTCSeconds.supportedRange.lowerBound - UTCSeconds.referenceDateOffset)
    ..< Double(UTCSeconds.supportedRange.upperBound + 1 - UTCSeconds.referenceDateOffset)

  /// A writer with room for `capacity` bytes.
  init(capacity: Int) {
    buffer = ByteBuffer(capacity: capacity)
  }

  /// The bytes written, as `Data`; the writer is used up.
  consuming func data() -> Data {
    buffer.data()
  }

  /// About how many bytes the file for `syncUps` takes: the text plus the fixed parts of each
  /// object, escapes aside.
  static func estimatedSize(of syncUps: [SyncUp]) -> Int {
    var size = 8
    for syncUp in syncUps {
      size += 220 + syncUp.title.utf8.count
      for attendee in syncUp.attendees.elements {
        size += 90 + attendee.name.utf8.count
      }
      for meeting in syncUp.meetings.elements {
        size += 150 + meeting.transcript.utf8.count
        size += (meeting.attendees?.count ?? 0) * 130 + (meeting.turns?.count ?? 0) * 160
      }
    }
    return size
  }

  // MARK: The document

  /// Writes the top-level array of sync-ups.
  mutating func writeFile(_ syncUps: [SyncUp]) throws(UnsupportedByFastWriter) {
    guard !syncUps.isEmpty else {
      buffer.append("[\n\n]")
      return
    }
    buffer.append("[")
    for (index, syncUp) in syncUps.enumerated() {
      if index > 0 { buffer.append(",") }
      try writeSyncUp(syncUp)
    }
    buffer.append("\n]")
  }

  /// Writes a sync-up object at depth 1, after a line break.
  private mutating func writeSyncUp(_ syncUp: SyncUp) throws(UnsupportedByFastWriter) {
    guard syncUp.unknownKeys.isEmpty,
      syncUp.attendees.allSatisfy({ $0.unknownKeys.isEmpty }),
      !syncUp.meetings.contains(where: \.holdsUnknownKeys)
    else { throw UnsupportedByFastWriter() }
    buffer.append("\n  {\n    \"attendees\" : [")
    let attendees = syncUp.attendees.elements
    for (index, attendee) in attendees.enumerated() {
      buffer.append(
        index == 0 ? "\n      {\n        \"id\" : \"" : ",\n      {\n        \"id\" : \"")
      writeUUID(attendee.id)
      buffer.append("\",\n        \"name\" : ")
      writeString(attendee.name)
      buffer.append("\n      }")
    }
    buffer.append(
      attendees.isEmpty ? "\n\n    ],\n    \"duration\" : " : "\n    ],\n    \"duration\" : ")
    writeInteger(syncUp.duration)
    buffer.append(",\n    \"id\" : \"")
    writeUUID(syncUp.id)
    buffer.append("\",\n    \"meetings\" : [")
    let meetings = syncUp.meetings.elements
    for (index, meeting) in meetings.enumerated() {
      buffer.append(index == 0 ? "\n      {" : ",\n      {")
      try writeMeeting(meeting)
      buffer.append("\n      }")
    }
    buffer.append(
      meetings.isEmpty ? "\n\n    ],\n    \"theme\" : " : "\n    ],\n    \"theme\" : ")
    writeString(syncUp.theme.rawValue)
    buffer.append(",\n    \"title\" : ")
    writeString(syncUp.title)
    buffer.append("\n  }")
  }

  /// Writes the members of a meeting object at depth 3, its keys sorted: those of its record
  /// only when it has them.
  private mutating func writeMeeting(_ meeting: Meeting) throws(UnsupportedByFastWriter) {
    if let attendees = meeting.attendees {
      buffer.append("\n        \"attendees\" : [")
      for (index, attendee) in attendees.enumerated() {
        buffer.append(
          index == 0
            ? "\n          {\n            \"absent\" : "
            : ",\n          {\n            \"absent\" : ")
        buffer.append(attendee.absent ? "true" : "false")
        buffer.append(",\n            \"id\" : \"")
        writeUUID(attendee.id)
        buffer.append("\",\n            \"name\" : ")
        writeString(attendee.name)
        buffer.append("\n          }")
      }
      buffer.append(attendees.isEmpty ? "\n\n        ]," : "\n        ],")
    }
    buffer.append("\n        \"date\" : \"")
    try writeDate(meeting.date)
    buffer.append("\",")
    if let duration = meeting.duration {
      buffer.append("\n        \"duration\" : ")
      writeInteger(duration)
      buffer.append(",")
    }
    if let endedEarly = meeting.endedEarly {
      buffer.append("\n        \"endedEarly\" : ")
      buffer.append(endedEarly ? "true," : "false,")
    }
    buffer.append("\n        \"id\" : \"")
    writeUUID(meeting.id)
    buffer.append("\",")
    if let plannedDuration = meeting.plannedDuration {
      buffer.append("\n        \"plannedDuration\" : ")
      writeInteger(plannedDuration)
      buffer.append(",")
    }
    if let started = meeting.started {
      buffer.append("\n        \"started\" : \"")
      try writeDate(started)
      buffer.append("\",")
    }
    buffer.append("\n        \"transcript\" : ")
    writeString(meeting.transcript)
    if let turns = meeting.turns {
      buffer.append(",\n        \"turns\" : [")
      for (index, turn) in turns.enumerated() {
        buffer.append(
          index == 0
            ? "\n          {\n            \"attendee\" : \""
            : ",\n          {\n            \"attendee\" : \"")
        writeUUID(turn.attendee)
        buffer.append("\",\n            \"name\" : ")
        writeString(turn.name)
        buffer.append(",\n            \"seconds\" : ")
        writeInteger(turn.seconds)
        buffer.append(",\n            \"slot\" : ")
        writeInteger(turn.slot)
        buffer.append("\n          }")
      }
      buffer.append(turns.isEmpty ? "\n\n        ]" : "\n        ]")
    }
  }

  // MARK: Values

  /// Appends an integer in decimal.
  private mutating func writeInteger(_ value: Int) {
    var text = String(value)
    text.withUTF8 { buffer.append($0) }
  }

  /// Appends a UUID as `JSONEncoder` writes it: its `uuidString`, upper-case.
  private mutating func writeUUID(_ id: UUID) {
    let hex: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: id.uuid) { uuid in
      buffer.append(length: 36) { output in
        var offset = 0
        for (index, byte) in uuid.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            output[offset] = UInt8(ascii: "-")
            offset += 1
          }
          output[offset] = hex.utf8Start[Int(byte >> 4)]
          output[offset + 1] = hex.utf8Start[Int(byte & 0x0F)]
          offset += 2
        }
      }
    }
  }

  /// Appends a date as `YYYY-MM-DDTHH:MM:SSZ` without the quotes, rounded down to the second.
  private mutating func writeDate(_ date: Date) throws(UnsupportedByFastWriter) {
    let interval = date.timeIntervalSinceReferenceDate
    guard Self.dateRange.contains(interval) else { throw UnsupportedByFastWriter() }
    let fields = UTCSeconds.fields(
      of: Int(interval.rounded(.down)) + UTCSeconds.referenceDateOffset)
    buffer.append(length: 20) { output in
      func digits(_ value: Int, at offset: Int) {
        output[offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
        output[offset + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
      }
      digits(fields.year / 100, at: 0)
      digits(fields.year % 100, at: 2)
      output[4] = UInt8(ascii: "-")
      digits(fields.month, at: 5)
      output[7] = UInt8(ascii: "-")
      digits(fields.day, at: 8)
      output[10] = UInt8(ascii: "T")
      digits(fields.hour, at: 11)
      output[13] = UInt8(ascii: ":")
      digits(fields.minute, at: 14)
      output[16] = UInt8(ascii: ":")
      digits(fields.second, at: 17)
      output[19] = UInt8(ascii: "Z")
    }
  }

  /// Appends a quoted string, escaped as `JSONEncoder` does: only `"`, `\` and the C0
  /// controls.
  private mutating func writeString(_ string: String) {
    buffer.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else { return }
      var runStart = 0
      var index = 0
      var bits: UInt64 = 0
      while true {
        index += JSONStringScan.ordinaryLength(
          of: base + index, count: utf8.count - index, bits: &bits)
        guard index < utf8.count else { break }
        let byte = base[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          buffer.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
          writeEscape(byte)
          runStart = index + 1
        }
        index += 1
      }
      buffer.append(UnsafeBufferPointer(start: base + runStart, count: utf8.count - runStart))
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// Appends the escape for `byte`: `"`, `\` or a C0 control.
  private mutating func writeEscape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): buffer.append("\\\"")
    case UInt8(ascii: "\\"): buffer.append("\\\\")
    case 0x08: buffer.append("\\b")
    case 0x09: buffer.append("\\t")
    case 0x0A: buffer.append("\\n")
    case 0x0C: buffer.append("\\f")
    case 0x0D: buffer.append("\\r")
    default:
      let hex: StaticString = "0123456789abcdef"
      buffer.append("\\u00")
      buffer.append(hex.utf8Start[Int(byte >> 4)])
      buffer.append(hex.utf8Start[Int(byte & 0x0F)])
    }
  }
}
