/// The values of the history commands' options.
extension ValueParser {
  /// `--last N`: a whole number of meetings, 1 or more.
  static func meetingCount(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> Int
  {
    guard text.allSatisfy(\.isASCII), let count = Int(text), count >= 1, !text.hasPrefix("+")
    else {
      throw UsageError(
        "invalid value '\(text)' for '\(name)' (expected a whole number of meetings, 1 or more)",
        path: path)
    }
    return count
  }

  /// `--since DATE`: a day, a date and time, today, yesterday or a span before now
  /// (``SinceDate``).
  static func since(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> SinceDate
  {
    guard let since = SinceDate(parsing: text) else {
      throw UsageError(
        "invalid value '\(text)' for '\(name)' (expected \(SinceDate.forms))", path: path)
    }
    return since
  }
}
