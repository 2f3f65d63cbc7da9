/// Durations in whole seconds as text.
///
/// ```swift
/// DurationText.human(90)     // "1 min, 30 secs"
/// DurationText.human(3900)   // "1 hr, 5 min"
/// DurationText.compact(90)   // "1m30s"
/// DurationText.clock(90)     // "1:30"
/// ```
public enum DurationText {
  /// For people: hours, minutes and seconds, leaving out the parts that are zero, joined by
  /// ", ". "hr" becomes "hrs" and "sec" "secs" for more than one; "min" never changes (it is
  /// its own plural abbreviation). Zero (or less) is "0 secs".
  ///
  /// `1` → "1 sec", `30` → "30 secs", `300` → "5 min", `3600` → "1 hr",
  /// `7265` → "2 hrs, 1 min, 5 secs".
  public static func human(_ seconds: Int) -> String {
    let seconds = max(seconds, 0)
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    var parts: [String] = []
    if hours > 0 { parts.append("\(hours) " + (hours == 1 ? "hr" : "hrs")) }
    if minutes > 0 { parts.append("\(minutes) min") }
    if rest > 0 || parts.isEmpty { parts.append("\(rest) " + (rest == 1 ? "sec" : "secs")) }
    return parts.joined(separator: ", ")
  }

  /// A range of lengths for people: ``human(_:)`` of one length, `42 to 43 secs` under a
  /// minute, else both in full: `5 min, 2 secs to 5 min, 3 secs`.
  public static func human(_ range: ClosedRange<Int>) -> String {
    guard range.lowerBound != range.upperBound else { return human(range.lowerBound) }
    guard range.upperBound >= 60 else {
      return "\(max(range.lowerBound, 0)) to \(range.upperBound) secs"
    }
    return human(range.lowerBound) + " to " + human(range.upperBound)
  }

  /// In the form the command line reads back (`--duration`, `config set default-duration`):
  /// `"5m"`, `"1m30s"`, `"1h"`, `"1h5m"`, `"45s"`; zero (or less) is `"0s"`.
  public static func compact(_ seconds: Int) -> String {
    let seconds = max(seconds, 0)
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    var text = ""
    if hours > 0 { text += "\(hours)h" }
    if minutes > 0 { text += "\(minutes)m" }
    if rest > 0 || text.isEmpty { text += "\(rest)s" }
    return text
  }

  /// As a clock, as the meeting's screen and `status` show times: `m:ss`, or `h:mm:ss` from
  /// one hour on. Negative values count as 0.
  ///
  /// `0` → "0:00", `75` → "1:15", `600` → "10:00", `3725` → "1:02:05".
  public static func clock(_ seconds: Int) -> String {
    let seconds = max(seconds, 0)
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
    guard hours > 0 else { return "\(seconds / 60):" + secondsText }
    return "\(hours):" + (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + secondsText
  }
}
