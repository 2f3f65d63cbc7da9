extension String {
  /// This text without `suffix` at its end, or as it is when it does not end with it: a
  /// message meant for a file, ending in a newline, said as a line of its own.
  ///
  /// ```swift
  /// "No sync-ups yet.\n".trimmingSuffix("\n")  // "No sync-ups yet."
  /// ```
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
