/// `--format` beside `--json`, for `meeting show` and `export`.
extension CommandContext {
  /// Refuses `--json` beside a `--format` that is not JSON: the two ask for different output.
  func checkJSONOption(format: String, path: [String]) throws {
    guard options.json else { return }
    throw UsageError(
      "'--json' cannot be used with '--format \(format)'", path: path)
  }
}
