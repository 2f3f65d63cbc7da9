/// `--format` beside `--json`: what a command prints.

/// What a command that has a Markdown form prints: `--format text|markdown|json`, where
/// `--format json` is the same as `--json`.
enum OutputFormat: String, CaseIterable, Sendable {
  case text, markdown, json
}

extension OptionSpec {
  /// `--format FORMAT` of a command that prints `Format`'s cases, the first by default.
  static func format<Format: CaseIterable & RawRepresentable<String>>(_: Format.Type)
    -> OptionSpec
  {
    let names = Format.allCases.map(\.rawValue)
    return OptionSpec(
      long: "format", valueName: "format",
      help: "What to print: \(Prose.alternatives(names)) (default: \(names[0])"
        + (names.contains("json") ? "; json is the same as --json)." : ")."),
      completion: .choices(names))
  }
}

extension CommandContext {
  /// What to print for `--format format`: JSON with `--json` too. `--json` beside a
  /// `--format` that is neither text (the default) nor JSON is refused: the two ask for
  /// different output.
  func outputFormat(_ format: OutputFormat, path: [String]) throws -> OutputFormat {
    guard options.json else { return format }
    guard format == .markdown else { return .json }
    throw UsageError("'--json' cannot be used with '--format \(format.rawValue)'", path: path)
  }

  /// Refuses `--json` beside a `--format` that is not JSON: the two ask for different output.
  func checkJSONOption(format: String, path: [String]) throws {
    guard options.json else { return }
    throw UsageError(
      "'--json' cannot be used with '--format \(format)'", path: path)
  }
}
