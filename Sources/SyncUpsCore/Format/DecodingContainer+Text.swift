extension SingleValueDecodingContainer {
  /// The text the container holds, as `read` reads it: a value kept as a string of its own
  /// form (a day, the cues of a meeting). A data error says `problem` of the text when `read`
  /// gives nil.
  ///
  /// ```swift
  /// let day = try container.decodeText(as: CalendarDay.init) { "Day '\($0)' is not a date" }
  /// ```
  func decodeText<Value>(
    as read: (String) -> Value?, problem: (String) -> String
  ) throws -> Value {
    let text = try decode(String.self)
    guard let value = read(text) else {
      throw DecodingError.dataCorruptedError(in: self, debugDescription: problem(text))
    }
    return value
  }
}
