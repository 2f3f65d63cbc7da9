#if os(Linux)
/// A JSON document built by hand, so that it can also be wrong in every way a file can be:
/// numbers are kept as their literal text (`1e400`, `-0`, `18446744073709551616`), objects
/// keep their order and may repeat a key, and ``raw(_:)`` inserts bytes as they are.
indirect enum JSONValue {
  case null
  case bool(Bool)
  /// A number literal, written as is.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Keys in order; a key may repeat.
  case object([(String, JSONValue)])
  /// Bytes written as they are, e.g. invalid UTF-8 or a broken literal.
  case raw([UInt8])

  static func int(_ value: Int) -> JSONValue { .number(String(value)) }

  /// The value for `key` in an object (the first one, if repeated).
  subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  /// An object with `key` set to `value` (replacing every occurrence, or appended).
  func setting(_ key: String, to value: JSONValue) -> JSONValue {
    guard case .object(var pairs) = self else { return self }
    var found = false
    for index in pairs.indices where pairs[index].0 == key {
      pairs[index].1 = value
      found = true
    }
    if !found { pairs.append((key, value)) }
    return .object(pairs)
  }

  /// The document as bytes, indented like syncups's own files when `pretty`.
  func encoded(pretty: Bool = true) -> [UInt8] {
    var output: [UInt8] = []
    write(to: &output, indent: pretty ? 0 : nil)
    if pretty { output.append(0x0A) }
    return output
  }

  private func write(to output: inout [UInt8], indent: Int?) {
    func newline(_ level: Int?) {
      guard let level else { return }
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: level * 2))
    }
    let inner = indent.map { $0 + 1 }
    switch self {
    case .null: output += Array("null".utf8)
    case .bool(let value): output += Array((value ? "true" : "false").utf8)
    case .number(let literal): output += Array(literal.utf8)
    case .string(let text): JSONValue.writeString(text, to: &output)
    case .raw(let bytes): output += bytes
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(inner)
        element.write(to: &output, indent: inner)
      }
      if !elements.isEmpty { newline(indent) }
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      output.append(UInt8(ascii: "{"))
      for (offset, (key, value)) in pairs.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(inner)
        JSONValue.writeString(key, to: &output)
        output += Array((indent == nil ? ":" : " : ").utf8)
        value.write(to: &output, indent: inner)
      }
      if !pairs.isEmpty { newline(indent) }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string: quotes, backslashes and C0 controls escaped, everything else (DEL, C1
  /// controls, any Unicode) as UTF-8.
  private static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: output += Array("\\\"".utf8)
      case 0x5C: output += Array("\\\\".utf8)
      case 0x00...0x1F:
        let digits = String(scalar.value, radix: 16)
        output += Array(("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
      default: output += Array(String(scalar).utf8)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

/// Sync-ups written directly in either file format (see `SyncUpsFile` and `AppSyncUp` in
/// SyncUpsCore): the suite does not link the app, it writes what the documentation describes.
enum Fixtures {
  /// The 16 theme names.
  static let themes = [
    "bubblegum", "buttercup", "indigo", "lavender", "magenta", "navy", "orange", "oxblood",
    "periwinkle", "poppy", "purple", "seafoam", "sky", "tan", "teal", "yellow",
  ]

  /// Seconds from 1970-01-01 to 2001-01-01, the app's date reference.
  static let referenceDateOffset = 978_307_200

  /// A meeting: seconds since 1970 and its transcript.
  struct MeetingSpec {
    var date: Int
    var transcript: String
  }

  /// A sync-up in our format (duration in seconds, ISO-8601 dates).
  static func syncUp(
    id: String, title: String, attendees: [(id: String, name: String)], duration: Int = 300,
    theme: String = "bubblegum", meetings: [(id: String, meeting: MeetingSpec)] = []
  ) -> JSONValue {
    .object([
      ("attendees", .array(attendees.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) })),
      ("duration", .int(duration)),
      ("id", .string(id)),
      (
        "meetings",
        .array(
          meetings.map {
            .object([
              ("date", .string(isoDate($0.meeting.date))), ("id", .string($0.id)),
              ("transcript", .string($0.meeting.transcript)),
            ])
          })
      ),
      ("theme", .string(theme)),
      ("title", .string(title)),
    ])
  }

  /// The same sync-up in the SyncUps app's format: `duration` as `[high, low]` attoseconds,
  /// dates as seconds since 2001.
  static func appSyncUp(
    id: String, title: String, attendees: [(id: String, name: String)], duration: Int = 300,
    theme: String = "bubblegum", meetings: [(id: String, meeting: MeetingSpec)] = []
  ) -> JSONValue {
    .object([
      ("attendees", .array(attendees.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) })),
      ("duration", appDuration(seconds: duration)),
      ("id", .string(id)),
      (
        "meetings",
        .array(
          meetings.map {
            .object([
              ("date", .int($0.meeting.date - referenceDateOffset)), ("id", .string($0.id)),
              ("transcript", .string($0.meeting.transcript)),
            ])
          })
      ),
      ("theme", .string(theme)),
      ("title", .string(title)),
    ])
  }

  /// A `Swift.Duration` as `Codable` writes it: the attoseconds as `[high, low]`.
  static func appDuration(seconds: Int) -> JSONValue {
    let attoseconds = Int128(seconds) * 1_000_000_000_000_000_000
    let high = Int64(truncatingIfNeeded: attoseconds >> 64)
    let low = UInt64(truncatingIfNeeded: attoseconds)
    return .array([.number(String(high)), .number(String(low))])
  }

  /// Seconds since 1970 as ISO-8601 in UTC, e.g. `2009-02-13T23:31:30Z`.
  static func isoDate(_ seconds: Int) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
      + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
  }

  /// `count` ordinary sync-ups titled `<prefix> 1`… with up to `meetings` meetings each, in our
  /// format or the app's; returns the document and the titles.
  static func dataset(
    count: Int, meetings: Int, titlePrefix: String = "Team", appFormat: Bool = false,
    random: inout SplitMix64
  ) -> (document: JSONValue, titles: [String]) {
    var syncUps: [JSONValue] = []
    var titles: [String] = []
    let names = ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blobby", "Ana", "Ben", "Chen", "Dee"]
    for index in stride(from: 1, through: count, by: 1) {
      let title = "\(titlePrefix) \(index)"
      titles.append(title)
      let attendees = (0..<random.int(1...5)).map { _ in (id: random.uuid(), name: random.pick(names)) }
      let history = (0..<random.int(0...meetings)).map { offset in
        (
          id: random.uuid(),
          meeting: MeetingSpec(
            date: 1_770_000_000 - offset * 86_400,
            transcript: (0..<random.int(0...4)).map { _ in
              "\(random.pick(names)): note \(random.int(1...999))"
            }
            .joined(separator: "\n"))
        )
      }
      let make = appFormat ? appSyncUp : syncUp
      syncUps.append(
        make(
          random.uuid(), title, attendees, random.pick([60, 300, 600, 900, 1800]), random.pick(themes),
          history))
    }
    return (.array(syncUps), titles)
  }
}

#endif
