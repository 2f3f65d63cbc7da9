/// Writes JSON text as UTF-8 bytes, value by value, in the form of ``JSONOutput/text(pretty:)``:
/// pretty (two-space indentation, `"key" : value`, empty containers as `[]` and `{}`) or
/// compact, `/` not escaped, and every character a terminal might act on escaped.
///
/// ```swift
/// var writer = JSONTextWriter(pretty: false)
/// writer.beginObject()
/// writer.key("title")
/// writer.string("Design")
/// writer.endObject()
/// String(decoding: writer.bytes, as: UTF8.self)  // {"title":"Design"}
/// ```
///
/// Keys are written in the order given; callers sort them. Given a `flush` closure, the writer
/// hands it the bytes whenever a value ends with `flushThreshold` or more collected, so that a
/// large document streams out instead of being held whole (see `Output.standardJSON`).
struct JSONTextWriter {
  private(set) var bytes: [UInt8]
  /// Pretty-printed, or compact on one line.
  let pretty: Bool
  private var depth = 0
  /// Whether the innermost open container has no element yet.
  private var containerIsEmpty = false
  /// Whether a key was just written, so that its value follows it directly.
  private var followsKey = false
  private let flushThreshold: Int
  private let flush: ((inout [UInt8]) -> Void)?

  /// A writer that appends to `bytes` and, when `flush` is given, hands it the bytes whenever
  /// `flushThreshold` or more have collected at the end of a value.
  init(
    pretty: Bool, bytes: [UInt8] = [], flushThreshold: Int = .max,
    flush: ((inout [UInt8]) -> Void)? = nil
  ) {
    self.pretty = pretty
    self.bytes = bytes
    self.flushThreshold = flushThreshold
    self.flush = flush
  }

  // MARK: Structure

  mutating func beginArray() {
    open(UInt8(ascii: "["))
  }

  mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  /// Opens an object; write each member with ``key(_:)`` followed by its value.
  mutating func beginObject() {
    open(UInt8(ascii: "{"))
  }

  mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Writes an object member's key; its value comes next.
  mutating func key(_ name: String) {
    startElement()
    writeQuoted(name)
    append(pretty ? " : " : ":")
    followsKey = true
  }

  /// Ends the document with a line feed and flushes if due.
  mutating func endDocument() {
    bytes.append(UInt8(ascii: "\n"))
    flushIfDue()
  }

  // MARK: Values

  mutating func null() {
    startValue()
    append("null")
  }

  mutating func bool(_ value: Bool) {
    startValue()
    append(value ? "true" : "false")
  }

  mutating func int(_ value: Int) {
    startValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes a number: whole values without a fraction (`150`), others in the shortest form that
  /// reads back as the same `Double` (`33.333333333333336`), and `null` when not finite.
  mutating func double(_ value: Double) {
    startValue()
    guard value.isFinite else {
      append("null")
      return
    }
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
      bytes.append(contentsOf: String(Int(value)).utf8)
    } else {
      bytes.append(contentsOf: "\(value)".utf8)
    }
  }

  /// Writes a string, escaped (see ``JSONOutput/text(pretty:)``).
  mutating func string(_ value: String) {
    startValue()
    writeQuoted(value)
    flushIfDue()
  }

  /// Writes a string whose UTF-8 bytes `body` appends; they must need no escaping (ids,
  /// dates), so they are written as given.
  mutating func plainString(_ body: (inout [UInt8]) -> Void) {
    startValue()
    bytes.append(UInt8(ascii: "\""))
    body(&bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  // MARK: Layout

  private mutating func open(_ bracket: UInt8) {
    startValue()
    bytes.append(bracket)
    depth += 1
    containerIsEmpty = true
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if !containerIsEmpty && pretty { newline() }
    bytes.append(bracket)
    containerIsEmpty = false
    flushIfDue()
  }

  /// Before a value: nothing after a key, else the separator of an array element.
  private mutating func startValue() {
    if followsKey {
      followsKey = false
    } else if depth > 0 {
      startElement()
    }
  }

  /// Before an element or a member: a comma unless it is the first, then, when pretty, a new
  /// line indented to the current depth.
  private mutating func startElement() {
    if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
    containerIsEmpty = false
    if pretty { newline() }
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<depth { append("  ") }
  }

  private mutating func append(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func flushIfDue() {
    if bytes.count >= flushThreshold, let flush { flush(&bytes) }
  }

  // MARK: Escaping

  /// Appends a quoted string: `"`, `\` and the C0 controls as `\"`, `\\`, `\n`, `\r`, `\t`,
  /// `\b`, `\f` or `\u00xx`; and as `\uxxxx` DEL, the C1 controls (U+0080–U+009F), the
  /// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069) and U+2028/U+2029. Everything else is copied as is.
  private mutating func writeQuoted(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
          index += 1
          continue
        }
        guard let (scalar, length) = Self.scalarToEscape(in: utf8, at: index) else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        writeEscape(scalar)
        index += length
        runStart = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The scalar starting at `index` and its length in bytes, if it is one to escape. `utf8`
  /// is valid UTF-8, so the bytes after a lead byte are there.
  private static func scalarToEscape(
    in utf8: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (scalar: UInt32, length: Int)? {
    let lead = utf8[index]
    switch lead {
    case 0..<0x80:
      return (UInt32(lead), 1)
    case 0xC2 where (0x80...0x9F).contains(utf8[index + 1]):
      return (UInt32(utf8[index + 1]), 2)  // C1 controls
    case 0xD8 where utf8[index + 1] == 0x9C:
      return (0x061C, 2)
    case 0xE2:
      let scalar = UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6
        | UInt32(utf8[index + 2] & 0x3F)
      switch scalar {
      case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return (scalar, 3)
      default: return nil
      }
    default:
      return nil
    }
  }

  private mutating func writeEscape(_ scalar: UInt32) {
    switch scalar {
    case 0x22: append("\\\"")
    case 0x5C: append("\\\\")
    case 0x0A: append("\\n")
    case 0x0D: append("\\r")
    case 0x09: append("\\t")
    case 0x08: append("\\b")
    case 0x0C: append("\\f")
    default:
      let digits: StaticString = "0123456789abcdef"
      append("\\u")
      for shift in stride(from: 12, through: 0, by: -4) {
        bytes.append(digits.utf8Start[Int(scalar >> UInt32(shift) & 0xF)])
      }
    }
  }
}
