import SyncUpsCore

/// The options every command accepts.
struct GlobalOptions: Sendable, Equatable {
  /// `--file PATH`: the data file, overriding `$SYNCUPS_FILE` and the default location.
  var file: String?
  /// `--json`: print data as JSON.
  var json: Bool
  /// `--color WHEN`; `nil` when not given (the `color` setting then decides).
  var color: ColorSetting?
  /// `-q`, `--quiet`: no messages on stderr other than errors.
  var quiet: Bool
  /// `--trace`: print actions and state changes to stderr.
  var trace: Bool
  /// `-V`, `--version`: print the version instead of running the command.
  var version: Bool

  init(
    file: String? = nil, json: Bool = false, color: ColorSetting? = nil, quiet: Bool = false,
    trace: Bool = false, version: Bool = false
  ) {
    self.file = file
    self.json = json
    self.color = color
    self.quiet = quiet
    self.trace = trace
    self.version = version
  }
}
