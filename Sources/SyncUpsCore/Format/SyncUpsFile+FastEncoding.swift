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
public struct UnsupportedByFastWriter: Error {}

/// Writes our file format as `JSONEncoder` would; see ``SyncUpsFile/encodeFast(_:)``. It
/// writes each object by the keys its model declares (``StoredModel/describe(_:)``), in their
/// order.
public struct SyncUpsWriter: ~Copyable {
  private var buffer: ByteBuffer
  /// How deep the value being written lies: 0 for the file's array.
  private var depth = 0

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
        size += 90 + attendee.name.utf8.count + attendee.away.count * 140
      }
      for update in syncUp.updates.elements {
        size += 260 + (update.done?.utf8.count ?? 0) + (update.next?.utf8.count ?? 0)
        for blocker in update.blockers { size += 10 + blocker.utf8.count }
      }
      for item in syncUp.items.elements {
        size += 330 + item.text.utf8.count + (item.resolution?.utf8.count ?? 0)
      }
      for meeting in syncUp.meetings.elements {
        size += 150 + meeting.transcript.utf8.count
        size += (meeting.attendees?.count ?? 0) * 130 + (meeting.turns?.count ?? 0) * 160
      }
    }
    return size
  }

  // MARK: Structure

  /// Writes the top-level array of sync-ups.
  mutating func writeFile(_ syncUps: [SyncUp]) throws(UnsupportedByFastWriter) {
    try writeArray(syncUps)
  }

  /// Writes an array of objects: `[`, each element on a line of its own one level deeper, and
  /// `]` on a line of its own; an empty one as `[`, a blank line and `]`.
  mutating func writeArray<Element: StoredModel>(
    _ elements: [Element]
  ) throws(UnsupportedByFastWriter) {
    try writeArray(elements) { (writer, element) throws(UnsupportedByFastWriter) in
      try writer.writeObject(element)
    }
  }

  /// Writes an array as ``writeArray(_:)`` does, each element with `writeElement`.
  mutating func writeArray<Element>(
    _ elements: [Element],
    _ writeElement: (inout SyncUpsWriter, Element) throws(UnsupportedByFastWriter) -> Void
  ) throws(UnsupportedByFastWriter) {
    try writeEnclosed(elements, in: (UInt8(ascii: "["), UInt8(ascii: "]")), writeElement)
  }

  /// Writes `open`, each element on a line of its own one level deeper, and `close` on a line
  /// of its own; no elements as `open`, a blank line and `close`.
  private mutating func writeEnclosed<Element>(
    _ elements: [Element], in brackets: (open: UInt8, close: UInt8),
    _ writeElement: (inout SyncUpsWriter, Element) throws(UnsupportedByFastWriter) -> Void
  ) throws(UnsupportedByFastWriter) {
    buffer.append(brackets.open)
    depth += 1
    for (index, element) in elements.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      newline()
      try writeElement(&self, element)
    }
    depth -= 1
    if elements.isEmpty { buffer.append(UInt8(ascii: "\n")) }
    newline()
    buffer.append(brackets.close)
  }

  /// Writes an array of strings as ``writeArray(_:)`` writes objects: one a line.
  mutating func writeStrings(_ strings: [String]) {
    buffer.append(UInt8(ascii: "["))
    depth += 1
    for (index, string) in strings.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      newline()
      writeString(string)
    }
    depth -= 1
    if strings.isEmpty { buffer.append(UInt8(ascii: "\n")) }
    newline()
    buffer.append(UInt8(ascii: "]"))
  }

  /// Writes an object of dates by key (``ChangeTimes``) as ``writeObject(_:)`` writes a
  /// model's, keys sorted. Keys other than ASCII letters, or that `JSONEncoder`, which sorts
  /// ignoring case, would order otherwise, are left to it.
  mutating func writeDates(_ dates: [String: Date]) throws(UnsupportedByFastWriter) {
    let keys = dates.keys.sorted()
    guard
      keys.allSatisfy({ key in
        !key.isEmpty
          && key.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
      }),
      keys.map({ $0.lowercased() }) == keys.map({ $0.lowercased() }).sorted()
    else { throw UnsupportedByFastWriter() }
    try writeEnclosed(keys, in: (UInt8(ascii: "{"), UInt8(ascii: "}"))) {
      (writer, key) throws(UnsupportedByFastWriter) in
      writer.writeString(key)
      writer.buffer.append(" : ")
      try writer.writeQuotedDate(dates[key]!)
    }
  }

  /// Writes an object: `{`, each member as `"key" : value` on a line of its own one level
  /// deeper, keys in the model's order, and `}` on a line of its own. A model holding keys this
  /// version does not know is left to `JSONEncoder`.
  mutating func writeObject<Model: StoredModel>(
    _ model: Model
  ) throws(UnsupportedByFastWriter) {
    guard model.unknownKeys.isEmpty else { throw UnsupportedByFastWriter() }
    buffer.append(UInt8(ascii: "{"))
    depth += 1
    try withUnsafeMutablePointer(to: &self) { (writer) throws(UnsupportedByFastWriter) in
      var fields = FieldWriter(writer: writer, model: model)
      try Model.describe(&fields)
    }
    depth -= 1
    newline()
    buffer.append(UInt8(ascii: "}"))
  }

  /// Starts an object's member: a comma unless it is the first, its line, its key; in one
  /// piece, as most of the file is this.
  fileprivate mutating func writeKey(_ key: StaticString, first: Bool) {
    let comma = first ? 0 : 1
    let indent = 2 * depth
    let count = key.utf8CodeUnitCount
    buffer.append(length: comma + 1 + indent + 1 + count + 4) { output in
      output[0] = UInt8(ascii: ",")
      var offset = comma
      output[offset] = UInt8(ascii: "\n")
      (output + offset + 1).update(repeating: UInt8(ascii: " "), count: indent)
      offset += 1 + indent
      output[offset] = UInt8(ascii: "\"")
      (output + offset + 1).update(from: key.utf8Start, count: count)
      offset += 1 + count
      output[offset] = UInt8(ascii: "\"")
      output[offset + 1] = UInt8(ascii: " ")
      output[offset + 2] = UInt8(ascii: ":")
      output[offset + 3] = UInt8(ascii: " ")
    }
  }

  /// A line break and the indentation of the current depth, two spaces a level.
  private mutating func newline() {
    let spaces: StaticString = "\n                                                                "
    let count = 1 + 2 * depth
    precondition(count <= spaces.utf8CodeUnitCount, "nested too deep")
    buffer.append(UnsafeBufferPointer(start: spaces.utf8Start, count: count))
  }

  // MARK: Values

  /// Appends `true` or `false`.
  mutating func writeBool(_ value: Bool) {
    buffer.append(value ? "true" : "false")
  }

  /// Appends an integer in decimal.
  mutating func writeInteger(_ value: Int) {
    var text = String(value)
    text.withUTF8 { buffer.append($0) }
  }

  /// Appends a UUID as `JSONEncoder` writes it: its `uuidString`, upper-case, quoted.
  mutating func writeQuotedUUID(_ id: UUID) {
    let hex: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: id.uuid) { uuid in
      buffer.append(length: 38) { output in
        output[0] = UInt8(ascii: "\"")
        var offset = 1
        for (index, byte) in uuid.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            output[offset] = UInt8(ascii: "-")
            offset += 1
          }
          output[offset] = hex.utf8Start[Int(byte >> 4)]
          output[offset + 1] = hex.utf8Start[Int(byte & 0x0F)]
          offset += 2
        }
        output[37] = UInt8(ascii: "\"")
      }
    }
  }

  /// Appends a date as `"YYYY-MM-DDTHH:MM:SSZ"`, rounded down to the second.
  mutating func writeQuotedDate(_ date: Date) throws(UnsupportedByFastWriter) {
    let interval = date.timeIntervalSinceReferenceDate
    guard Self.dateRange.contains(interval) else { throw UnsupportedByFastWriter() }
    let fields = UTCSeconds.fields(
      of: Int(interval.rounded(.down)) + UTCSeconds.referenceDateOffset)
    buffer.append(length: 22) { quoted in
      quoted[0] = UInt8(ascii: "\"")
      quoted[21] = UInt8(ascii: "\"")
      let output = quoted + 1
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
  mutating func writeString(_ string: String) {
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

/// Writes the members of one object, key by key as its model declares them (see
/// ``SyncUpsWriter/writeArray(_:)``).
private struct FieldWriter<Model: StoredModel>: ModelSchema {
  let writer: UnsafeMutablePointer<SyncUpsWriter>
  let model: Model
  private var first = true

  init(writer: UnsafeMutablePointer<SyncUpsWriter>, model: Model) {
    self.writer = writer
    self.model = model
  }

  @inline(__always)
  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastWriter) {
    try write(key, model[keyPath: path])
  }

  @inline(__always)
  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastWriter) {
    guard let value = model[keyPath: path] else { return }
    try write(key, value)
  }

  @inline(__always)
  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastWriter) {
    let value = model[keyPath: path]
    guard !value.isEmpty else { return }
    try write(key, value)
  }

  @inline(__always)
  private mutating func write<Value: StoredValue>(
    _ key: StaticString, _ value: Value
  ) throws(UnsupportedByFastWriter) {
    writer.pointee.writeKey(key, first: first)
    first = false
    try value.write(to: &writer.pointee)
  }
}
