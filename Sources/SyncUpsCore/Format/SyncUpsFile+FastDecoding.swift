#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SyncUpsFile {
  /// Decodes our format straight from the bytes, or returns `nil` when the data holds anything
  /// this reader does not handle or anything invalid; `JSONDecoder` then decides
  /// (``decodeWithJSONDecoder(_:)``), so errors and unusual forms are reported as always.
  ///
  /// What it reads is a subset of what `JSONDecoder` accepts, decoded to equal values: JSON
  /// with exactly the keys we write, each once (unknown keys are left to `JSONDecoder`); the
  /// numbers of a meeting's record as plain integers of up to 15 digits; durations as plain
  /// integers in range; dates as `YYYY-MM-DDTHH:MM:SSZ` from 1583 to 9999; ids as 36-character
  /// UUIDs; unique ids.
  static func decodeFast(_ data: Data) -> IdentifiedArrayOf<SyncUp>? {
    data.withUnsafeBytes { bytes -> IdentifiedArrayOf<SyncUp>? in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      var reader = SyncUpsReader(start: base, count: bytes.count)
      return try? reader.readFile()
    }
  }

  /// Decodes our format like ``decodeFast(_:)``, reading the file a window at a time as it
  /// goes, so that the file is never held whole; `nil` for anything left to `JSONDecoder`.
  ///
  /// - Throws: the file system's error when the file cannot be read.
  static func decodeFast(
    from file: inout FileReader
  ) throws(FileSystemError) -> IdentifiedArrayOf<SyncUp>? {
    let window = InputWindow(file: file)
    defer { file = window.file }
    var reader = SyncUpsReader(window: window)
    let syncUps = try? reader.readFile()
    if let error = window.error { throw error }
    return syncUps
  }
}

/// The part of a file a streaming ``SyncUpsReader`` has in memory: a buffer it refills from a
/// ``FileReader``, moving the bytes it still needs to the front (and growing only for a
/// string longer than the buffer).
final class InputWindow {
  private(set) var file: FileReader
  /// Why the file could not be read, if it could not.
  private(set) var error: FileSystemError?
  private var buffer: UnsafeMutableBufferPointer<UInt8>
  private var isFinished = false
  /// Reads are at least this large.
  private static let minimumRead = 4096

  init(file: FileReader, capacity: Int = 1 << 16) {
    self.file = file
    buffer = .allocate(capacity: capacity)
  }

  deinit { buffer.deallocate() }

  /// The start of the buffer and the end of the bytes read into it, for a reader that starts.
  var initialRange: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    (UnsafePointer(buffer.baseAddress!), UnsafePointer(buffer.baseAddress!))
  }

  /// Reads more of the file after `end`, keeping the bytes from `keep` to `end`, which may move
  /// to the front of the buffer: `keep` and `end` are updated to where they are now. False at
  /// the end of the file or when it cannot be read (see ``error``).
  func refill(keeping keep: inout UnsafePointer<UInt8>, end: inout UnsafePointer<UInt8>) -> Bool {
    guard !isFinished else { return false }
    let kept = end - keep
    // Little room after the input: the kept bytes move to the front, into a larger buffer
    // when they fill more than half of this one.
    if buffer.count - (end - UnsafePointer(buffer.baseAddress!)) < Self.minimumRead {
      var target = buffer
      if kept > buffer.count / 2 {
        target = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
      }
      UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: keep, byteCount: kept)
      if target.baseAddress != buffer.baseAddress {
        buffer.deallocate()
        buffer = target
      }
      keep = UnsafePointer(buffer.baseAddress!)
      end = keep + kept
    }
    let filled = end - UnsafePointer(buffer.baseAddress!)
    let free = UnsafeMutableRawBufferPointer(
      UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
    do throws(FileSystemError) {
      let count = try file.read(into: free)
      guard count > 0 else {
        isFinished = true
        return false
      }
      end += count
      return true
    } catch {
      self.error = error
      isFinished = true
      return false
    }
  }
}

/// The fast reader met something it leaves to `JSONDecoder`.
public struct UnsupportedByFastReader: Error {}

/// A strict reader of our file format over UTF-8 bytes; see ``SyncUpsFile/decodeFast(_:)``.
/// It reads each object by the keys its model declares (``StoredModel/describe(_:)``), in
/// their order, which is the order the file sorts them in.
///
/// Every method throws ``UnsupportedByFastReader`` as soon as the input leaves the subset it
/// handles.
public struct SyncUpsReader {
  private var cursor: UnsafePointer<UInt8>
  private var end: UnsafePointer<UInt8>
  /// Where more input comes from when the reader reaches `end`; nil when all of it is there.
  private let window: InputWindow?
  /// Reused for strings with escapes.
  private var scratch: [UInt8] = []
  /// Reused to find repeated ids.
  private var idScratch: Set<UUID> = []

  /// A reader of the `count` bytes at `start`, which must stay valid while it reads.
  init(start: UnsafePointer<UInt8>, count: Int) {
    cursor = start
    end = start + count
    window = nil
  }

  /// A reader of a file as `window` reads it.
  init(window: InputWindow) {
    (cursor, end) = window.initialRange
    self.window = window
  }

  // MARK: Input

  /// Reads more input after `end`, keeping the bytes from `keep` on; they may move, and
  /// `keep` and the cursor (at or after it) with them. False at the end of the input.
  private mutating func more(keeping keep: inout UnsafePointer<UInt8>) -> Bool {
    guard let window else { return false }
    let offset = cursor - keep
    let hasMore = window.refill(keeping: &keep, end: &end)
    cursor = keep + offset
    return hasMore
  }

  /// Reads more input after `end`, keeping the bytes from the cursor on. False at the end of
  /// the input.
  private mutating func moreInput() -> Bool {
    var keep = cursor
    return more(keeping: &keep)
  }

  /// Makes `count` bytes from the cursor on available, or as many as the input has left.
  private mutating func fill(_ count: Int) {
    while end - cursor < count, moreInput() {}
  }

  // MARK: The document

  /// Reads the whole input: one array of sync-ups with unique ids, and nothing after it.
  mutating func readFile() throws(UnsupportedByFastReader) -> IdentifiedArrayOf<SyncUp> {
    var syncUps: [SyncUp] = []
    if try beginArray() {
      repeat {
        syncUps.append(try readObject(SyncUp.self))
      } while try nextElement()
    }
    skipWhitespace()
    guard cursor == end else { throw UnsupportedByFastReader() }
    return try identified(syncUps)
  }

  /// Reads an object of `Model`: the keys it declares, each once, those it must hold all
  /// there, and no others. Keys in the model's order (the file's) are read in one walk of its
  /// declaration; others take a walk more for each key met out of order.
  mutating func readObject<Model: StoredModel>(
    _: Model.Type
  ) throws(UnsupportedByFastReader) -> Model {
    let key = try beginObject()
    return try withUnsafeMutablePointer(to: &self) {
      (reader) throws(UnsupportedByFastReader) -> Model in
      var fields = FieldReader<Model>(reader: reader, key: key)
      repeat {
        fields.index = 0
        fields.progressed = false
        try Model.describe(&fields)
      } while fields.key != nil && fields.progressed
      guard fields.key == nil, fields.seen & fields.required == fields.required else {
        throw UnsupportedByFastReader()
      }
      return fields.model
    }
  }

  /// Reads an array of objects of `Element` with unique ids.
  mutating func readIdentifiedArray<Element: StoredModel & Identifiable>(
    of: Element.Type
  ) throws(UnsupportedByFastReader) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
    let elements = try readArray { (reader) throws(UnsupportedByFastReader) in
      try reader.readObject(Element.self)
    }
    return try identified(elements)
  }

  /// Reads an array, each element with `readElement`; the result is allocated at its size.
  mutating func readArray<Element>(
    _ readElement: (inout SyncUpsReader) throws(UnsupportedByFastReader) -> Element
  ) throws(UnsupportedByFastReader) -> [Element] {
    var elements: [Element] = []
    if try beginArray() {
      repeat {
        elements.append(try readElement(&self))
      } while try nextElement()
    }
    return elements.count == elements.capacity ? elements : Array(elements)
  }

  /// The elements as an identified array; two with the same id are left to `JSONDecoder`.
  private mutating func identified<Element: Identifiable>(
    _ elements: [Element]
  ) throws(UnsupportedByFastReader) -> IdentifiedArrayOf<Element> where Element.ID == UUID {
    idScratch.removeAll(keepingCapacity: true)
    for element in elements {
      guard idScratch.insert(element.id).inserted else { throw UnsupportedByFastReader() }
    }
    return IdentifiedArrayOf(uniqueElements: elements)
  }

  // MARK: Structure

  /// Reads the `[` of an array and says whether an element follows (else reads the `]`).
  private mutating func beginArray() throws(UnsupportedByFastReader) -> Bool {
    try expect(UInt8(ascii: "["))
    guard try peek() == UInt8(ascii: "]") else { return true }
    cursor += 1
    return false
  }

  /// After an array element: reads a `,` and says `true`, or reads the `]` and says `false`.
  private mutating func nextElement() throws(UnsupportedByFastReader) -> Bool {
    switch try peek() {
    case UInt8(ascii: ","):
      cursor += 1
      return true
    case UInt8(ascii: "]"):
      cursor += 1
      return false
    default:
      throw UnsupportedByFastReader()
    }
  }

  /// Reads the `{` of an object and its first key with the colon after it; `nil` when the
  /// object is empty (its `}` read).
  private mutating func beginObject() throws(UnsupportedByFastReader) -> StoredKey? {
    try expect(UInt8(ascii: "{"))
    if try peek() == UInt8(ascii: "}") {
      cursor += 1
      return nil
    }
    return try readKeyAndColon()
  }

  /// After a member's value: reads a `,` and the next key with its colon, or reads the `}` and
  /// returns `nil`.
  mutating func nextKey() throws(UnsupportedByFastReader) -> StoredKey? {
    switch try peek() {
    case UInt8(ascii: ","):
      cursor += 1
      return try readKeyAndColon()
    case UInt8(ascii: "}"):
      cursor += 1
      return nil
    default:
      throw UnsupportedByFastReader()
    }
  }

  /// Reads a key and the colon after it.
  private mutating func readKeyAndColon() throws(UnsupportedByFastReader) -> StoredKey {
    let key = try readKey()
    try expect(UInt8(ascii: ":"))
    skipWhitespace()
    return key
  }

  /// Skips JSON whitespace (space, tab, line feed, carriage return); eight spaces at a time
  /// where it can, for indentation.
  private mutating func skipWhitespace() {
    repeat {
      while end - cursor >= 8,
        UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
      {
        cursor += 8
      }
      while cursor < end {
        switch cursor.pointee {
        case 0x20, 0x0A, 0x0D, 0x09: cursor += 1
        default: return
        }
      }
    } while moreInput()
  }

  /// Whether the next value is a string (else it is something else: an array, an object…),
  /// without consuming it: what a value stored in either form reads first.
  mutating func nextIsString() throws(UnsupportedByFastReader) -> Bool {
    try peek() == UInt8(ascii: "\"")
  }

  /// The next byte that is not whitespace, without consuming it.
  private mutating func peek() throws(UnsupportedByFastReader) -> UInt8 {
    skipWhitespace()
    guard cursor < end else { throw UnsupportedByFastReader() }
    return cursor.pointee
  }

  /// Consumes `byte`, after any whitespace.
  private mutating func expect(_ byte: UInt8) throws(UnsupportedByFastReader) {
    guard try peek() == byte else { throw UnsupportedByFastReader() }
    cursor += 1
  }

  // MARK: Values

  /// Reads a key of up to ``StoredKey/capacity`` bytes of printable ASCII, without escapes.
  private mutating func readKey() throws(UnsupportedByFastReader) -> StoredKey {
    try expect(UInt8(ascii: "\""))
    fill(StoredKey.capacity + 1)
    var count = 0
    while count < end - cursor, cursor[count] != UInt8(ascii: "\"") {
      guard count < StoredKey.capacity else { throw UnsupportedByFastReader() }
      count += 1
    }
    guard count < end - cursor else { throw UnsupportedByFastReader() }
    let key = StoredKey(cursor, count: count)
    cursor += count + 1
    return key
  }

  /// Reads an object of dates by key (``ChangeTimes``): keys of ASCII letters, each once.
  mutating func readDates() throws(UnsupportedByFastReader) -> [String: Date] {
    var dates: [String: Date] = [:]
    var key = try beginObject()
    while let current = key {
      guard let name = current.letters,
        dates.updateValue(try readDate(), forKey: name) == nil
      else { throw UnsupportedByFastReader() }
      key = try nextKey()
    }
    return dates
  }

  /// Reads a number of seconds: a plain integer of up to 15 digits (no sign, fraction,
  /// exponent or leading zero).
  mutating func readSeconds() throws(UnsupportedByFastReader) -> Int {
    fill(16)
    var value = 0
    var digits = 0
    while cursor < end, let digit = Self.decimalDigit(cursor.pointee) {
      guard digits < 15, digits == 0 || value > 0 else { throw UnsupportedByFastReader() }
      value = value * 10 + digit
      digits += 1
      cursor += 1
    }
    guard digits > 0 else { throw UnsupportedByFastReader() }
    return value
  }

  /// Reads `true` or `false`.
  mutating func readBool() throws(UnsupportedByFastReader) -> Bool {
    fill(5)
    func matches(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard end - cursor >= count else { return false }
      for offset in 0..<count where cursor[offset] != word.utf8Start[offset] { return false }
      return true
    }
    if matches("true") {
      cursor += 4
      return true
    }
    guard matches("false") else { throw UnsupportedByFastReader() }
    cursor += 5
    return false
  }

  /// Reads a theme by its exact case name.
  mutating func readTheme() throws(UnsupportedByFastReader) -> Theme {
    let name = try readPlainString()
    guard let theme = Theme(rawValue: String(decoding: name, as: UTF8.self)) else {
      throw UnsupportedByFastReader()
    }
    return theme
  }

  /// Reads a UUID string: 36 characters, hexadecimal digits of either case and four hyphens
  /// in the usual places.
  mutating func readUUID() throws(UnsupportedByFastReader) -> UUID {
    let text = try readFixedString(count: 36)
    guard text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"),
      text[18] == UInt8(ascii: "-"), text[23] == UInt8(ascii: "-")
    else { throw UnsupportedByFastReader() }
    var invalid: UInt8 = 0
    func hex(_ range: Range<Int>) -> UInt64 {
      var value: UInt64 = 0
      for offset in range {
        let digit = Self.hexDigit(text[offset])
        invalid |= digit
        value = value << 4 | UInt64(digit & 0x0F)
      }
      return value
    }
    let high = hex(0..<8) << 32 | hex(9..<13) << 16 | hex(14..<18)
    let low = hex(19..<23) << 48 | hex(24..<36)
    guard invalid & 0xF0 == 0 else { throw UnsupportedByFastReader() }
    func byte(_ word: UInt64, _ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }

  /// Reads a date written `YYYY-MM-DDTHH:MM:SSZ`, a valid moment from 1583 to 9999.
  mutating func readDate() throws(UnsupportedByFastReader) -> Date {
    let text = try readFixedString(count: 20)
    guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
      text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
      text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z")
    else { throw UnsupportedByFastReader() }
    var invalid: UInt8 = 0
    func number(_ range: Range<Int>) -> Int {
      var value = 0
      for offset in range {
        let digit = text[offset] &- UInt8(ascii: "0")
        invalid |= digit > 9 ? 0xFF : 0
        value = value * 10 + Int(digit)
      }
      return value
    }
    let year = number(0..<4)
    let month = number(5..<7)
    let day = number(8..<10)
    let hour = number(11..<13)
    let minute = number(14..<16)
    let second = number(17..<19)
    guard invalid == 0, (1583...9999).contains(year), (1...12).contains(month),
      (1...UTCSeconds.daysInMonth(month, of: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { throw UnsupportedByFastReader() }
    let seconds = UTCSeconds.seconds(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return Date(timeIntervalSinceReferenceDate: Double(seconds - UTCSeconds.referenceDateOffset))
  }

  /// Reads a string of exactly `count` bytes, without looking at them: the caller checks every
  /// one (so none is a quote, a backslash or a control character). The bytes stay valid until
  /// the reader reads on.
  private mutating func readFixedString(
    count: Int
  ) throws(UnsupportedByFastReader) -> UnsafePointer<UInt8> {
    try expect(UInt8(ascii: "\""))
    fill(count + 1)
    guard end - cursor > count, cursor[count] == UInt8(ascii: "\"") else {
      throw UnsupportedByFastReader()
    }
    defer { cursor += count + 1 }
    return cursor
  }

  /// Reads a short string of printable ASCII without escapes and returns its bytes, which stay
  /// valid until the reader reads on.
  private mutating func readPlainString() throws(UnsupportedByFastReader)
    -> UnsafeBufferPointer<UInt8>
  {
    try expect(UInt8(ascii: "\""))
    var start = cursor
    while cursor < end || more(keeping: &start) {
      let byte = cursor.pointee
      if byte == UInt8(ascii: "\"") {
        defer { cursor += 1 }
        return UnsafeBufferPointer(start: start, count: cursor - start)
      }
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else {
        throw UnsupportedByFastReader()
      }
      cursor += 1
    }
    throw UnsupportedByFastReader()
  }

  /// Reads any string: valid UTF-8, no raw control characters, and only the escapes JSON
  /// defines, with `\u` surrogates in pairs.
  mutating func readString() throws(UnsupportedByFastReader) -> String {
    try expect(UInt8(ascii: "\""))
    var start = cursor
    var bits: UInt64 = 0
    while true {
      cursor += JSONStringScan.ordinaryLength(of: cursor, count: end - cursor, bits: &bits)
      guard cursor < end else {
        guard more(keeping: &start) else { throw UnsupportedByFastReader() }
        continue
      }
      let byte = cursor.pointee
      switch byte {
      case UInt8(ascii: "\""):
        let bytes = UnsafeBufferPointer(start: start, count: cursor - start)
        cursor += 1
        guard bits & 0x8080_8080_8080_8080 == 0 || UTF8Validation.isValid(bytes) else {
          throw UnsupportedByFastReader()
        }
        return String(decoding: bytes, as: UTF8.self)
      case UInt8(ascii: "\\"):
        return try readEscapedString(from: start)
      case 0..<0x20:
        throw UnsupportedByFastReader()
      default:
        bits |= UInt64(byte)
        cursor += 1
      }
    }
  }

  /// Finishes a string that started at `start` and has an escape at the cursor.
  private mutating func readEscapedString(
    from start: UnsafePointer<UInt8>
  ) throws(UnsupportedByFastReader) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(start: start, count: cursor - start))
    while cursor < end || moreInput() {
      let byte = cursor.pointee
      cursor += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard scratch.withUnsafeBufferPointer(UTF8Validation.isValid) else {
          throw UnsupportedByFastReader()
        }
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try readEscape()
      case 0..<0x20:
        throw UnsupportedByFastReader()
      default:
        scratch.append(byte)
      }
    }
    throw UnsupportedByFastReader()
  }

  /// Reads the escape after a backslash and appends what it stands for to `scratch`.
  private mutating func readEscape() throws(UnsupportedByFastReader) {
    fill(1)
    guard cursor < end else { throw UnsupportedByFastReader() }
    let letter = cursor.pointee
    cursor += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var value = try readHexQuad()
      switch value {
      case 0xD800...0xDBFF:
        fill(6)
        guard end - cursor >= 6, cursor[0] == UInt8(ascii: "\\"), cursor[1] == UInt8(ascii: "u")
        else { throw UnsupportedByFastReader() }
        cursor += 2
        let low = try readHexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw UnsupportedByFastReader() }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      case 0xDC00...0xDFFF:
        throw UnsupportedByFastReader()
      default:
        break
      }
      appendUTF8(value)
    default:
      throw UnsupportedByFastReader()
    }
  }

  /// Appends the UTF-8 form of `scalar`, a Unicode scalar value (not a surrogate).
  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(0xC0 | UInt8(scalar >> 6))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(0xE0 | UInt8(scalar >> 12))
      scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    default:
      scratch.append(0xF0 | UInt8(scalar >> 18))
      scratch.append(0x80 | UInt8(scalar >> 12 & 0x3F))
      scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      scratch.append(0x80 | UInt8(scalar & 0x3F))
    }
  }

  /// Reads the four hexadecimal digits of a `\u` escape.
  private mutating func readHexQuad() throws(UnsupportedByFastReader) -> UInt32 {
    fill(4)
    guard end - cursor >= 4 else { throw UnsupportedByFastReader() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit = Self.hexDigit(cursor.pointee)
      guard digit < 16 else { throw UnsupportedByFastReader() }
      value = value << 4 | UInt32(digit)
      cursor += 1
    }
    return value
  }

  // MARK: Characters

  /// The value of an ASCII decimal digit.
  private static func decimalDigit(_ byte: UInt8) -> Int? {
    let value = byte &- UInt8(ascii: "0")
    return value < 10 ? Int(value) : nil
  }

  /// The value of an ASCII hexadecimal digit of either case, or 0xFF for any other byte.
  private static func hexDigit(_ byte: UInt8) -> UInt8 {
    let decimal = byte &- UInt8(ascii: "0")
    if decimal < 10 { return decimal }
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter + 10 : 0xFF
  }
}

/// A key as the reader met it: up to 16 bytes, held in place, as the input it came from moves
/// on.
struct StoredKey: Equatable {
  /// The longest key the reader takes.
  static let capacity = 16
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  private var count: Int

  /// The `count` bytes at `start`; `count` is at most ``capacity``.
  @inline(__always)
  init(_ start: UnsafePointer<UInt8>, count: Int) {
    self.count = count
    for offset in 0..<count {
      let byte = UInt64(start[offset])
      if offset < 8 {
        low |= byte << (8 * UInt64(offset))
      } else {
        high |= byte << (8 * UInt64(offset - 8))
      }
    }
  }

  /// The key as text when it is made of ASCII letters alone (no escapes to undo); else nil.
  var letters: String? {
    var bytes: [UInt8] = []
    for offset in 0..<count {
      let word = offset < 8 ? low : high
      let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(offset % 8)))
      guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) else { return nil }
      bytes.append(byte)
    }
    return count == 0 ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Whether this is `name`, a key as a model declares it.
  @inline(__always)
  func matches(_ name: StaticString) -> Bool {
    name.utf8CodeUnitCount == count && self == StoredKey(name.utf8Start, count: count)
  }
}

/// Reads the members of one object into a model, walking the keys the model declares (see
/// ``SyncUpsReader/readObject(_:)``).
struct FieldReader<Model: StoredModel>: ModelSchema {
  let reader: UnsafeMutablePointer<SyncUpsReader>
  /// The key read and not yet taken; `nil` after the last member.
  var key: StoredKey?
  var model = Model.blank
  /// The position of the declared key the walk is at.
  var index = 0
  /// The declared keys read, and those that must be, a bit for each by position.
  var seen: UInt64 = 0
  var required: UInt64 = 0
  /// Whether this walk read a member.
  var progressed = false

  init(reader: UnsafeMutablePointer<SyncUpsReader>, key: StoredKey?) {
    self.reader = reader
    self.key = key
  }

  @inline(__always)
  mutating func field<Value: StoredValue>(
    _ name: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastReader) {
    required |= 1 << index
    guard let value = try take(name, rule) else { return }
    model[keyPath: path] = value
  }

  @inline(__always)
  mutating func optional<Value: StoredValue>(
    _ name: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastReader) {
    guard let value = try take(name, rule) else { return }
    model[keyPath: path] = value
  }

  @inline(__always)
  mutating func list<Value: StoredValue & RangeReplaceableCollection>(
    _ name: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastReader) {
    guard let value = try take(name, rule) else { return }
    model[keyPath: path] = value
  }

  /// When the next member is `name`'s, not read before: its value, which `rule` must accept,
  /// having read the key after it. Moves the walk on either way.
  @inline(__always)
  private mutating func take<Value: StoredValue>(
    _ name: StaticString, _ rule: FieldRule<Value>
  ) throws(UnsupportedByFastReader) -> Value? {
    let bit: UInt64 = 1 << index
    index += 1
    guard seen & bit == 0, key?.matches(name) == true else { return nil }
    let value = try Value.read(from: &reader.pointee)
    guard rule.accepts?(value) ?? true else { throw UnsupportedByFastReader() }
    seen |= bit
    progressed = true
    key = try reader.pointee.nextKey()
    return value
  }
}
