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

  /// Numbers kept under unknown keys, each with ways to write it.
  static let numbers: [(value: Decimal, spellings: [String])] = [
    (1000, ["1000", "1e3", "1E+3", "10.0e2"]),
    (0, ["0", "-0", "0.0"]),
    (Decimal(string: "12345678901234567890")!, ["12345678901234567890"]),
    (Decimal(string: "-2.5")!, ["-2.5", "-25e-1"]),
    (Decimal(string: "0.1")!, ["0.1", "1e-1"]),
    (7, ["7"]),
  ]

  /// A number of seconds in a meeting's record: often small, sometimes 0 or 15 digits long.
  mutating func seconds() -> Int {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: 0
    case 1: 999_999_999_999_999
    default: Int.random(in: 1...4000, using: &random)
    }
  }

  /// Unknown keys: up to three, at least `minimumCount`, of any kind of value.
  mutating func unknownKeys(minimumCount: Int = 0, depth: Int = 0) -> [String: UnknownJSON] {
    var keys: [String: UnknownJSON] = [:]
    for _ in 0..<Int.random(in: minimumCount...max(minimumCount, 3), using: &random) {
      let suffix = ["", "\"q", "\\", "\n", "é", "/", "Z"].randomElement(using: &random) ?? ""
      keys["k\(Int.random(in: 0..<1000, using: &random))\(suffix)"] = unknownValue(depth: depth)
    }
    return keys
  }

  /// Any JSON value, nested up to two levels.
  mutating func unknownValue(depth: Int) -> UnknownJSON {
    switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &random) {
    case 0: .null
    case 1: .bool(Bool.random(using: &random))
    case 2: .number(Self.numbers.randomElement(using: &random)?.value ?? 0)
    case 3, 4: .string(string())
    case 5:
      .array((0..<Int.random(in: 0...3, using: &random)).map { _ in unknownValue(depth: depth + 1) })
    default: .object(unknownKeys(depth: depth + 1))
    }
  }

  /// Adds a random part of a meeting's record to `meeting`, and with `unknown`, unknown keys.
  mutating func record(_ meeting: inout Meeting, unknown: Bool) {
    if Bool.random(using: &random) { meeting.started = date() }
    if Bool.random(using: &random) { meeting.duration = seconds() }
    if Bool.random(using: &random) { meeting.plannedDuration = seconds() }
    if Bool.random(using: &random) { meeting.endedEarly = Bool.random(using: &random) }
    if Bool.random(using: &random) {
      meeting.attendees = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        MeetingAttendee(
          id: uuid(), name: string(), absent: Bool.random(using: &random),
          unknownKeys: unknown ? unknownKeys() : [:])
      }
    }
    if Bool.random(using: &random) {
      meeting.turns = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Meeting.Turn(
          attendee: uuid(), name: string(), seconds: seconds(), slot: seconds(),
          unknownKeys: unknown ? unknownKeys() : [:])
      }
    }
    if unknown { meeting.unknownKeys = unknownKeys() }
  }

  /// Up to `maximumCount` sync-ups with random contents, half their meetings with a record;
  /// with `unusualDates`, some meetings have dates outside what the fast writer handles; with
  /// `unknownKeys`, every sync-up and some of what it holds have keys this version does not
  /// know.
  mutating func syncUps(
    maximumCount: Int = 4, unusualDates: Bool = false, unknownKeys unknown: Bool = false
  ) -> IdentifiedArrayOf<SyncUp> {
    IdentifiedArrayOf(
      uniqueElements: (0..<Int.random(in: 0...maximumCount, using: &random)).map { _ in
        SyncUp(
          id: uuid(),
          attendees: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...3, using: &random)).map { _ in
              Attendee(id: uuid(), name: string(), unknownKeys: unknown ? unknownKeys() : [:])
            }),
          duration: Int.random(in: 0..<3, using: &random) == 0
            ? [1, 86_400].randomElement(using: &random) ?? 1
            : Int.random(in: SyncUp.durationRange, using: &random),
          meetings: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...4, using: &random)).map { _ in
              let unusual = unusualDates && Int.random(in: 0..<5, using: &random) == 0
              var meeting = Meeting(
                id: uuid(), date: unusual ? unusualDate() : date(),
                transcript: string(maximumLength: 40))
              if Bool.random(using: &random) { record(&meeting, unknown: unknown) }
              return meeting
            }),
          theme: Theme.allCases.randomElement(using: &random) ?? .bubblegum,
          title: string(),
          unknownKeys: unknown ? unknownKeys(minimumCount: 1) : [:]
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
    func unknown(_ keys: [String: UnknownJSON]) -> [(key: String, value: TestJSON)] {
      keys.map { (key: $0.key, value: tree($0.value, random: &random)) }
    }
    func record(_ meeting: Meeting) -> [(key: String, value: TestJSON)] {
      var members: [(key: String, value: TestJSON)] = []
      if let started = meeting.started { members.append(("started", .literal("\"\(isoDate(started))\""))) }
      if let duration = meeting.duration { members.append(("duration", .literal(String(duration)))) }
      if let planned = meeting.plannedDuration {
        members.append(("plannedDuration", .literal(String(planned))))
      }
      if let endedEarly = meeting.endedEarly { members.append(("endedEarly", .literal("\(endedEarly)"))) }
      if let attendees = meeting.attendees {
        members.append(
          (
            "attendees",
            .array(
              attendees.map {
                .object(
                  [("absent", .literal("\($0.absent)")), ("id", id($0.id)), ("name", .string($0.name))]
                    + unknown($0.unknownKeys))
              })
          ))
      }
      if let turns = meeting.turns {
        members.append(
          (
            "turns",
            .array(
              turns.map {
                .object(
                  [
                    ("attendee", id($0.attendee)), ("name", .string($0.name)),
                    ("seconds", .literal(String($0.seconds))), ("slot", .literal(String($0.slot))),
                  ] + unknown($0.unknownKeys))
              })
          ))
      }
      return members + unknown(meeting.unknownKeys)
    }
    return .array(
      syncUps.map { syncUp in
        .object([
          (
            "attendees",
            .array(
              syncUp.attendees.map {
                .object([("id", id($0.id)), ("name", .string($0.name))] + unknown($0.unknownKeys))
              })
          ),
          ("duration", .literal(String(syncUp.duration))),
          ("id", id(syncUp.id)),
          (
            "meetings",
            .array(
              syncUp.meetings.map {
                .object(
                  [
                    ("date", .literal("\"\(isoDate($0.date))\"")), ("id", id($0.id)),
                    ("transcript", .string($0.transcript)),
                  ] + record($0))
              })
          ),
          ("theme", .literal("\"\(syncUp.theme.rawValue)\"")),
          ("title", .string(syncUp.title)),
        ] + unknown(syncUp.unknownKeys))
      })
  }

  /// An unknown value as a tree, each number in one of its spellings.
  static func tree(_ value: UnknownJSON, random: inout SeededGenerator) -> TestJSON {
    switch value {
    case .null: return .literal("null")
    case .bool(let bool): return .literal("\(bool)")
    case .number(let number):
      let spellings = SyncUpsGenerator.numbers.first { $0.value == number }?.spellings
      return .literal(spellings?.randomElement(using: &random) ?? "\(number)")
    case .double(let number): return .literal("\(number)")
    case .string(let string): return .string(string)
    case .array(let array): return .array(array.map { tree($0, random: &random) })
    case .object(let object):
      return .object(object.map { (key: $0.key, value: tree($0.value, random: &random)) })
    }
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
