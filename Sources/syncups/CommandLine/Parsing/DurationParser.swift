/// Reads the durations typed on the command line, in the spellings people use:
///
/// - units: `90s`, `5m`, `1m30s`, `1h`, `1h30m`, `1m 30s`, `5min`, `30sec`, `2 hours`
///   (`h`, `hr`, `hrs`, `hour`, `hours`; `m`, `min`, `mins`, `minute`, `minutes`; `s`, `sec`,
///   `secs`, `second`, `seconds`), each unit at most once, in the order hours, minutes,
///   seconds, with or without spaces between the parts;
/// - a clock: `1:30` (minutes and seconds), `1:30:00` (hours, minutes and seconds);
/// - plain minutes: `5`.
///
/// Units are lower case. The result must lie between 1 second and 24 hours.
///
/// ```swift
/// try DurationParser.seconds("1m30s")  // 90
/// try DurationParser.seconds("1:30")   // 90
/// try DurationParser.seconds("5")      // 300
/// ```
enum DurationParser {
  /// The shortest accepted duration, in seconds.
  static let minimum = 1
  /// The longest accepted duration, in seconds (24 hours).
  static let maximum = 24 * 60 * 60

  /// Why a duration was not accepted.
  enum Failure: Error, Equatable {
    /// The text is not a duration at all.
    case invalid
    /// The text is a duration of zero, or a negative one such as `-5`.
    case notPositive
    /// The text is a duration longer than 24 hours.
    case outOfRange
  }

  /// The unit words and how many seconds each stands for.
  private static let units: [String: Int] = [
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
  ]

  /// Numbers saturate here, so that huge ones fail the range check, not the syntax check.
  private static let cap = maximum + 1

  /// The number of seconds `text` stands for.
  static func seconds(_ text: String) throws(Failure) -> Int {
    var text = Substring(text)
    text = text.drop { $0 == " " }
    while text.last == " " { text = text.dropLast() }
    if text.first == "-" {
      // A negative duration is still a duration: say so rather than that it is not one.
      _ = try total(text.dropFirst())
      throw .notPositive
    }
    let seconds = try total(text)
    guard seconds >= minimum else { throw .notPositive }
    guard seconds <= maximum else { throw .outOfRange }
    return seconds
  }

  /// The seconds of a duration without a sign, not yet checked against the range.
  private static func total(_ text: Substring) throws(Failure) -> Int {
    if text.contains(":") { return try clock(text) }
    var rest = text
    guard let first = number(&rest) else { throw .invalid }
    if rest.isEmpty { return min(first * 60, cap) }  // plain minutes
    var total = 0
    var value: Int? = first
    var lastWeight = Int.max
    while let amount = value {
      rest = rest.drop { $0 == " " }
      let word = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(word.count)
      guard let weight = units[String(word)], weight < lastWeight else { throw .invalid }
      total = min(total + amount * weight, cap)
      lastWeight = weight
      rest = rest.drop { $0 == " " }
      if rest.isEmpty { return total }
      value = number(&rest)
    }
    throw .invalid  // "1m30": trailing digits only stand alone, as plain minutes
  }

  /// `M:SS` or `H:MM:SS`, where the later parts have two digits below 60.
  private static func clock(_ text: Substring) throws(Failure) -> Int {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count) else { throw .invalid }
    var total = 0
    for (index, part) in parts.enumerated() {
      var rest = part
      guard let value = number(&rest), rest.isEmpty else { throw .invalid }
      if index > 0 {
        guard part.count == 2, value < 60 else { throw .invalid }
      }
      total = min(total * 60 + value, cap)
    }
    return total
  }

  /// Takes the ASCII digits at the start of `text`, if there are any.
  private static func number(_ text: inout Substring) -> Int? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    text = text.dropFirst(digits.count)
    return digits.reduce(0) { min($0 * 10 + ($1.wholeNumberValue ?? 0), cap) }
  }
}
