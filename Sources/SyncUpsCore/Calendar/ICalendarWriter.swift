#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// RFC 5545 iCalendar text, written a content line at a time: each line ends in CRLF and is
/// folded so that no line is longer than 75 octets (a continuation line starts with one space,
/// and a UTF-8 character is never split); TEXT values are escaped (`\` `;` `,` and line breaks).
///
/// ```swift
/// var calendar = ICalendarWriter()
/// calendar.begin("VCALENDAR")
/// calendar.property("VERSION", "2.0")
/// calendar.text("SUMMARY", "Design; weekly, 10 min")  // SUMMARY:Design\; weekly\, 10 min
/// calendar.property("DTSTART", parameters: [("TZID", "Europe/Berlin")], "20261130T093000")
/// calendar.end("VCALENDAR")
/// calendar.text  // "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…END:VCALENDAR\r\n"
/// ```
public struct ICalendarWriter: Sendable {
  /// The lines written so far, each folded and ended in CRLF.
  public private(set) var text = ""

  /// The longest a line may be, in octets, without its CRLF.
  public static let lineLimit = 75

  public init() {}

  /// `BEGIN:component`.
  public mutating func begin(_ component: String) {
    property("BEGIN", component)
  }

  /// `END:component`.
  public mutating func end(_ component: String) {
    property("END", component)
  }

  /// The content line `name;PARAMETER=value…:value`, `value` written as it is (a date, a
  /// number, a rule): parameter values holding `:`, `;` or `,` are quoted.
  public mutating func property(
    _ name: String, parameters: [(String, String)] = [], _ value: String
  ) {
    var line = name
    for (parameter, parameterValue) in parameters {
      line += ";" + parameter + "=" + Self.parameterValue(parameterValue)
    }
    line += ":" + value
    text += Self.folded(line)
  }

  /// The content line `name:value` with `value` escaped as TEXT.
  public mutating func text(_ name: String, _ value: String) {
    property(name, Self.escaped(value))
  }

  /// `text` as an iCalendar TEXT value: backslash, semicolon and comma escaped with a
  /// backslash, each line break (CRLF, CR or LF) as `\n`, other control characters but the
  /// tab left out, as TEXT cannot hold them.
  public static func escaped(_ text: String) -> String {
    let plain = text.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: ";")
        && byte != UInt8(ascii: ",")
    }
    if plain { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r": result += "\\n"
      case "\n": if !afterCarriageReturn { result += "\\n" }
      case "\t": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A parameter's value: quoted when it holds `:`, `;` or `,`; double quotes and control
  /// characters, which a parameter value cannot hold, left out.
  static func parameterValue(_ value: String) -> String {
    let plain = value.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: ":")
        && byte != UInt8(ascii: ";") && byte != UInt8(ascii: ",")
    }
    if plain { return value }
    let kept = String(
      String.UnicodeScalarView(
        value.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F }))
    return kept.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(kept)\"" : kept
  }

  /// `line` folded at ``lineLimit`` octets and ended in CRLF: where a line would grow past the
  /// limit, CRLF and a space start the next, between two Unicode scalars, so that no UTF-8
  /// character is cut in two.
  public static func folded(_ line: String) -> String {
    guard line.utf8.count > lineLimit else { return line + "\r\n" }
    var result = ""
    result.reserveCapacity(line.utf8.count + line.utf8.count / 37 + 2)
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if octets + size > lineLimit {
        result += "\r\n "
        octets = 1
      }
      result.unicodeScalars.append(scalar)
      octets += size
    }
    return result + "\r\n"
  }

  /// `seconds` east of UTC as a UTC offset value: `+0100`, `-0430`, `+001530` when it has
  /// seconds.
  public static func utcOffset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let magnitude = abs(seconds)
    let hours = magnitude / 3600, minutes = magnitude / 60 % 60, rest = magnitude % 60
    return sign + twoDigits(hours) + twoDigits(minutes) + (rest == 0 ? "" : twoDigits(rest))
  }

  /// The wall-clock `fields` as a local DATE-TIME value: `20261130T093000`.
  public static func localDateTime(_ fields: UTCSeconds.Fields) -> String {
    date(fields) + "T" + twoDigits(fields.hour) + twoDigits(fields.minute)
      + twoDigits(fields.second)
  }

  /// The day of `fields` as a DATE value: `20261130`.
  public static func date(_ fields: UTCSeconds.Fields) -> String {
    let year = String(fields.year)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year
      + twoDigits(fields.month) + twoDigits(fields.day)
  }

  /// The moment `date` as a UTC DATE-TIME value: `20261130T083000Z`.
  public static func utcDateTime(_ date: Date) -> String {
    localDateTime(UTCSeconds.fields(of: Int(date.timeIntervalSince1970.rounded(.down)))) + "Z"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
