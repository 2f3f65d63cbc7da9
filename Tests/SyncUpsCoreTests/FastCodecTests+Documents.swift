#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

@testable import SyncUpsCore

/// SplitMix64: a small seeded generator, so that every run tests the same documents.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// A JSON document as a tree that keeps object members in order, duplicates included, so that
/// tests can write the same values in many ways and break them in chosen places.
indirect enum TestJSON {
  /// A string value.
  case string(String)
  /// Text written as is: a number, `true`, `null`…
  case literal(String)
  case array([TestJSON])
  case object([(key: String, value: TestJSON)])
}

/// How a ``TestJSON`` is written.
struct TestJSONStyle {
  /// Whitespace between tokens: none, or random runs of space, tab, line feed and return.
  var whitespace = false
  /// Write characters as escapes (`\u00e9`, surrogate pairs, `\/`, `\n`…) where possible.
  var escapes = false
  /// Shuffle object members.
  var shuffleKeys = false
}

extension TestJSON {
  /// The document as text in `style`, with choices drawn from `random`.
  func text(style: TestJSONStyle, random: inout SeededGenerator) -> String {
    var output = ""
    write(to: &output, style: style, random: &random)
    return output
  }

  private func write(to output: inout String, style: TestJSONStyle, random: inout SeededGenerator) {
    func space() {
      guard style.whitespace, Bool.random(using: &random) else { return }
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        output += [" ", "\t", "\n", "\r", "  "].randomElement(using: &random) ?? " "
      }
    }
    switch self {
    case .string(let value):
      Self.writeString(value, to: &output, escapes: style.escapes, random: &random)
    case .literal(let text):
      output += text
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        space()
        element.write(to: &output, style: style, random: &random)
        space()
      }
      output += "]"
    case .object(let members):
      output += "{"
      let ordered = style.shuffleKeys ? members.shuffled(using: &random) : members
      for (index, member) in ordered.enumerated() {
        if index > 0 { output += "," }
        space()
        Self.writeString(member.key, to: &output, escapes: false, random: &random)
        space()
        output += ":"
        space()
        member.value.write(to: &output, style: style, random: &random)
        space()
      }
      output += "}"
    }
  }

  /// Writes a quoted string; with `escapes`, some characters are written as escapes.
  private static func writeString(
    _ value: String, to output: inout String, escapes: Bool, random: inout SeededGenerator
  ) {
    output += "\""
    for scalar in value.unicodeScalars {
      let escape = escapes && Int.random(in: 0..<3, using: &random) == 0
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n" where Bool.random(using: &random): output += "\\n"
      case "\t" where Bool.random(using: &random): output += "\\t"
      case "\r" where Bool.random(using: &random): output += "\\r"
      case "\u{08}" where Bool.random(using: &random): output += "\\b"
      case "\u{0C}" where Bool.random(using: &random): output += "\\f"
      case "/" where escape: output += "\\/"
      case _ where scalar.value < 0x20 || escape:
        for unit in String(scalar).utf16 {
          let digits = String(unit, radix: 16, uppercase: Bool.random(using: &random))
          output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

/// Random sync-ups whose text holds the characters that are hard to get right: quotes,
/// backslashes, every C0 control, DEL and C1 controls, line separators, combining marks,
/// noncharacters, emoji and flags.
struct SyncUpsGenerator {
  var random: SeededGenerator

  /// The characters strings are drawn from.
  static let palette: [Unicode.Scalar] = {
    var scalars: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", ":", "0", "{", "]"]
    scalars += (0..<0x20 as Range<UInt8>).map { Unicode.Scalar($0) }
    scalars += [
      "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{301}", "ß", "会", "\u{2028}", "\u{2029}",
      "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{D7FF}", "\u{E000}",
      "👍", "🇫", "🇷", "\u{10FFFF}", "\u{1F3FD}",
    ]
    return scalars
  }()

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  /// A string of up to `maximumLength` characters from the palette; half of them plain words.
  mutating func string(maximumLength: Int = 12) -> String {
    if Bool.random(using: &random) {
      return ["", "Blob", "Blob Jr", "Morning Sync", "a/b", "Zoë"].randomElement(using: &random)
        ?? ""
    }
    var text = ""
    for _ in 0..<Int.random(in: 0...maximumLength, using: &random) {
      text.unicodeScalars.append(Self.palette.randomElement(using: &random) ?? "a")
    }
    return text
  }

  /// A random UUID.
  mutating func uuid() -> UUID {
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { buffer in
      for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &random) }
    }
    return UUID(uuid: bytes)
  }

  /// A date the fast writer handles (1582-10-15 to 9999), often whole seconds, sometimes
  /// before 1970 or with a fraction of a second.
  mutating func date() -> Date {
    let range = UTCSeconds.supportedRange
    let seconds: Int
    switch Int.random(in: 0..<20, using: &random) {
    case 0: seconds = range.lowerBound + Int.random(in: 0..<100_000, using: &random)
    case 1, 2: seconds = range.upperBound - Int.random(in: 0..<100_000, using: &random)
    case 3..<8: seconds = Int.random(in: -3_000_000_000...0, using: &random)
    default: seconds = Int.random(in: range, using: &random)
    }
    var date = Date(timeIntervalSince1970: Double(seconds))
    if Int.random(in: 0..<4, using: &random) == 0 {
      date += [0.25, 0.5, 0.999, 1e-6].randomElement(using: &random) ?? 0.5
    }
    return date
  }

  /// A date outside what the fast writer handles.
  mutating func unusualDate() -> Date {
    let seconds: Double =
      [-1e12, -62_135_596_800, -12_219_292_801, 253_402_300_800, 3e11]
      .randomElement(using: &random) ?? -1e12
    return Date(timeIntervalSince1970: seconds)
  }

  /// Up to `maximumCount` sync-ups with random contents; with `unusualDates`, some meetings
  /// have dates outside what the fast writer handles.
  mutating func syncUps(maximumCount: Int = 4, unusualDates: Bool = false) -> IdentifiedArrayOf<
    SyncUp
  > {
    IdentifiedArrayOf(
      uniqueElements: (0..<Int.random(in: 0...maximumCount, using: &random)).map { _ in
        SyncUp(
          id: uuid(),
          attendees: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...3, using: &random)).map { _ in
              Attendee(id: uuid(), name: string())
            }),
          duration: Int.random(in: 0..<3, using: &random) == 0
            ? [1, 86_400].randomElement(using: &random) ?? 1
            : Int.random(in: SyncUp.durationRange, using: &random),
          meetings: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...4, using: &random)).map { _ in
              let unusual = unusualDates && Int.random(in: 0..<5, using: &random) == 0
              return Meeting(
                id: uuid(), date: unusual ? unusualDate() : date(),
                transcript: string(maximumLength: 40))
            }),
          theme: Theme.allCases.randomElement(using: &random) ?? .bubblegum,
          title: string()
        )
      })
  }
}

extension TestJSON {
  /// Sync-ups as the tree of our format, ids written in upper, lower or mixed case. Only the
  /// text people write (titles, names, transcripts) is ever escaped.
  static func file(_ syncUps: IdentifiedArrayOf<SyncUp>, random: inout SeededGenerator) -> TestJSON
  {
    func id(_ uuid: UUID) -> TestJSON {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return .literal("\"\(uuid.uuidString.lowercased())\"")
      case 1:
        let mixed = uuid.uuidString.map {
          Bool.random(using: &random) ? Character($0.lowercased()) : $0
        }
        return .literal("\"\(String(mixed))\"")
      default: return .literal("\"\(uuid.uuidString)\"")
      }
    }
    return .array(
      syncUps.map { syncUp in
        .object([
          (
            "attendees",
            .array(
              syncUp.attendees.map { .object([("id", id($0.id)), ("name", .string($0.name))]) })
          ),
          ("duration", .literal(String(syncUp.duration))),
          ("id", id(syncUp.id)),
          (
            "meetings",
            .array(
              syncUp.meetings.map {
                .object([
                  ("date", .literal("\"\(isoDate($0.date))\"")), ("id", id($0.id)),
                  ("transcript", .string($0.transcript)),
                ])
              })
          ),
          ("theme", .literal("\"\(syncUp.theme.rawValue)\"")),
          ("title", .string(syncUp.title)),
        ])
      })
  }

  /// A date as our files write it, `2009-02-13T23:31:30Z`, for dates from 1000 to 9999.
  static func isoDate(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let fields = UTCSeconds.fields(of: seconds)
    func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return "\(digits(fields.year, 4))-\(digits(fields.month, 2))-\(digits(fields.day, 2))T"
      + "\(digits(fields.hour, 2)):\(digits(fields.minute, 2)):\(digits(fields.second, 2))Z"
  }
}
