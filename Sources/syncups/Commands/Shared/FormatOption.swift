/// `--format` beside `--json`, for `meeting show`, `standup` and `export`.

extension OptionSpec {
  /// `--format FORMAT` of a command that prints `Format`'s cases, the first by default.
  static func format<Format: CaseIterable & RawRepresentable<String>>(_: Format.Type)
    -> OptionSpec
  {
    let names = Format.allCases.map(\.rawValue)
    return OptionSpec(
      long: "format", valueName: "format",
      help: "What to print: \(Prose.alternatives(names)) (default: \(names[0])).",
      completion: .choices(names))
  }
}

extension CommandContext {
  /// Refuses `--json` beside a `--format` that is not JSON: the two ask for different output.
  func checkJSONOption(format: String, path: [String]) throws {
    guard options.json else { return }
    throw UsageError(
      "'--json' cannot be used with '--format \(format)'", path: path)
  }
}
