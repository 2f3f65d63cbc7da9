/// Reads the durations typed on the command line: `90s`, `5m`, `1m30s`, `1h`, `1h30m`,
/// `1h0m15s`, or plain minutes (`5`). Units are lower case, each used at most once, in the
/// order h, m, s. The result must lie between 1 second and 24 hours.
///
/// ```swift
/// try DurationParser.seconds("1m30s")  // 90
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
    /// The text is a duration outside 1 s … 24 h.
    case outOfRange
  }

  /// The number of seconds `text` stands for.
  static func seconds(_ text: String) throws(Failure) -> Int {
    // Large numbers saturate here; they fail the range check, not the syntax check.
    let cap = maximum + 1
    var total = 0
    var number: Int?
    var unitsLeft: [Character: Int] = ["h": 3600, "m": 60, "s": 1]
    var lastUnitWeight = Int.max
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        number = min((number ?? 0) * 10 + digit, cap)
      } else if let weight = unitsLeft[character], let value = number, weight < lastUnitWeight {
        total = min(total + value * weight, cap)
        unitsLeft[character] = nil
        lastUnitWeight = weight
        number = nil
      } else {
        throw .invalid
      }
    }
    if let minutes = number {
      // Trailing digits are only allowed on their own: "5" is minutes, "1m30" is not.
      guard lastUnitWeight == Int.max else { throw .invalid }
      total = min(minutes * 60, cap)
    } else if lastUnitWeight == Int.max {
      throw .invalid  // empty text
    }
    guard (minimum...maximum).contains(total) else { throw .outOfRange }
    return total
  }
}
