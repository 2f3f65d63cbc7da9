/// The lines `sync init` puts in the data file's directory: `.gitattributes` gives the data
/// file to the syncups merge driver, and `.gitignore` keeps out the lock file and the
/// temporary files an interrupted write may leave (see `LiveFileSystem`).
///
/// ```swift
/// SharingFiles.attributes(for: "sync-ups.json")  // ["/sync-ups.json merge=syncups"]
/// SharingFiles.ignored(for: "sync-ups.json")     // ["/.sync-ups.json.lock", "/.sync-ups.json.tmp-*"]
/// ```
enum SharingFiles {
  /// The merge driver's name in `.gitattributes` and `.git/config` (`merge.syncups.driver`).
  static let driverName = "syncups"

  static let attributesFile = ".gitattributes"
  static let ignoreFile = ".gitignore"

  static func attributes(for dataFileName: String) -> [String] {
    [attributePattern("/" + escaped(dataFileName)) + " merge=\(driverName)"]
  }

  static func ignored(for dataFileName: String) -> [String] {
    let name = escaped(dataFileName)
    return ["/.\(name).lock", "/.\(name).tmp-*"]
  }

  /// `text` with each of `lines` it lacks added at the end; nil when it has them all.
  static func adding(_ lines: [String], to text: String) -> String? {
    let present = Set(text.split(whereSeparator: \.isNewline).map(String.init))
    let missing = lines.filter { !present.contains($0) }
    guard !missing.isEmpty else { return nil }
    let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
    return text + separator + missing.map { $0 + "\n" }.joined()
  }

  /// The name with the characters a pattern treats as wildcards escaped.
  private static func escaped(_ name: String) -> String {
    var result = ""
    for character in name {
      if "*?[\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// A `.gitattributes` pattern, quoted as git reads it when it holds white space or quotes.
  private static func attributePattern(_ pattern: String) -> String {
    guard pattern.contains(where: { $0.isWhitespace || $0 == "\"" }) else { return pattern }
    return "\"" + pattern.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
