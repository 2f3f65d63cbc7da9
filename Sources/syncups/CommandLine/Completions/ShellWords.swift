/// Quoting helpers for generated shell scripts.
enum ShellWords {
  /// `text` in single quotes, safe in bash, zsh and fish: `'it'\''s'`.
  ///
  /// Fish does not understand `'\''`, so text for fish goes through ``fishQuoted(_:)``.
  static func singleQuoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: #"'\''"#) + "'"
  }

  /// `text` in single quotes for fish, where `\'` and `\\` are the escapes.
  static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll(#"\"#, with: #"\\"#).replacingAll("'", with: #"\'"#) + "'"
  }

  /// `text` reduced to letters, digits and underscores, for function names.
  static func identifier(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}

extension String {
  /// Every occurrence of `target` replaced by `replacement` (no Foundation needed).
  package func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}

extension ShellWords {
  /// Paths and globs as shell words, so that the line can be typed back:
  /// `'~/src/*' /srv/git/api`. A setting's repositories are shown so.
  static func typedBack(_ paths: [String]) -> String {
    paths.map { path in
      path.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) }
        ? path : singleQuoted(path)
    }.joined(separator: " ")
  }
}
