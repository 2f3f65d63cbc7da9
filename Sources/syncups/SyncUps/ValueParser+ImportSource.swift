import SyncUpsCore

/// The parser of `import`'s source, beside the command it serves.
extension ValueParser {
  /// `-` for standard input, else a file path.
  static func importSource(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> ImportSource
  {
    if text == "-" { return .standardInput }
    return .file(try nonEmptyPath(text, for: name, path: path))
  }
}
