import SyncUpsCore

/// Reads the durations typed on the command line, in the spellings people use:
///
/// - units: `90s`, `5m`, `1m30s`, `1h`, `1h30m`, `1m 30s`, `5min`, `30sec`, `2 hours`
///   (`h`, `hr`, `hrs`, `hour`, `hours`; `m`, `min`, `mins`, `minute`, `minutes`; `s`, `sec`,
///   `secs`, `second`, `seconds`), each unit at most once, in the order hours, minutes,
///   seconds, with or without spaces between the parts;
/// - a clock: `1:30` (minutes and seconds), `1:30:00` (hours, minutes and seconds);
/// - a bare number: `5`, minutes to `--duration` and `config set`, seconds to
///   `config set --json` (``DurationArgument``).
///
/// Units are read in any case (`5M` is `5m`). The result must lie between 1 second and 24
/// hours. A span before now (``spanSeconds(_:)``, for `--since`) also takes weeks and days and
/// has no upper bound.
///
/// ```swift
/// try DurationParser.seconds("1m30s")    // 90
/// try DurationParser.seconds("1:30")     // 90
/// try DurationParser.seconds("5")        // 300
/// try DurationParser.spanSeconds("1w2d") // 777_600
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

  /// A span's units: a duration's, and days and weeks, which no sync-up lasts.
  private static let spanUnits = units.merging(
    [
      "d": 86_400, "day": 86_400, "days": 86_400,
      "w": 604_800, "wk": 604_800, "wks": 604_800, "week": 604_800, "weeks": 604_800,
    ],
    uniquingKeysWith: { $1 })

  /// Numbers saturate here, so that huge ones fail the range check, not the syntax check.
  private static let cap = maximum + 1
  /// A span's numbers saturate here: some 3,000 years, further back than any meeting.
  private static let spanCap = 100_000_000_000

  /// The number of seconds `text` stands for, a bare number read as minutes.
  static func seconds(_ text: String) throws(Failure) -> Int {
    try argument(text).seconds(bareNumberUnit: 60)
  }

  /// `text` as typed. A duration with a unit or a clock is checked against the range here; a
  /// bare number only for its sign, since its unit is for the reader to decide
  /// (``DurationArgument/seconds(bareNumberUnit:)`` checks the rest).
  static func argument(_ text: String) throws(Failure) -> DurationArgument {
    let text = try unsigned(text, units: units, cap: cap)
    var rest = text
    if let number = number(&rest, cap: cap), rest.isEmpty {
      guard number >= minimum else { throw .notPositive }
      return .bareNumber(number)
    }
    return .seconds(try inRange(total(text, units: units, cap: cap)))
  }

  /// The seconds of a span of time before now, as `--since` reads it: the forms of a duration
  /// (a bare number is minutes) with days and weeks as well (`1w2d`, `3 days`), at least a
  /// second and at most some 3,000 years.
  static func spanSeconds(_ text: String) throws(Failure) -> Int {
    let text = try unsigned(text, units: spanUnits, cap: spanCap)
    let seconds = try total(text, units: spanUnits, cap: spanCap)
    guard seconds >= minimum else { throw .notPositive }
    guard seconds < spanCap else { throw .outOfRange }
    return seconds
  }

  /// `seconds` when it lies in the range of a duration.
  fileprivate static func inRange(_ seconds: Int) throws(Failure) -> Int {
    guard seconds >= minimum else { throw .notPositive }
    guard seconds <= maximum else { throw .outOfRange }
    return seconds
  }

  /// `text` without surrounding spaces; a negative duration is refused as not positive once
  /// the rest is known to be a duration (rather than as not being one).
  private static func unsigned(_ text: String, units: [String: Int], cap: Int) throws(Failure)
    -> Substring
  {
    var text = Substring(text.lowercased())
    text = text.drop { $0 == " " }
    while text.last == " " { text = text.dropLast() }
    if text.first == "-" {
      _ = try total(text.dropFirst(), units: units, cap: cap)
      throw .notPositive
    }
    return text
  }

  /// The seconds of a duration without a sign, not yet checked against the range.
  private static func total(_ text: Substring, units: [String: Int], cap: Int) throws(Failure)
    -> Int
  {
    if text.contains(":") { return try clock(text) }
    var rest = text
    guard let first = number(&rest, cap: cap) else { throw .invalid }
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
      value = number(&rest, cap: cap)
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
      guard let value = number(&rest, cap: cap), rest.isEmpty else { throw .invalid }
      if index > 0 {
        guard part.count == 2, value < 60 else { throw .invalid }
      }
      total = min(total * 60 + value, cap)
    }
    return total
  }

  /// Takes the ASCII digits at the start of `text`, if there are any, saturating at `cap`.
  private static func number(_ text: inout Substring, cap: Int) -> Int? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    text = text.dropFirst(digits.count)
    return digits.reduce(0) { min($0 * 10 + ($1.wholeNumberValue ?? 0), cap) }
  }
}

/// A duration as typed after `--duration` or `config set default-duration`: exact, or a bare
/// number whose unit depends on who reads it. `config get --json` prints seconds, so
/// `config set --json` reads a bare number as seconds and the round trip keeps the value;
/// everywhere else a bare number is minutes, which can surprise (``isSurprisingMinutes``).
enum DurationArgument: Sendable, Equatable {
  /// With a unit or as a clock (`90s`, `1h`, `1:30`): these seconds, from 1 s to 24 h.
  case seconds(Int)
  /// A bare number (`90`), 1 or more.
  case bareNumber(Int)

  /// The seconds meant when a bare number counts `bareNumberUnit` seconds (60 for minutes).
  func seconds(bareNumberUnit: Int) throws(DurationParser.Failure) -> Int {
    switch self {
    case .seconds(let seconds):
      return seconds
    case .bareNumber(let number):
      let (seconds, overflow) = number.multipliedReportingOverflow(by: bareNumberUnit)
      guard !overflow else { throw .outOfRange }
      return try DurationParser.inRange(seconds)
    }
  }

  /// The duration in the form the command line reads back: the bare number as typed, else
  /// units (`1m30s`).
  var text: String {
    switch self {
    case .seconds(let seconds): DurationText.compact(seconds)
    case .bareNumber(let number): String(number)
    }
  }

  /// Whether this is a bare number read as more than an hour of minutes, which someone who
  /// meant seconds (`90`, as JSON prints a duration) would not notice otherwise.
  var isSurprisingMinutes: Bool {
    if case .bareNumber(let number) = self { return number > 60 }
    return false
  }
}
